#!/usr/bin/env python3
"""The A/V offset seen from outside (scripts/bench/avsync.py's method: the window's flash and
the sink's beep captured together) for a player run at each audio delay given.

    avsync_delay.py PLAYER WORKDIR SECONDS DELAY... -> one JSON object {delay: median offset ms}
"""
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../scripts/bench"))
import avsync  # noqa: E402


def main():
    player, workdir, seconds, delays = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
    clip = os.path.join(workdir, "avsync.mp4")
    avsync.make_clip(clip, seconds)
    reference = avsync.file_reference(clip)
    medians = {}
    for index, delay in enumerate(delays):
        command = [player, "--autoexit", f"--audio-delay={delay}", clip]
        events, _ = avsync.measure(command, reference, 1.0, workdir, f"run{index}", 60 + 3 * seconds)
        offsets = sorted(offset for _, offset in events)
        medians[delay] = offsets[len(offsets) // 2]
    print(json.dumps(medians))
    return 0


if __name__ == "__main__":
    sys.exit(main())
