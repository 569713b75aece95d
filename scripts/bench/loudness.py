"""The loudness section of the bench: vplay's loudness normalization heard at the null sink,
what its second reader costs, and the gap when the sound moves to another output device.

  loudness  (a) two clips of a steady 440 Hz stereo tone, mastered at −30 and −12 LUFS
                (TONE_SECONDS s, FLAC in Matroska), each played with
                `vplay --autoexit --normalize=track` (target −16 LUFS); the sink monitor's
                recording (scripts/test-env.sh's) from the player's first sound to its last is
                measured with ffmpeg's ebur128: the integrated loudness against the target
                (target within ±1 LU) and the spread (max − min) of the short-term loudness
                (3 s windows, every 0.1 s) from 4 s in to the end (target ≤ 0.5 LU: no pumping).
            (b) a 1080p30 clip (testsrc2 + AAC, PLAY_SECONDS s) played with --autoexit
                --dump-stats, once with --normalize=track and once without: CPU s of the
                analysis thread ("vplay-loudness", per-thread utime + stime from
                /proc/PID/task/*/stat, read every 20 ms) as a % of the whole process's (wait4),
                and the frames dropped with and without.
            (c) a second null sink loaded for the section (pactl load-module module-null-sink
                sink_name=vpbench), its monitor recorded by a parec of our own; the tone clip
                played looping on the default sink, `set_property audio-device pulse/vpbench`
                over IPC once it has played 3 s. The two recordings are put on one clock
                through their files' lengths, read every ~1 ms around the switch; the gap is
                from the last sound on the first sink to the first on the second, against one
                device buffer (1024 frames at 48 kHz, 21.3 ms; negative: they overlap).
            Medians over the runs.
"""
import json
import os
import statistics
import struct
import subprocess
import tempfile
import time

import benchlib
import machine_cpu

SECTIONS = ("loudness",)
TARGET = -16.0
MASTERED = (-30, -12)
TONE_SECONDS = 12
PLAY_SECONDS = 20
ANALYSIS_THREAD = "vplay-loudness"
SECOND_SINK = "vpbench"
RATE, FRAME_BYTES = 48000, 4
BUFFER_MS = 1024 / RATE * 1000
SOUND = 0.001   # full scale: a sample at least this loud is sound


def make_clips(folder, sections, log):
    """{"loudness-tone-30": path, "loudness-tone-12": path, "loudness-1080p": path}: the tones
    mastered at their loudness (a 440 Hz sine from the sine source, which is −21.8 LUFS, moved
    by the difference) and the 1080p clip."""
    if "loudness" not in sections:
        return {}
    os.makedirs(folder, exist_ok=True)
    clips = {}
    for lufs in MASTERED:
        path = os.path.join(folder, f"tone{lufs}LUFS-{TONE_SECONDS}s.mka")
        if not os.path.exists(path):
            log(f"  generating {os.path.basename(path)}")
            benchlib.ffmpeg_clip(path, ["-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={TONE_SECONDS}",
                                        "-af", f"volume={lufs + 21.8:.1f}dB", "-ac", "2", "-c:a", "flac"], tmp_suffix=".tmp.mka")
        clips[f"loudness-tone{lufs}"] = path
    path = os.path.join(folder, f"1080p30-{PLAY_SECONDS}s-loudness.mp4")
    if not os.path.exists(path):
        log(f"  generating {os.path.basename(path)}")
        benchlib.test_clip(path, "testsrc2=size=1920x1080:rate=30", PLAY_SECONDS)
    clips["loudness-1080p"] = path
    return clips


def samples(path, start_byte, end_byte=None):
    """Left-channel samples (full scale 1.0) of a raw s16le stereo recording."""
    with open(path, "rb") as f:
        f.seek(start_byte)
        data = f.read() if end_byte is None else f.read(end_byte - start_byte)
    count = len(data) // FRAME_BYTES
    return [v / 32768 for v in struct.unpack_from(f"<{count * 2}h", data)[::2]]


