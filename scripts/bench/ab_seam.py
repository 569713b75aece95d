#!/usr/bin/env python3
"""A-B loop seam: the silence at the sink where an A-B loop jumps from B back to A, vplay
against mpv.

  ab-seam  a 3.5 s clip (320x240 25 fps H.264, keyframes every 2 s, AAC 192 kb/s stereo 48 kHz)
           silent but for two 60 ms 1 kHz beeps at -6 dBFS, one in [1.00, 1.06) and one in
           [1.94, 2.00), played through once by PLAYER --ab-loop-a=1 --ab-loop-b=2
           --ab-loop-count=3 in a 1280x720 window into the PulseAudio null sink of
           scripts/test-env.sh, whose monitor that script records to $VPLAY_AUDIO_CAPTURE (parec,
           48 kHz s16le stereo): each jump plays B's beep and then A's. Once the sink has been
           quiet for 0.3 s the player is launched; once the last beep and 0.3 s of quiet are
           recorded it quits. Figures, from the recording alone (1 ms windows of the left
           channel, sound above -30 dBFS RMS):
             silence: the silence between B's beep and A's at each jump, ms, the median of the
                      run's three (target ≤ 3); worst: the longest of them;
             beeps:   the sound heard at the jump with the least, ms (120 when both beeps are
                      whole: B's end is not cut).

Standalone use (inside scripts/test-env.sh):
    ab_seam.py PLAYER_BINARY [--kind vplay|mpv] [--runs 3]
"""
import argparse
import math
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402
from sinkrecording import capture_path, left_channel  # noqa: E402
import sinkrecording  # noqa: E402

SECTIONS = ("ab-seam",)
PLAYERS = ("vplay", "mpv")
NA = {"ffplay": "n/a (no A-B loop)", "mpv-x11": "—"}
RATE = sinkrecording.RATE
SECONDS = 3.5
A, B, BEEP = 1.0, 2.0, 0.06
JUMPS = 3
WINDOW = RATE // 1000    # 1 ms
LOUD = 1000              # RMS over a window: about -30 dBFS; the beeps are -9 dBFS RMS
APART = 0.3              # s: beeps closer than this are one jump's (a pass's are 0.88 s apart)
QUIET = 0.3              # s of quiet that end a recording
TIMEOUT = 30             # s for the loop to be heard


def make_clips(folder, sections, log):
    if "ab-seam" not in sections:
        return {}
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"ab-loop-beeps-{SECONDS:g}s.mp4")
    if not os.path.exists(path):
        log(f"  generating {os.path.relpath(path)}")
        beeps = f"if(between(t,{A},{A + BEEP:g})+between(t,{B - BEEP:g},{B}),0.5*sin(2*PI*1000*t),0)"
        benchlib.ffmpeg_clip(path, [
            "-f", "lavfi", "-i", f"testsrc2=size=320x240:rate=25:duration={SECONDS}",
            "-f", "lavfi", "-i", f"aevalsrc='{beeps}':s={RATE}:d={SECONDS}",
            "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50", "-keyint_min", "50",
            "-sc_threshold", "0", "-c:a", "aac", "-b:a", "192k", "-ac", "2", "-ar", str(RATE),
            "-movflags", "+faststart"])
    return {"ab-seam": path}


# ----------------------------------------------------------------------------- the recording

def sound_runs(left):
    """(start, length) in ms of each stretch of 1 ms windows with sound in LEFT."""
    runs, start = [], None
    count = len(left) // WINDOW
    for k in range(count + 1):
        loud = k < count and math.sqrt(sum(x * x for x in left[k * WINDOW:(k + 1) * WINDOW]) / WINDOW) > LOUD
        if loud and start is None:
            start = k
        elif not loud and start is not None:
            runs.append((start, k - start))
            start = None
    return runs


def jumps(runs):
    """The runs grouped by beeps under APART apart: A's first, then one group per jump, then B's last."""
    groups = []
    for run in runs:
        if groups and run[0] - sum(groups[-1][-1]) < APART * 1000:
            groups[-1].append(run)
        else:
            groups.append([run])
    return groups


