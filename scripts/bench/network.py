"""Network sections of the bench: the players reading the same clips from a loopback nginx.

  net      first frame on screen over HTTP, unthrottled and throttled to 2.5 MB/s (nginx
           `limit_rate`, ~20 Mbit/s), vplay / ffplay / mpv on the same URL, beside each
           player's first frame from the local file; targets: vplay ≤ 0.6× mpv over HTTP and
           ≤ 1.2× its own local figure (unthrottled);
  hls      the same clip as an HLS VOD (made from it with `ffmpeg -c copy -f hls`): first
           frame, and seek latency over the IPC (seek_latency.py) for vplay and mpv;
  net-ranges  a seek back into what was buffered before a seek outside the cache, over the
           throttled link: from the seek to playback-restart, vplay and mpv (both keep several
           cached ranges; without them the seek back reads from the server again);
  net-rss  peak RSS while a 2-hour file plays over HTTP: with the cache off (the baseline),
           with the default limits and with --demuxer-max-bytes=20MiB. The cache is driven to
           both its limits: it fills ahead, then keyframe seeks forward inside it (80 % of
           what it holds ahead, each) move what was ahead behind the play position until the
           back buffer is full, and it fills ahead again. Growth = peak RSS − the baseline's;
           target ≤ (demuxer-max-bytes + demuxer-max-back-bytes) × 1.1.

The first frame is seen from outside as in bench.py's section 4: the clip's first half
second is green, the rest testsrc2, all noisy, at ~8 Mbit/s (so that the first picture, and
whatever a player reads before showing it, costs time on the throttled link).
"""
import dataclasses
import os
import shutil
import statistics
import subprocess
import time
from typing import Any, Callable

import benchlib
import seek_landing
import seek_latency
from loopback_nginx import THROTTLE, Nginx

SECTIONS = ("net", "hls", "net-ranges", "net-rss")
MIB = 1 << 20
DEFAULT_MAX_BYTES, DEFAULT_MAX_BACK_BYTES = 150 * MIB, 50 * MIB
SMALL_MAX_BYTES = 20 * MIB
RSS_TARGET = 1.10
# net-ranges: read ahead 4 s, so that after 2.5 s of playing the cache ends near 6.5 s and a
# seek to 14 s lies outside it; then back to 1 s, inside what was buffered first.
RANGES_READ_AHEAD, RANGES_PLAYED, RANGES_AWAY, RANGES_BACK, RANGES_TRIES = 4, 2.5, 14, 1, 3


# ----------------------------------------------------------------------------- clips

def noisy_green_start(path, seconds=20):
    """1080p30 H.264 (~8 Mbit/s, keyframes every 2 s) + AAC: 0.5 s of green, then testsrc2,
    all with temporal noise (so that the first picture weighs what a rich one does, ~0.7 MB,
    and stays green enough for the first-frame check); MP4 with the index up front."""
    if os.path.exists(path):
        return
    video = (f"color=c=0x00ff00:size=1920x1080:rate=30:duration=0.5[g];"
             f"testsrc2=size=1920x1080:rate=30:duration={seconds - 0.5}[t];"
             f"[g][t]concat=n=2:v=1:a=0,noise=alls=16:allf=t")
    benchlib.ffmpeg_clip(path, [
        "-f", "lavfi", "-i", video,
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", *benchlib.KEYS_EVERY_2S,
        "-b:v", "8M", "-maxrate", "10M", "-bufsize", "16M", *benchlib.AAC_STEREO,
        "-movflags", "+faststart"])


def hls_rendition(clip, folder):
    """CLIP cut into 2 s MPEG-TS segments (its keyframe spacing), a VOD playlist index.m3u8."""
    playlist = os.path.join(folder, "index.m3u8")
    if os.path.exists(playlist):
        return playlist
    tmp = folder + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", clip, "-c", "copy",
                    "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
                    "-hls_segment_filename", os.path.join(tmp, "segment%03d.ts"),
                    os.path.join(tmp, "index.m3u8")], check=True)
    shutil.rmtree(folder, ignore_errors=True)
    os.replace(tmp, folder)
    return playlist


