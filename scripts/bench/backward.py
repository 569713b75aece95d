"""The backward section of the bench: 1080p30 with its sound played backward against the same
seconds played forward, vplay against mpv --play-dir=backward in the same run.

  backward  a BACK_SECONDS s 1080p30 clip made as the playback section's (testsrc2, x264
            veryfast, a keyframe every 2 s: 60 frames, longer than the 33 frames one backward
            span of vplay keeps at 1080p, so each GOP is decoded in two pieces), played
            with its AAC sound to the null sink (both players reverse it backward) in a 1280x720
            window:
              forward:  PLAYER CLIP, to its end;
              backward: PLAYER --play-dir=backward CLIP, from its end to its start
                        (both players start at the end when the option is given).
            vplay runs with --autoexit (and --dump-stats for the frames dropped and the times
            the picture held waiting for a span); mpv ends by itself at either end. Rows: CPU s
            (user + sys, all threads, wait4) per media second backward; backward ÷ forward CPU,
            each player against itself; peak RSS backward minus forward (MB); vplay's frames
            dropped and picture holds backward, and its frames dropped forward beside them.
            A/V backward: an avsynctest clip (avsync.make_clip, BACK_SECONDS s, 720p) played
            backward by each player, its flashes and beeps captured from outside as avsync.py
            does, against the file turned round (avsync.file_reference(backward=True)): median
            and max |offset| ms.
"""
import json
import os

import avsync
import benchlib

SECTIONS = ("backward",)
GEOMETRY = (1280, 720)
BACK_SECONDS = 10
PLAYERS = ("vplay", "mpv")
NA = {"ffplay": "n/a (no backward playback)", "mpv-x11": "—"}


def make_clips(folder, sections, log):
    """The 1080p30 clip, as the playback section's (testsrc2, x264 veryfast, a keyframe every 2 s, AAC)."""
    if "backward" not in sections:
        return {}
    path = os.path.join(folder, f"1080p30-{BACK_SECONDS}s-backward.mp4")
    if not os.path.exists(path):
        log(f"  generating {os.path.basename(path)}")
        benchlib.test_clip(path, "testsrc2=size=1920x1080:rate=30", BACK_SECONDS)
    av = os.path.join(folder, f"avsync-{BACK_SECONDS}s-backward.mp4")
    if not os.path.exists(av):
        log(f"  generating {os.path.basename(av)}")
        avsync.make_clip(av, BACK_SECONDS)
    return {"backward": path, "backward-av": av}


def command(player, vplay, clip, backward, stats=None):
    w, h = GEOMETRY
    direction = ["--play-dir=backward"] if backward else []
    if player == "vplay":
        return [vplay, "--autoexit", f"--geometry={w}x{h}", *direction,
                *([f"--dump-stats={stats}"] if stats else []), clip]
    return ["mpv", f"--geometry={w}x{h}", "--no-config", "--really-quiet", "--ao=pulse", *direction, clip]


def command_lines(sections):
    if "backward" not in sections:
        return []
    return [
        "# backward: vplay --autoexit --geometry=1280x720 [--play-dir=backward] --dump-stats=F CLIP",
        f"#           mpv --geometry=1280x720 --no-config --really-quiet --ao=pulse [--play-dir=backward] CLIP",
        f"#    (CLIP: {BACK_SECONDS} s of 1080p30 testsrc2 with AAC sound, x264 veryfast, a keyframe every 2 s); forward and",
        "#    backward one after the other in each run; CPU and peak RSS from wait4;",
        f"#    A/V backward: the same commands on a {BACK_SECONDS} s avsynctest clip (720p), flash and beep captured as avsync.py",
    ]


