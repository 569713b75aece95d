"""Viewing-session sections of the bench: playlists, opens and folders, vplay against mpv (ffplay
has neither a playlist nor an IPC).

  next-file  the gap between consecutive files of a playlist played to its end without any
           command: three 3 s 1280x720 30 fps H.264 + AAC clips given on the command line, each
           one solid colour (red, green, blue) whose last 0.5 s are white and whose very last
           frame is yellow. Per transition (two per run), seen two ways in the same run:
             IPC:    the `end-file` event (reason eof) of file N to the `playback-restart`
                     event of file N+1, as they arrive on the socket (the row with the target);
             screen: the window's centre pixel, read every ~0.5 ms (XGetImage on Xvfb, as the
                     first-frame section does): N+1's colour first seen − (N's white first seen
                     + 0.5 s), i.e. how late N+1's first picture comes against a seamless
                     timeline that carries on from N's pictures (0: seamless). How long N's
                     last (yellow) picture stayed up is listed per transition (due: one frame,
                     33 ms).
           The screen figure is repeatable (a few ms from run to run) but it is not a gap
           between two pictures, and it has no ratio: mpv ends a file once its sound is out,
           before N's timeline does, and shows the last frame for a few ms or not at all, so
           its figure is below 0 (N's end cut short, no picture held). "Last picture of N to
           first picture of N+1" cannot be read directly for that reason: the white tail's
           start (0.5 s of the player's own clock before N's end) stands in for N's end.
           Both players with --prefetch-playlist=no and =yes (mpv's option; vplay's =yes cells
           stay "n/a" while `vplay --help` does not list it, and vplay's default is measured in
           the =no row). Each run's figure is the mean of its two transitions.
  ipc-open the IPC round trip while a slow source opens: a small HTTP server on 127.0.0.1 (a
           free port, a thread of this process; Range requests served) whose first request is
           answered only 3 s after it arrives. The player is launched on that URL; once the
           request has reached the server (the player is inside its open), 20
           `get_property volume` requests go one after another, each sent when the last was
           answered: median and max round trip. A run counts only if the 20th answer came
           before the server let the first response go (the open still under way).
  folder   a folder of 10,000 hard links to one 1 s clip (ep00001.mp4 … ep10000.mp4, made once
           under .build/bench/), opened as `PLAYER --pause --idle=yes FOLDER`: from spawning the
           player to `get_property playlist-count` answering 10000 (the socket tried every
           1 ms until it accepts, then the property asked back to back, 1 ms apart).

Every player runs in a 1280x720 window with --input-ipc-server; mpv also with --no-config
--really-quiet --ao=pulse (and --ytdl=no for the URL, so that no helper program joins the open).
vplay runs with its defaults (it records the watch history as each file ends; mpv 0.35 keeps
none).
"""
import http.server
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time

import benchlib
import network
import xscreen

SECTIONS = ("next-file", "ipc-open", "folder")
GEOMETRY = (1280, 720)

# next-file
NEXT_COLOURS = ("red", "green", "blue")
FFMPEG_COLOURS = {"red": "0xff0000", "green": "0x00ff00", "blue": "0x0000ff"}
RGB = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "white": (255, 255, 255),
       "yellow": (255, 255, 0), "black": (0, 0, 0)}
NEXT_SECONDS = 3.0
TAIL_SECONDS = 0.5      # the white end of each clip (its last frame yellow)
COLOUR_TOLERANCE = 60   # per channel, from the nominal colour
# ipc-open
OPEN_DELAY = 3.0        # s the server holds its first response
OPEN_REQUESTS = 20
# folder
FOLDER_FILES = 10_000


# ----------------------------------------------------------------------------- clips

