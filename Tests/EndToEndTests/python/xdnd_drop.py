"""Drops a file on an X window the way a file manager does: an XDND source (protocol
version 5, https://freedesktop.org/wiki/Specifications/XDND/) that offers the file as
`text/uri-list`, or drops text as a browser drops a link (`--text`: offered as `text/plain`).

Usage: /usr/bin/python3 xdnd_drop.py WINDOW FILE [--text] [--at X Y] [--timeout SECONDS]

WINDOW is the target's id (decimal as xdotool prints it, or 0x hex); FILE is sent as a
percent-encoded file:// URI followed by CRLF (with --text, FILE is sent as it is). The drop point is the window's centre unless
--at gives one in window coordinates. Needs python3-xlib (Debian package) and DISPLAY.

The steps, each waited for with a deadline: own XdndSelection with a small window of our
own; XdndEnter; XdndPosition; the target's XdndStatus (must accept); XdndDrop; answer the
target's SelectionRequest with the URI list; the target's XdndFinished (must report success).
Exits 0 after that, else 1 with one line on stderr saying which step failed.
"""
import argparse
import os
import select
import sys
import time
import urllib.parse

from Xlib import X, Xatom, display, error
from Xlib.protocol import event

PROTOCOL_VERSION = 5
URI_LIST = "text/uri-list"
PLAIN_TEXT = "text/plain"


class DropFailed(Exception):
    pass