def run(ctx, measured):
    """`measured(cmd, tag, timeout)` is bench.run_measured."""
    if "backward" not in ctx.sections:
        return
    ctx.section("backward", f"backward. 1080p30 with sound played backward against forward ({BACK_SECONDS} s)")
    ctx.res.row("back-cpu", "CPU s per media s, 1080p with sound played backward", "{:.3f}", players=PLAYERS, na=NA)
    ctx.res.row("back-ratio", "CPU backward ÷ forward, 1080p with sound, each player against itself", "{:.2f}",
                ratios=False, players=PLAYERS, na=NA)
    ctx.res.row("back-rss", "peak RSS MB backward minus forward, 1080p (target ≤ 300)", "{:.0f}",
                ratios=False, players=PLAYERS, na=NA)
    ctx.res.row("back-drops", "frames dropped + picture holds waiting for a span, 1080p backward (target 0)",
                "{:.0f}", ratios=False, players=("vplay",), na=NA)
    ctx.res.row("fwd-drops", "frames dropped, the same clip forward in the same run (for comparison)",
                "{:.0f}", ratios=False, players=("vplay",), na=NA)
    ctx.res.row("back-av-med", "A/V offset backward, median ms (+ = sound late)", "{:+.1f}",
                ratios=False, players=PLAYERS, na=NA)
    ctx.res.row("back-av-max", "A/V offset backward, max abs ms", "{:.1f}", ratios=False, players=PLAYERS, na=NA)
    keys = ["back-cpu", "back-ratio", "back-rss"]
    for run in range(ctx.runs):
        for p in ctx.order(run, PLAYERS):
            ctx.move_pointer_away()
            binary = ctx.vplay if p == "vplay" else "mpv"
            stats = os.path.join(os.path.dirname(ctx.clips["backward"]), f"backward-stats-run{run + 1}.json")
            fwd_stats = os.path.join(os.path.dirname(ctx.clips["backward"]), f"forward-stats-run{run + 1}.json")
            try:
                fwd = measured(command(p, binary, ctx.clips["backward"], False, fwd_stats if p == "vplay" else None),
                               f"forward-{p}-run{run + 1}", timeout=BACK_SECONDS + 40)
                back = measured(command(p, binary, ctx.clips["backward"], True, stats if p == "vplay" else None),
                                f"backward-{p}-run{run + 1}", timeout=BACK_SECONDS * 3 + 40)
            except ctx.failed as e:
                ctx.res.fail(keys + (["back-drops", "fwd-drops"] if p == "vplay" else []), p, run, "backward", e)
                continue
            ctx.res.put("back-cpu", p, run, back["cpu"] / BACK_SECONDS)
            ctx.res.put("back-ratio", p, run, back["cpu"] / fwd["cpu"])
            ctx.res.put("back-rss", p, run, back["rss_mb"] - fwd["rss_mb"])
            extra = ""
            if p == "vplay":
                with open(stats) as f:
                    s = json.load(f)
                with open(fwd_stats) as f:
                    forward = json.load(f)
                ctx.res.put("back-drops", p, run, s["frames_dropped"] + s.get("backward_stalls", 0))
                ctx.res.put("fwd-drops", p, run, forward["frames_dropped"])
                extra = (f"  shown {s['frames_shown']} dropped {s['frames_dropped']} holds {s.get('backward_stalls', 0)}"
                         f" (forward: dropped {forward['frames_dropped']})")
            ctx.log(f"  run {run + 1} {p:5s} forward {fwd['cpu'] / BACK_SECONDS:.3f} CPU s/s {fwd['rss_mb']:.0f} MB"
                    f" wall {fwd['wall']:.1f} s;  backward {back['cpu'] / BACK_SECONDS:.3f} CPU s/s"
                    f" {back['rss_mb']:.0f} MB wall {back['wall']:.1f} s{extra}")
            measure_av(ctx, p, binary, run)


def measure_av(ctx, player, binary, run):
    """The A/V offset of PLAYER backward on the avsynctest clip, measured from outside."""
    clip = ctx.clips["backward-av"]
    workdir = os.path.dirname(clip)
    try:
        events, _ = avsync.measure(command(player, binary, clip, True), avsync.file_reference(clip, backward=True),
                                   1.0, workdir, f"backward-av-{player}-run{run + 1}", BACK_SECONDS * 3 + 40)
    except RuntimeError as e:
        ctx.res.fail(["back-av-med", "back-av-max"], player, run, "backward A/V", ctx.failed(str(e)))
        return
    offsets = sorted(o for _, o in events)
    ctx.res.put("back-av-med", player, run, offsets[len(offsets) // 2])
    ctx.res.put("back-av-max", player, run, max(abs(o) for o in offsets))
    ctx.log(f"  run {run + 1} {player:5s} A/V backward median {offsets[len(offsets) // 2]:+.1f} ms"
            f" max |{max(abs(o) for o in offsets):.1f}| ms over {len(offsets)} events")