def colour_clip(path, colour, seconds=NEXT_SECONDS, tail=TAIL_SECONDS):
    """1280x720 30 fps H.264 (keyframes every 2 s) of one solid COLOUR whose last TAIL s are
    white and whose very last frame is yellow, + a 440 Hz AAC stereo track as long; MP4 with
    the index up front."""
    if os.path.exists(path):
        return
    w, h = GEOMETRY
    frames, tail_frames = round(seconds * 30), round(tail * 30)
    video = (f"color=c={FFMPEG_COLOURS[colour]}:size={w}x{h}:rate=30:duration={seconds},format=rgb24,"
             f"lutrgb=r=255:g=255:b=255:enable='gte(n,{frames - tail_frames})',"
             f"lutrgb=b=0:enable='gte(n,{frames - 1})'")
    benchlib.ffmpeg_clip(path, [
        "-f", "lavfi", "-i", video,
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", *benchlib.KEYS_EVERY_2S,
        *benchlib.AAC_STEREO, "-movflags", "+faststart"])


def episode_folder(path, clip, count=FOLDER_FILES):
    """PATH holding COUNT hard links to CLIP, ep00001.mp4 … (made in a temporary folder beside
    it and renamed, so that an interrupted run leaves no half-filled folder)."""
    if os.path.isdir(path) and len(os.listdir(path)) == count:
        return
    tmp = path + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    for k in range(1, count + 1):
        os.link(clip, os.path.join(tmp, f"ep{k:05d}.mp4"))
    shutil.rmtree(path, ignore_errors=True)
    os.replace(tmp, path)


def make_clips(folder, sections, log):
    """{label: path or [paths]} of what SECTIONS need, generated under FOLDER (the bench's clip
    folder; the 10,000-file folder goes beside it) unless there."""
    clips = {}
    os.makedirs(folder, exist_ok=True)
    if sections & {"next-file", "ipc-open"}:
        playlist = [os.path.join(folder, f"{c}-white-tail-yellow-end-720p30-{NEXT_SECONDS:g}s.mp4") for c in NEXT_COLOURS]
        for colour, path in zip(NEXT_COLOURS, playlist):
            if not os.path.exists(path):
                log(f"  generating {os.path.relpath(path)}")
                colour_clip(path, colour)
        # A single file first: bench.py asks mpv for its video output on the first clip.
        clips["ipc-open"] = playlist[0]
        clips["next-file"] = playlist
    if "folder" in sections:
        episode = clips["folder-episode"] = os.path.join(folder, "testsrc2-360p30-1s.mp4")
        if not os.path.exists(episode):
            log(f"  generating {os.path.relpath(episode)}")
            benchlib.test_clip(episode, "testsrc2=size=640x360:rate=30", 1)
        clips["folder"] = os.path.join(os.path.dirname(folder), f"folder-{FOLDER_FILES}")
        if not (os.path.isdir(clips["folder"]) and len(os.listdir(clips["folder"])) == FOLDER_FILES):
            log(f"  making {os.path.relpath(clips['folder'])} ({FOLDER_FILES} hard links to {os.path.basename(episode)})")
            episode_folder(clips["folder"], episode)
    return clips


# ----------------------------------------------------------------------------- commands

def player_command(kind, player, socket_path, sources, extra=()):
    common = [f"--geometry={GEOMETRY[0]}x{GEOMETRY[1]}", f"--input-ipc-server={socket_path}", *extra]
    if kind == "mpv":
        return [player, "--no-config", "--really-quiet", "--ao=pulse", *common, *sources]
    return [player, "--really-quiet", *common, *sources]


def has_option(player, name):
    """Whether PLAYER's --help lists the option NAME."""
    out = subprocess.run([player, "--help"], capture_output=True, text=True, timeout=10)
    return re.search(rf"(^|\s){re.escape(name)}\b", out.stdout + out.stderr, re.M) is not None


# ----------------------------------------------------------------------------- next-file

def classify(rgb):
    """The name in RGB of the colour RGB is within COLOUR_TOLERANCE of, else "other"."""
    for name, ref in RGB.items():
        if all(abs(a - b) <= COLOUR_TOLERANCE for a, b in zip(rgb, ref)):
            return name
    return "other"


