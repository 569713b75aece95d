#!/usr/bin/env python3
"""vplay against ffplay and mpv on the same files, same window (1280x720), same audio path
(the PulseAudio null sink of scripts/test-env.sh), RUNS runs each, one player after another.
Run it through `make bench` (QUICK=1: one run, 10 s clips; RUNS=N).

Sections (each figure is the median over runs, with min-max, and the ratios vplay/ffplay and
vplay/mpv are taken within each run and then summarised the same way):
  1. real-time playback cost: user+sys CPU s per media s and peak RSS (wait4 rusage: every
     thread) while playing LENGTH s of each clip; for 1080p also vplay's CPU against
     `ffmpeg -threads 0 -t LENGTH -i CLIP -an -f null -` run right after it, and against
     the same at the clip's pace (`-re`);
  2. paused cost: CPU over PAUSE_S s while paused, after a 3 s settle;
  3. untimed throughput: frames / wall for vplay --bench, ffmpeg decode-only, mpv --untimed;
  4. time to first frame: process start to the clip's solid green first frame on screen;
  5. seek latency over the JSON IPC (vplay, mpv): seek to playback-restart;
  6. A/V offset from outside: window patch + sink monitor captured by one ffmpeg process;
  7. audio-track switch (vplay, mpv): `set_property aid` to the new track's tone heard at
     the sink, and the silence between the tones (track_switch.py);
  8. exact-seek landing error while playing (vplay, mpv): time-pos on playback-restart
     minus the target (seek_landing.py);
  9. HDR playback cost (vplay, mpv): CPU s per media s for 1080p HDR10 HEVC, tone-mapped
     to SDR, against the same bitstream tagged SDR (the cost of tone mapping alone).
  10. subtitle cost (vplay, mpv --vo=x11): CPU per media s playing 1080p with an ASS track
     shown and with it off, and the difference (subtitle_cost.py).
  net, hls, net-rss (network.py, a private nginx on 127.0.0.1): first frame over HTTP,
     unthrottled and at 2.5 MB/s, against the local file; HLS first frame and seek latency;
     peak RSS playing a 2-hour file over HTTP with the cache off, at its default limits and
     with --demuxer-max-bytes=20MiB.
  seek-playing (seek_playing.py, vplay and mpv): keyframe and exact seeks while playing (command to
     playback-restart), the exact landing error, the A/V offset in the 0.5 s after each restart, and
     pictures per second while the slider is dragged end to end.
  next-file, ipc-open, folder (session.py, vplay and mpv): the gap between the files of a
     playlist played through (IPC events and on screen); the IPC round trip while a slow
     source opens; launch to playlist-count for a folder of 10,000 files.
  backward (backward.py, vplay and mpv): 1080p30 with sound played backward against forward:
     CPU, backward ÷ forward CPU, peak RSS added, vplay's frames dropped and picture holds, A/V backward.
  machine (machine_cpu.py): CPU s of the player, the PulseAudio daemon and Xvfb over the same
     20 s at 720p and 1080p, and their sum: what playing costs the whole machine.
  web-start, web-avseek (web_start.py, vplay and mpv with the same yt-dlp, a private nginx): a
     page URL to the first frame; the A/V offset through exact seeks with separate video and
     audio URLs played as one item.
  album-gap (album_gap.py, vplay and mpv --gapless-audio=yes): the silence at the sink between two
     consecutive FLAC files whose tone runs on across the join, and the tone's length.
  loudness (loudness.py, vplay): --normalize=track heard at the monitor (loudness against the
     target, no pumping), the loudness reader's CPU and the drops it adds at 1080p, and the
     silence at an audio-device switch between two null sinks.
  ab-seam (ab_seam.py, vplay and mpv): the silence at the sink where an A-B loop jumps from B back
     to A, with a beep ending at B and another starting at A, and whether B's beep is heard whole.

--only runs some sections; their table goes to .build/bench/results-only.md (not
BENCHMARKS.md, whose table stays that of a whole run) unless --out says otherwise.

Failed runs are printed as they happen, kept in the output, and mark their cells.
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import ab_seam  # noqa: E402
import album_gap  # noqa: E402
import avsync  # noqa: E402
import backward  # noqa: E402
import benchlib  # noqa: E402
import loudness  # noqa: E402
import machine_cpu  # noqa: E402
import network  # noqa: E402
import seek_landing  # noqa: E402
import seek_latency  # noqa: E402
import seek_playing  # noqa: E402
import session  # noqa: E402
import subtitle_cost  # noqa: E402
import track_switch  # noqa: E402
import web_start  # noqa: E402
import xscreen  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(ROOT, ".build", "bench")
CLIPS = os.path.join(WORK, "clips")
GEOMETRY = (1280, 720)
PLAYERS = ("vplay", "ffplay", "mpv", "mpv-x11")
SECTIONS = ("play", "paused", "fps", "ttff", "seek", "av", "track-switch", "seek-landing", "hdr", "subs", "eq",
            *network.SECTIONS, *session.SECTIONS, *seek_playing.SECTIONS, *backward.SECTIONS, *machine_cpu.SECTIONS,
            *web_start.SECTIONS, *album_gap.SECTIONS, *loudness.SECTIONS, *ab_seam.SECTIONS)
HEADERS = {"vplay": "vplay", "ffplay": "ffplay", "mpv": "mpv", "mpv-x11": "mpv --vo=x11"}
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ----------------------------------------------------------------------------- helpers

def log(msg=""):
    print(msg, flush=True)


def load1():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def wait_for_quiet_machine(limit=1.5, max_wait=180):
    start = time.monotonic()
    load = load1()
    while load >= limit and time.monotonic() - start < max_wait:
        log(f"  1-min load {load:.2f} >= {limit}, waiting ({time.monotonic() - start:.0f} s of {max_wait} s)")
        time.sleep(10)
        load = load1()
    waited = time.monotonic() - start
    note = "" if load < limit else f" (still >= {limit} after {max_wait} s: measuring anyway)"
    log(f"1-min load {load:.2f} after waiting {waited:.0f} s{note}")
    return load, waited


def ffprobe_value(path, entries, stream="v:0"):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", stream, "-count_packets",
                          "-show_entries", entries, "-of", "csv=p=0", path],
                         capture_output=True, text=True, check=True).stdout.strip()
    return out.split(",")[0]


def encode(path, video_src, seconds, preset="veryfast"):
    if os.path.exists(path):
        return
    log(f"  generating {os.path.relpath(path, ROOT)}")
    benchlib.test_clip(path, video_src, seconds, preset=preset)


def make_clips(seconds, av_seconds, sections):
    """{label: path}, the clips SECTIONS use (a section run alone does not wait for the
    2160p encode). H.264 (x264 veryfast, 2 s keyframe spacing) + AAC stereo 48 kHz."""
    os.makedirs(CLIPS, exist_ok=True)
    c = {}
    if sections & {"play", "paused", "fps", "seek", "machine", "eq"}:
        for label, size in (("1080p30", "1920x1080"), ("720p30", "1280x720"), ("2160p30", "3840x2160")):
            if label == "2160p30" and not sections & {"play", "paused", "fps", "seek"}:
                continue  # the machine section plays 720p and 1080p only
            c[label] = os.path.join(CLIPS, f"{label}-{seconds}s.mp4")
            encode(c[label], f"testsrc2=size={size}:rate=30", seconds)
    # Throughput on the first 10 s (2160p: 6 s) only, keyframe-aligned stream copies, to
    # keep the whole run in time.
    for label, cut in (("1080p30", 10), ("720p30", 10), ("2160p30", 6)) if "fps" in sections else ():
        c[f"{label}-cut"] = os.path.join(CLIPS, f"{label}-{seconds}s-first{min(cut, seconds)}s.mp4")
        if not os.path.exists(c[f"{label}-cut"]):
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", c[label],
                            "-t", str(cut), "-c", "copy", "-movflags", "+faststart",
                            c[f"{label}-cut"]], check=True)
    if "ttff" in sections:
        c["first-frame"] = os.path.join(CLIPS, "green-1080p30-4s.mp4")
        encode(c["first-frame"], "color=c=0x00ff00:size=1920x1080:rate=30", 4)
    if "av" in sections:
        c["avsync"] = os.path.join(CLIPS, f"avsynctest-720p30-{av_seconds}s.mp4")
        if not os.path.exists(c["avsync"]):
            log(f"  generating {os.path.relpath(c['avsync'], ROOT)}")
            avsync.make_clip(c["avsync"], av_seconds)
    # Both 20 s / 30 s whatever QUICK says: the switches and seeks need the room.
    for key, name, module in (("track-switch", "two-tones-720p30-20s.mkv", track_switch),
                              ("seek-landing", "1080p30-30s-keys-2to5s.mp4", seek_landing)):
        if key in sections:
            c[key] = os.path.join(CLIPS, name)
            if not os.path.exists(c[key]):
                log(f"  generating {os.path.relpath(c[key], ROOT)}")
                module.make_clip(c[key])
    if "hdr" in sections:
        c["hdr10"] = os.path.join(CLIPS, f"hdr10-hevc-1080p25-{seconds}s.mkv")
        c["hdr10-as-sdr"] = os.path.join(CLIPS, f"hdr10-hevc-1080p25-{seconds}s-tagged-sdr.mkv")
        make_hdr_clips(c["hdr10"], c["hdr10-as-sdr"], seconds)
    if "subs" in sections:
        c["subs"] = os.path.join(CLIPS, f"1080p30-ass-{seconds}s.mkv")
        if not os.path.exists(c["subs"]):
            log(f"  generating {os.path.relpath(c['subs'], ROOT)}")
            subtitle_cost.make_clip(c["subs"], seconds)
    c.update(network.make_clips(CLIPS, sections, log))
    c.update(session.make_clips(CLIPS, sections, log))
    c.update(seek_playing.make_clips(CLIPS, sections, log))
    c.update(backward.make_clips(CLIPS, sections, log))
    c.update(album_gap.make_clips(CLIPS, sections, log))
    c.update(loudness.make_clips(CLIPS, sections, log))
    c.update(ab_seam.make_clips(CLIPS, sections, log))
    return c


def make_hdr_clips(hdr, sdr, seconds):
    """testsrc2 brought to PQ / BT.2020 by zscale (SDR white at 203 cd/m²), HEVC Main 10 with
    HDR10 metadata; and the same bitstream with its colour tags rewritten to BT.709."""
    if not os.path.exists(hdr):
        log(f"  generating {os.path.relpath(hdr, ROOT)}")
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi",
                        "-i", f"testsrc2=size=1920x1080:rate=25:duration={seconds},format=yuv420p10le",
                        "-vf", "zscale=transfer=smpte2084:primaries=bt2020:matrix=bt2020nc:transferin=bt709"
                        ":primariesin=bt709:matrixin=bt709:npl=203",
                        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
                        "crf=20:log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:hdr10=1"
                        ":master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50)"
                        ":max-cll=1000,400",
                        "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", hdr],
                       check=True)
    if not os.path.exists(sdr):
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", hdr, "-c", "copy", "-bsf:v",
                        "hevc_metadata=transfer_characteristics=1:colour_primaries=1:matrix_coefficients=1", sdr],
                       check=True)


# ----------------------------------------------------------------------------- commands

def play_cmd(player, vplay, clip, length=None, speed=None, extra=()):
    w, h = GEOMETRY
    if player == "vplay":
        return [vplay, "--autoexit", *([f"--length={length}"] if length else []),
                *([f"--speed={speed}"] if speed else []), f"--geometry={w}x{h}", *extra, clip]
    if player == "ffplay":
        assert not speed
        return ["ffplay", "-autoexit", *(["-t", str(length)] if length else []),
                "-x", str(w), "-y", str(h), "-loglevel", "quiet", clip]
    vo = ["--vo=x11"] if player == "mpv-x11" else []
    return ["mpv", *vo, *([f"--length={length}"] if length else []),
            *([f"--speed={speed}"] if speed else []),
            f"--geometry={w}x{h}", "--no-config", "--really-quiet", *extra, clip]


def paused_cmd(player, vplay, clip):
    w, h = GEOMETRY
    if player == "vplay":
        return [vplay, "--pause", f"--geometry={w}x{h}", clip]
    if player == "ffplay":
        return ["ffplay", "-x", str(w), "-y", str(h), "-loglevel", "quiet", clip]
    vo = ["--vo=x11"] if player == "mpv-x11" else []
    return ["mpv", *vo, "--pause", f"--geometry={w}x{h}", "--no-config", "--really-quiet", clip]


def throughput_cmd(player, vplay, clip):
    w, h = GEOMETRY
    if player == "vplay":
        return [vplay, "--bench", f"--geometry={w}x{h}", clip]
    if player == "ffplay":  # the decode-only limit stands in this column
        return ["ffmpeg", "-nostdin", "-threads", "0", "-i", clip, "-an", "-f", "null", "-"]
    vo = ["--vo=x11"] if player == "mpv-x11" else []
    return ["mpv", *vo, "--untimed", "--no-audio", f"--geometry={w}x{h}", "--no-config",
            "--really-quiet", clip]


def decode_cmd(clip, length, paced=False):
    """Decoding alone, as fast as it goes: what real-time playback's CPU is held against.
    Paced (`-re`), it decodes at the clip's own rate, as a player must, and sleeps between
    frames: what decoding alone costs when it runs as playback does."""
    pace = ["-re"] if paced else []
    return ["ffmpeg", "-nostdin", "-threads", "0", *pace, "-t", str(length), "-i", clip, "-an", "-f", "null", "-"]


def shell_line(cmd):
    return " ".join(a if re.fullmatch(r"[\w./=:+,-]+", a) else repr(a) for a in cmd)


# ----------------------------------------------------------------------------- processes

class Failed(Exception):
    pass


def log_file(tag):
    os.makedirs(os.path.join(WORK, "logs"), exist_ok=True)
    return open(os.path.join(WORK, "logs", tag + ".log"), "w")


def tail(path, lines=3):
    try:
        with open(path, errors="replace") as f:
            text = f.read().replace("\r", "\n").strip().splitlines()
        return " | ".join(text[-lines:])
    except OSError:
        return ""


def run_measured(cmd, tag, timeout):
    """Runs CMD to its end; wall s, user+sys s and peak RSS (MB) of the whole process
    (all threads) from wait4. Raises Failed on a non-zero status or a timeout."""
    out = log_file(tag)
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    timed_out = False
    while True:
        pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - start > timeout and not timed_out:
            timed_out = True
            proc.kill()
        time.sleep(0.005)
    wall = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    out.close()
    if timed_out:
        raise Failed(f"timed out after {timeout:.0f} s")
    if proc.returncode != 0:
        raise Failed(f"exit status {proc.returncode}: {tail(out.name)}")
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss_mb": ru.ru_maxrss / 1024,
            "log": out.name}


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime: all threads


# ----------------------------------------------------------------------------- measurements

def m_playback(player, vplay, clip, length, tag, extra=()):
    r = run_measured(play_cmd(player, vplay, clip, length, extra=extra), tag, timeout=length + 40)
    return {"cpu_per_s": r["cpu"] / length, "rss_mb": r["rss_mb"], "wall": r["wall"]}


def m_paused(player, vplay, clip, seconds, tag, screen):
    out = log_file(tag)
    proc = subprocess.Popen(paused_cmd(player, vplay, clip), stdin=subprocess.DEVNULL,
                            stdout=out, stderr=subprocess.STDOUT)
    try:
        win = xscreen.wait_for_window(proc, size=GEOMETRY, timeout=15)
        if win is None:
            raise Failed(f"no {GEOMETRY[0]}x{GEOMETRY[1]} window (status {proc.poll()}): {tail(out.name)}")
        if player == "ffplay":
            time.sleep(0.5)  # let the first frames through, as the others show theirs
            subprocess.run(["xdotool", "key", "--window", win[0], "p"], check=True)
        time.sleep(3)  # settle
        c0, t0 = cpu_seconds(proc.pid), time.monotonic()
        time.sleep(seconds)
        c1, t1 = cpu_seconds(proc.pid), time.monotonic()
        _, x, y, w, h = win
        a = hashlib.sha1(screen.raw_region(x, y, w, h)).digest()
        time.sleep(0.5)
        b = hashlib.sha1(screen.raw_region(x, y, w, h)).digest()
        if proc.poll() is not None:
            raise Failed(f"exited while paused (status {proc.returncode})")
        if a != b:
            raise Failed("picture still changing: not paused")
        return {"cpu_pct": 100 * (c1 - c0) / (t1 - t0)}
    finally:
        benchlib.stop(proc)
        out.close()


def m_throughput(player, vplay, clip, frames_in_clip, tag):
    r = run_measured(throughput_cmd(player, vplay, clip), tag, timeout=300)
    frames = frames_in_clip
    if player == "vplay":
        line = [l for l in open(r["log"], errors="replace").read().splitlines() if l.startswith("{")]
        if not line:
            raise Failed("no JSON line from --bench")
        stats = json.loads(line[-1])
        frames = stats["frames_presented"]
    elif player == "ffplay":
        counts = re.findall(r"frame=\s*(\d+)", open(r["log"], errors="replace").read())
        if not counts:
            raise Failed("no frame count in ffmpeg's output")
        frames = int(counts[-1])
    return {"fps": frames / r["wall"], "cpu_ms_per_frame": 1000 * r["cpu"] / max(frames, 1),
            "frames": frames}


def m_first_frame(player, vplay, clip, tag, screen):
    """Process start to the first frame (solid green) at the screen centre, which every
    player's window covers. Polls one pixel about every 0.5 ms (an XGetImage takes ~30 us)."""
    cx, cy = 960, 540
    r, g, b = screen.pixel(cx, cy)
    if g > 150 and r < 100 and b < 100:
        raise Failed("screen centre already green before the start")
    out = log_file(tag)
    start = time.monotonic()
    proc = subprocess.Popen(play_cmd(player, vplay, clip), stdin=subprocess.DEVNULL,
                            stdout=out, stderr=subprocess.STDOUT)
    try:
        while True:
            r, g, b = screen.pixel(cx, cy)
            now = time.monotonic()
            if g > 150 and r < 100 and b < 100:
                return {"ms": (now - start) * 1000}
            if now - start > 15:
                raise Failed("no green frame within 15 s")
            if proc.poll() is not None:
                raise Failed(f"exited (status {proc.returncode}) before a frame: {tail(out.name)}")
            time.sleep(0.0005)
    finally:
        benchlib.stop(proc)
        out.close()
        time.sleep(0.3)  # the window is gone and the screen black again before the next one