def sound_span(values):
    """(first, last) index of a sample at least SOUND loud, or None."""
    loud = [i for i, v in enumerate(values) if abs(v) >= SOUND]
    return (loud[0], loud[-1]) if loud else None


def ebur128(raw):
    """(integrated LUFS, [(t, short-term LUFS)]) of a raw s16le 48 kHz stereo file."""
    out = subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-nostats", "-f", "s16le", "-ar", str(RATE), "-ac", "2",
                          "-i", raw, "-af", "ebur128", "-f", "null", "-"], capture_output=True, text=True).stderr
    short, integrated = [], None
    for line in out.splitlines():
        fields = line.replace(":", " ").split()
        if "t" in fields and "S" in fields and "TARGET" in fields:
            short.append((float(fields[fields.index("t") + 1]), float(fields[fields.index("S") + 1])))
        elif fields[:1] == ["I"] and "LUFS" in fields:
            integrated = float(fields[1])
    return integrated, short


def heard(ctx, clip, tag):
    """Plays CLIP with --normalize=track; its sound at the monitor as a raw file."""
    capture = os.environ["VPLAY_AUDIO_CAPTURE"]
    before = os.path.getsize(capture) // FRAME_BYTES * FRAME_BYTES
    result = subprocess.run([ctx.vplay, "--autoexit", "--normalize=track", f"--normalize-target={TARGET:g}",
                             "--geometry=320x240", clip], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=TONE_SECONDS + 60)
    if result.returncode != 0:
        raise ctx.failed(f"{tag}: exit status {result.returncode}: {result.stderr.strip()[-300:]}")
    time.sleep(0.3)   # the recorder lags the sink by a few ms
    values = samples(capture, before)
    span = sound_span(values)
    if not span:
        raise ctx.failed("no sound at the monitor")
    raw = tempfile.mktemp(suffix=".s16le")
    with open(capture, "rb") as f, open(raw, "wb") as out:
        f.seek(before + span[0] * FRAME_BYTES)
        out.write(f.read((span[1] - span[0]) * FRAME_BYTES))
    try:
        return ebur128(raw)
    finally:
        os.unlink(raw)


def levels(ctx, clips, run):
    for lufs in MASTERED:
        try:
            integrated, short = heard(ctx, clips[f"loudness-tone{lufs}"], f"loudness-tone{lufs}-run{run + 1}")
            steady = [s for t, s in short if t >= 4]
            if integrated is None or not steady:
                raise ctx.failed("ebur128 gave no figures")
            spread = max(steady) - min(steady)
            ctx.res.put(f"loud-i{lufs}", "vplay", run, integrated - TARGET)
            ctx.res.put(f"loud-s{lufs}", "vplay", run, spread)
            ctx.log(f"  run {run + 1} mastered {lufs} LUFS: heard {integrated:.1f} LUFS "
                    f"({integrated - TARGET:+.1f} LU from the target), short-term spread {spread:.2f} LU")
        except (ctx.failed, subprocess.SubprocessError, OSError) as e:
            ctx.res.fail([f"loud-i{lufs}", f"loud-s{lufs}"], "vplay", run, f"loudness at {lufs} LUFS", e)


def played(ctx, clip, normalize, tag):
    """CPU s of the process and of the analysis thread, and frames dropped."""
    stats = tempfile.mktemp(suffix=".json")
    cmd = [ctx.vplay, "--autoexit", "--geometry=1280x720", f"--dump-stats={stats}",
           *(["--normalize=track"] if normalize else []), clip]
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen, start = {}, time.monotonic()
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - start > PLAY_SECONDS + 60:
            proc.kill()
        machine_cpu.thread_cpu(proc.pid, seen)
        time.sleep(0.02)
    if os.waitstatus_to_exitcode(status) != 0:
        raise ctx.failed(f"{tag}: exit status {os.waitstatus_to_exitcode(status)}")
    with open(stats) as f:
        dropped = json.load(f)["frames_dropped"]
    os.unlink(stats)
    threads = machine_cpu.by_name(seen)
    return usage.ru_utime + usage.ru_stime, threads.get(ANALYSIS_THREAD, 0.0), dropped, threads