def take_messages(client):
    """The messages that have arrived on CLIENT's socket, without waiting; None once the
    player has closed it."""
    client.sock.setblocking(False)
    closed = False
    try:
        while True:
            data = client.sock.recv(65536)
            if not data:
                closed = True
                break
            client.buffer += data
    except (BlockingIOError, InterruptedError):
        pass
    finally:
        client.sock.setblocking(True)
    messages = []
    while b"\n" in client.buffer:
        line, client.buffer = client.buffer.split(b"\n", 1)
        if line.strip():
            messages.append(json.loads(line))
    return None if closed and not messages else messages


def ipc_gaps(events):
    """[ms] from each `end-file` with reason eof to the next `playback-restart`, from
    EVENTS [(monotonic s, message)]."""
    gaps, ended = [], None
    for t, m in events:
        if m.get("event") == "end-file" and m.get("reason") == "eof":
            ended = t
        elif m.get("event") == "playback-restart" and ended is not None:
            gaps.append((t - ended) * 1000)
            ended = None
    return gaps


def screen_transitions(seen):
    """Per transition, from SEEN [(monotonic s, colour name)] (the colours as they changed):
    {"gap": ms, the next clip's colour first seen − (this clip's white tail first seen +
    TAIL_SECONDS); "last_ms": how long the last picture (yellow) was up, None if never;
    "seen": the colours from the tail to the next clip's, those between with how long they were
    up; "between": those other than the last picture}. Only the transitions seen whole."""
    found = []
    for here, after in zip(NEXT_COLOURS, NEXT_COLOURS[1:]):
        t_here = next((t for t, c in seen if c == here), None)
        t_tail = next((t for t, c in seen if c == "white" and t_here is not None and t > t_here), None)
        t_next = next((t for t, c in seen if c == after and t_tail is not None and t > t_tail), None)
        if t_next is None:
            break
        span = [(t, c) for t, c in seen if t_tail <= t <= t_next]
        last = next(((t, span[k + 1][0]) for k, (t, c) in enumerate(span[:-1]) if c == "yellow"), None)
        shown = [f"{c} {(t1 - t0) * 1000:.0f} ms" for (t0, c), (t1, _) in zip(span[1:-1], span[2:])]
        found.append({"gap": (t_next - t_tail - TAIL_SECONDS) * 1000,
                      "last_ms": (last[1] - last[0]) * 1000 if last else None,
                      "seen": "/".join([span[0][1], *shown, span[-1][1]]),
                      "between": [text for text in shown if not text.startswith("yellow")]})
    return found