def logged(tag, measure, *args, **kwargs):
    """MEASURE(*ARGS, **KWARGS, log=TAG's log file); a RuntimeError or OSError it raises comes
    out as Failed with the log's last lines."""
    out = log_file(tag)
    try:
        return measure(*args, **kwargs, log=out)
    except (RuntimeError, OSError) as e:
        raise Failed(f"{e}: {tail(out.name)}")
    finally:
        out.close()


def m_seek(player, vplay, clip, seeks, tag):
    extra = ["--vo=x11"] if player == "mpv-x11" else []
    binary = "mpv" if player.startswith("mpv") else vplay
    res = logged(tag, seek_latency.measure, binary, clip, seeks, "mpv" if player.startswith("mpv") else "vplay",
                 extra)
    return {"exact_median": statistics.median(res["exact"]), "exact_max": max(res["exact"]),
            "key_median": statistics.median(res["keyframes"]), "key_max": max(res["keyframes"])}


# The A/V run with seeks: an A-B loop over flashes 1-3 s, repeated twice, so the events at
# 1 s come half a second after each jump back (an exact seek in both players).
AB_LOOP = ["--ab-loop-a=0.5", "--ab-loop-b=3.5", "--ab-loop-count=2"]
AB_LOOP_EXTRA_SECONDS = 6   # two repeats of the 3 s loop


