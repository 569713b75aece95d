#!/usr/bin/env python3
"""The A/V offset seen from outside (scripts/bench/avsync.py's method: the window's flash and
the sink's beep captured together) for a player run forward and then backward over the
same clip.

    avsync_backward.py PLAYER WORKDIR SECONDS -> one JSON object
        {"forward": median ms, "backward": median ms, "backward_events": count}
"""
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../scripts/bench"))
import avsync  # noqa: E402


def median(events):
    offsets = sorted(offset for _, offset in events)
    return offsets[len(offsets) // 2]


def main():
    player, workdir, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    clip = os.path.join(workdir, "avsync.mp4")
    avsync.make_clip(clip, seconds)
    forward, _ = avsync.measure([player, "--autoexit", clip], avsync.file_reference(clip), 1.0,
                                workdir, "forward", 60 + 3 * seconds)
    backward, info = avsync.measure([player, "--autoexit", "--play-dir=backward", clip],
                                    avsync.file_reference(clip, backward=True), 1.0, workdir, "backward",
                                    60 + 3 * seconds)
    for t, o in backward:
        print(f"backward: flash at {t:7.3f} s offset {o:+7.1f} ms", file=sys.stderr)
    print(json.dumps({"forward": median(forward), "backward": median(backward),
                      "backward_events": len(backward)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