def measure_next_file(player, kind, clips, screen, prefetch=None, log=None):
    """{"ipc": [ms, ...], "screen": [ms, ...], "last_ms": [ms or None, ...], "seen": [str, ...],
    "between": [[str, ...], ...]},
    one item per transition (see screen_transitions), for the playlist CLIPS played through
    (PREFETCH: the --prefetch-playlist value given, or None for none). RuntimeError on failure."""
    extra = [f"--prefetch-playlist={prefetch}"] if prefetch else []
    transitions = len(clips) - 1
    events, seen = [], []
    with benchlib.ipc_player(lambda s: player_command(kind, player, s, clips, extra), "next-file.", log) as client:
        win = xscreen.wait_for_window(client.process, size=GEOMETRY, timeout=15)
        if win is None:
            raise RuntimeError(f"no {GEOMETRY[0]}x{GEOMETRY[1]} window (status {client.process.poll()})")
        _, x, y, w, h = win
        cx, cy = x + w // 2, y + h // 2
        started = time.monotonic()
        deadline = started + len(clips) * NEXT_SECONDS + 20
        last, first = None, True
        while True:
            colour = classify(screen.pixel(cx, cy))
            now = time.monotonic()
            if colour != last:
                seen.append((now, colour))
                last = colour
            messages = take_messages(client)
            if messages is None:
                raise RuntimeError("the player closed the connection; colours seen: "
                                   + " ".join(f"{c}@{t - started:.2f}" for t, c in seen))
            if first and any(m.get("event") == "end-file" for m in messages):
                # Its time would be when it was read, not when it came: too late to measure.
                raise RuntimeError("the window was found only after the first file had ended")
            first = False
            events += [(now, m) for m in messages if "event" in m]
            ipc, scr = ipc_gaps(events), screen_transitions(seen)
            if len(ipc) >= transitions and len(scr) >= transitions:
                break
            if now > deadline:
                raise RuntimeError(f"{len(ipc)} IPC and {len(scr)} on-screen transitions of {transitions} "
                                   f"within {deadline - started:.0f} s; colours seen: "
                                   + " ".join(f"{c}@{t - started:.2f}" for t, c in seen))
            time.sleep(0.0005)
    scr = scr[:transitions]
    return {"ipc": ipc[:transitions], "screen": [t["gap"] for t in scr], "last_ms": [t["last_ms"] for t in scr],
            "seen": [t["seen"] for t in scr], "between": [t["between"] for t in scr]}


# ----------------------------------------------------------------------------- ipc-open

class SlowServer:
    """An HTTP server for one file on 127.0.0.1 at a free port, in a thread of this process,
    that answers its first request only DELAY s after it arrives (or as soon as the server
    stops); Range requests are served. A context manager: it stops (and the held request
    ends) on the way out, and by itself after LIFETIME s whatever happens."""

    def __init__(self, path, delay=OPEN_DELAY, lifetime=120):
        self.path = path
        self.delay = delay
        self.first_request = threading.Event()
        self.release = threading.Event()
        self.first_at = None
        self.released_at = None
        self.lock = threading.Lock()
        self.requests = 0
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                with outer.lock:
                    outer.requests += 1
                    first = outer.requests == 1
                if first:
                    outer.first_at = time.monotonic()
                    outer.first_request.set()
                    outer.release.wait(outer.delay)
                    outer.released_at = time.monotonic()
                outer.send(self)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.timer = threading.Timer(lifetime, self.stop)
        self.timer.daemon = True

    def url(self):
        return f"http://127.0.0.1:{self.port}/{os.path.basename(self.path)}"

    def send(self, handler):
        size = os.path.getsize(self.path)
        start, end = 0, size - 1
        m = re.fullmatch(r"bytes=(\d*)-(\d*)", handler.headers.get("Range", "").strip())
        ranged = bool(m and (m.group(1) or m.group(2)))
        if ranged:
            if m.group(1):
                start = int(m.group(1))
                end = min(int(m.group(2)), size - 1) if m.group(2) else size - 1
            else:
                start = max(0, size - int(m.group(2)))
        try:
            if start >= size or start > end:
                handler.send_response(416)
                handler.send_header("Content-Range", f"bytes */{size}")
                handler.send_header("Content-Length", "0")
                handler.end_headers()
                return
            handler.send_response(206 if ranged else 200)
            handler.send_header("Content-Type", "video/mp4")
            handler.send_header("Accept-Ranges", "bytes")
            handler.send_header("Content-Length", str(end - start + 1))
            if ranged:
                handler.send_header("Content-Range", f"bytes {start}-{end}/{size}")
            handler.end_headers()
            with open(self.path, "rb") as f:
                f.seek(start)
                left = end - start + 1
                while left > 0:
                    chunk = f.read(min(left, 1 << 16))
                    if not chunk:
                        break
                    handler.wfile.write(chunk)
                    left -= len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            handler.close_connection = True

    def __enter__(self):
        self.thread.start()
        self.timer.start()
        return self

    def stop(self):
        self.release.set()
        self.server.shutdown()

    def __exit__(self, *exc):
        self.timer.cancel()
        self.stop()
        self.server.server_close()
        self.thread.join(timeout=5)