def m_avsync(player, vplay, clip, speed, reference, tag, av_seconds, with_seeks=False):
    cmd = play_cmd(player, vplay, clip, speed=speed if speed != 1 else None)
    if with_seeks:
        cmd = cmd[:-1] + AB_LOOP + cmd[-1:]
    workdir = os.path.join(WORK, "logs")
    os.makedirs(workdir, exist_ok=True)
    try:
        events, info = avsync.measure(cmd, reference, speed, workdir, tag,
                                      timeout=(av_seconds + (AB_LOOP_EXTRA_SECONDS if with_seeks else 0)) / speed + 30)
    except RuntimeError as e:
        raise Failed(str(e))
    offsets = [o for _, o in events]
    return {"median": statistics.median(offsets), "max_abs": max(abs(o) for o in offsets),
            "events": len(offsets), "offsets": offsets, "capture_fps": info["capture_fps"]}


def m_track_switch(player, vplay, clip, switches, tag):
    res = logged(tag, track_switch.measure, "mpv" if player == "mpv" else vplay, clip, switches, player)
    return {**track_switch.summary(res),
            "step": statistics.median(r["offset_spread"] for r in res) * 1000}


def m_landing(player, vplay, clip, seeks, tag):
    return seek_landing.summary(logged(tag, seek_landing.measure, "mpv" if player == "mpv" else vplay,
                                       clip, seeks, player))


