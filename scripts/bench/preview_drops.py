#!/usr/bin/env python3
"""Frame drops with seek-bar previews on and off: vplay plays LENGTH s of a 1080p30 H.264 clip
in a 1280x720 window twice per run, `--thumbnails=yes` and `--thumbnails=no`, while xdotool
sweeps the pointer back and forth along the progress slider the whole time. Both plays get
the same motion (one precomputed xdotool command, started once the window is up), so the
only difference is the previews. Run it through `make bench-previews` (RUNS=N).

Per play, from vplay's --dump-stats file: frames dropped and shown; from wait4: user+sys CPU s
of the whole process (every thread). Prints each play, then per setting the median and
min-max over the runs. The order of the two plays alternates from run to run.

The clip is made as bench.py makes its clips (x264 veryfast, keyframes every 2 s, AAC) into
.build/bench/clips; 60 s by default, so the slider spans 30 keyframes to preview.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import bench  # noqa: E402
import xscreen  # noqa: E402

GEOMETRY = bench.GEOMETRY
SETTINGS = ("yes", "no")


def slider_track(width, height):
    """(left, right, y) of the seek slider's drawn line in a window of that size, for a clip
    shorter than an hour: the arithmetic of Sources/VPlayView/Overlay/OverlayLayout.swift."""
    bar = min(height, min(140, max(40, height * 0.09)))
    padding, button, font = bar * 0.2, bar * 0.9, bar * 0.34
    slider_start = padding + 3 * button + padding / 2 + 6.9 * font + padding
    speed, volume = 3.4 * font, bar * 1.6
    end_with_volume = width - padding - volume - button - speed - padding / 2
    right = width - padding - (volume if end_with_volume - slider_start >= 5 * bar else 0)
    slider_end = right - button - speed - padding / 2
    thumb = bar * 0.13
    return slider_start + thumb, slider_end - thumb, height - bar / 2


def sweep_command(window, seconds, step_px, step_ms):
    """One xdotool run that moves the pointer along the slider and back, a step every STEP_MS,
    for SECONDS: the same motion every time it is started."""
    left, right, y = slider_track(*GEOMETRY)
    xs = list(range(int(left) + 4, int(right) - 4, step_px))
    cycle = xs + xs[::-1][1:-1]
    args = ["xdotool"]
    for i in range(int(seconds * 1000 / step_ms)):
        args += ["mousemove", "--window", window, str(cycle[i % len(cycle)]), str(round(y)),
                 "sleep", f"{step_ms / 1000:g}"]
    return args


def play(vplay, clip, thumbnails, length, sweep, tag):
    """One play with the sweep running: {dropped, shown, cpu, rss_mb, stats}. Raises bench.Failed."""
    stats_path = os.path.join(tempfile.mkdtemp(prefix="preview-drops."), "stats.json")
    out = bench.log_file(tag)
    cmd = [vplay, "--autoexit", f"--length={length}", f"--geometry={GEOMETRY[0]}x{GEOMETRY[1]}",
           f"--thumbnails={thumbnails}", f"--dump-stats={stats_path}", clip]
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    sweeper = None
    try:
        win = xscreen.wait_for_window(proc, size=GEOMETRY, timeout=15)
        if win is None:
            raise bench.Failed(f"no {GEOMETRY[0]}x{GEOMETRY[1]} window (status {proc.poll()}): {bench.tail(out.name)}")
        sweeper = subprocess.Popen(sweep(win[0]), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + length + 40
        sweep_ended = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            now = time.monotonic()
            if now > deadline:
                raise bench.Failed(f"still playing after {length + 40} s")
            # xdotool fails once the window closes, which comes just before the player exits.
            if sweep_ended is None and sweeper.poll() is not None:
                sweep_ended = now
            if sweep_ended is not None and now - sweep_ended > 2:
                raise bench.Failed(f"the pointer sweep ended while playing (status {sweeper.returncode})")
            time.sleep(0.01)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            raise bench.Failed(f"exit status {proc.returncode}: {bench.tail(out.name)}")
        with open(stats_path) as f:
            stats = json.load(f)
        return {"dropped": stats["frames_dropped"], "shown": stats["frames_shown"],
                "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024, "stats": stats}
    finally:
        if sweeper:
            bench.stop(sweeper, grace=1)
        bench.stop(proc)
        out.close()
        shutil.rmtree(os.path.dirname(stats_path), ignore_errors=True)


def preview_counts(stats):
    """Whatever the stats document says about previews (nothing, so far)."""
    return {k: v for k, v in stats.items() if "thumbnail" in k or "preview" in k}


def spread(values, fmt):
    if not values:
        return "—"
    return f"{fmt.format(statistics.median(values))} ({fmt.format(min(values))}–{fmt.format(max(values))})"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vplay", default=os.path.join(bench.ROOT, ".build", "bin", "vplay"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--length", type=float, default=20, help="seconds played per setting (default 20)")
    ap.add_argument("--clip-seconds", type=int, default=60, help="length of the clip (default 60)")
    ap.add_argument("--step-px", type=int, default=8, help="pointer step along the slider (default 8 px)")
    ap.add_argument("--step-ms", type=float, default=16, help="time between steps (default 16 ms)")
    ap.add_argument("--max-wait", type=float, default=180,
                    help="longest wait for the 1-min load to drop below 1.5, s (default 180)")
    args = ap.parse_args()

    for tool in ("ffmpeg", "xdotool"):
        if not shutil.which(tool):
            bench.log(f"preview_drops: {tool} not found (make setup installs it)")
            return 1
    if not os.access(args.vplay, os.X_OK):
        bench.log(f"preview_drops: {args.vplay} not built (make release)")
        return 1
    if "DISPLAY" not in os.environ:
        bench.log("preview_drops: run inside scripts/test-env.sh (needs its Xvfb and PulseAudio null sink)")
        return 1

    runs = max(1, args.runs)
    os.makedirs(bench.CLIPS, exist_ok=True)
    clip = os.path.join(bench.CLIPS, f"1080p30-{args.clip_seconds}s.mp4")
    bench.encode(clip, "testsrc2=size=1920x1080:rate=30", args.clip_seconds)
    bench.log(f"preview drops: {runs} run(s), {args.length:g} s of {os.path.relpath(clip, bench.ROOT)} "
              f"at {GEOMETRY[0]}x{GEOMETRY[1]}, pointer sweeping the slider {args.step_px} px every {args.step_ms:g} ms")
    bench.wait_for_quiet_machine(max_wait=args.max_wait)

    def sweep(window):
        return sweep_command(window, args.length + 30, args.step_px, args.step_ms)

    results = {s: [] for s in SETTINGS}
    failures = 0
    for run in range(runs):
        for setting in (SETTINGS if run % 2 == 0 else SETTINGS[::-1]):
            xscreen.move_pointer_away()
            try:
                r = play(args.vplay, clip, setting, args.length, sweep, f"previews-{setting}-run{run + 1}")
            except bench.Failed as e:
                failures += 1
                bench.log(f"  run {run + 1} thumbnails={setting:3s} FAILED: {e}")
                continue
            results[setting].append(r)
            extra = "".join(f"  {k} {v}" for k, v in preview_counts(r["stats"]).items())
            bench.log(f"  run {run + 1} thumbnails={setting:3s} dropped {r['dropped']:4d}  shown {r['shown']:4d}  "
                      f"CPU {r['cpu']:.2f} s  peak RSS {r['rss_mb']:.0f} MB  1-min load {bench.load1():.2f}{extra}")

    bench.log(f"\nmedian (min–max) over {runs} run(s), {args.length:g} s each:")
    for setting in SETTINGS:
        rs = results[setting]
        counts = [preview_counts(r["stats"]) for r in rs]
        decoded = ", ".join(f"{k} {spread([c[k] for c in counts], '{:.0f}')}" for k in (counts[0] if counts else {}))
        bench.log(f"  previews {'on ' if setting == 'yes' else 'off'}: "
                  f"dropped {spread([r['dropped'] for r in rs], '{:.0f}')}  "
                  f"shown {spread([r['shown'] for r in rs], '{:.0f}')}  "
                  f"CPU s {spread([r['cpu'] for r in rs], '{:.2f}')}  "
                  f"peak RSS MB {spread([r['rss_mb'] for r in rs], '{:.0f}')}  "
                  f"previews decoded: {decoded or 'not reported by vplay'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
