#!/usr/bin/env python3
"""Seeks while playing, over the JSON IPC: the player plays the 1080p30 clip of the seek
section (H.264, keyframes every 2 s, AAC) in a 1280x720 window, sound into the PulseAudio
null sink; for each of SEEKS random targets T (fixed seed) it gets `seek T absolute+exact`
(then as many with +keyframes) and plays on PLAY_BETWEEN s after each restart.

  latency  the command sent to the `playback-restart` event (the first picture at the new
           position up, the sound joining it);
  landing  exact seeks: `time-pos` asked right after the event, minus T (ms; + = past T);
  A/V      `avsync` (audio clock minus video clock) read every ~20 ms for 0.5 s after the
           restart: the largest |value| per seek, the median and max over the seeks.

  drag     the slider dragged end to end and back over DRAG_SECONDS: `seek T absolute+keyframes`
           every 1/60 s, T sweeping [0, duration] forward then back. Pictures per second: the
           `playback-restart` events seen during the drag (each a picture at a new position)
           over its length.

Standalone use (inside scripts/test-env.sh):
    seek_playing.py PLAYER_BINARY [--seeks 15] [--clip PATH] [--kind vplay|mpv] [--json]
"""
import os
import random
import statistics
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seek_landing  # noqa: E402
import seek_latency  # noqa: E402
from benchlib import duration_of, ipc_player, player_kind, playing_command, standalone  # noqa: E402

SEED = 11
PLAY_BETWEEN = 0.6    # s of playing after a restart before the next seek
AV_WINDOW = 0.5       # s after the restart over which the A/V offset is read
AV_STEP = 0.02
DRAG_SECONDS = 3.0
DRAG_RATE = 60        # seek commands per second while dragging
SECTIONS = ("seek-playing",)


def av_peak(client, window=AV_WINDOW):
    """Largest |avsync| (ms) read over WINDOW s; nan when the player never gave one."""
    peak = float("nan")
    end = time.monotonic() + window
    while time.monotonic() < end:
        value = client.request("get_property", "avsync").get("data")
        if isinstance(value, (int, float)):
            peak = abs(value) * 1000 if peak != peak else max(peak, abs(value) * 1000)
        time.sleep(AV_STEP)
    return peak


def drag(client, duration, seconds=DRAG_SECONDS, rate=DRAG_RATE):
    """Pictures per second while the slider is dragged end to end and back."""
    client.drain(0.05)
    restarts = 0
    count = int(seconds * rate)
    start = time.monotonic()
    for k in range(count):
        phase = k / (count - 1) * 2
        target = round((phase if phase <= 1 else 2 - phase) * (duration - 1), 3)
        client.sock.settimeout(5)  # a wait below may have left a short one
        client.command("seek", target, "absolute+keyframes")
        due = start + (k + 1) / rate
        while True:
            left = due - time.monotonic()
            if left <= 0:
                break
            try:
                client.wait_for(lambda m: m.get("event") == "playback-restart", timeout=left)
                restarts += 1
            except RuntimeError as e:
                if "no answer" not in str(e):
                    raise
    return restarts / (time.monotonic() - start)


def measure(player, clip, seeks=15, kind=None, log=None):
    """{"exact": [...], "keyframes": [...], "landing": [...], "av": [...], "drag_fps": x}:
    latencies in ms per seek, exact landing errors in ms, A/V peaks in ms per seek (both
    modes), pictures per second while dragging. RuntimeError on failure."""
    kind = player_kind(player, kind)
    duration = duration_of(clip)
    rng = random.Random(SEED)
    results = {"exact": [], "keyframes": [], "landing": [], "av": []}
    with ipc_player(lambda socket_path: playing_command(kind, player, socket_path, clip),
                    "seek-playing.", log) as client:
        seek_landing.wait_playing(client)
        for mode in ("exact", "keyframes"):
            for _ in range(seeks):
                target = round(rng.uniform(1, duration - 3), 3)
                client.drain(0.05)  # nothing stale may count as this seek's restart
                start = time.monotonic()
                client.command("seek", target, f"absolute+{mode}")
                client.wait_for(lambda m: m.get("event") == "playback-restart")
                results[mode].append((time.monotonic() - start) * 1000)
                if mode == "exact":
                    reply = client.request("get_property", "time-pos")
                    if not isinstance(reply.get("data"), (int, float)):
                        raise RuntimeError(f"time-pos after seeking to {target}: {reply}")
                    results["landing"].append((reply["data"] - target) * 1000)
                results["av"].append(av_peak(client))
                time.sleep(max(0, PLAY_BETWEEN - AV_WINDOW))
        results["drag_fps"] = drag(client, duration)
    return results


