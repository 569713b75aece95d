#!/usr/bin/env python3
"""Web pages, measured against mpv with the same yt-dlp (a private nginx on 127.0.0.1):

  web-start  process start to the first frame on screen for a page URL whose HTML holds a
             <video> (yt-dlp's generic extractor finds it): the time yt-dlp takes is in it;
             vplay runs it as --ytdl-path, mpv as --script-opts=ytdl_hook-ytdl_path;
  web-avseek A/V offset through exact seeks while playing (avseek.py's targets and measure),
             the picture and the sound served as separate URLs: a stand-in yt-dlp describes
             them as bestvideo+bestaudio's two requested formats, which vplay reads as one item
             (one demuxer, two connections) and mpv as an EDL of two sources.

    scripts/test-env.sh python3 scripts/bench/web_start.py [RUNS]

Prints each run's figures, their medians and vplay ÷ mpv.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import avseek  # noqa: E402
import avsync  # noqa: E402
import benchlib  # noqa: E402
import xscreen  # noqa: E402
from loopback_nginx import Nginx  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VPLAY = os.environ.get("VPLAY", os.path.join(ROOT, ".build/bin/vplay"))
YTDLP = os.path.join(ROOT, ".build/python/bin/yt-dlp")
PLAYERS = ("vplay", "mpv")
SECTIONS = ("web-start", "web-avseek")


class PageNginx(Nginx):
    """The bench's nginx, serving HTML pages as such."""

    def config(self, port):
        return super().config(port).replace("types {", "types { text/html html; audio/mp4 m4a;")


def player_cmd(player, url, ytdlp, extra=(), vplay=None):
    if player == "vplay":
        return [vplay or VPLAY, "--geometry=1280x720", f"--ytdl-path={ytdlp}", *extra, url]
    return ["mpv", "--geometry=1280x720", "--no-config", "--really-quiet", "--ao=pulse",
            f"--script-opts=ytdl_hook-ytdl_path={ytdlp}", *extra, url]


def green_clip(path, seconds=10):
    """640x360: half a second of green, then testsrc2; AAC sound."""
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y",
                    "-f", "lavfi", "-i", "color=c=0x00ff00:s=640x360:r=30:d=0.5",
                    "-f", "lavfi", "-i", f"testsrc2=s=640x360:r=30:d={seconds - 0.5}",
                    "-f", "lavfi", "-i", f"sine=frequency=440:duration={seconds}",
                    "-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map", "[v]", "-map", "2:a",
                    "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "60",
                    "-c:a", "aac", "-movflags", "+faststart", path], check=True)


def first_frame_ms(cmd, screen, log):
    """Process start to a green screen centre (the window is centred on the 1920x1080 screen)."""
    out = open(log, "w")
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    try:
        while True:
            r, g, b = screen.pixel(960, 540)
            now = time.monotonic()
            if g > 150 and r < 100 and b < 100:
                return (now - start) * 1000
            if now - start > 30 or proc.poll() is not None:
                raise RuntimeError(f"{cmd[0]}: no green frame (status {proc.poll()}), see {log}")
            time.sleep(0.0005)
    finally:
        benchlib.stop(proc)
        out.close()
        time.sleep(0.3)


def web_start(server, folder, runs, screen, vplay=None, put=None):
    clip = os.path.join(folder, "clip.mp4")
    green_clip(clip)
    page = os.path.join(folder, "page.html")
    with open(page, "w") as f:
        f.write('<!DOCTYPE html><html><head><title>bench</title></head>'
                '<body><video controls src="clip.mp4"></video></body></html>')
    url = server.url(page)
    figures = {p: [] for p in PLAYERS}
    for run in range(runs):
        for p in PLAYERS if run % 2 == 0 else reversed(PLAYERS):
            xscreen.move_pointer_away()
            ms = first_frame_ms(player_cmd(p, url, YTDLP, vplay=vplay), screen, os.path.join(folder, f"start-{p}-{run}.log"))
            figures[p].append(ms)
            if put:
                put("web-start", p, run, ms)
            print(f"  web-start run {run + 1} {p:5s} {ms:.0f} ms", flush=True)
    return figures


def fake_ytdlp(folder, video_url, audio_url):
    description = {"title": "bench", "requested_formats": [
        {"url": video_url, "vcodec": "avc1", "acodec": "none", "protocol": "http", "ext": "mp4"},
        {"url": audio_url, "vcodec": "none", "acodec": "mp4a", "protocol": "http", "ext": "m4a"}],
        "webpage_url": "http://127.0.0.1/split", "extractor": "generic", "id": "split"}
    path = os.path.join(folder, "yt-dlp-split")
    with open(path, "w") as f:
        f.write("#!/bin/sh\ncat <<'EOF'\n" + json.dumps(description) + "\nEOF\n")
    os.chmod(path, 0o755)
    return path