class Source:
    """One drag: our window owns XdndSelection and talks to one target window."""

    def __init__(self, target_id, timeout, offered=URI_LIST):
        self.timeout = timeout
        self.offered = offered
        self.display = display.Display()
        self.errors = []
        self.display.set_error_handler(lambda err, request: self.errors.append(err))
        self.root = self.display.screen().root
        self.target = self.display.create_resource_object("window", target_id)
        self.window = self.root.create_window(0, 0, 8, 8, 0, X.CopyFromParent,
                                              event_mask=X.PropertyChangeMask,
                                              override_redirect=True)
        self.display.flush()

    def close(self):
        self.window.destroy()
        self.display.close()

    def atom(self, name):
        return self.display.intern_atom(name)

    # MARK: the protocol

    def drop(self, path, at):
        version = self.target_version()
        timestamp = self.server_time()
        selection = self.atom("XdndSelection")
        self.window.set_selection_owner(selection, timestamp)
        if self.display.get_selection_owner(selection) != self.window:
            raise DropFailed("could not own XdndSelection")

        x, y = at if at else self.target_centre()
        # XdndPosition carries the pointer in root coordinates.
        point = self.root.translate_coords(self.target, x, y)
        root_x, root_y = point.x, point.y

        self.send("XdndEnter", [self.window.id, version << 24, self.atom(self.offered), 0, 0])
        self.send("XdndPosition", [self.window.id, 0, (root_x << 16) | root_y, timestamp,
                                   self.atom("XdndActionCopy")])
        status = self.wait_for_message("XdndStatus", "XdndStatus after XdndPosition")
        if not status[1] & 1:
            self.send("XdndLeave", [self.window.id, 0, 0, 0, 0])
            raise DropFailed(f"target refused {self.offered} at ({x}, {y})")

        self.send("XdndDrop", [self.window.id, 0, timestamp, 0, 0])
        if self.offered == PLAIN_TEXT:
            payload = path
        else:
            payload = "file://" + urllib.parse.quote(os.path.abspath(path)) + "\r\n"
        finished = self.serve_until_finished(payload.encode())
        if not finished[1] & 1:
            raise DropFailed("target finished the drop without accepting it")

    def target_version(self):
        """The XDND version both sides speak; the target must be XdndAware."""
        try:
            aware = self.target.get_full_property(self.atom("XdndAware"), Xatom.ATOM)
        except error.BadWindow:
            raise DropFailed(f"no window 0x{self.target.id:x}")
        if aware is None or not aware.value:
            raise DropFailed(f"window 0x{self.target.id:x} has no XdndAware property")
        return min(PROTOCOL_VERSION, aware.value[0])

    def target_centre(self):
        geometry = self.target.get_geometry()
        return geometry.width // 2, geometry.height // 2

    def server_time(self):
        """A server timestamp, from a property change on our own window (as toolkits do)."""
        self.window.change_property(self.atom("XDND_SOURCE_TIME"), Xatom.STRING, 8, b"")
        self.display.flush()
        ev = self.wait_for(lambda e: e.type == X.PropertyNotify, "PropertyNotify for a timestamp")
        return ev.time

    def serve_until_finished(self, uri_list):
        """Answers SelectionRequests for XdndSelection until XdndFinished comes; returns its data."""
        selection, finished = self.atom("XdndSelection"), self.atom("XdndFinished")
        served = False
        deadline = time.monotonic() + self.timeout
        while True:
            ev = self.next_event(deadline)
            if ev is None:
                step = "XdndFinished" if served else "SelectionRequest for the URI list"
                raise DropFailed(f"no {step} within {self.timeout:g} s")
            if ev.type == X.SelectionRequest and ev.selection == selection:
                served = self.answer(ev, uri_list) or served
            elif ev.type == X.ClientMessage and ev.client_type == finished \
                    and ev.data[1][0] == self.target.id:
                return ev.data[1]

    def answer(self, request, uri_list):
        """Puts the URI list (or the TARGETS list) on the requestor; true for the URI list."""
        uri_atom, targets = self.atom(self.offered), self.atom("TARGETS")
        prop = request.property or request.target
        if request.target == uri_atom:
            request.requestor.change_property(prop, uri_atom, 8, uri_list)
        elif request.target == targets:
            request.requestor.change_property(prop, Xatom.ATOM, 32, [targets, uri_atom])
        else:
            prop = X.NONE
        reply = event.SelectionNotify(time=request.time, requestor=request.requestor,
                                      selection=request.selection, target=request.target,
                                      property=prop)
        request.requestor.send_event(reply, event_mask=0)
        self.display.flush()
        return request.target == uri_atom

    # MARK: X plumbing

    def send(self, name, data):
        message = event.ClientMessage(window=self.target, client_type=self.atom(name), data=(32, data))
        self.target.send_event(message, event_mask=0)
        self.display.sync()
        if self.errors:
            raise DropFailed(f"X error sending {name}: {self.errors[0]}")

    def wait_for_message(self, name, step):
        atom = self.atom(name)
        ev = self.wait_for(lambda e: e.type == X.ClientMessage and e.client_type == atom
                           and e.data[1][0] == self.target.id, step)
        return ev.data[1]

    def wait_for(self, accepts, step):
        deadline = time.monotonic() + self.timeout
        while True:
            ev = self.next_event(deadline)
            if ev is None:
                raise DropFailed(f"no {step} within {self.timeout:g} s")
            if accepts(ev):
                return ev

    def next_event(self, deadline):
        """The next event, or None once the deadline passes."""
        while not self.display.pending_events():
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            select.select([self.display], [], [], left)
        return self.display.next_event()


def main():
    parser = argparse.ArgumentParser(description="Drop FILE on the X window WINDOW (XDND).")
    parser.add_argument("window", type=lambda text: int(text, 0))
    parser.add_argument("file")
    parser.add_argument("--text", action="store_true", help="drop FILE as text/plain, as it is")
    parser.add_argument("--at", nargs=2, type=int, metavar=("X", "Y"))
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per step (default 5)")
    args = parser.parse_args()
    try:
        source = Source(args.window, args.timeout, PLAIN_TEXT if args.text else URI_LIST)
    except (error.DisplayError, error.ConnectionClosedError) as problem:
        print(f"xdnd_drop: cannot open the display: {problem}", file=sys.stderr)
        return 1
    try:
        source.drop(args.file, args.at)
    except DropFailed as problem:
        print(f"xdnd_drop: {problem}", file=sys.stderr)
        return 1
    finally:
        source.close()
    print(f"xdnd_drop: dropped {args.file} on 0x{args.window:x}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