def summary(res):
    """The figures of one run."""
    av = [a for a in res["av"] if a == a]
    return {"exact_median": statistics.median(res["exact"]), "key_median": statistics.median(res["keyframes"]),
            "exact_min": min(res["exact"]), "key_min": min(res["keyframes"]),
            "landing_max": max(abs(e) for e in res["landing"]),
            "av_median": statistics.median(av) if av else float("nan"), "av_max": max(av) if av else float("nan"),
            "drag_fps": res["drag_fps"]}


# ----------------------------------------------------------------------------- bench.py's section

PLAYERS = ("vplay", "mpv")
NA = {"ffplay": "n/a (no IPC)", "mpv-x11": "—"}
SEEKS = 15
CLIP = "1080p30-60s-keys-2s-seek-playing.mp4"
ROWS = (("sp-key", "key_median", "seek keyframes while playing, median ms (target ≤ 0.6× mpv's)", "{:.0f}", True),
        ("sp-exact", "exact_median", "seek exact while playing, median ms (target ≤ 0.6× mpv's)", "{:.0f}", True),
        ("sp-landing", "landing_max", "seek exact while playing, landing error max |ms| (within a frame: 33)",
         "{:.1f}", False),
        ("sp-av", "av_max", "A/V in the 0.5 s after a restart while playing, max |ms|", "{:.1f}", False),
        ("sp-drag", "drag_fps", f"slider dragged end to end and back in {DRAG_SECONDS:g} s, pictures per s "
         "(playback-restart events; target ≥ 10)", "{:.1f}", False))


def make_clips(folder, sections, log):
    """{label: path} of the clip this section needs, generated under FOLDER unless there."""
    if not set(SECTIONS) & sections:
        return {}
    path = os.path.join(folder, CLIP)
    if not os.path.exists(path):
        log(f"  generating {os.path.relpath(path)}")
        seek_latency.make_clip(path)
    return {"seek-playing": path}


def run(ctx):
    """Rows for seeks while playing, beside the paused ones of section 5."""
    if "seek-playing" not in ctx.sections:
        return
    ctx.section("seek-playing", f"seek-playing. seeks while playing over IPC, {SEEKS} random targets per mode, 1080p")
    for key, _, title, fmt, ratios in ROWS:
        ctx.res.row(key, title, fmt, ratios=ratios, players=PLAYERS, na=NA)
    keys = [row[0] for row in ROWS]
    for run_index in range(ctx.runs):
        for p in ctx.order(run_index, PLAYERS):
            ctx.move_pointer_away()
            try:
                res = ctx.logged(f"seek-playing-{p}-run{run_index + 1}", measure,
                                 "mpv" if p == "mpv" else ctx.vplay, ctx.clips["seek-playing"], SEEKS, p)
            except ctx.failed as e:
                ctx.res.fail(keys, p, run_index, "seek while playing", e)
                continue
            s = summary(res)
            for key, field, *_ in ROWS:
                ctx.res.put(key, p, run_index, s[field])
            ctx.log(f"  run {run_index + 1} {p:5s} keyframes {s['key_median']:.0f} ms  exact {s['exact_median']:.0f} ms"
                    f"  landing max |{s['landing_max']:.1f}| ms  A/V max {s['av_max']:.1f} ms"
                    f"  drag {s['drag_fps']:.1f} pictures/s")


def command_lines(sections):
    """The commented lines bench.py's report shows for this section."""
    if "seek-playing" not in sections:
        return []
    return [
        f"# seek-playing: scripts/bench/seek_playing.py PLAYER --clip CLIP --seeks {SEEKS}",
        "#    (playing: --geometry=1280x720 --input-ipc-server=S, mpv also --no-config --really-quiet --ao=pulse;",
        f"#    a 60 s 1080p30 clip, keyframes every 2 s; seek T absolute+exact then +keyframes, T uniform in",
        f"#    [1, duration-3] s, seed {SEED}, {PLAY_BETWEEN:g} s of playing after each restart: command to playback-restart;",
        "#    landing: time-pos asked on playback-restart - T; A/V: avsync every ~20 ms for 0.5 s after it;",
        f"#    drag: seek T absolute+keyframes {DRAG_RATE} times a second, T from 0 to the end and back in",
        f"#    {DRAG_SECONDS:g} s, playback-restart events counted)",
    ]


def main():
    res = standalone("--seeks", 15, "vplay-bench-1080p-gop2.mp4", seek_latency.make_clip, measure)
    if res is None:  # --json: printed
        return 0
    s = summary(res)
    print(f"playing, seek exact    : median {s['exact_median']:6.1f} ms  min {s['exact_min']:6.1f} ms  "
          f"landing max |{s['landing_max']:.1f}| ms")
    print(f"playing, seek keyframes: median {s['key_median']:6.1f} ms  min {s['key_min']:6.1f} ms")
    print(f"A/V in the 0.5 s after a restart: median peak {s['av_median']:.1f} ms  max {s['av_max']:.1f} ms")
    print(f"drag end to end: {s['drag_fps']:.1f} pictures/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
