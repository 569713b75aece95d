#!/usr/bin/env python3
"""A/V offset measured from outside: one ffmpeg process grabs a small patch of the player's
window (x11grab) and the PulseAudio null sink's monitor together, so both carry timestamps
from the same wall clock (`-copyts` keeps them as they were taken). On an avsynctest clip
(a one-frame white box in the middle of the picture and a 33 ms beep every second) each
flash is the first captured frame whose patch turns bright and each beep is the first audio
sample above a threshold; a flash and the nearest beep make one event, and

    offset = beep heard - flash seen - (the same difference in the file)   [ms]

so a positive offset means the sound comes late. The patch is 64x32 pixels grabbed at
250 frames/s, so a flash is located to within one 4 ms capture interval (the midpoint of the
interval it appeared in is used); audio is resolved to a sample (21 us), but PulseAudio's
capture timestamps carry a few ms of jitter of their own.

Played backwards (--play-dir=backward among the player's arguments), the flash is seen when
its frame's end is reached and the beep is heard from its end: the reference is taken from
the file turned round.

Standalone use (inside scripts/test-env.sh):
    avsync.py CLIP -- PLAYER ARGS...     (the player must exit by itself, e.g. --autoexit)
"""
import array
import os
import re
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xscreen  # noqa: E402
from benchlib import KEYS_EVERY_2S, ffmpeg_clip, stop  # noqa: E402

CAPTURE_FPS = 250
PATCH_W, PATCH_H = 64, 32
RATE = 48000

_VIDEO_LINE = re.compile(r"Parsed_showinfo.*\bpts:\s*(-?\d+).*\bmean:\[(\d+)")
_AUDIO_LINE = re.compile(r"Parsed_ashowinfo.*\bpts:\s*(-?\d+).*\bnb_samples:(\d+)")


def make_clip(path, seconds):
    """1280x720 30 fps avsynctest (flash + beep every second) as H.264 + AAC."""
    ffmpeg_clip(path, [
        "-f", "lavfi", "-i", f"avsynctest=d={seconds}:sr={RATE}:p=1:s=1280x720:fr=30[out0][out1]",
        "-map", "0:1", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", *KEYS_EVERY_2S,
        "-map", "0:0", "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart"])


def flashes(frames, midpoint=True):
    """frames: [(t, mean)] in order. Times a bright patch first appears: for a capture, the
    middle of the interval between the last dark and the first bright grab; for a file, the
    bright frame's own time (MIDPOINT=False)."""
    found, prev_t, prev_bright = [], None, True
    for t, mean in frames:
        bright = mean >= 128
        if bright and not prev_bright and prev_t is not None:
            found.append((prev_t + t) / 2 if midpoint else t)
        prev_t, prev_bright = t, bright
    return found


def beep_onsets(samples, start_times, min_gap=0.2):
    """samples: mono int list; start_times: [(index, t)] time of sample index (ascending).
    Onset = first sample above 30% of the loudest one after at least MIN_GAP s of quiet."""
    if not samples:
        return []
    peak = max(abs(s) for s in samples)
    if peak < 200:
        return []
    threshold = 0.3 * peak
    onsets, last_loud, seg = [], None, 0
    for i, s in enumerate(samples):
        while seg + 1 < len(start_times) and start_times[seg + 1][0] <= i:
            seg += 1
        if abs(s) >= threshold:
            t = start_times[seg][1] + (i - start_times[seg][0]) / RATE
            if last_loud is None or t - last_loud > min_gap:
                onsets.append(t)
            last_loud = t
    return onsets


def pair(flash_times, beep_times, window):
    """Each flash with the nearest beep within WINDOW s: [(flash, beep - flash)]."""
    events = []
    for f in flash_times:
        best = min(beep_times, key=lambda b: abs(b - f), default=None)
        if best is not None and abs(best - f) <= window:
            events.append((f, best - f))
    return events


