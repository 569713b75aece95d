#!/usr/bin/env python3
"""Mutation fuzzer for vplay's demux/decode/present path.

Makes a few tiny seed clips with the ffmpeg CLI (cached), writes N mutated
copies and runs each through `vplay --bench --no-audio` (a fifth of the files
from seeds with sound: `--autoexit --length 2`, through the audio path) under
a timeout, 2 at a time, inside scripts/test-env.sh's private Xvfb + PulseAudio
(re-executing itself there when DISPLAY is unset). Each run is one of:

  played       exit 0
  clean error  exit 1 or 2 with exactly one stderr line, starting "vplay:"
  crashed      killed by a signal, exit >= 128, or a sanitizer/Swift runtime report
  hung         still running at the timeout
  other exit   anything else (an exit status or stderr the contract does not allow)

File i of a run depends only on (--seed, i) and the seed clips, so any file can
be made again with --only I. Exits 1 when anything crashed or hung; the
failing files (with their stderr, command and a gdb backtrace) stay in the
run's directory, whose path is printed. Python 3 standard library only.

  python3 scripts/fuzz/fuzz.py --count 200 --seed 7
  python3 scripts/fuzz/fuzz.py --seed 7 --only 123 --keep   # remake + rerun one file
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutators  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Tests/TestSupport/FramePattern.swift's filter, for a 160x120 picture (band height 120/16*2 = 14).
PATTERN_160x120 = ("split[vp_pattern_main][vp_pattern_source];"
                   "[vp_pattern_source]scale=16:2,"
                   "geq=lum='255*mod(floor(N/pow(2,15-X)),2)':cb=128:cr=128,"
                   "scale=160:14:flags=neighbor[vp_pattern_bits];"
                   "[vp_pattern_main][vp_pattern_bits]overlay=0:0")

VIDEO = ["-f", "lavfi", "-i", "testsrc2=s=160x120:r=15:d=1"]
AUDIO = ["-f", "lavfi", "-i", "sine=f=440:r=48000:d=1"]
EXACT = ["-threads", "1", "-fflags", "+bitexact", "-flags", "+bitexact", "-map_metadata", "-1"]

# name, has audio, ffmpeg arguments (without output). 1 s of 160x120 each, all < 40 KB.
SEEDS = [
    ("h264_aac.mp4", True, VIDEO + AUDIO + EXACT + [
        "-c:v", "libx264", "-g", "8", "-bf", "2", "-b:v", "100k", "-pix_fmt", "yuv420p",
        "-c:a", "aac", "-b:a", "32k"]),
    ("vp9_opus.mkv", True, VIDEO + AUDIO + EXACT + [
        "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-g", "8", "-b:v", "100k",
        "-c:a", "libopus", "-b:a", "24k"]),
    ("vp8_vorbis.webm", True, VIDEO + AUDIO + EXACT + [
        "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-g", "8", "-b:v", "100k",
        "-c:a", "libvorbis", "-q:a", "0"]),
    ("tone.mp3", True, AUDIO + EXACT + ["-c:a", "libmp3lame", "-b:a", "32k"]),
    ("pattern_160x120.ts", True, VIDEO + AUDIO + EXACT + [
        "-vf", PATTERN_160x120, "-c:v", "libx264", "-g", "5", "-bf", "1", "-b:v", "100k",
        "-pix_fmt", "yuv420p", "-c:a", "mp2", "-b:a", "64k"]),
    ("fragmented.mp4", True, VIDEO + AUDIO + EXACT + [
        "-vf", PATTERN_160x120, "-c:v", "libx264", "-g", "5", "-b:v", "100k", "-pix_fmt", "yuv420p",
        "-c:a", "aac", "-b:a", "32k", "-movflags", "frag_keyframe+empty_moov+default_base_moof"]),
    ("hevc_flac.mkv", True, VIDEO + AUDIO + EXACT + [
        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=none:keyint=8",
        "-b:v", "100k", "-pix_fmt", "yuv420p", "-c:a", "flac", "-sample_fmt", "s16"]),
    # Subtitle tracks inside Matroska (made from the text seeds below, in the seed cache).
    ("h264_ass_srt.mkv", False, VIDEO + ["-i", "{cache}/styled.ass", "-i", "{cache}/lines.srt",
                                         "-map", "0:v", "-map", "1:s", "-map", "2:s"] + EXACT + [
        "-c:v", "libx264", "-g", "8", "-b:v", "100k", "-pix_fmt", "yuv420p",
        "-c:s:0", "ass", "-c:s:1", "subrip", "-disposition:s:0", "default"]),
]

# Subtitle files: fuzzed on their own, through --sub-file beside the first seed clip.
TEXT_SEEDS = [
    ("lines.srt", "1\n00:00:00,100 --> 00:00:00,600\nFirst <i>line</i>\n\n"
                  "2\n00:00:00,500 --> 00:00:00,900\nSecond line,\nwith two rows\n"),
    ("styled.ass", "[Script Info]\nScriptType: v4.00+\nPlayResX: 160\nPlayResY: 120\n\n[V4+ Styles]\n"
                   "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, "
                   "Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, "
                   "Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n"
                   "Style: Default,DejaVu Sans,14,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,"
                   "1,1,1,2,5,5,5,1\n\n[Events]\n"
                   "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
                   "Dialogue: 0,0:00:00.00,0:00:00.80,Default,,0,0,0,,{\\pos(80,30)\\frz20\\fad(100,100)}Turned\n"
                   "Dialogue: 1,0:00:00.20,0:00:01.00,Default,,0,0,0,,{\\move(0,100,160,100)\\k20}Mo{\\k30}ving\n"),
    ("lines.vtt", "WEBVTT\n\n00:00.100 --> 00:00.700 line:10%\n<b>Bold</b> words\n\n"
                  "00:00.600 --> 00:00.950\nLast\n"),
]

SANITIZER_MARKS = ("AddressSanitizer", "ThreadSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer",
                   "runtime error:", "Fatal error:", "Program crashed:", "Backtracing from")


def ffmpeg_version():
    out = subprocess.run(["ffmpeg", "-hide_banner", "-version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else "?"


def make_seeds(cache):
    """The seed clips, made once per (command, ffmpeg version) in `cache`, and the subtitle
    file seeds (written there too, for the clips made from them)."""
    os.makedirs(cache, exist_ok=True)
    version = ffmpeg_version()
    texts = []
    for name, text in TEXT_SEEDS:
        with open(os.path.join(cache, name), "w", encoding="utf-8") as f:
            f.write(text)
        texts.append((name, text.encode("utf-8")))
    seeds = []
    for name, has_audio, template in SEEDS:
        arguments = [argument.replace("{cache}", cache) for argument in template]
        stem, ext = name.rsplit(".", 1)
        key = hashlib.sha256("\0".join([version] + template + [t for _, t in TEXT_SEEDS]).encode()).hexdigest()[:12]
        path = os.path.join(cache, "%s-%s.%s" % (stem, key, ext))
        if not os.path.exists(path):
            partial = os.path.join(cache, ".%d-%s" % (os.getpid(), os.path.basename(path)))
            result = subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
                                    + arguments + [partial], capture_output=True, text=True)
            if result.returncode != 0 or not os.path.getsize(partial):
                sys.exit("fuzz: ffmpeg could not make %s: %s" % (name, result.stderr.strip()))
            os.replace(partial, path)
        with open(path, "rb") as f:
            seeds.append((name, has_audio, f.read(), path))
    return seeds, texts


def make_case(seed, index, seeds, texts):
    """File `index` of run `seed`: (file name, bytes, mode, mutation notes). One in six is a
    subtitle file (mode `subfile`), shown beside the first seed clip."""
    rng = random.Random("vplay-fuzz:%d:%d" % (seed, index))
    if texts and rng.random() < 1 / 6:
        name, data = rng.choice(texts)
        mutated, notes = mutators.mutate(rng, name, data, [])
        return "case-%05d-%s" % (index, name), mutated, "subfile", notes
    name, has_audio, data, _ = rng.choice(seeds)
    others = [s[2] for s in seeds if s[0] != name]
    mutated, notes = mutators.mutate(rng, name, data, others)
    mode = "play" if has_audio and rng.random() < 0.2 else "bench"
    stem, ext = name.rsplit(".", 1)
    return "case-%05d-%s.%s" % (index, stem, ext), mutated, mode, notes


def command_for(vplay, path, mode, video=None):
    if mode == "subfile":
        return [vplay, "--bench", "--no-audio", "--sub-file", path, video]
    if mode == "bench":
        return [vplay, "--bench", "--no-audio", path]
    return [vplay, "--autoexit", "--length", "2", path]


def classify(returncode, stderr):
    """played / clean error / crashed / other exit (hangs are decided by the caller)."""
    text = stderr.decode("utf-8", "replace")
    if returncode < 0 or returncode >= 128 or any(mark in text for mark in SANITIZER_MARKS):
        return "crashed"
    if returncode == 0:
        return "played"
    lines = text.splitlines()
    if returncode in (1, 2) and len(lines) == 1 and lines[0].startswith("vplay:"):
        return "clean error"
    return "other exit"


def gdb_stacks(args, pid=None, timeout=180, env=None):
    """All threads' stacks: attached to a live (hung) process, or of a fresh run until it
    stops on a signal (crash). Best effort: returns gdb's text or a note why not."""
    if not shutil.which("gdb"):
        return "(gdb not installed)\n"
    common = ["gdb", "-q", "-batch", "-nx", "-ex", "set pagination off", "-ex", "set confirm off",
              "-ex", "handle SIGPIPE nostop noprint pass"]
    if pid is not None:
        cmd = common + ["-p", str(pid), "-ex", "thread apply all bt 40"]
    else:
        cmd = common + ["-ex", "run", "-ex", "bt 60", "-ex", "info threads",
                        "-ex", "thread apply all bt 25", "--args"] + args
    env = dict(env or os.environ, SWIFT_BACKTRACE="enable=no")
    if "ASAN_OPTIONS" in env:
        env["ASAN_OPTIONS"] += ":abort_on_error=1"  # so gdb stops at the report
    try:
        result = subprocess.run(cmd, capture_output=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)
        return result.stdout.decode("utf-8", "replace") + result.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as error:
        return "(gdb timed out)\n" + (error.stdout or b"").decode("utf-8", "replace")


