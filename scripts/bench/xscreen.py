"""Reads pixels of the X screen (Xlib through ctypes, no extra packages) and finds windows
(xdotool). Used by the benchmarks to see, from outside, what a player has put on screen.

Xvfb has no compositor: XGetImage on the root window returns what is on screen, child
windows included, whichever client drew them and however (X11 images or software GL).
"""
import ctypes
import ctypes.util
import os
import subprocess
import time

_ALL_PLANES = ctypes.c_ulong(~0 & 0xFFFFFFFFFFFFFFFF)
_Z_PIXMAP = 2


class _XImage(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_ubyte)),
        ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
        ("red_mask", ctypes.c_ulong), ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong),
    ]


class Screen:
    """One connection to $DISPLAY; pixel reads from the root window (24/32-bit TrueColor)."""

    def __init__(self, display=None):
        path = ctypes.util.find_library("X11") or "libX11.so.6"
        self.x = ctypes.CDLL(path)
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XGetImage.restype = ctypes.POINTER(_XImage)
        self.x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                     ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.x.XDestroyImage.argtypes = [ctypes.POINTER(_XImage)]
        self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        name = (display or os.environ.get("DISPLAY", "")).encode()
        self.dpy = self.x.XOpenDisplay(name)
        if not self.dpy:
            raise RuntimeError(f"cannot open X display {name.decode()!r}")
        self.root = self.x.XDefaultRootWindow(self.dpy)

    def close(self):
        if self.dpy:
            self.x.XCloseDisplay(self.dpy)
            self.dpy = None

    def region(self, x, y, w, h):
        """Rows of (r, g, b) tuples, top to bottom."""
        img = self.x.XGetImage(self.dpy, self.root, x, y, w, h, _ALL_PLANES, _Z_PIXMAP)
        if not img:
            raise RuntimeError("XGetImage failed")
        try:
            im = img.contents
            if im.bits_per_pixel != 32:
                raise RuntimeError(f"unsupported {im.bits_per_pixel} bits per pixel")
            size = im.bytes_per_line * im.height
            raw = ctypes.string_at(im.data, size)
            rows = []
            for row in range(im.height):
                line = raw[row * im.bytes_per_line:row * im.bytes_per_line + 4 * im.width]
                # ZPixmap, LSBFirst, masks 0xff0000/0xff00/0xff: bytes are B, G, R, pad.
                rows.append([(line[i + 2], line[i + 1], line[i]) for i in range(0, len(line), 4)])
            return rows
        finally:
            self.x.XDestroyImage(img)

    def raw_region(self, x, y, w, h):
        """The region's bytes as the server sends them (for comparing two moments)."""
        img = self.x.XGetImage(self.dpy, self.root, x, y, w, h, _ALL_PLANES, _Z_PIXMAP)
        if not img:
            raise RuntimeError("XGetImage failed")
        try:
            return ctypes.string_at(img.contents.data, img.contents.bytes_per_line * img.contents.height)
        finally:
            self.x.XDestroyImage(img)

    def pixel(self, x, y):
        return self.region(x, y, 1, 1)[0][0]


def windows_of(pid):
    """Visible windows of process PID (by _NET_WM_PID), as (id, x, y, w, h)."""
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                         capture_output=True, text=True).stdout.split()
    found = []
    for wid in out:
        geo = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid],
                             capture_output=True, text=True).stdout
        values = dict(line.split("=", 1) for line in geo.split() if "=" in line)
        try:
            found.append((wid, int(values["X"]), int(values["Y"]),
                          int(values["WIDTH"]), int(values["HEIGHT"])))
        except (KeyError, ValueError):
            pass
    return found


def wait_for_window(proc, size=None, timeout=15):
    """The player's biggest visible window (of SIZE=(w, h) if given) once it exists, or None
    if the process ends or TIMEOUT passes first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        wins = windows_of(proc.pid)
        if size:
            wins = [w for w in wins if (w[3], w[4]) == tuple(size)]
        if wins:
            return max(wins, key=lambda w: w[3] * w[4])
        time.sleep(0.05)
    return None


def move_pointer_away():
    """Parks the pointer in the bottom-right corner, outside every player's window, so no
    overlay is held up by the pointer."""
    subprocess.run(["xdotool", "mousemove", "1919", "1079"], capture_output=True)
