#!/usr/bin/env python3
"""Album gap: the silence between two consecutive audio files at the sink, vplay against
`mpv --gapless-audio=yes`.

  album-gap  two FLAC files, 48 kHz stereo, each 3 s of a 440 Hz tone at -18 dBFS (1320 whole
           periods, so the second goes on from the first's last sample without a step), played
           the second at -24 dBFS so that the join can be found in the recording, played as a playlist: PLAYER --gapless-audio=yes --idle=yes A.flac B.flac in a 1280x720
           window, into the PulseAudio null sink of scripts/test-env.sh, whose monitor that
           script records to $VPLAY_AUDIO_CAPTURE (parec, 48 kHz s16le stereo). Once the sink
           has been quiet for 0.3 s the player is launched; once 6 s of tone followed by 0.3 s
           of quiet are recorded it quits. Figures, from the recording alone (the recorder's lag
           moves none of them):
             silence: the longest run of samples under -40 dBFS within 0.1 s of the join (the
                      first sample of the quieter second file), ms (target ≤ 5);
             elsewhere: the longest such run anywhere else in the tone, ms (the sound server
                      running dry on a busy machine, not the join);
             tone:    the tone heard, from its first sample to its last, ms (6000 when nothing
                      of either file is lost or doubled at the join).
           vplay without a --gapless-audio in `--help` runs with its defaults (the cell says so).

Standalone use (inside scripts/test-env.sh):
    album_gap.py PLAYER_BINARY [--kind vplay|mpv] [--runs 3]
"""
import argparse
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402
from sinkrecording import capture_path, left_channel  # noqa: E402
import sinkrecording  # noqa: E402

SECTIONS = ("album-gap",)
PLAYERS = ("vplay", "mpv")
NA = {"ffplay": "n/a (no playlist)", "mpv-x11": "—"}
RATE = sinkrecording.RATE
SECONDS = 3.0            # each file
SILENT = 328             # -40 dBFS on one channel; the tone is -18 dBFS, then -24 dBFS
LEVELS = (0.125, 0.0625)  # each file's amplitude: the step marks the join
JOIN_WINDOW = 0.1        # s either side of the join that count as the join
PERIOD = 110             # samples: a little more than one period of 440 Hz at 48 kHz
QUIET = 0.3              # s of quiet that end a recording
TIMEOUT = 30             # s for the two files to be heard


def make_clip(path, level, seconds=SECONDS):
    """SECONDS of a 440 Hz tone of amplitude LEVEL, FLAC 48 kHz stereo."""
    if os.path.exists(path):
        return
    benchlib.ffmpeg_clip(path, ["-f", "lavfi", "-i", f"aevalsrc={level}*sin(2*PI*440*t):s={RATE}:d={seconds}",
                                "-c:a", "flac", "-ac", "2", "-ar", str(RATE)], tmp_suffix=".tmp.flac")


def make_clips(folder, sections, log):
    if "album-gap" not in sections:
        return {}
    os.makedirs(folder, exist_ok=True)
    paths = [os.path.join(folder, f"tone-440-{SECONDS:g}s-{level:g}-track{k}.flac")
             for k, level in enumerate(LEVELS, start=1)]
    for path, level in zip(paths, LEVELS):
        if not os.path.exists(path):
            log(f"  generating {os.path.relpath(path)}")
            make_clip(path, level)
    return {"album-gap": paths}


# ----------------------------------------------------------------------------- the recording

def tone_span(left):
    """(first, last) index of a sample of tone in LEFT, or None."""
    loud = [k for k in range(len(left)) if abs(left[k]) >= SILENT]
    return (loud[0], loud[-1]) if loud else None


def longest_silence(left, first, last):
    """(samples, index of its end) of the longest quiet run in LEFT[FIRST...LAST]."""
    longest = run = at = 0
    for k in range(first, last + 1):
        run = run + 1 if abs(left[k]) < SILENT else 0
        if run > longest:
            longest, at = run, k
    return longest, at


def join_index(left, first, last):
    """The first sample of the second file: where the tone's peaks step down to its level for good."""
    peaks = [max(map(abs, left[start:start + PERIOD])) for start in range(first, last + 1, PERIOD)]
    # The first file's level as heard (the sink may scale both), from its first tenth of a second.
    heard = statistics.median(peaks[:int(0.1 * RATE / PERIOD)])
    threshold = heard * (1 + LEVELS[1] / LEVELS[0]) / 2
    join = None
    for start, peak in zip(range(first, last + 1, PERIOD), peaks):
        if peak >= threshold:
            join = None
        elif peak >= SILENT and join is None:
            join = start
    if join is None:
        raise RuntimeError("the second file's level was never heard")
    return join