def measure_ipc_open(player, kind, clip, requests=OPEN_REQUESTS, log=None):
    """{"rtts": [ms, ...], "to_request": s from launch to the server's first request, "margin":
    s from the last answer to the release} for REQUESTS `get_property volume` sent while the
    player opens CLIP from a SlowServer. RuntimeError on failure."""
    extra = ["--pause"] + (["--ytdl=no"] if kind == "mpv" else [])
    with SlowServer(clip) as server:
        launched = time.monotonic()
        with benchlib.ipc_player(lambda s: player_command(kind, player, s, [server.url()], extra),
                                 "ipc-open.", log) as client:
            if not server.first_request.wait(15):
                raise RuntimeError("no request reached the server within 15 s")
            to_request = server.first_at - launched
            rtts = []
            for _ in range(requests):
                start = time.monotonic()
                reply = client.request("get_property", "volume", timeout=OPEN_DELAY + 10)
                rtts.append((time.monotonic() - start) * 1000)
                if reply.get("error") != "success":
                    raise RuntimeError(f"get_property volume: {reply}")
            done = time.monotonic()
            if server.released_at is not None:
                raise RuntimeError(f"the {requests} requests took {sum(rtts):.0f} ms: the open was over before they were")
            margin = server.first_at + OPEN_DELAY - done
    return {"rtts": rtts, "to_request": to_request, "margin": margin}


# ----------------------------------------------------------------------------- folder

def measure_folder(player, kind, folder, count=FOLDER_FILES, timeout=30, log=None):
    """{"ms": spawn to playlist-count == COUNT, "ipc_ms": spawn to the socket accepting, "asks":
    requests sent} for `PLAYER --pause --idle=yes FOLDER`. RuntimeError on failure."""
    tmpdir = tempfile.mkdtemp(prefix="folder-count.")
    socket_path = os.path.join(tmpdir, "ipc.sock")
    cmd = player_command(kind, player, socket_path, [folder], ["--pause", "--idle=yes"])
    client = None
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log or subprocess.DEVNULL,
                            stderr=log or subprocess.DEVNULL)
    try:
        while True:
            with socket.socket(socket.AF_UNIX) as probe:
                try:
                    probe.connect(socket_path)
                    break
                except OSError:
                    pass
            if proc.poll() is not None:
                raise RuntimeError(f"exited (status {proc.returncode}) before its socket accepted")
            if time.monotonic() - start > timeout:
                raise RuntimeError(f"no socket within {timeout} s")
            time.sleep(0.001)
        ipc_ms = (time.monotonic() - start) * 1000
        client = benchlib.Client(socket_path, process=proc)
        asks = 0
        while True:
            reply = client.request("get_property", "playlist-count", timeout=timeout)
            now = time.monotonic()
            asks += 1
            if reply.get("data") == count:
                result = {"ms": (now - start) * 1000, "ipc_ms": ipc_ms, "asks": asks}
                break
            if now - start > timeout:
                raise RuntimeError(f"playlist-count {reply.get('data')} after {timeout} s")
            time.sleep(0.001)
        client.command("quit")
        return result
    finally:
        if client:
            client.sock.close()
        benchlib.stop(proc, grace=10)
        shutil.rmtree(tmpdir, ignore_errors=True)


# ----------------------------------------------------------------------------- sections