def web_avseek(server, folder, runs, vplay=None, put=None):
    clip = os.path.join(folder, "avsync.mp4")
    avsync.make_clip(clip, 30)
    video, audio = os.path.join(folder, "avsync-video.mp4"), os.path.join(folder, "avsync-audio.m4a")
    for out, keep in ((video, "-an"), (audio, "-vn")):
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", clip, "-c", "copy", keep,
                        "-movflags", "+faststart", out], check=True)
    ytdlp = fake_ytdlp(folder, server.url(video), server.url(audio))
    page = server.url(os.path.join(folder, "page.html"))
    reference = avsync.file_reference(clip)
    figures = {p: [] for p in PLAYERS}
    for run in range(runs):
        for p in PLAYERS if run % 2 == 0 else reversed(PLAYERS):
            socket_path = os.path.join(folder, "avseek.sock")
            if os.path.exists(socket_path):
                os.unlink(socket_path)
            threading.Thread(target=avseek.seek_then_quit, args=(socket_path, "absolute+exact"), daemon=True).start()
            cmd = player_cmd(p, page, ytdlp, [f"--input-ipc-server={socket_path}"], vplay=vplay)
            events, _ = avsync.measure(cmd, reference, 1.0, folder, f"web-avseek-{p}-{run}", 120)
            signed = sorted(o for _, o in events)
            median = abs(signed[len(signed) // 2])
            figures[p].append(median)
            if put:
                put("web-avseek", p, run, median)
            print(f"  web-avseek run {run + 1} {p:5s} {len(signed)} events, median offset {signed[len(signed) // 2]:+.1f} ms, "
                  f"max |offset| {max(abs(o) for o in signed):.1f} ms", flush=True)
    return figures


def run(ctx):
    """bench.py's sections: rows of its table, one value per player and run."""
    wanted = ctx.sections & set(SECTIONS)
    if not wanted:
        return
    if not os.access(YTDLP, os.X_OK):
        ctx.log(f"web sections skipped: no {YTDLP} (make setup)")
        return
    folder = tempfile.mkdtemp(prefix="vplay-bench-web.")
    try:
        with PageNginx(folder) as server:
            if "web-start" in wanted:
                ctx.section("web-start", "web-start. page URL (HTML with a <video>) to first frame, through yt-dlp")
                ctx.res.row("web-start", "first frame ms from a page URL through yt-dlp (target vplay ≤ 0.8× mpv)", "{:.0f}",
                            players=PLAYERS)
                web_start(server, folder, ctx.runs, ctx.screen, vplay=ctx.vplay, put=ctx.res.put)
            if "web-avseek" in wanted:
                ctx.section("web-avseek", "web-avseek. A/V through exact seeks, separate video and audio URLs")
                ctx.res.row("web-avseek", "|median A/V offset| ms through exact seeks, separate video + audio URLs (target ≤ 5)",
                            "{:.1f}", players=PLAYERS)
                web_avseek(server, folder, ctx.runs, vplay=ctx.vplay, put=ctx.res.put)
    except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
        ctx.log(f"    web sections FAILED: {e}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def report(name, title, figures):
    medians = {p: statistics.median(v) for p, v in figures.items() if v}
    ratio = medians["vplay"] / medians["mpv"] if medians.get("mpv") else float("nan")
    print(f"{name}: {title}: vplay {medians.get('vplay', float('nan')):.1f}, mpv {medians.get('mpv', float('nan')):.1f}, "
          f"vplay ÷ mpv {ratio:.2f}", flush=True)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for needed in (VPLAY, YTDLP):
        if not os.access(needed, os.X_OK):
            print(f"missing {needed} (make release, make setup)", file=sys.stderr)
            return 2
    folder = tempfile.mkdtemp(prefix="vplay-bench-web.")
    screen = xscreen.Screen()
    try:
        with PageNginx(folder) as server:
            start = web_start(server, folder, runs, screen)
            avseek_figures = web_avseek(server, folder, runs)
        report("web-start", "page URL to first frame, ms (median)", start)
        report("web-avseek", "median |A/V offset| through exact seeks, separate video and audio URLs, ms", avseek_figures)
    finally:
        screen.close()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