def measure(player, clips, kind=None, gapless="yes", log=None):
    """{"silence_ms", "silence_at_ms", "tone_ms"} for CLIPS played through by PLAYER with
    --gapless-audio=GAPLESS (None: not given). RuntimeError on failure."""
    kind = benchlib.player_kind(player, kind)
    path = capture_path()
    start = sinkrecording.wait_for_quiet(path, below=SILENT, quiet=QUIET)
    extra = [f"--gapless-audio={gapless}"] if gapless else []

    def command(socket_path):
        common = ["--geometry=1280x720", f"--input-ipc-server={socket_path}", "--idle=yes", *extra]
        if kind == "mpv":
            return [player, "--no-config", "--really-quiet", "--ao=pulse", *common, *clips]
        return [player, "--really-quiet", *common, *clips]

    with benchlib.ipc_player(command, "album-gap.", log):
        deadline = time.monotonic() + TIMEOUT
        while True:
            left = left_channel(path, start)
            span = tone_span(left)
            # Both files heard (a player that loses sound at the join loses less than a file).
            if span and len(left) - span[1] >= QUIET * RATE and span[1] - span[0] >= (SECONDS + 1) * RATE:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {2 * SECONDS:g} s of tone followed by quiet within {TIMEOUT} s "
                                   f"(tone heard: {(span[1] - span[0]) / RATE if span else 0:.2f} s)")
            time.sleep(0.1)
    first, last = span
    join = join_index(left, first, last)
    near = int(JOIN_WINDOW * RATE)
    low, high = max(first, join - near - PERIOD), min(last, join + near)
    silence, at = longest_silence(left, low, high)
    before, _ = longest_silence(left, first, low)
    after, _ = longest_silence(left, high, last)
    return {"silence_ms": silence / RATE * 1000, "silence_at_ms": (at - silence + 1 - first) / RATE * 1000,
            "elsewhere_ms": max(before, after) / RATE * 1000, "tone_ms": (last - first + 1) / RATE * 1000}


# ----------------------------------------------------------------------------- bench.py

def command_lines(sections):
    if "album-gap" not in sections:
        return []
    return [
        "# album-gap: PLAYER --gapless-audio=yes --idle=yes A.flac B.flac",
        "#    (--geometry=1280x720 --input-ipc-server=S; mpv also --no-config --really-quiet --ao=pulse)",
        f"#    (two {SECONDS:g} s 440 Hz FLAC files, the tone running on across the join); the sink",
        "#    monitor's recording: longest run under -40 dBFS within 0.1 s of the join (the step down",
        "#    to the second file's -24 dBFS), the longest elsewhere, and the tone's length (6000 ms)",
    ]


def run(ctx):
    if "album-gap" not in ctx.sections:
        return
    ctx.section("album-gap", f"album-gap. silence between two consecutive audio files ({SECONDS:g} s FLAC each)")
    vplay_gapless = has_option(ctx.vplay, "--gapless-audio")
    na = dict(NA)
    given = "--gapless-audio=yes" + ("" if vplay_gapless else " (vplay: its defaults, no such option)")
    ctx.res.row("album-silence", f"album gap, longest silence at the join ms, {given} (target ≤ 5)", "{:.2f}",
                ratios=False, players=PLAYERS, na=na)
    ctx.res.row("album-elsewhere", "album gap, longest silence elsewhere in the tone ms (sink running dry)", "{:.2f}",
                ratios=False, players=PLAYERS, na=na)
    ctx.res.row("album-tone", "album gap, tone heard ms (6000: nothing lost at the join)", "{:.1f}",
                ratios=False, players=PLAYERS, na=na)
    for run_index in range(ctx.runs):
        for p in ctx.order(run_index, PLAYERS):
            binary = "mpv" if p == "mpv" else ctx.vplay
            gapless = "yes" if p == "mpv" or vplay_gapless else None
            try:
                r = ctx.logged(f"album-gap-{p}-run{run_index + 1}", measure, binary, ctx.clips["album-gap"], p, gapless)
            except ctx.failed as e:
                ctx.res.fail(["album-silence", "album-elsewhere", "album-tone"], p, run_index, "album gap", e)
                continue
            ctx.res.put("album-silence", p, run_index, r["silence_ms"])
            ctx.res.put("album-elsewhere", p, run_index, r["elsewhere_ms"])
            ctx.res.put("album-tone", p, run_index, r["tone_ms"])
            ctx.log(f"  run {run_index + 1} {p:5s} silence {r['silence_ms']:.2f} ms "
                    f"({r['silence_at_ms']:.0f} ms into the tone), elsewhere {r['elsewhere_ms']:.2f} ms  tone {r['tone_ms']:.1f} ms")


def has_option(player, name):
    import session
    return session.has_option(player, name)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("player")
    parser.add_argument("--kind", choices=("vplay", "mpv"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--gapless", default="yes", help="the --gapless-audio value; none: not given")
    args = parser.parse_args(argv)
    import tempfile
    clips = make_clips(os.path.join(tempfile.gettempdir(), "album-gap-clips"), {"album-gap"}, print)["album-gap"]
    figures = [measure(args.player, clips, args.kind, None if args.gapless == "none" else args.gapless) for _ in range(args.runs)]
    for k, f in enumerate(figures):
        print(f"run {k + 1}: silence {f['silence_ms']:.2f} ms ({f['silence_at_ms']:.0f} ms into the tone), "
              f"elsewhere {f['elsewhere_ms']:.2f} ms  "
              f"tone {f['tone_ms']:.1f} ms")
    print(f"median: silence {statistics.median(f['silence_ms'] for f in figures):.2f} ms  "
          f"tone {statistics.median(f['tone_ms'] for f in figures):.1f} ms")


if __name__ == "__main__":
    main()