def command_lines(sections):
    """The commented lines bench.py's report shows for the session SECTIONS run."""
    lines = []
    common = "#    (--geometry=1280x720 --input-ipc-server=S; mpv also --no-config --really-quiet --ao=pulse)"
    if "next-file" in sections:
        lines += [
            "# next-file: PLAYER [--prefetch-playlist=no|yes] RED GREEN BLUE",
            common,
            f"#    (3 s 1280x720 30 fps clips of one colour, the last {TAIL_SECONDS:g} s white, the last frame yellow,",
            "#    + AAC); per transition: IPC: end-file (reason eof) of N to playback-restart of N+1 as they",
            "#    arrive; screen: the window's centre pixel every ~0.5 ms, N+1's colour first seen − (N's",
            f"#    white first seen + {TAIL_SECONDS:g} s); mean of the two transitions per run",
        ]
    if "ipc-open" in sections:
        lines += [
            "# ipc-open: PLAYER --pause http://127.0.0.1:PORT/RED (mpv + --ytdl=no)",
            common,
            f"#    (a Python HTTP server in the bench, first response held {OPEN_DELAY:g} s); once its request is in:",
            f"#    {OPEN_REQUESTS} × get_property volume one after another, each round trip",
        ]
    if "folder" in sections:
        lines += [
            f"# folder: PLAYER --pause --idle=yes .build/bench/folder-{FOLDER_FILES}",
            common,
            f"#    ({FOLDER_FILES} hard links ep00001.mp4 … to a 1 s 640x360 clip); spawn to get_property",
            f"#    playlist-count = {FOLDER_FILES} (socket tried every 1 ms, then asked back to back, 1 ms apart)",
        ]
    return lines


def report_lines(extra):
    """The per-transition figures of the next-file runs, for bench.py's report."""
    runs = extra.get("next_file")
    if not runs:
        return []
    lines = ["Next-file transitions (red→green, green→blue), ms: IPC gap / on-screen lateness / how long "
             "the file's last picture was up (33 ms due; ✗ never shown), and what else the window showed "
             "between the two files:", ""]
    for k, v in runs.items():
        lines.append(f"- {k}: " + "  ".join(
            f"{i:.1f} / {s:+.1f} / {'✗' if m is None else f'{m:.0f}'}" + (f" ({', '.join(b)})" if b else "")
            for i, s, m, b in zip(v["ipc"], v["screen"], v["last_ms"], v["between"])))
    return lines + [""]


# The sections take the same context as the network ones (network.Context): the first-frame
# measurement and the pointer mover are there, unused here.
Context = network.Context

PLAYERS = ("vplay", "mpv")
NA = {"ffplay": "n/a (no IPC)", "mpv-x11": "—"}


def run(ctx):
    if "next-file" in ctx.sections:
        next_file(ctx)
    if "ipc-open" in ctx.sections:
        ipc_open(ctx)
    if "folder" in ctx.sections:
        folder(ctx)


def binary(ctx, player):
    return "mpv" if player == "mpv" else ctx.vplay


def next_file(ctx):
    ctx.section("next-file", "next-file. gap between files of a playlist (3 × 3 s 720p30 clips, played through)")
    vplay_prefetch = has_option(ctx.vplay, "--prefetch-playlist")
    configs = ("no", "yes")
    for prefetch in configs:
        na = dict(NA)
        if not vplay_prefetch and prefetch == "yes":
            na["vplay"] = "n/a (no --prefetch-playlist)"
        given = f"--prefetch-playlist={prefetch}" + ("" if vplay_prefetch or prefetch == "yes" else
                                                      " (vplay: its default, no such option)")
        ctx.res.row(f"next-ipc-{prefetch}", f"next file, end-file (eof) → playback-restart ms, {given}"
                    " (target ≤ 0.5× mpv's)", "{:.1f}", players=PLAYERS, na=na)
        ctx.res.row(f"next-screen-{prefetch}", f"next file on screen, first picture − the end of the file before"
                    f" on its timeline, ms (0 seamless, − that end cut short), {given}", "{:+.1f}",
                    ratios=False, players=PLAYERS, na=na)
    ctx.res.extra["next_file"] = {}
    for run in range(ctx.runs):
        for prefetch in configs:
            for p in ctx.order(run, PLAYERS):
                if p == "vplay" and prefetch == "yes" and not vplay_prefetch:
                    continue
                keys = [f"next-ipc-{prefetch}", f"next-screen-{prefetch}"]
                xscreen.move_pointer_away()
                given = prefetch if p == "mpv" or vplay_prefetch else None
                try:
                    r = ctx.logged(f"next-file-{prefetch}-{p}-run{run + 1}", measure_next_file, binary(ctx, p), p,
                                   ctx.clips["next-file"], ctx.screen, given)
                except ctx.failed as e:
                    ctx.res.fail(keys, p, run, f"next file (prefetch {prefetch})", e)
                    continue
                ctx.res.put(keys[0], p, run, statistics.mean(r["ipc"]))
                ctx.res.put(keys[1], p, run, statistics.mean(r["screen"]))
                ctx.res.extra["next_file"][f"{p} --prefetch-playlist={prefetch} run {run + 1}"] = r
                ctx.log(f"  run {run + 1} prefetch={prefetch:3s} {p:5s} IPC " + " ".join(f"{g:.1f}" for g in r["ipc"])
                        + " ms  screen " + " ".join(f"{g:+.1f}" for g in r["screen"]) + " ms  (seen "
                        + " | ".join(r["seen"]) + ")")