def cost(ctx, clips, run):
    keys = ["loud-cpu", "loud-drops-on", "loud-drops-off"]
    try:
        off_cpu, _, off_drops, _ = played(ctx, clips["loudness-1080p"], False, f"loudness-off-run{run + 1}")
        on_cpu, analysis, on_drops, threads = played(ctx, clips["loudness-1080p"], True, f"loudness-on-run{run + 1}")
    except (ctx.failed, OSError, ValueError, KeyError) as e:
        ctx.res.fail(keys, "vplay", run, "second reader's cost", e)
        return
    if ANALYSIS_THREAD not in threads:
        ctx.res.fail(keys, "vplay", run, "second reader's cost", f"no thread named {ANALYSIS_THREAD}: {sorted(threads)}")
        return
    ctx.res.put("loud-cpu", "vplay", run, 100 * analysis / on_cpu)
    ctx.res.put("loud-drops-on", "vplay", run, on_drops)
    ctx.res.put("loud-drops-off", "vplay", run, off_drops)
    ctx.log(f"  run {run + 1} 1080p: process {on_cpu:.2f} CPU s with --normalize=track ({off_cpu:.2f} without), "
            f"{ANALYSIS_THREAD} {analysis:.3f} s ({100 * analysis / on_cpu:.1f} %); dropped {on_drops} with, {off_drops} without")


class SecondSink:
    """A null sink for the section and a recorder on its monitor."""

    def __init__(self, folder):
        self.module = subprocess.run(["pactl", "load-module", "module-null-sink", f"sink_name={SECOND_SINK}", "rate=48000",
                                      "channels=2"], capture_output=True, text=True, check=True).stdout.strip()
        self.capture = os.path.join(folder, f"{SECOND_SINK}.s16le")
        self.file = open(self.capture, "wb")
        self.recorder = subprocess.Popen(["parec", "--latency-msec=10", "-d", f"{SECOND_SINK}.monitor", "--format=s16le",
                                          f"--rate={RATE}", "--channels=2"], stdout=self.file)
        # A new null sink stalls the first stream on it for a second or two (see test-env.sh).
        deadline = time.monotonic() + 10
        while os.path.getsize(self.capture) < 2.5 * RATE * FRAME_BYTES and time.monotonic() < deadline:
            time.sleep(0.05)

    def close(self):
        benchlib.stop(self.recorder)
        self.file.close()
        subprocess.run(["pactl", "unload-module", self.module], capture_output=True)
        os.unlink(self.capture)