# ----------------------------------------------------------------------------- results

class Results:
    """rows[key] = {"title", "fmt", "ratios", "cells": {player: [value or Failed, ...]}}"""

    def __init__(self, runs):
        self.runs = runs
        self.rows = {}
        self.order = []
        self.failures = []
        self.extra = {}

    def row(self, key, title, fmt, ratios=True, players=PLAYERS, na=None):
        if key not in self.rows:
            self.rows[key] = {"title": title, "fmt": fmt, "ratios": ratios, "players": players,
                              "na": na or {}, "cells": {p: [None] * self.runs for p in PLAYERS}}
            self.order.append(key)
        return self.rows[key]

    def put(self, key, player, run, value):
        self.rows[key]["cells"][player][run] = value

    def fail(self, keys, player, run, what, reason):
        msg = f"FAILED run {run + 1}: {what}: {reason}"
        log("    " + msg)
        self.failures.append(f"{HEADERS[player]}, {msg}")
        for key in keys:
            self.rows[key]["cells"][player][run] = Failed(reason)

    @staticmethod
    def summary(values, fmt):
        ok = [v for v in values if isinstance(v, (int, float))]
        if not ok:
            return None, "FAILED" if any(isinstance(v, Failed) for v in values) else "—"
        med = statistics.median(ok)
        text = fmt.format(med)
        if len(ok) > 1:
            text += f" ({fmt.format(min(ok))}–{fmt.format(max(ok))})"
        bad = sum(isinstance(v, Failed) for v in values)
        if bad:
            text += f" ✗{bad}/{len(values)} failed"
        return med, text

    def ratio(self, row, other):
        a, b = row["cells"]["vplay"], row["cells"][other]
        pairs = [x / y for x, y in zip(a, b)
                 if isinstance(x, (int, float)) and isinstance(y, (int, float)) and y]
        if not pairs:
            return "—"
        return self.summary(pairs, "{:.2f}")[1]

    def table(self):
        head = ["", *(HEADERS[p] for p in PLAYERS), "vplay/ffplay", "vplay/mpv", "vplay/mpv x11"]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for key in self.order:
            row = self.rows[key]
            cells = [row["title"]]
            for p in PLAYERS:
                if p in row["na"]:
                    cells.append(row["na"][p])
                elif p not in row["players"]:
                    cells.append("—")
                else:
                    cells.append(self.summary(row["cells"][p], row["fmt"])[1])
            for other in ("ffplay", "mpv", "mpv-x11"):
                ok = row["ratios"] and other in row["players"] and other not in row["na"]
                cells.append(self.ratio(row, other) if ok else "—")
            lines.append("| " + " | ".join(cells) + " |")
        return "\n".join(lines)

    def raw(self):
        def enc(v):
            return {"failed": str(v)} if isinstance(v, Failed) else v
        return {k: {"title": r["title"], "cells": {p: [enc(v) for v in vs] for p, vs in r["cells"].items()}}
                for k, r in self.rows.items()}


# ----------------------------------------------------------------------------- main

def machine():
    model = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    gl = "llvmpipe (glxinfo not installed; mpv -v reports llvmpipe under Xvfb)"
    if shutil.which("glxinfo"):
        out = subprocess.run(["glxinfo", "-B"], capture_output=True, text=True).stdout
        m = re.search(r"OpenGL renderer string:\s*(.*)", out)
        if m:
            gl = m.group(1).strip()
    return {"nproc": os.cpu_count(), "cpu": model, "gl": gl, "kernel": platform.release()}


def mpv_default_vo(clip):
    """The video output mpv picks with no --vo on this machine (vo=gpu refuses llvmpipe)."""
    out = subprocess.run(["mpv", "--no-config", "-v", "--frames=1", "--no-audio",
                          "--geometry=1280x720", clip], capture_output=True, text=True, timeout=30)
    m = re.search(r"VO: \[(\w[\w-]*)\]", out.stdout + out.stderr)
    return m.group(1) if m else "?"


