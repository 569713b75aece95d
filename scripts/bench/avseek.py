#!/usr/bin/env python3
"""A/V offset through seeks while playing, measured from outside as avsync.py does (window
patch and sink monitor on one clock). While PLAYER plays the avsynctest clip, one IPC client
seeks every 2.2 s to targets 0.4 s before a flash (exact seeks: the first event after each
landing comes 400 ms into it) or to the same targets by keyframe (the landing is the keyframe
at the even second, the flash itself), then quits.

    scripts/test-env.sh python3 scripts/bench/avseek.py CLIP PLAYER exact|keyframe

CLIP: made by avsync.make_clip (30 s). PLAYER: vplay or mpv (both take --input-ipc-server).
Prints the events' times and offsets, their median and largest. With keyframe seeks each
landing's flash pairs with the beep before the seek (its own beep is cut as the sound joins),
an event near -200 ms for mpv and vplay alike; the events after it are the ones to read.
"""
import json
import os
import socket
import sys
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import avsync  # noqa: E402

TARGETS = [3.6, 9.6, 5.6, 14.6, 11.6, 19.6, 16.6, 23.6]


def seek_then_quit(path, flags):
    deadline = time.monotonic() + 20
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    client = socket.socket(socket.AF_UNIX)
    client.connect(path)
    time.sleep(3.0)
    for target in TARGETS:
        client.sendall((json.dumps({"command": ["seek", target, flags]}) + "\n").encode())
        time.sleep(2.2)
    client.sendall(b'{"command":["quit"]}\n')


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in ("exact", "keyframe"):
        print(__doc__, file=sys.stderr)
        return 2
    clip, player, mode = sys.argv[1:]
    work = os.path.dirname(os.path.abspath(clip))
    path = os.path.join(work, "avseek.sock")
    if os.path.exists(path):
        os.unlink(path)
    flags = "absolute+exact" if mode == "exact" else "absolute+keyframes"
    threading.Thread(target=seek_then_quit, args=(path, flags), daemon=True).start()
    reference = avsync.file_reference(clip)
    events, _ = avsync.measure([player, "--input-ipc-server=" + path, "--geometry=1280x720", clip],
                               reference, 1.0, work, "avseek", 120)
    offsets = sorted(o for _, o in events)
    print(" ".join(f"{t:.2f}:{o:+.0f}" for t, o in events))
    print(f"{mode}: {len(offsets)} events, median {offsets[len(offsets) // 2]:+.1f} ms, "
          f"max |offset| {max(abs(o) for o in offsets):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