def sanitizer_env(vplay):
    """The environment for runs of `vplay`. For an AddressSanitizer build: no leak checks
    (libdbus, libpulse and Mesa never free some allocations, so every run would "fail") and
    no Swift crash backtracer (under ASan it reports its own stack reads as an error)."""
    env = dict(os.environ)
    with open(vplay, "rb") as f:
        instrumented = b"__asan_init" in f.read()
    if instrumented:
        env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
        env.setdefault("SWIFT_BACKTRACE", "enable=no")
    return env, instrumented


def run_case(vplay, path, mode, timeout, want_stacks, env=None, video=None):
    args = command_for(vplay, path, mode, video)
    started = time.monotonic()
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True, env=env)
    with RUNNING_LOCK:
        RUNNING.add(process.pid)
    try:
        return _finish_case(process, args, timeout, want_stacks, env, started)
    finally:
        with RUNNING_LOCK:
            RUNNING.discard(process.pid)


# Process groups of the runs in flight, killed when the driver is interrupted.
RUNNING = set()
RUNNING_LOCK = threading.Lock()
STOPPING = threading.Event()


def _interrupted(signum, frame):
    STOPPING.set()
    with RUNNING_LOCK:
        for pid in RUNNING:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _finish_case(process, args, timeout, want_stacks, env, started):
    stacks = None
    stopped_by = None
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        verdict = classify(process.returncode, stderr)
    except subprocess.TimeoutExpired:
        verdict = "hung"
        if want_stacks:
            stacks = gdb_stacks(args, pid=process.pid, timeout=120)
        # SIGTERM first: vplay quits cleanly on it, and in bench mode prints its stats line,
        # which tells a stall with no picture (frames_presented 0) from a later one.
        for sig, grace in ((signal.SIGTERM, 3), (signal.SIGKILL, None)):
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                pass
            try:
                stdout, stderr = process.communicate(timeout=grace)
                stopped_by = signal.Signals(sig).name
                break
            except subprocess.TimeoutExpired:
                continue
    if verdict == "crashed" and want_stacks:
        stacks = gdb_stacks(args, env=env)
    return dict(args=args, verdict=verdict, returncode=process.returncode, stdout=stdout,
                stderr=stderr, seconds=time.monotonic() - started, stacks=stacks, note=bench_note(stdout),
                stopped_by=stopped_by)


