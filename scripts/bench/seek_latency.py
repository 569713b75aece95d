#!/usr/bin/env python3
"""Seek latency: from sending `seek T absolute+exact` (or +keyframes) over the JSON IPC
to the `playback-restart` event, i.e. the first frame at the new position on screen.

Works with vplay and with mpv (same protocol); the kind is taken from the binary's name
unless --kind says otherwise. The player starts paused in a 1280x720 window.

Usage (inside scripts/test-env.sh, which provides the display and audio):
    seek_latency.py PLAYER_BINARY [--seeks 20] [--clip PATH] [--kind vplay|mpv]
                    [--json] [-- EXTRA PLAYER ARGS]
Prints the median and max per mode over the seeks, in milliseconds (--json: one JSON line
with every latency).
"""
import os, random, statistics, sys, time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import duration_of, ipc_player, player_kind, standalone, test_clip  # noqa: E402


def make_clip(path, seconds=60):
    """1080p30 H.264 + AAC, keyframes exactly every 2 s."""
    if os.path.exists(path):
        return
    test_clip(path, "testsrc2=size=1920x1080:rate=30", seconds, audio=("-c:a", "aac"))


def player_command(kind, player, socket_path, clip, extra):
    common = ["--pause", "--geometry=1280x720", f"--input-ipc-server={socket_path}"]
    if kind == "mpv":
        return [player, "--no-config", "--really-quiet", *common, *extra, clip]
    return [player, "--really-quiet", *common, *extra, clip]


def measure(player, clip, seeks=20, kind=None, extra=(), seed=7, log=None):
    """{mode: [latency ms, ...]} for mode in exact, keyframes. Raises RuntimeError on failure."""
    kind = player_kind(player, kind)
    duration = duration_of(clip)
    results = {}
    with ipc_player(lambda socket_path: player_command(kind, player, socket_path, clip, list(extra)),
                    "seek-latency.", log) as client:
        # Ready once the file is loaded and the first frame is up: a time-pos, then quiet.
        deadline = time.monotonic() + 15
        while True:
            reply = client.request("get_property", "time-pos")
            if reply.get("error") == "success" and isinstance(reply.get("data"), (int, float)):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"player not ready: {reply}")
            time.sleep(0.05)
        client.drain(0.5)
        rng = random.Random(seed)
        for mode in ("exact", "keyframes"):
            latencies = []
            for _ in range(seeks):
                target = round(rng.uniform(1, duration - 2), 3)
                client.drain(0.05)  # nothing stale may count as this seek's restart
                start = time.monotonic()
                client.command("seek", target, f"absolute+{mode}")
                client.wait_for(lambda m: m.get("event") == "playback-restart")
                latencies.append((time.monotonic() - start) * 1000)
            results[mode] = latencies
    return results


def main():
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    results = standalone("--seeks", 20, "vplay-bench-1080p-gop2.mp4", make_clip, measure,
                         argv[:argv.index("--")] if "--" in argv else argv, extra=extra)
    if results is None:  # --json: printed
        return 0
    for mode, values in results.items():
        print(f"seek {mode:9s}: median {statistics.median(values):6.1f} ms  "
              f"max {max(values):6.1f} ms  over {len(values)} seeks (1080p H.264, 2 s keyframes)")


if __name__ == "__main__":
    sys.exit(main())