def measure(player, clip, kind=None, log=None):
    """{"silences_ms": [per jump], "sound_ms": [per jump]} for CLIP looped by PLAYER.
    RuntimeError on failure."""
    kind = benchlib.player_kind(player, kind)
    path = capture_path()
    start = sinkrecording.wait_for_quiet(path, below=LOUD, quiet=QUIET)
    loop = [f"--ab-loop-a={A:g}", f"--ab-loop-b={B:g}", f"--ab-loop-count={JUMPS}"]

    def command(socket_path):
        line = benchlib.playing_command(kind, player, socket_path, clip)
        return line[:-1] + loop + line[-1:]

    with benchlib.ipc_player(command, "ab-seam.", log):
        deadline = time.monotonic() + TIMEOUT
        while True:
            left = left_channel(path, start)
            loud = [k for k in range(0, len(left), 7) if abs(left[k]) >= LOUD]
            heard = loud[-1] - loud[0] if loud else 0
            # From A's first beep to the end of B's last, then quiet.
            if heard >= (B - A) * (JUMPS + 1) * RATE - 0.1 * RATE and len(left) - loud[-1] >= QUIET * RATE:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"the loop's last beep and quiet not heard within {TIMEOUT} s")
            time.sleep(0.1)
    groups = jumps(sound_runs(left))
    if len(groups) != JUMPS + 2:
        raise RuntimeError(f"{len(groups)} groups of beeps heard, not {JUMPS + 2}: {groups}")
    seams = groups[1:-1]
    sound = [sum(length for _, length in seam) for seam in seams]
    silences = [sum(seam[-1]) - seam[0][0] - s for seam, s in zip(seams, sound)]
    return {"silences_ms": silences, "sound_ms": sound}


# ----------------------------------------------------------------------------- bench.py

def command_lines(sections):
    if "ab-seam" not in sections:
        return []
    return [
        f"# ab-seam: PLAYER --ab-loop-a=1 --ab-loop-b=2 --ab-loop-count={JUMPS} CLIP",
        "#    (--geometry=1280x720 --input-ipc-server=S; mpv also --no-config --really-quiet --ao=pulse)",
        f"#    (CLIP: {SECONDS:g} s, silent but for 60 ms 1 kHz beeps in [1.00, 1.06) and [1.94, 2.00)); the",
        "#    sink monitor's recording in 1 ms windows: the silence between B's beep and A's at each",
        "#    jump (median and longest of the run's), and the least sound at a jump (120 ms: both whole)",
    ]


def run(ctx):
    if "ab-seam" not in ctx.sections:
        return
    ctx.section("ab-seam", f"ab-seam. silence where an A-B loop jumps from B back to A ({JUMPS} jumps a run)")
    ctx.res.row("ab-seam-silence", "A-B loop seam, silence between B's end and A's start, median of a run's ms "
                "(target ≤ 3)", "{:.1f}", ratios=False, players=PLAYERS, na=NA)
    ctx.res.row("ab-seam-worst", "A-B loop seam, longest silence of a run's ms", "{:.1f}",
                ratios=False, players=PLAYERS, na=NA)
    ctx.res.row("ab-seam-sound", "A-B loop seam, least sound at a jump ms (120: B's beep and A's whole)", "{:.0f}",
                ratios=False, players=PLAYERS, na=NA)
    rows = ["ab-seam-silence", "ab-seam-worst", "ab-seam-sound"]
    for run_index in range(ctx.runs):
        for p in ctx.order(run_index, PLAYERS):
            binary = "mpv" if p == "mpv" else ctx.vplay
            try:
                r = ctx.logged(f"ab-seam-{p}-run{run_index + 1}", measure, binary, ctx.clips["ab-seam"], p)
            except ctx.failed as e:
                ctx.res.fail(rows, p, run_index, "A-B loop seam", e)
                continue
            ctx.res.put("ab-seam-silence", p, run_index, statistics.median(r["silences_ms"]))
            ctx.res.put("ab-seam-worst", p, run_index, max(r["silences_ms"]))
            ctx.res.put("ab-seam-sound", p, run_index, min(r["sound_ms"]))
            ctx.log(f"  run {run_index + 1} {p:5s} silences {r['silences_ms']} ms, sound {r['sound_ms']} ms")


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("player")
    parser.add_argument("--kind", choices=("vplay", "mpv"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    import tempfile
    clip = make_clips(os.path.join(tempfile.gettempdir(), "ab-seam-clips"), {"ab-seam"}, print)["ab-seam"]
    figures = [measure(args.player, clip, args.kind) for _ in range(args.runs)]
    for k, f in enumerate(figures):
        print(f"run {k + 1}: silences {f['silences_ms']} ms, sound at each jump {f['sound_ms']} ms")
    every = [s for f in figures for s in f["silences_ms"]]
    print(f"median silence {statistics.median(every):.1f} ms, longest {max(every)} ms, "
          f"least sound {min(s for f in figures for s in f['sound_ms'])} ms")


if __name__ == "__main__":
    main()