def switch(ctx, clip, sink, run):
    """The gap (ms) between the last sound on the default sink and the first on the second."""
    main = os.environ["VPLAY_AUDIO_CAPTURE"]
    starts = {path: os.path.getsize(path) // FRAME_BYTES * FRAME_BYTES for path in (main, sink.capture)}
    command = lambda socket: [ctx.vplay, "--really-quiet", "--loop-file=inf", "--geometry=320x240",
                              f"--input-ipc-server={socket}", clip]
    growth = {main: [], sink.capture: []}
    with benchlib.ipc_player(command, "vplay-loudness-switch-") as client:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            span = sound_span(samples(main, starts[main]))
            if span and (os.path.getsize(main) - starts[main]) // FRAME_BYTES - span[0] > 3 * RATE:
                break
            time.sleep(0.1)
        else:
            raise ctx.failed("no sound on the default sink")
        # Each file's length against one clock, ~1 ms apart, from before the switch to after it.
        client.command("set_property", "audio-device", f"pulse/{SECOND_SINK}")
        end = time.monotonic() + 1.5
        while time.monotonic() < end:
            now = time.monotonic()
            for path in growth:
                growth[path].append((now, os.path.getsize(path)))
            time.sleep(0.001)

    def clock(path, index):
        """When sample INDEX (from the recording's start mark) had been written."""
        byte = starts[path] + (index + 1) * FRAME_BYTES
        return next((t for t, size in growth[path] if size >= byte), None)

    first = samples(main, starts[main])
    second = samples(sink.capture, starts[sink.capture])
    before, after = sound_span(first), sound_span(second)
    if not before or not after:
        raise ctx.failed("no sound on one of the sinks")
    stopped, started = clock(main, before[1]), clock(sink.capture, after[0])
    if stopped is None or started is None:
        raise ctx.failed("the switch fell outside the time the recordings were followed")
    return (started - stopped) * 1000


def device_switch(ctx, clips):
    try:
        sink = SecondSink(os.path.dirname(clips["loudness-1080p"]))
    except (subprocess.SubprocessError, OSError) as e:
        for run in range(ctx.runs):
            ctx.res.fail(["loud-switch"], "vplay", run, "device switch", e)
        return
    try:
        for run in range(ctx.runs):
            try:
                gap = switch(ctx, clips["loudness-tone-12"], sink, run)
                ctx.res.put("loud-switch", "vplay", run, gap)
                ctx.log(f"  run {run + 1} device switch: gap {gap:.1f} ms (one buffer {BUFFER_MS:.1f} ms)")
            except (ctx.failed, RuntimeError, OSError, subprocess.SubprocessError) as e:
                ctx.res.fail(["loud-switch"], "vplay", run, "device switch", e)
    finally:
        sink.close()


def run(ctx):
    if "loudness" not in ctx.sections:
        return
    ctx.section("loudness", "loudness. --normalize heard at the monitor, the second reader's cost, a device switch")
    clips = ctx.clips
    for lufs in MASTERED:
        ctx.res.row(f"loud-i{lufs}", f"LU from the target heard, clip mastered at {lufs} LUFS, --normalize=track "
                    "(target within ±1)", "{:+.2f}", ratios=False, players=("vplay",))
        ctx.res.row(f"loud-s{lufs}", f"short-term loudness spread LU, steady tone mastered at {lufs} LUFS "
                    "(target ≤ 0.5)", "{:.2f}", ratios=False, players=("vplay",))
    ctx.res.row("loud-cpu", f"{ANALYSIS_THREAD} thread's CPU, % of the process's, 1080p (target ≤ 10)", "{:.1f}",
                ratios=False, players=("vplay",))
    ctx.res.row("loud-drops-on", "frames dropped, 1080p with --normalize=track", "{:.0f}", ratios=False, players=("vplay",))
    ctx.res.row("loud-drops-off", "frames dropped, 1080p without", "{:.0f}", ratios=False, players=("vplay",))
    ctx.res.row("loud-switch", f"ms of silence at an audio-device switch (one buffer: {BUFFER_MS:.1f})", "{:.1f}",
                ratios=False, players=("vplay",))
    for run in range(ctx.runs):
        levels(ctx, clips, run)
        cost(ctx, clips, run)
    device_switch(ctx, clips)


def command_lines(sections):
    if "loudness" not in sections:
        return []
    return [
        f"# loudness: vplay --autoexit --normalize=track --normalize-target={TARGET:g} --geometry=320x240 TONE",
        f"#    (TONE: {TONE_SECONDS} s 440 Hz stereo FLAC mastered at {' and '.join(map(str, MASTERED))} LUFS; the monitor's",
        "#    recording from the first sound to the last through ffmpeg -af ebur128: I, and S from 4 s on);",
        f"#    vplay --autoexit --geometry=1280x720 --dump-stats=F [--normalize=track] CLIP ({PLAY_SECONDS} s 1080p30;",
        f"#    {ANALYSIS_THREAD} thread CPU from /proc/PID/task/*/stat every 20 ms against wait4's);",
        f"#    vplay --loop-file=inf --input-ipc-server=S TONE, set_property audio-device pulse/{SECOND_SINK} after 3 s",
        f"#    (a second null sink, its monitor recorded by parec --latency-msec=10 as test-env.sh records vp)",
    ]
