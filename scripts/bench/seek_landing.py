#!/usr/bin/env python3
"""Exact-seek landing error while playing: the player plays a 1080p30 H.264 clip whose
keyframes are 2-5 s apart (at irregular times, so targets fall at every distance from the
keyframe before them); for each of SEEKS random targets T (fixed seed) it gets
`seek T absolute+exact` over the JSON IPC, and as soon as the `playback-restart` event
arrives, `get_property time-pos`:

    landing error = time-pos - T   [ms]   (positive: already past the target on restart)

mpv restarts at T (its position right after the event is T plus the event's and the
question's round trip, ~1 ms while playing), so an error well above a frame (33 ms here)
means the first picture and sound shown after the seek were not T's. 0.8 s of playing
separates the seeks.

Standalone use (inside scripts/test-env.sh):
    seek_landing.py PLAYER_BINARY [--seeks 10] [--clip PATH] [--kind vplay|mpv] [--json]
"""
import os
import random
import statistics
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (duration_of, ipc_player, player_kind, playing_command, standalone,  # noqa: E402
                      test_clip)

# Keyframe times in s: gaps of 2 to 5 s, uneven so that no target sits at a fixed distance
# from its keyframe.
KEYFRAMES = (0, 3, 5, 9, 12, 14, 18, 21, 26, 28)
SEED = 7
PLAY_BETWEEN = 0.8   # s of playing after a seek lands, before the next one


def make_clip(path, seconds=30):
    """1080p30 H.264 (keyframes at KEYFRAMES only) + AAC 440 Hz, MP4."""
    if os.path.exists(path):
        return
    # -g 150: x264 adds no keyframe of its own within the largest gap (5 s at 30 fps).
    test_clip(path, "testsrc2=size=1920x1080:rate=30", seconds,
              keys=("-g", "150", "-sc_threshold", "0",
                    "-force_key_frames", ",".join(str(k) for k in KEYFRAMES if k < seconds)))


def targets(duration, seeks, seed=SEED):
    """Uniform in [1, duration - 3] s: room to play PLAY_BETWEEN after the last one."""
    rng = random.Random(seed)
    return [round(rng.uniform(1, duration - 3), 3) for _ in range(seeks)]


def wait_playing(client, timeout=15):
    """Playing once time-pos has passed 0.5 s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pos = client.request("get_property", "time-pos").get("data")
        if isinstance(pos, (int, float)) and pos >= 0.5:
            return
        time.sleep(0.05)
    raise RuntimeError(f"not playing within {timeout} s")


def measure(player, clip, seeks=10, kind=None, log=None):
    """[(target s, time-pos on restart s)], one per seek. RuntimeError on failure."""
    kind = player_kind(player, kind)
    landed = []
    with ipc_player(lambda socket_path: playing_command(kind, player, socket_path, clip),
                    "seek-landing.", log) as client:
        wait_playing(client)
        for target in targets(duration_of(clip), seeks):
            client.drain(0.05)  # nothing stale may count as this seek's restart
            client.command("seek", target, "absolute+exact")
            client.wait_for(lambda m: m.get("event") == "playback-restart")
            reply = client.request("get_property", "time-pos")
            if not isinstance(reply.get("data"), (int, float)):
                raise RuntimeError(f"time-pos after seeking to {target}: {reply}")
            landed.append((target, reply["data"]))
            time.sleep(PLAY_BETWEEN)
    return landed


def summary(landed):
    """Median (signed) and max |error| in ms."""
    errors = [(pos - target) * 1000 for target, pos in landed]
    return {"median": statistics.median(errors), "max_abs": max(abs(e) for e in errors),
            "errors": errors}


def main():
    landed = standalone("--seeks", 10, "vplay-bench-1080p-uneven-keys.mp4", make_clip, measure)
    if landed is None:  # --json: printed
        return 0
    for target, pos in landed:
        print(f"seek {target:7.3f} s: time-pos {pos:7.3f} s  error {(pos - target) * 1000:+7.1f} ms")
    s = summary(landed)
    print(f"landing error: median {s['median']:+.1f} ms  max |{s['max_abs']:.1f}| ms  over {len(landed)} seeks")


if __name__ == "__main__":
    sys.exit(main())