def file_reference(clip, backward=False):
    """Median beep - flash in the file itself (decoded the same way), in seconds. BACKWARD: as
    the file plays backwards, a flash seen when its frame's end is reached and a beep heard
    from its end, on the file's timeline turned round."""
    log = subprocess.run([
        "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "info", "-i", clip,
        "-map", "0:v", "-vf", "crop=64:32:608:312,format=gray,showinfo", "-f", "null", "-"],
        capture_output=True, text=True).stderr
    # Times in a file are small, so showinfo's pts_time (%.6g) is exact enough here.
    frames = [(float(t), int(m)) for t, m in
              re.findall(r"Parsed_showinfo.*?pts_time:(\S+).*?mean:\[(\d+)", log)]
    raw = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", clip, "-vn",
                          "-f", "s16le", "-ac", "1", "-ar", str(RATE), "-"],
                         capture_output=True).stdout
    samples = array.array("h", raw[:len(raw) // 2 * 2])
    if backward:
        end = len(samples) / RATE
        step = frames[1][0] - frames[0][0] if len(frames) > 1 else 0
        frames = [(end - (t + step), m) for t, m in reversed(frames)]
        samples.reverse()
    onsets = beep_onsets(samples, [(0, 0.0)])
    events = pair(flashes(frames, midpoint=False), onsets, 0.4)
    if not events:
        raise RuntimeError(f"no flash/beep events found in {clip}")
    offsets = sorted(o for _, o in events)
    return offsets[len(offsets) // 2]


class Capture:
    """ffmpeg grabbing a patch at (x, y) and vp.monitor until stop()."""

    def __init__(self, x, y, workdir, tag):
        self.log_path = os.path.join(workdir, f"{tag}.capture.log")
        self.raw_path = os.path.join(workdir, f"{tag}.capture.s16le")
        display = os.environ["DISPLAY"]
        self.cmd = [
            "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "info", "-y", "-copyts",
            "-f", "x11grab", "-draw_mouse", "0", "-framerate", str(CAPTURE_FPS),
            "-video_size", f"{PATCH_W}x{PATCH_H}", "-i", f"{display}+{x},{y}",
            "-f", "pulse", "-fragment_size", "1920", "-i", "vp.monitor",
            "-map", "0:v", "-vf", "format=gray,showinfo", "-f", "null", "-",
            "-map", "1:a", "-af", "ashowinfo", "-c:a", "pcm_s16le", "-f", "s16le", self.raw_path]
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.log)

    def wait_started(self, timeout=5):
        """True once both inputs deliver (the log shows frames of each)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            with open(self.log_path, errors="replace") as f:
                text = f.read()
            if _VIDEO_LINE.search(text) and _AUDIO_LINE.search(text):
                return True
            time.sleep(0.05)
        return False

    def stop(self):
        stop(self.proc, grace=10, sig=signal.SIGINT)
        self.log.close()

    def analyse(self, speed, reference):
        """Per-event offsets in ms (beep - flash - reference/speed), with the flash times."""
        frames, chunks = [], []
        with open(self.log_path, errors="replace") as f:
            for line in f:
                m = _VIDEO_LINE.search(line)
                if m:
                    frames.append((int(m.group(1)) / 1e6, int(m.group(2))))
                    continue
                m = _AUDIO_LINE.search(line)
                if m:
                    chunks.append((int(m.group(1)) / RATE, int(m.group(2))))
        with open(self.raw_path, "rb") as f:
            raw = f.read()
        stereo = array.array("h", raw[:len(raw) // 4 * 4])
        mono = [(stereo[i] + stereo[i + 1]) // 2 for i in range(0, len(stereo), 2)]
        starts, index = [], 0
        for t, n in chunks:
            starts.append((index, t))
            index += n
        if not frames or not starts:
            raise RuntimeError("capture has no video or no audio")
        period = 1.0 / speed
        events = pair(flashes(frames), beep_onsets(mono, starts, min_gap=0.3 * period), 0.4 * period)
        t0 = frames[0][0]
        return [(round(f - t0, 3), (o - reference / speed) * 1000) for f, o in events], {
            "video_frames": len(frames),
            "capture_fps": (len(frames) - 1) / (frames[-1][0] - frames[0][0]) if len(frames) > 1 else 0,
            "audio_seconds": index / RATE,
        }


def measure(player_cmd, clip_reference, speed, workdir, tag, timeout):
    """Runs PLAYER_CMD (which must exit by itself), captures its window patch and the sink.
    Returns (events, info) or raises RuntimeError with the reason."""
    xscreen.move_pointer_away()
    log = open(os.path.join(workdir, f"{tag}.player.log"), "w")
    proc = subprocess.Popen(player_cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    capture = None
    try:
        win = xscreen.wait_for_window(proc, size=(1280, 720), timeout=15)
        if win is None:
            raise RuntimeError(f"no 1280x720 window (exit status {proc.poll()})")
        _, wx, wy, ww, wh = win
        # The avsynctest box spans about 33-67% of the width and 33-58% of the height.
        x = wx + ww // 2 - PATCH_W // 2
        y = wy + int(wh * 0.45) - PATCH_H // 2
        capture = Capture(x, y, workdir, tag)
        if not capture.wait_started():
            raise RuntimeError("capture did not start (see %s)" % capture.log_path)
        try:
            status = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"player did not exit within {timeout:.0f} s")
        if status != 0:
            raise RuntimeError(f"player exited with status {status}")
        time.sleep(0.3)
        capture.stop()
        events, info = capture.analyse(speed, clip_reference)
        if len(events) < 2:
            raise RuntimeError(f"only {len(events)} flash/beep events captured ({info})")
        return events, info
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if capture:
            capture.stop()
        log.close()


def main():
    if "--" not in sys.argv or sys.argv.index("--") != 2:
        print(__doc__.split("Standalone use")[1], file=sys.stderr)
        return 2
    clip, cmd = sys.argv[1], sys.argv[3:]
    speed = 1.0
    for a in cmd:
        m = re.match(r"--speed=([\d.]+)$", a)
        if m:
            speed = float(m.group(1))
    workdir = os.path.dirname(os.path.abspath(clip))
    reference = file_reference(clip, backward="--play-dir=backward" in cmd)
    events, info = measure(cmd + [clip], reference, speed, workdir, "avsync", 120)
    for t, o in events:
        print(f"  flash at {t:7.3f} s  offset {o:+7.1f} ms")
    offs = sorted(o for _, o in events)
    print(f"median {offs[len(offs) // 2]:+.1f} ms  max |offset| {max(abs(o) for o in offs):.1f} ms "
          f"over {len(offs)} events; file reference {reference * 1000:+.1f} ms; {info}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