def two_hours(path, minutes=120, piece_seconds=60):
    """MINUTES of 640x360 noisy testsrc2 at ~1.6 Mbit/s + AAC (~1.4 GB): one PIECE_SECONDS
    piece encoded, then stream-copied over and over by the concat demuxer. The bit rate makes
    150 MiB less than the 1000 s --cache-secs reads ahead, so the byte limit is what binds."""
    if os.path.exists(path):
        return
    piece = path + ".piece.mp4"
    benchlib.ffmpeg_clip(piece, [
        "-f", "lavfi", "-i", f"testsrc2=size=640x360:rate=30:duration={piece_seconds},noise=alls=24:allf=t",
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={piece_seconds}",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", *benchlib.KEYS_EVERY_2S,
        "-b:v", "1500k", "-maxrate", "1800k", "-bufsize", "3M", *benchlib.AAC_STEREO])
    listing = path + ".list"
    with open(listing, "w") as f:
        f.write(f"file '{os.path.basename(piece)}'\n" * (minutes * 60 // piece_seconds))
    try:
        benchlib.ffmpeg_clip(path, ["-f", "concat", "-safe", "0", "-i", listing, "-c", "copy",
                                    "-movflags", "+faststart"])
    finally:
        os.remove(listing)
        os.remove(piece)


def make_clips(folder, sections, log):
    """{label: path} of the clips SECTIONS need, generated into FOLDER unless there."""
    clips = {}
    if sections & {"net", "hls", "net-ranges"}:
        clips["net"] = os.path.join(folder, "noisy-green-then-testsrc2-1080p30-20s.mp4")
        if not os.path.exists(clips["net"]):
            log(f"  generating {os.path.relpath(clips['net'])}")
            noisy_green_start(clips["net"])
    if "hls" in sections:
        clips["hls"] = hls_rendition(clips["net"], os.path.join(folder, "hls-noisy-green-then-testsrc2-1080p30-20s"))
    if "net-rss" in sections:
        clips["2h"] = os.path.join(folder, "noise-360p30-1600k-2h.mp4")
        if not os.path.exists(clips["2h"]):
            log(f"  generating {os.path.relpath(clips['2h'])} (a 1 min piece, copied 120 times)")
            two_hours(clips["2h"])
    return clips


# ----------------------------------------------------------------------------- memory

def peak_rss_mb(pid):
    """The process's peak resident set so far, MiB (VmHWM: what wait4's ru_maxrss reports at
    exit; bench.py's "MB" are these units too)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM")


def cache_state(client):
    reply = client.request("get_property", "demuxer-cache-state")
    state = reply.get("data")
    if not isinstance(state, dict):
        raise RuntimeError(f"demuxer-cache-state: {reply}")
    return state


def wait_filled(client, limit, timeout=120):
    """The cache state once the bytes ahead reach 97 % of LIMIT, or stop growing for 2 s
    (the end of the file is in), or TIMEOUT s pass."""
    deadline = time.monotonic() + timeout
    last, since = -1, time.monotonic()
    while True:
        state = cache_state(client)
        fw = state.get("fw-bytes", 0)
        if fw >= 0.97 * limit or time.monotonic() > deadline:
            return state
        if fw != last:
            last, since = fw, time.monotonic()
        elif time.monotonic() - since > 2:
            return state
        time.sleep(0.2)


def seek_forward(client, seconds):
    client.drain(0.05)
    client.command("seek", round(seconds, 3), "relative+keyframes")
    client.wait_for(lambda m: m.get("event") == "playback-restart", timeout=30)


def measure_rss(player, kind, url, max_bytes, log=None):
    """{"rss_mb", "fw_mib", "total_mib", "seeks"} for the player reading URL with the cache
    limited to MAX_BYTES ahead (None: --cache=no, the baseline, which plays 5 s and makes the
    same kind of seek twice)."""
    if max_bytes is None:
        extra = ["--cache=no"]
    elif max_bytes == DEFAULT_MAX_BYTES:
        extra = []
    else:
        extra = [f"--demuxer-max-bytes={max_bytes // MIB}MiB"]

    # vplay remembers where a file over a minute long was quit: each run starts at 0 all the same.
    extra += ["--no-resume"] if kind == "vplay" else []

    def command(socket_path):
        cmd = benchlib.playing_command(kind, player, socket_path, url)
        return cmd[:-1] + extra + cmd[-1:]

    with benchlib.ipc_player(command, "net-rss.", log) as client:
        seek_landing.wait_playing(client)
        pid = client.process.pid
        seeks = 0
        if max_bytes is None:
            time.sleep(5)
            for _ in range(2):
                seek_forward(client, 120)
                seeks += 1
            time.sleep(2)
            state = {}
        else:
            state = wait_filled(client, max_bytes)
            # Keyframe seeks forward inside the cache turn what was ahead into what is kept
            # behind, until the back buffer is at its limit; each time the cache fills again.
            while state.get("total-bytes", 0) - state.get("fw-bytes", 0) < 0.9 * DEFAULT_MAX_BACK_BYTES and seeks < 12:
                ahead = client.request("get_property", "demuxer-cache-duration").get("data")
                if not isinstance(ahead, (int, float)) or ahead < 10:
                    raise RuntimeError(f"cache holds {ahead} s ahead after filling: {state}")
                seek_forward(client, 0.8 * ahead)
                seeks += 1
                state = wait_filled(client, max_bytes)
        rss = peak_rss_mb(pid)
    return {"rss_mb": rss, "fw_mib": state.get("fw-bytes", 0) / MIB,
            "total_mib": state.get("total-bytes", 0) / MIB, "seeks": seeks}


def seek_back_ms(player, kind, url, log=None):
    """ms from a seek back into the first buffered range (after a seek outside the cache) to
    its playback-restart."""
    def command(socket_path):
        cmd = benchlib.playing_command(kind, player, socket_path, url)
        return cmd[:-1] + [f"--cache-secs={RANGES_READ_AHEAD}"] + cmd[-1:]

    with benchlib.ipc_player(command, "net-ranges.", log) as client:
        deadline = time.monotonic() + 30
        while True:
            pos = client.request("get_property", "time-pos").get("data")
            if isinstance(pos, (int, float)) and pos >= RANGES_PLAYED:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"not playing past {RANGES_PLAYED} s within 30 s")
            time.sleep(0.05)
        for target in (RANGES_AWAY, RANGES_BACK):
            client.drain(0.05)  # nothing stale may count as this seek's restart
            start = time.monotonic()
            client.command("seek", target, "absolute+exact")
            client.wait_for(lambda m: m.get("event") == "playback-restart", timeout=30)
        return (time.monotonic() - start) * 1000


# ----------------------------------------------------------------------------- sections

def command_lines(sections):
    """The commented lines bench.py's report shows for the network SECTIONS run."""
    lines = []
    if "net" in sections:
        lines += [
            "# net: the first-frame commands of 4. (vplay, ffplay, mpv) on the local clip, then on",
            "#    http://127.0.0.1:PORT/CLIP and http://127.0.0.1:PORT/slow/CLIP (a private nginx;",
            f"#    /slow/ has limit_rate {THROTTLE}); CLIP: 0.5 s green, then testsrc2, all noisy, 1080p30",
            "#    ~8 Mbit/s, 20 s",
        ]
    if "hls" in sections:
        lines += [
            "# hls: ffmpeg -i CLIP -c copy -f hls -hls_time 2 -hls_playlist_type vod ... index.m3u8; first",
            "#    frame as in net on http://127.0.0.1:PORT/.../index.m3u8, and seek_latency.py on that URL",
            "#    (10 targets per mode)",
        ]
    if "net-ranges" in sections:
        lines += [
            "# net-ranges: the net clip from http://127.0.0.1:PORT/slow/CLIP with --input-ipc-server",
            f"#    --cache-secs={RANGES_READ_AHEAD} (mpv: --no-config --ao=pulse); once time-pos passes"
            f" {RANGES_PLAYED} s: seek {RANGES_AWAY} absolute+exact,",
            f"#    playback-restart, then seek {RANGES_BACK} absolute+exact: ms to its playback-restart"
            f" ({RANGES_TRIES} players per run)",
        ]
    if "net-rss" in sections:
        lines += [
            "# net-rss: a 2 h 640x360 file at ~1.7 Mbit/s (1.4 GB) over http://127.0.0.1:PORT/ played with",
            "#    --input-ipc-server (vplay: --no-resume; mpv: --no-config --ao=pulse) and --cache=no | nothing |",
            "#    --demuxer-max-bytes=20MiB;",
            "#    fill ahead (fw-bytes of demuxer-cache-state), then seek +0.8×demuxer-cache-duration",
            "#    relative+keyframes and fill again until 90 % of the 50 MiB back buffer is held; VmHWM of",
            "#    /proc/PID/status then. Without the cache: 5 s of playing, two seeks +120 s.",
            "#    growth ÷ limit = (peak RSS − peak RSS with --cache=no) ÷ (max-bytes + max-back-bytes)",
        ]
    return lines


@dataclasses.dataclass
class Context:
    """What the sections take from bench.py."""
    sections: set
    clips: dict
    res: Any                  # bench.Results
    runs: int
    vplay: str
    screen: Any               # xscreen.Screen
    order: Callable           # (run, players) -> players in this run's order
    section: Callable         # (name, title): announces a section
    first_frame: Callable     # bench.m_first_frame(player, vplay, clip, tag, screen)
    logged: Callable          # bench.logged(tag, measure, *args, **kwargs)
    failed: type              # bench.Failed
    log: Callable
    move_pointer_away: Callable


def run(ctx):
    if not ctx.sections & set(SECTIONS):
        return
    root = os.path.dirname(ctx.clips.get("net") or ctx.clips["2h"])
    with Nginx(root) as server:
        ctx.log(f"\nnginx on 127.0.0.1:{server.port} serving {root} (/slow/: limit_rate {THROTTLE} bytes/s)")
        if "net" in ctx.sections:
            first_frame_over_http(ctx, server)
        if "hls" in ctx.sections:
            hls(ctx, server)
        if "net-ranges" in ctx.sections:
            ranges(ctx, server)
        if "net-rss" in ctx.sections:
            rss(ctx, server)


def first_frame_over_http(ctx, server):
    ctx.section("net", "net. first frame over HTTP (loopback nginx), 1080p ~8 Mbit/s, green first frame")
    players = ("vplay", "ffplay", "mpv")
    clip = ctx.clips["net"]
    sources = (("local", "first frame ms, 1080p, local file", clip),
               ("http", "first frame ms, 1080p over HTTP (target vplay ≤ 0.6× mpv)", server.url(clip)),
               ("slow", f"first frame ms, 1080p over HTTP at {THROTTLE / 1e6:g} MB/s", server.url(clip, throttled=True)))
    for key, title, _ in sources:
        ctx.res.row(f"net-{key}", title, "{:.0f}", players=players)
    ctx.res.row("net-http-vs-local", "vplay first frame over HTTP ÷ local (target ≤ 1.2)", "{:.2f}",
                ratios=False, players=("vplay",))
    for run in range(ctx.runs):
        figures = {}
        # A player's three sources back to back (their order rotating too), so that its HTTP ÷
        # local ratio is taken over seconds in which the shared machine's load moved little.
        for p in ctx.order(run, players):
            for key, _, source in ctx.order(run, sources):
                ctx.move_pointer_away()
                try:
                    r = ctx.first_frame(p, ctx.vplay, source, f"net-{key}-{p}-run{run + 1}", ctx.screen)
                    ctx.res.put(f"net-{key}", p, run, r["ms"])
                    figures[key, p] = r["ms"]
                    ctx.log(f"  run {run + 1} {key:5s} {p:7s} {r['ms']:.0f} ms")
                except ctx.failed as e:
                    ctx.res.fail([f"net-{key}"], p, run, f"first frame {key}", e)
        if ("http", "vplay") in figures and ("local", "vplay") in figures:
            ctx.res.put("net-http-vs-local", "vplay", run, figures["http", "vplay"] / figures["local", "vplay"])


def hls(ctx, server):
    ctx.section("hls", "hls. HLS VOD over HTTP (2 s MPEG-TS segments of the net clip): first frame, seek latency")
    url = server.url(ctx.clips["hls"])
    seeks = 10
    ctx.res.row("hls-first", "HLS first frame ms, 1080p", "{:.0f}", players=("vplay", "ffplay", "mpv"))
    keys = ("exact_median", "exact_max", "key_median", "key_max")
    titles = ("HLS seek exact, median ms", "HLS seek exact, max ms", "HLS seek keyframes, median ms",
              "HLS seek keyframes, max ms")
    for key, title in zip(keys, titles):
        ctx.res.row(f"hls-{key}", title, "{:.0f}", players=("vplay", "mpv"), na={"ffplay": "n/a (no IPC)"})
    for run in range(ctx.runs):
        for p in ctx.order(run, ("vplay", "ffplay", "mpv")):
            ctx.move_pointer_away()
            try:
                r = ctx.first_frame(p, ctx.vplay, url, f"hls-first-{p}-run{run + 1}", ctx.screen)
                ctx.res.put("hls-first", p, run, r["ms"])
                ctx.log(f"  run {run + 1} first frame {p:7s} {r['ms']:.0f} ms")
            except ctx.failed as e:
                ctx.res.fail(["hls-first"], p, run, "HLS first frame", e)
        for p in ctx.order(run, ("vplay", "mpv")):
            ctx.move_pointer_away()
            binary = "mpv" if p == "mpv" else ctx.vplay
            try:
                r = ctx.logged(f"hls-seek-{p}-run{run + 1}", seek_latency.measure, binary, url, seeks, p)
                figures = {"exact_median": statistics.median(r["exact"]), "exact_max": max(r["exact"]),
                           "key_median": statistics.median(r["keyframes"]), "key_max": max(r["keyframes"])}
                for key in keys:
                    ctx.res.put(f"hls-{key}", p, run, figures[key])
                ctx.log(f"  run {run + 1} seek {p:7s} exact {figures['exact_median']:.0f} (max {figures['exact_max']:.0f}) ms"
                        f"  keyframes {figures['key_median']:.0f} (max {figures['key_max']:.0f}) ms")
            except ctx.failed as e:
                ctx.res.fail([f"hls-{k}" for k in keys], p, run, "HLS seek", e)


def ranges(ctx, server):
    ctx.section("net-ranges", f"net-ranges. seek back into the first buffered range over HTTP at {THROTTLE / 1e6:g} MB/s")
    players = ("vplay", "mpv")
    url = server.url(ctx.clips["net"], throttled=True)
    ctx.res.row("net-ranges-back", "seek back into the first buffered range, median ms", "{:.0f}",
                players=players, na={"ffplay": "n/a (no IPC)"})
    for run in range(ctx.runs):
        for p in ctx.order(run, players):
            binary = "mpv" if p == "mpv" else ctx.vplay
            figures = []
            for attempt in range(RANGES_TRIES):
                ctx.move_pointer_away()
                try:
                    figures.append(ctx.logged(f"net-ranges-{p}-run{run + 1}-{attempt + 1}", seek_back_ms, binary, p, url))
                except ctx.failed as e:
                    ctx.res.fail(["net-ranges-back"], p, run, "seek back", e)
                    break
            if len(figures) == RANGES_TRIES:
                ctx.res.put("net-ranges-back", p, run, statistics.median(figures))
                ctx.log(f"  run {run + 1} {p:5s} seek back " + " ".join(f"{ms:.0f}" for ms in figures) + " ms")


def rss(ctx, server):
    ctx.section("net-rss", "net-rss. peak RSS playing a 2-hour file over HTTP, cache off / default / 20 MiB")
    players = ("vplay", "mpv")
    url = server.url(ctx.clips["2h"])
    na = {"ffplay": "n/a (no cache)"}
    configs = (("off", "cache off (--cache=no)", None),
               ("default", "default cache (150 MiB ahead + 50 MiB behind)", DEFAULT_MAX_BYTES),
               ("small", "--demuxer-max-bytes=20MiB (+ 50 MiB behind)", SMALL_MAX_BYTES))
    for key, title, _ in configs:
        ctx.res.row(f"rss-net-{key}", f"peak RSS MB over HTTP, {title}", "{:.0f}", players=players, na=na)
    for key, title, limit in configs[1:]:
        ctx.res.row(f"rss-net-held-{key}", f"cache held at the end MiB (ahead + behind), {title}", "{:.0f}",
                    ratios=False, players=players, na=na)
        ctx.res.row(f"rss-net-growth-{key}", f"RSS growth over cache off ÷ the cache's limit, {title} "
                    f"(target ≤ {RSS_TARGET:.2f})", "{:.2f}", ratios=False, players=players, na=na)
    for run in range(ctx.runs):
        for p in ctx.order(run, players):
            binary = "mpv" if p == "mpv" else ctx.vplay
            figures = {}
            for key, _, limit in configs:
                try:
                    r = ctx.logged(f"net-rss-{key}-{p}-run{run + 1}", measure_rss, binary, p, url, limit)
                except ctx.failed as e:
                    ctx.res.fail([f"rss-net-{key}"], p, run, f"RSS {key}", e)
                    continue
                figures[key] = r["rss_mb"]
                ctx.res.put(f"rss-net-{key}", p, run, r["rss_mb"])
                line = f"  run {run + 1} {p:5s} {key:8s} peak RSS {r['rss_mb']:.0f} MB"
                if limit is not None:
                    ctx.res.put(f"rss-net-held-{key}", p, run, r["total_mib"])
                    line += (f"  cache {r['fw_mib']:.0f} MiB ahead, {r['total_mib'] - r['fw_mib']:.0f} MiB behind"
                             f" after {r['seeks']} seeks")
                    if "off" in figures:
                        growth = (r["rss_mb"] - figures["off"]) / ((limit + DEFAULT_MAX_BACK_BYTES) / MIB)
                        ctx.res.put(f"rss-net-growth-{key}", p, run, growth)
                        line += f"  growth ÷ limit {growth:.2f}"
                ctx.log(line)