def version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
        first = (out.stdout or out.stderr).strip().splitlines()[0]
        return re.split(r"\s+Copyright", first)[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vplay", default=os.path.join(ROOT, ".build", "bin", "vplay"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="1 run, 10 s clips, shorter waits")
    ap.add_argument("--out", help="markdown file for the results (default: BENCHMARKS.md's "
                    "results block; with --quick, .build/bench/results-quick.md)")
    ap.add_argument("--max-wait", type=float, default=180,
                    help="longest wait for the 1-min load to drop below 1.5, s (default 180)")
    ap.add_argument("--only", help="comma-separated sections to run: " + ",".join(SECTIONS)
                    + " (the table then goes to .build/bench/results-only.md unless --out)")
    args = ap.parse_args()

    runs = 1 if args.quick else max(1, args.runs)
    length = 10 if args.quick else 20
    pause_s = 5 if args.quick else 10
    seeks = 10 if args.quick else 20
    # 10 s: ten events per run even at 2x, where a few events make a noisy median.
    av_seconds = 5 if args.quick else 10
    sections = set(args.only.split(",")) if args.only else set(SECTIONS)
    if sections - set(SECTIONS):
        log(f"bench: unknown section(s) {','.join(sorted(sections - set(SECTIONS)))}; "
            f"sections: {','.join(SECTIONS)}")
        return 2
    switches = 4 if args.quick else 6
    landing_seeks = 10

    for tool in ("ffmpeg", "ffprobe", "ffplay", "mpv", "xdotool"):
        if not shutil.which(tool):
            log(f"bench: {tool} not found (make setup installs it)")
            return 1
    if not os.access(args.vplay, os.X_OK):
        log(f"bench: {args.vplay} not built (make release)")
        return 1
    if "DISPLAY" not in os.environ or "PULSE_SERVER" not in os.environ:
        log("bench: run inside scripts/test-env.sh (needs its Xvfb and PulseAudio null sink)")
        return 1

    t_start = time.monotonic()
    when = datetime.datetime.now().astimezone()
    log(f"vplay bench: {runs} run(s), {length} s clips" + (" (QUICK)" if args.quick else ""))
    log("clips:")
    clips = make_clips(length, av_seconds, sections)
    frames = {k: int(ffprobe_value(clips[k], "stream=nb_read_packets"))
              for k in ("1080p30-cut", "720p30-cut", "2160p30-cut") if k in clips}

    log("waiting for a quiet machine:")
    load, waited = wait_for_quiet_machine(max_wait=args.max_wait)
    loads = {"start": load}
    res = Results(runs)
    screen = xscreen.Screen()
    vplay = args.vplay

    def order(run, players):
        """Players one after another; the order rotates from run to run."""
        players = list(players)
        k = run % len(players)
        return players[k:] + players[:k]

    def section(name, title):
        loads[name] = load1()
        log(f"\n== {title} (1-min load {loads[name]:.2f}, {time.monotonic() - t_start:.0f} s in)")

    # 1. Real-time playback cost
    if "play" in sections:
        section("play", f"1. playback cost, {length} s of each clip")
        for label in ("1080p30", "720p30", "2160p30"):
            res.row(f"cpu-{label}", f"CPU s per media s, {label[:-2]}", "{:.3f}")
            res.row(f"rss-{label}", f"peak RSS MB, {label[:-2]}", "{:.0f}")
        # The same seconds decoded alone, right after vplay played them (ffplay column).
        res.row("cpu-decode-1080p30", "CPU s per media s, 1080p, vplay against ffmpeg decoding alone "
                "(target ≤ 1.15)", "{:.3f}", players=("vplay", "ffplay"))
        res.row("cpu-paced-decode-1080p30", "CPU s per media s, 1080p, vplay against ffmpeg decoding alone "
                "at the clip's pace (`-re`)", "{:.3f}", players=("vplay", "ffplay"))
        for run in range(runs):
            for label in ("1080p30", "720p30", "2160p30"):
                for p in order(run, PLAYERS):
                    xscreen.move_pointer_away()
                    tag = f"play-{label}-{p}-run{run + 1}"
                    try:
                        r = m_playback(p, vplay, clips[label], length, tag)
                        res.put(f"cpu-{label}", p, run, r["cpu_per_s"])
                        res.put(f"rss-{label}", p, run, r["rss_mb"])
                        log(f"  run {run + 1} {label:8s} {HEADERS[p]:13s} {r['cpu_per_s']:.3f} CPU s/s  "
                            f"{r['rss_mb']:.0f} MB  wall {r['wall']:.1f} s")
                    except Failed as e:
                        res.fail([f"cpu-{label}", f"rss-{label}"], p, run, f"play {label}", e)
                        continue
                    if label != "1080p30" or p != "vplay":
                        continue
                    for key, paced, name in (("cpu-decode-1080p30", False, "ffmpeg -f null"),
                                             ("cpu-paced-decode-1080p30", True, "ffmpeg -re")):
                        what = "paced-decode" if paced else "decode"
                        try:
                            d = run_measured(decode_cmd(clips[label], length, paced), f"{what}-{label}-run{run + 1}",
                                             timeout=length + 40)
                            res.put(key, "vplay", run, r["cpu_per_s"])
                            res.put(key, "ffplay", run, d["cpu"] / length)
                            log(f"  run {run + 1} {label:8s} {name:13s} {d['cpu'] / length:.3f} CPU s/s  "
                                f"(vplay ÷ {name} {r['cpu_per_s'] * length / d['cpu']:.2f})")
                        except Failed as e:
                            res.fail([key], "ffplay", run, f"{what} {label}", e)

    # 2. Paused cost
    if "paused" in sections:
        section("paused", f"2. paused cost, {pause_s} s after a 3 s settle")
        pausers = ("vplay", "ffplay", "mpv")
        res.row("paused", "paused CPU %, 1080p", "{:.2f}", players=pausers)
        for run in range(runs):
            for p in order(run, pausers):
                xscreen.move_pointer_away()
                try:
                    r = m_paused(p, vplay, clips["1080p30"], pause_s, f"paused-{p}-run{run + 1}", screen)
                    res.put("paused", p, run, r["cpu_pct"])
                    log(f"  run {run + 1} {HEADERS[p]:13s} {r['cpu_pct']:.2f} % CPU")
                except Failed as e:
                    res.fail(["paused"], p, run, "paused", e)

    # 3. Untimed throughput
    if "fps" in sections:
        section("fps", "3. untimed throughput (ffplay column: ffmpeg decode-only)")
        labels = tuple((f"{k}-cut", f"{k[:-2]} ({frames[k + '-cut'] / 30:.0f} s)")
                       for k in ("1080p30", "720p30", "2160p30"))
        for label, name in labels:
            res.row(f"fps-{label}", f"untimed fps, {name}", "{:.1f}")
        for label, name in labels:
            res.row(f"cpf-{label}", f"untimed CPU ms/frame, {name}", "{:.1f}")
        for run in range(runs):
            for label, _ in labels:
                for p in order(run, PLAYERS):
                    xscreen.move_pointer_away()
                    try:
                        r = m_throughput(p, vplay, clips[label], frames[label], f"fps-{label}-{p}-run{run + 1}")
                        res.put(f"fps-{label}", p, run, r["fps"])
                        res.put(f"cpf-{label}", p, run, r["cpu_ms_per_frame"])
                        log(f"  run {run + 1} {label:10s} {HEADERS[p] if p != 'ffplay' else 'ffmpeg -f null':15s} "
                            f"{r['fps']:6.1f} fps  {r['cpu_ms_per_frame']:.1f} CPU ms/frame  ({r['frames']} frames)")
                    except Failed as e:
                        res.fail([f"fps-{label}", f"cpf-{label}"], p, run, f"throughput {label}", e)

    # 4. Time to first frame
    if "ttff" in sections:
        section("ttff", "4. time to first frame (1080p, green first frame)")
        res.row("ttff", "first frame ms, 1080p", "{:.0f}")
        for run in range(runs):
            for p in order(run, PLAYERS):
                xscreen.move_pointer_away()
                try:
                    r = m_first_frame(p, vplay, clips["first-frame"], f"ttff-{p}-run{run + 1}", screen)
                    res.put("ttff", p, run, r["ms"])
                    log(f"  run {run + 1} {HEADERS[p]:13s} {r['ms']:.0f} ms")
                except Failed as e:
                    res.fail(["ttff"], p, run, "first frame", e)

    # 5. Seek latency
    if "seek" in sections:
        section("seek", f"5. seek latency over IPC, {seeks} random targets per mode, 1080p")
        seekers = ("vplay", "mpv")
        na = {"ffplay": "n/a (no IPC)"}
        for key, title in (("exact_median", "seek exact, median ms"), ("exact_max", "seek exact, max ms"),
                           ("key_median", "seek keyframes, median ms"), ("key_max", "seek keyframes, max ms")):
            res.row(f"seek-{key}", title, "{:.0f}", players=seekers, na=na)
        keys = [f"seek-{k}" for k in ("exact_median", "exact_max", "key_median", "key_max")]
        for run in range(runs):
            for p in order(run, seekers):
                xscreen.move_pointer_away()
                try:
                    r = m_seek(p, vplay, clips["1080p30"], seeks, f"seek-{p}-run{run + 1}")
                    for k in ("exact_median", "exact_max", "key_median", "key_max"):
                        res.put(f"seek-{k}", p, run, r[k])
                    log(f"  run {run + 1} {HEADERS[p]:13s} exact {r['exact_median']:.0f} (max {r['exact_max']:.0f}) ms"
                        f"  keyframes {r['key_median']:.0f} (max {r['key_max']:.0f}) ms")
                except Failed as e:
                    res.fail(keys, p, run, "seek", e)

    # 9. HDR playback cost
    if "hdr" in sections:
        section("hdr", f"9. HDR playback cost, {length} s of 1080p HEVC Main 10")
        hdr_players = ("vplay", "mpv")
        na = {"ffplay": "n/a (no tone mapping)", "mpv-x11": "n/a"}
        rows = (("hdr10", "CPU s per media s, 1080p HDR10 (tone-mapped)"),
                ("hdr10-as-sdr", "CPU s per media s, same stream tagged SDR"))
        for key, title in rows:
            res.row(f"cpu-{key}", title, "{:.3f}", players=hdr_players, na=na)
        for run in range(runs):
            for key, _ in rows:
                for p in order(run, hdr_players):
                    xscreen.move_pointer_away()
                    tag = f"hdr-{key}-{p}-run{run + 1}"
                    try:
                        r = m_playback(p, vplay, clips[key], length, tag)
                        res.put(f"cpu-{key}", p, run, r["cpu_per_s"])
                        log(f"  run {run + 1} {key:13s} {HEADERS[p]:13s} {r['cpu_per_s']:.3f} CPU s/s  wall {r['wall']:.1f} s")
                    except Failed as e:
                        res.fail([f"cpu-{key}"], p, run, f"hdr {key}", e)

    # 6. A/V offset
    if "av" in sections:
        section("av", "6. A/V offset from outside (avsynctest clip, 720p)")
        reference = avsync.file_reference(clips["avsync"])
        log(f"  flash-to-beep in the file itself: {reference * 1000:+.1f} ms (subtracted)")
        # (key, title, speed, players, with seeks)
        configs = [("1.0", "1×", 1.0, PLAYERS, False),
                   ("0.5", "0.5×", 0.5, ("vplay", "mpv"), False),
                   ("2.0", "2×", 2.0, ("vplay", "mpv"), False),
                   ("seeks", "1× with A-B loop seeks", 1.0, ("vplay", "mpv"), True)]
        res.extra["av_offsets"] = {}
        for key, title, speed, players, _ in configs:
            na = {"ffplay": "n/a (no --speed)" if speed != 1 else "n/a (no A-B loop)"} if players != PLAYERS else None
            res.row(f"av-med-{key}", f"A/V offset {title}, median ms (+ = sound late)", "{:+.1f}",
                    ratios=False, players=players, na=na)
            res.row(f"av-max-{key}", f"A/V offset {title}, max abs ms", "{:.1f}", ratios=False,
                    players=players, na=na)
        for run in range(runs):
            for key, title, speed, players, with_seeks in configs:
                for p in order(run, players):
                    tag = f"av-{key}-{p}-run{run + 1}"
                    keys = [f"av-med-{key}", f"av-max-{key}"]
                    try:
                        r = m_avsync(p, vplay, clips["avsync"], speed, reference, tag, av_seconds, with_seeks=with_seeks)
                        res.put(keys[0], p, run, r["median"])
                        res.put(keys[1], p, run, r["max_abs"])
                        res.extra["av_offsets"][f"{HEADERS[p]} {title} run {run + 1}"] = r["offsets"]
                        log(f"  run {run + 1} {title} {HEADERS[p]:13s} median {r['median']:+.1f} ms  "
                            f"max |{r['max_abs']:.1f}| ms  ({r['events']} events: "
                            + " ".join(f"{o:+.0f}" for o in r["offsets"]) + ")")
                    except Failed as e:
                        res.fail(keys, p, run, f"A/V {title}", e)

    # 7. Audio-track switch
    if "track-switch" in sections:
        section("track-switch", f"7. audio-track switch, {switches} switches 2 s apart (440 Hz <-> 1320 Hz)")
        switchers = ("vplay", "mpv")
        na = {"ffplay": "n/a (no IPC)"}
        res.row("track-med", "audio track switch, median ms (target ≤ mpv's)", "{:.1f}", players=switchers, na=na)
        res.row("track-max", "audio track switch, max ms (target ≤ mpv's)", "{:.1f}", players=switchers, na=na)
        res.row("track-gap", "audio track switch, longest silence ms", "{:.1f}", ratios=False,
                players=switchers, na=na)
        keys = ["track-med", "track-max", "track-gap"]
        res.extra["track_switch"] = {}
        for run in range(runs):
            for p in order(run, switchers):
                xscreen.move_pointer_away()
                try:
                    r = m_track_switch(p, vplay, clips["track-switch"], switches, f"track-switch-{p}-run{run + 1}")
                    res.put("track-med", p, run, r["median"])
                    res.put("track-max", p, run, r["max"])
                    res.put("track-gap", p, run, r["gap_max"])
                    res.extra["track_switch"][f"{HEADERS[p]} run {run + 1}"] = {
                        "latencies": r["latencies"], "gaps": r["gaps"]}
                    log(f"  run {run + 1} {HEADERS[p]:13s} median {r['median']:.1f} ms  max {r['max']:.1f} ms  "
                        f"longest silence {r['gap_max']:.1f} ms  (recorder step {r['step']:.1f} ms; "
                        + " ".join(f"{l:.0f}/{g:.0f}" for l, g in zip(r["latencies"], r["gaps"]))
                        + " ms switch/silence)")
                except Failed as e:
                    res.fail(keys, p, run, "track switch", e)

    # 8. Exact-seek landing error while playing
    if "seek-landing" in sections:
        section("seek-landing", f"8. exact-seek landing error while playing, {landing_seeks} targets, 1080p")
        seekers = ("vplay", "mpv")
        na = {"ffplay": "n/a (no IPC)"}
        res.row("landing-med", "exact seek while playing, landing error median ms (+ = past the target)",
                "{:+.1f}", ratios=False, players=seekers, na=na)
        res.row("landing-max", "exact seek while playing, landing error max abs ms (target ≤ 1 frame, 33.3)",
                "{:.1f}", ratios=False, players=seekers, na=na)
        res.extra["landing_errors"] = {}
        for run in range(runs):
            for p in order(run, seekers):
                xscreen.move_pointer_away()
                try:
                    r = m_landing(p, vplay, clips["seek-landing"], landing_seeks, f"seek-landing-{p}-run{run + 1}")
                    res.put("landing-med", p, run, r["median"])
                    res.put("landing-max", p, run, r["max_abs"])
                    res.extra["landing_errors"][f"{HEADERS[p]} run {run + 1}"] = r["errors"]
                    log(f"  run {run + 1} {HEADERS[p]:13s} median {r['median']:+.1f} ms  max |{r['max_abs']:.1f}| ms  ("
                        + " ".join(f"{e:+.0f}" for e in r["errors"]) + ")")
                except Failed as e:
                    res.fail(["landing-med", "landing-max"], p, run, "seek landing", e)

    # 9. Subtitle cost
    if "subs" in sections:
        section("subs", f"10. subtitle cost, {length} s of 1080p with an ASS event every 2 s (half of them moving)")
        subbers = ("vplay", "mpv-x11")
        na = {"ffplay": "n/a (no libass)", "mpv": "—"}
        res.row("subs-off", "CPU s per media s, 1080p, subtitles off", "{:.3f}", players=subbers, na=na)
        res.row("subs-on", "CPU s per media s, 1080p, ASS subtitles shown (target ≤ 0.7× mpv x11)", "{:.3f}",
                players=subbers, na=na)
        res.row("subs-added", "CPU s per media s the subtitles add (target ≤ 0.5× mpv x11's)", "{:.3f}",
                players=subbers, na=na)
        for run in range(runs):
            for p in order(run, subbers):
                xscreen.move_pointer_away()
                try:
                    off = m_playback(p, vplay, clips["subs"], length, f"subs-off-{p}-run{run + 1}", extra=["--sid=no"])
                    on = m_playback(p, vplay, clips["subs"], length, f"subs-on-{p}-run{run + 1}", extra=["--sid=1"])
                    res.put("subs-off", p, run, off["cpu_per_s"])
                    res.put("subs-on", p, run, on["cpu_per_s"])
                    res.put("subs-added", p, run, on["cpu_per_s"] - off["cpu_per_s"])
                    log(f"  run {run + 1} {HEADERS[p]:13s} off {off['cpu_per_s']:.3f}  on {on['cpu_per_s']:.3f}  "
                        f"added {on['cpu_per_s'] - off['cpu_per_s']:+.3f} CPU s/s")
                except Failed as e:
                    res.fail(["subs-off", "subs-on", "subs-added"], p, run, "subtitle cost", e)

    # 10. What the colour adjustments cost: worked into the conversion, they should cost nothing
    # measurable; gamma adds a table look-up per pixel.
    if "eq" in sections:
        section("eq", f"11. colour adjustments, {length} s of 1080p played in real time")
        adjusted = ["--brightness=10", "--contrast=10", "--saturation=-20", "--hue=5"]
        res.row("eq-off", "CPU s per media s, 1080p, no adjustment", "{:.3f}", players=("vplay",))
        res.row("eq-linear", "CPU s per media s, brightness, contrast, saturation, hue set", "{:.3f}", players=("vplay",))
        res.row("eq-gamma", "CPU s per media s, the same and gamma", "{:.3f}", players=("vplay",))
        res.row("eq-added", "CPU the adjustments add, % (target ≤ 3; gamma included)", "{:+.1f}", ratios=False,
                players=("vplay",))
        for run in range(runs):
            xscreen.move_pointer_away()
            try:
                off = m_playback("vplay", vplay, clips["1080p30"], length, f"eq-off-run{run + 1}")
                linear = m_playback("vplay", vplay, clips["1080p30"], length, f"eq-linear-run{run + 1}", extra=adjusted)
                gamma = m_playback("vplay", vplay, clips["1080p30"], length, f"eq-gamma-run{run + 1}",
                                   extra=adjusted + ["--gamma=20"])
                res.put("eq-off", "vplay", run, off["cpu_per_s"])
                res.put("eq-linear", "vplay", run, linear["cpu_per_s"])
                res.put("eq-gamma", "vplay", run, gamma["cpu_per_s"])
                res.put("eq-added", "vplay", run, 100 * (gamma["cpu_per_s"] / off["cpu_per_s"] - 1))
                log(f"  run {run + 1} off {off['cpu_per_s']:.3f}  linear {linear['cpu_per_s']:.3f}  "
                    f"gamma {gamma['cpu_per_s']:.3f} CPU s/s")
            except Failed as e:
                res.fail(["eq-off", "eq-linear", "eq-gamma", "eq-added"], "vplay", run, "colour adjustments", e)

    context = network.Context(sections, clips, res, runs, vplay, screen, order, section, m_first_frame, logged,
                              Failed, log, xscreen.move_pointer_away)
    network.run(context)
    session.run(context)
    seek_playing.run(context)
    backward.run(context, run_measured)
    machine_cpu.run(context, length, play_cmd, decode_cmd)
    web_start.run(context)
    album_gap.run(context)
    loudness.run(context)
    ab_seam.run(context)

    screen.close()
    total = time.monotonic() - t_start
    loads["end"] = load1()
    mach = machine()
    # Sections that make no clips of their own (web pages) leave nothing to ask mpv about.
    mach["mpv_vo"] = mpv_default_vo(clips.get("720p30-cut") or next(iter(clips.values()))) if clips else "?"
    text = report(res, args, runs, length, pause_s, seeks, av_seconds, mach, when, loads, waited, total, vplay,
                  sections, switches, landing_seeks)
    log("\n" + text)
    os.makedirs(WORK, exist_ok=True)
    # A partial run never replaces the whole run's table and figures.
    name = "results-quick" if args.quick else "results-only" if args.only else "results"
    with open(os.path.join(WORK, name + ".json"), "w") as f:
        json.dump({"rows": res.raw(), "extra": res.extra, "failures": res.failures, "loads": loads,
                   "machine": mach, "date": when.isoformat(), "sections": sorted(sections)}, f, indent=1)
    out = args.out or (os.path.join(WORK, name + ".md") if name != "results" else os.path.join(ROOT, "BENCHMARKS.md"))
    write_block(out, text)
    log(f"\nwritten to {os.path.relpath(out, ROOT)} ({total / 60:.1f} min)")
    return 1 if res.failures else 0


BEGIN, END = "<!-- bench:begin (written by scripts/bench/bench.py) -->", "<!-- bench:end -->"


def write_block(path, text):
    block = f"{BEGIN}\n{text}\n{END}\n"
    old = open(path).read() if os.path.exists(path) else ""
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + block + old[old.index(END) + len(END) + 1:]
    else:
        new = (old.rstrip() + "\n\n" if old else "# Benchmarks\n\n") + block
    with open(path, "w") as f:
        f.write(new)


def report(res, args, runs, length, pause_s, seeks, av_seconds, mach, when, loads, waited, total, vplay,
           sections, switches, landing_seeks):
    c = "CLIP"
    vp = os.path.relpath(vplay, ROOT)
    lines = [
        f"## Results — {when:%Y-%m-%d %H:%M %Z}" + (" (QUICK smoke run)" if args.quick else "")
        + (f" (sections {args.only} only)" if args.only else ""),
        "",
        f"Machine: {mach['nproc']} CPUs ({mach['cpu']}), no GPU, GL renderer {mach['gl']}, "
        f"Linux {mach['kernel']}; Xvfb 1920x1080x24 and a PulseAudio null sink (scripts/test-env.sh).",
        f"Players: {version([vplay, '--version'])}; {version(['ffplay', '-version'])}; "
        f"{version(['mpv', '--version'])} (with no --vo it picks vo={mach['mpv_vo']} here: "
        "vo=gpu refuses a software renderer).",
        f"1-min load: {loads['start']:.2f} at the start (after waiting {waited:.0f} s for < 1.5), "
        + ", ".join(f"{k} {v:.2f}" for k, v in loads.items() if k != "start")
        + f". {runs} run(s), players one after another (order rotated each run); whole run "
          f"{total / 60:.1f} min.",
        "",
        "Each cell: median over runs (min–max). Ratios are vplay ÷ the other player within each "
        "run, summarised the same way: below 1 means vplay uses less (CPU, memory, time), above 1 "
        "means more — except fps, where above 1 means vplay is faster. In the throughput rows and "
        "the row against decoding alone the ffplay column is `ffmpeg -f null` decoding alone, the "
        "ceiling for any player.",
        "",
        res.table(),
        "",
    ]
    if res.failures:
        lines += ["Failed runs (✗ in the table; full output in .build/bench/logs/):", ""]
        lines += [f"- {f}" for f in res.failures] + [""]
    offsets = res.extra.get("av_offsets")
    if offsets:
        lines += ["A/V per-event offsets, ms (+ = sound late):", ""]
        lines += [f"- {k}: " + " ".join(f"{o:+.1f}" for o in v) for k, v in offsets.items()] + [""]
    switched = res.extra.get("track_switch")
    if switched:
        lines += ["Audio-track switches, ms from the command to the new tone / silence between the tones:", ""]
        lines += [f"- {k}: " + " ".join(f"{l:.1f}/{g:.1f}" for l, g in zip(v["latencies"], v["gaps"]))
                  for k, v in switched.items()] + [""]
    landing = res.extra.get("landing_errors")
    if landing:
        lines += ["Exact-seek landing errors while playing, ms (+ = past the target), targets in order:", ""]
        lines += [f"- {k}: " + " ".join(f"{e:+.0f}" for e in v) for k, v in landing.items()] + [""]
    lines += session.report_lines(res.extra)
    lines += machine_cpu.report_lines(res.extra)
    lines += [
        "Commands (CLIP: .build/bench/clips/, H.264 x264 veryfast + AAC stereo 48 kHz, keyframes "
        f"every 2 s; {length} s testsrc2 at 1080p30, 720p30 and 2160p30):",
        "",
        "```",
        f"# 1. playback cost: wait4() rusage (user+sys of all threads, ru_maxrss) / {length} s",
        shell_line(play_cmd("vplay", vp, c, length)),
        shell_line(play_cmd("ffplay", vp, c, length)),
        shell_line(play_cmd("mpv", vp, c, length)),
        shell_line(play_cmd("mpv-x11", vp, c, length)),
        "# 1080p only, right after vplay: decoding alone, the same seconds",
        shell_line(decode_cmd(c, length)),
        shell_line(decode_cmd(c, length, paced=True)),
        f"# 2. paused: /proc/PID/stat utime+stime over {pause_s} s, 3 s after the window appears;",
        "#    ffplay is paused with `xdotool key --window WID p`; pointer parked outside the window",
        shell_line(paused_cmd("vplay", vp, c)),
        shell_line(paused_cmd("ffplay", vp, c)),
        shell_line(paused_cmd("mpv", vp, c)) + "        # and --vo=x11",
        "# 3. throughput: frames / wall from process start to exit (vplay: frames_presented of its",
        "#    JSON line; ffmpeg: its frame count; mpv: every frame of the clip, it drops none untimed)",
        shell_line(throughput_cmd("vplay", vp, c)),
        shell_line(throughput_cmd("ffplay", vp, c)),
        shell_line(throughput_cmd("mpv", vp, c)) + "        # and --vo=x11",
        "# 4. first frame: commands of 1. without --length on a clip whose frames are solid green;",
        "#    time from spawning to the screen-centre pixel turning green (XGetImage every ~0.5 ms)",
        f"# 5. seek: scripts/bench/seek_latency.py PLAYER --clip {c} --seeks {seeks} [-- --vo=x11]",
        "#    (--pause --geometry=1280x720 --input-ipc-server=S; seek T absolute+exact|+keyframes",
        "#    to the playback-restart event, targets uniform in [1, duration-2] s, seed 7)",
        f"# 6. A/V: commands of 1. (+ --speed=0.5|2, or + {' '.join(AB_LOOP)} for the run",
        f"#    with seeks) on a {av_seconds} s avsynctest clip, while",
        "ffmpeg -copyts -f x11grab -draw_mouse 0 -framerate 250 -video_size 64x32 -i $DISPLAY+X,Y \\",
        "       -f pulse -fragment_size 1920 -i vp.monitor \\",
        "       -map 0:v -vf format=gray,showinfo -f null - -map 1:a -af ashowinfo -f s16le A.raw",
        "#    X,Y: the middle of the window, where the clip's white box flashes for one frame",
        f"# 7. track switch: scripts/bench/track_switch.py PLAYER --clip {c} --switches {switches}",
        "#    (--geometry=1280x720 --input-ipc-server=S, mpv also --no-config --really-quiet --ao=pulse;",
        "#    a 20 s Matroska clip, aid 1 a 440 Hz tone, aid 2 1320 Hz; set_property aid 2, 1, 2, ...",
        "#    every 2 s once the first tone is heard; the sink monitor as recorded by test-env.sh)",
        f"# 8. landing: scripts/bench/seek_landing.py PLAYER --clip {c} --seeks {landing_seeks}",
        "#    (playing, same flags as 7.; a 30 s 1080p30 clip, keyframes at 0 3 5 9 12 14 18 21 26 28 s;",
        "#    seek T absolute+exact, T uniform in [1, 27] s, seed 7, 0.8 s apart; on playback-restart",
        "#    get_property time-pos; error = time-pos - T)",
        "# 9. subtitles: commands of 1. + --sid=no, then + --sid=1, on a 1080p30 Matroska clip with",
        "#    an ASS track (a bold two-line event with outline and shadow every 2 s, every other one",
        "#    moving with \\move: scripts/bench/subtitle_cost.py); added = on - off, per run",
        *network.command_lines(sections),
        *session.command_lines(sections),
        *seek_playing.command_lines(sections),
        *backward.command_lines(sections),
        *machine_cpu.command_lines(sections),
        *album_gap.command_lines(sections),
        *loudness.command_lines(sections),
        *ab_seam.command_lines(sections),
        "```",
        "",
        "A/V capture resolution: video 1/250 s (a 64x32 patch grabbed 250 times a second; a "
        "flash is placed in the middle of the 4 ms interval it appeared in), audio one sample "
        "(1/48000 s) on PulseAudio's capture timestamps, which jitter by a few ms; both streams "
        "carry wall-clock timestamps from the one ffmpeg process.",
    ]
    if "track-switch" in sections:
        lines += [
            "",
            "Track-switch timing: the send is placed on the recording through the file's length, "
            "read every ~1 ms for 0.3 s before it (the freshest read: the newest sound the sink "
            "had rendered when the command left); the new tone's onset is located to within one "
            "of its periods (0.8 ms at 1320 Hz, 2.3 ms at 440 Hz). The null sink renders up to "
            "one block (the recorder's step, 1–15 ms here) before it plays, so each figure may be "
            "short of the switch as heard by up to that step, for both players alike. Silence: "
            "samples under −40 dBFS for ≥ 1 ms between the old tone's last period and the new "
            "tone's first.",
        ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
