"""Prints the X server's own screensaver state (MIT-SCREEN-SAVER): on, off, cycle or disabled."""
from Xlib import display

NAMES = {0: "off", 1: "on", 2: "cycle", 3: "disabled"}

connection = display.Display()
info = connection.screen().root.screensaver_query_info()
print(NAMES.get(info.state, str(info.state)))
connection.close()