def ipc_open(ctx):
    ctx.section("ipc-open", f"ipc-open. IPC round trip while a source opens (HTTP, first response held {OPEN_DELAY:g} s)")
    ctx.res.row("open-rtt-med", f"IPC round trip while a source opens, median ms ({OPEN_REQUESTS} × get_property volume;"
                " target ≤ 20)", "{:.2f}", players=PLAYERS, na=NA)
    ctx.res.row("open-rtt-max", "IPC round trip while a source opens, max ms (target ≤ 20)", "{:.2f}",
                players=PLAYERS, na=NA)
    keys = ["open-rtt-med", "open-rtt-max"]
    for run in range(ctx.runs):
        for p in ctx.order(run, PLAYERS):
            xscreen.move_pointer_away()
            try:
                r = ctx.logged(f"ipc-open-{p}-run{run + 1}", measure_ipc_open, binary(ctx, p), p, ctx.clips["ipc-open"])
            except ctx.failed as e:
                ctx.res.fail(keys, p, run, "IPC during an open", e)
                continue
            ctx.res.put(keys[0], p, run, statistics.median(r["rtts"]))
            ctx.res.put(keys[1], p, run, max(r["rtts"]))
            ctx.log(f"  run {run + 1} {p:5s} median {statistics.median(r['rtts']):.2f} ms  max {max(r['rtts']):.2f} ms"
                    f"  (request at the server {r['to_request'] * 1000:.0f} ms after launch; last answer"
                    f" {r['margin'] * 1000:.0f} ms before the response went; "
                    + " ".join(f"{v:.1f}" for v in r["rtts"]) + ")")


def folder(ctx):
    ctx.section("folder", f"folder. a folder of {FOLDER_FILES:,} files: launch to playlist-count over IPC")
    ctx.res.row("folder-count", f"folder of {FOLDER_FILES:,} files, launch to playlist-count = {FOLDER_FILES} ms"
                " (target ≤ 300)", "{:.0f}", players=PLAYERS, na=NA)
    for run in range(ctx.runs):
        for p in ctx.order(run, PLAYERS):
            xscreen.move_pointer_away()
            try:
                r = ctx.logged(f"folder-{p}-run{run + 1}", measure_folder, binary(ctx, p), p, ctx.clips["folder"])
            except ctx.failed as e:
                ctx.res.fail(["folder-count"], p, run, "folder", e)
                continue
            ctx.res.put("folder-count", p, run, r["ms"])
            ctx.log(f"  run {run + 1} {p:5s} {r['ms']:.0f} ms  (socket up at {r['ipc_ms']:.0f} ms, {r['asks']} asks)")