def bench_note(stdout):
    """'N frames presented' from a --bench stats line, or ''."""
    for line in stdout.decode("utf-8", "replace").splitlines():
        if line.startswith("{"):
            try:
                return "%d frames presented" % json.loads(line)["frames_presented"]
            except (ValueError, KeyError, TypeError):
                pass
    return ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", "-n", type=int, default=1000, help="files to try (default 1000)")
    parser.add_argument("--seed", type=int, default=None, help="run seed (default: from the clock, printed)")
    parser.add_argument("--only", type=int, action="append", help="make and run only file INDEX (repeatable)")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="runs in parallel (default 2)")
    # FFmpeg itself spends seconds of CPU probing some damaged files (ffprobe alike); on a
    # loaded 2-core machine 20 s still tells slow from hung.
    parser.add_argument("--timeout", type=float, default=20, help="seconds before a run counts as hung")
    parser.add_argument("--vplay", default=os.path.join(ROOT, ".build", "debug", "vplay"))
    parser.add_argument("--out", help="directory for the run (default: a new temp dir)")
    parser.add_argument("--seed-cache", default=os.path.join(tempfile.gettempdir(), "vplay-fuzz-seeds"))
    parser.add_argument("--keep", action="store_true", help="keep every file, not just failures")
    parser.add_argument("--no-stacks", action="store_true", help="skip gdb backtraces of failures")
    options = parser.parse_args()

    if not os.environ.get("DISPLAY"):
        # Re-run inside the private Xvfb + PulseAudio of the test suite.
        env_script = os.path.join(ROOT, "scripts", "test-env.sh")
        os.execvp("bash", ["bash", env_script, sys.executable, os.path.abspath(__file__)] + sys.argv[1:])

    if not os.access(options.vplay, os.X_OK):
        sys.exit("fuzz: no vplay binary at %s (run swift build)" % options.vplay)
    seed = options.seed if options.seed is not None else int(time.time()) % 1000000
    indices = options.only or list(range(options.count))

    started = time.monotonic()
    seeds, texts = make_seeds(options.seed_cache)
    out = options.out or tempfile.mkdtemp(prefix="vplay-fuzz-")
    os.makedirs(out, exist_ok=True)
    # A private copy, so a concurrent `swift build` cannot swap the binary mid-run.
    vplay = os.path.join(out, "vplay")
    shutil.copy2(options.vplay, vplay)
    env, instrumented = sanitizer_env(vplay)
    corpus = hashlib.sha256(b"".join([s[2] for s in seeds] + [t[1] for t in texts])).hexdigest()[:12]
    print("fuzz: seed %d, %d files, %d seed clips (corpus %s), timeout %gs, %d jobs, %sin %s"
          % (seed, len(indices), len(seeds), corpus, options.timeout, options.jobs,
             "AddressSanitizer build, " if instrumented else "", out), flush=True)

    counts = {"crashed": 0, "hung": 0, "clean error": 0, "played": 0, "other exit": 0}
    failures, others = [], []
    lock = threading.Lock()
    done = [0]

    def one(index):
        if STOPPING.is_set():
            return
        name, data, mode, notes = make_case(seed, index, seeds, texts)
        path = os.path.join(out, name)
        with open(path, "wb") as f:
            f.write(data)
        result = run_case(vplay, path, mode, options.timeout, not options.no_stacks, env, video=seeds[0][3])
        if STOPPING.is_set():
            return
        verdict = result["verdict"]
        interesting = verdict in ("crashed", "hung", "other exit")
        if interesting or options.keep:
            with open(path + ".txt", "w") as f:
                f.write("seed %d index %d mode %s verdict %s exit %s (%.2fs) %s\n"
                        % (seed, index, mode, verdict, result["returncode"], result["seconds"], result["note"]))
                f.write("mutations: %s\n" % "; ".join(notes))
                f.write("command: %s\n" % " ".join(result["args"]))
                f.write("--- stderr ---\n%s\n" % result["stderr"].decode("utf-8", "replace"))
                if result["stacks"]:
                    f.write("--- gdb ---\n%s\n" % result["stacks"])
        elif not options.keep:
            os.remove(path)
        with lock:
            counts[verdict] += 1
            done[0] += 1
            if verdict in ("crashed", "hung"):
                failures.append((index, path, verdict, result))
                first = result["stderr"].decode("utf-8", "replace").strip().splitlines()[:1]
                detail = result["note"] if verdict == "hung" else (first[0] if first else "")
                ending = ("stopped by %s" % result["stopped_by"] if verdict == "hung"
                          else "exit %s" % result["returncode"])
                print("fuzz: %s (%s, %s%s): %s  [%s]" % (verdict.upper(), mode, ending,
                                                              ", " + detail if detail else "", path,
                                                              "; ".join(notes)), flush=True)
            elif verdict == "other exit":
                others.append((index, path, result))
            if done[0] % 100 == 0:
                print("fuzz: %d/%d done (%.0fs)" % (done[0], len(indices), time.monotonic() - started),
                      flush=True)

    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        futures = [pool.submit(one, i) for i in indices]
        # Polling wait, so an interrupt is handled at once rather than after the last file.
        while not all(f.done() for f in futures) and not STOPPING.is_set():
            concurrent.futures.wait(futures, timeout=0.5)
        for future in futures:
            if future.done() and not future.cancelled():
                future.result()
    if STOPPING.is_set():
        print("fuzz: interrupted after %d of %d files; files so far in %s" % (done[0], len(indices), out))
        return 130

    elapsed = time.monotonic() - started
    for index, path, result in sorted(others)[:10]:
        lines = result["stderr"].decode("utf-8", "replace").strip().splitlines()
        print("fuzz: other exit %s, %d stderr lines: %s%s" % (result["returncode"], len(lines), path,
                                                               (": " + lines[0][:120]) if lines else ""))
    print("fuzz: %d files tried / %d crashed / %d hung / %d clean errors / %d played / %d other exits  (%.0fs)"
          % (len(indices), counts["crashed"], counts["hung"], counts["clean error"], counts["played"],
             counts["other exit"], elapsed))
    if failures:
        print("fuzz: failing inputs (details in FILE.txt; remake with --seed %d --only INDEX):" % seed)
        for index, path, verdict, _ in sorted(failures):
            print("  %s  %s" % (verdict, path))
        return 1
    if not others and not options.keep:
        shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
