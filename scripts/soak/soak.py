#!/usr/bin/env python3
"""IPC soak test for vplay: thousands of random commands over the mpv-style JSON IPC
socket, then a check that playback is still healthy.

  python3 scripts/soak/soak.py [--seconds 60] [--commands 2000] [--seed 1]

Makes (and caches) a SECONDS-long 320x240 25 fps H.264+AAC clip carrying the test
suite's frame-number pattern, starts `vplay --input-ipc-server=SOCK clip` inside
scripts/test-env.sh's private Xvfb + PulseAudio (re-executing itself there when
DISPLAY is unset), and sends COMMANDS random requests: seeks of every kind
(relative/absolute/percent, +exact/+keyframes), pause, speed, volume, mute,
frame-step, frame-back-step, property reads, and the ab-loop properties when vplay
has them. Requests go out as soon as the previous reply is in (one in ten as a
burst of 2-8 pipelined requests); every reply must arrive within 5 s of the
moment it could first be expected, else it is a deadlock.

RSS (VmRSS) is sampled after a warm-up of 100 commands and again at the end, both
times after the same settling step (speed 1, unpaused, seek to 10 s, 1 s of
playback), so the two are comparable. The health check then wants time-pos to
advance by about 1 s over 1 s of wall time, and, after pausing, the frame number
read from a screenshot of the window (ImageMagick `import`) to be time-pos * fps
within 2 frames.

Exits 1 on a deadlock, a crash, RSS growth >= 10 MB (--max-growth-mb) or unhealthy
playback. Python 3 standard library only.
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FPS = 25
WIDTH, HEIGHT = 320, 240
REPLY_TIMEOUT = 5.0
WARMUP_COMMANDS = 100


def pattern_filter(width, height):
    """Tests/TestSupport/FramePattern.swift's `filter(width:height:)`, verbatim: the frame
    index N as 16 blocks across the top eighth of the picture, bit 15 leftmost, white = 1."""
    bits = 16
    band = max(2, height // 16 * 2)
    return ("split[vp_pattern_main][vp_pattern_source];"
            "[vp_pattern_source]scale=%d:2," % bits
            + "geq=lum='255*mod(floor(N/pow(2,%d-X)),2)':cb=128:cr=128," % (bits - 1)
            + "scale=%d:%d:flags=neighbor[vp_pattern_bits];" % (width, band)
            + "[vp_pattern_main][vp_pattern_bits]overlay=0:0")


def make_clip(seconds, cache):
    arguments = ["-f", "lavfi", "-i", "testsrc2=s=%dx%d:r=%d:d=%d" % (WIDTH, HEIGHT, FPS, seconds),
                 "-f", "lavfi", "-i", "sine=f=440:r=48000:d=%d" % seconds,
                 "-vf", pattern_filter(WIDTH, HEIGHT),
                 "-c:v", "libx264", "-preset", "veryfast", "-g", "50", "-bf", "2", "-pix_fmt", "yuv420p",
                 "-c:a", "aac", "-b:a", "64k", "-shortest"]
    key = hashlib.sha256("\0".join(arguments).encode()).hexdigest()[:12]
    os.makedirs(cache, exist_ok=True)
    path = os.path.join(cache, "soak-%ds-%s.mp4" % (seconds, key))
    if not os.path.exists(path):
        partial = os.path.join(cache, ".%d-%s" % (os.getpid(), os.path.basename(path)))
        result = subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
                                + arguments + [partial], capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit("soak: ffmpeg failed: " + result.stderr.strip())
        os.replace(partial, path)
    return path


class Deadlock(Exception):
    pass


class Gone(Exception):
    pass


class Client:
    """One IPC connection; a reader thread files replies by request_id."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.replies = {}
        self.events = 0
        self.closed = False
        self.cond = threading.Condition()
        self.next_id = 1
        self.reply_times = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                with self.cond:
                    self.closed = True
                    self.cond.notify_all()
                return
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            now = time.monotonic()
            with self.cond:
                for line in lines:
                    if not line.strip():
                        continue
                    message = json.loads(line)
                    if "request_id" in message and "error" in message and "event" not in message:
                        self.replies[message["request_id"]] = (message, now)
                    else:
                        self.events += 1
                self.cond.notify_all()

    def send(self, command):
        request_id = self.next_id
        self.next_id += 1
        line = json.dumps({"command": command, "request_id": request_id}) + "\n"
        try:
            self.sock.sendall(line.encode())
        except OSError as error:
            raise Gone("send failed: %s" % error)
        return request_id, time.monotonic()

    def wait(self, request_id, not_before, command):
        """The reply to request_id; it must come within REPLY_TIMEOUT of `not_before`."""
        deadline = not_before + REPLY_TIMEOUT
        with self.cond:
            while request_id not in self.replies:
                if self.closed:
                    raise Gone("connection closed while waiting for %s" % json.dumps(command))
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Deadlock("no reply to %s within %.0f s" % (json.dumps(command), REPLY_TIMEOUT))
                self.cond.wait(left)
            message, at = self.replies.pop(request_id)
        self.reply_times.append(at - not_before)
        return message, at

    def call(self, *command):
        request_id, sent = self.send(list(command))
        message, _ = self.wait(request_id, sent, list(command))
        return message

    def get(self, name):
        message = self.call("get_property", name)
        return message.get("data") if message.get("error") == "success" else None


def rss_kb(pid):
    values = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    values[key] = int(rest.split()[0])
    except OSError:
        pass
    return values


class CommandMaker:
    SEEK_FLAGS = [None, "relative", "exact", "keyframes", "relative+exact", "relative+keyframes",
                  "keyframes+relative", "absolute", "absolute+exact", "absolute+keyframes", "exact+absolute",
                  "absolute-percent", "absolute-percent+exact", "absolute-percent+keyframes",
                  "relative-percent", "relative-percent+exact", "relative-percent+keyframes"]
    PROPERTIES = ["time-pos", "percent-pos", "duration", "time-remaining", "pause", "speed", "volume",
                  "mute", "eof-reached", "seeking", "width", "height", "container-fps", "avsync",
                  "frame-drop-count", "estimated-vf-fps", "filename", "volume-max"]

    def __init__(self, rng, seconds, ab_loop):
        self.rng = rng
        self.seconds = seconds
        self.ab_loop = ab_loop
        kinds = [(self.seek, 30), (self.pause, 8), (self.speed, 8), (self.volume, 6), (self.mute, 4),
                 (self.frame_step, 8), (self.frame_back_step, 6), (self.read, 12), (self.position, 4),
                 (self.add, 3)]
        if ab_loop:
            kinds.append((self.ab, 6))
        self.kinds = [k for k, _ in kinds]
        self.weights = [w for _, w in kinds]

    def next(self):
        return self.rng.choices(self.kinds, self.weights)[0]()

    def seek(self):
        r = self.rng
        flags = r.choice(self.SEEK_FLAGS)
        mode = (flags or "relative").split("+")
        if "absolute" in mode:
            target = r.choice([r.uniform(0, self.seconds), r.uniform(-5, self.seconds + 10), 0, self.seconds])
        elif "absolute-percent" in mode:
            target = r.choice([r.uniform(0, 100), 0, 100, r.uniform(-10, 110)])
        elif "relative-percent" in mode:
            target = r.uniform(-50, 50)
        else:
            target = r.choice([r.uniform(-20, 20), r.uniform(-2, 2), r.choice([-60, -10, -5, 5, 10, 60])])
        target = round(target, 3)
        return ["seek", target] if flags is None else ["seek", target, flags]

    def pause(self):
        return self.rng.choice([["set_property", "pause", True], ["set_property", "pause", False],
                                ["cycle", "pause"], ["set", "pause", self.rng.choice(["yes", "no"])]])

    def speed(self):
        value = round(self.rng.uniform(0.25, 4), 3)
        return self.rng.choice([["set_property", "speed", value], ["set", "speed", str(value)]])

    def volume(self):
        return ["set_property", "volume", round(self.rng.uniform(0, 130), 1)]

    def mute(self):
        return self.rng.choice([["set_property", "mute", self.rng.random() < 0.5], ["cycle", "mute"]])

    def frame_step(self):
        return ["frame-step"]

    def frame_back_step(self):
        return ["frame-back-step"]

    def read(self):
        return ["get_property", self.rng.choice(self.PROPERTIES)]

    def position(self):
        if self.rng.random() < 0.5:
            return ["set_property", "time-pos", round(self.rng.uniform(0, self.seconds), 3)]
        return ["set_property", "percent-pos", round(self.rng.uniform(0, 100), 2)]

    def add(self):
        return self.rng.choice([["add", "volume", self.rng.choice([-5, 5, 10])],
                                ["add", "speed", self.rng.choice([-0.25, 0.25, 0.5])],
                                ["add", "time-pos", self.rng.choice([-3, 3])]])

    def ab(self):
        name = self.rng.choice(["ab-loop-a", "ab-loop-b"])
        value = self.rng.choice(["no", round(self.rng.uniform(0, self.seconds), 3)])
        return ["set_property", name, value]


def find_window(title, timeout=10):
    result = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^%s$" % title],
                            capture_output=True, text=True, timeout=timeout)
    ids = result.stdout.split()
    return ids[0] if ids else None


def screenshot(window):
    """(width, height, packed RGB bytes) of the window."""
    data = subprocess.run(["import", "-silent", "-window", window, "-depth", "8", "ppm:-"],
                          capture_output=True, timeout=20, check=True).stdout
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or int(fields[3]) != 255:
        raise ValueError("unexpected PPM header %r" % fields)
    width, height = int(fields[1]), int(fields[2])
    pixels = data[pos + 1:pos + 1 + width * height * 3]
    return width, height, pixels


def read_pattern(width, height, rgb):
    """FramePattern.read over the whole image: 16 blocks in the top eighth, bit 15
    leftmost, white = 1. None when a block is neither clearly black nor white."""
    bits = 16
    if width < bits or height < 16:
        return None
    block = width / bits
    cy = height // 16
    radius = max(0, min(int(block), height // 8) // 6)
    value = 0
    for i in range(bits):
        cx = int((i + 0.5) * block)
        total = count = 0
        for y in range(cy - radius, cy + radius + 1):
            for x in range(cx - radius, cx + radius + 1):
                o = (y * width + x) * 3
                total += rgb[o] + rgb[o + 1] + rgb[o + 2]
                count += 3
        level = total / count
        if level < 64:
            value <<= 1
        elif level >= 192:
            value = value << 1 | 1
        else:
            return None
    return value


def gdb_stacks(pid):
    if not shutil.which("gdb"):
        return "(gdb not installed)"
    try:
        result = subprocess.run(["gdb", "-q", "-batch", "-nx", "-p", str(pid), "-ex", "set pagination off",
                                 "-ex", "thread apply all bt 40"], capture_output=True, text=True, timeout=120)
        return result.stdout + result.stderr
    except subprocess.TimeoutExpired:
        return "(gdb timed out)"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=60, help="clip length (default 60)")
    parser.add_argument("--commands", type=int, default=2000, help="commands to send (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--vplay", default=os.path.join(ROOT, ".build", "debug", "vplay"))
    parser.add_argument("--max-growth-mb", type=float, default=10)
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "vplay-soak-media"))
    options = parser.parse_args()

    if not os.environ.get("DISPLAY"):
        env_script = os.path.join(ROOT, "scripts", "test-env.sh")
        os.execvp("bash", ["bash", env_script, sys.executable, os.path.abspath(__file__)] + sys.argv[1:])
    if not os.access(options.vplay, os.X_OK):
        sys.exit("soak: no vplay binary at %s (run swift build)" % options.vplay)
    if options.seconds < 20:
        sys.exit("soak: --seconds must be at least 20 (the checks seek to 10 s)")

    started = time.monotonic()
    clip = make_clip(options.seconds, options.cache)
    work = tempfile.mkdtemp(prefix="vplay-soak-")
    vplay = os.path.join(work, "vplay")
    shutil.copy2(options.vplay, vplay)  # immune to a concurrent rebuild
    sock_path = os.path.join(work, "ipc.sock")
    title = "vplay-soak-%d" % os.getpid()
    stderr_path = os.path.join(work, "vplay.stderr")
    stderr_file = open(stderr_path, "wb")
    process = subprocess.Popen([vplay, "--input-ipc-server=" + sock_path, "--title=" + title, clip],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr_file,
                               start_new_session=True)
    print("soak: %s, %d commands, seed %d, vplay pid %d, work dir %s"
          % (os.path.basename(clip), options.commands, options.seed, process.pid, work), flush=True)

    failures = []
    figures = {}
    errors = {}
    sent = 0

    def fail(message):
        failures.append(message)
        print("soak: FAIL: " + message, flush=True)

    def settle(client):
        """Same state before each RSS sample and the health check: 1x, playing, at 10 s."""
        client.call("set_property", "speed", 1)
        client.call("set_property", "pause", False)
        client.call("seek", 10, "absolute+exact")
        deadline = time.monotonic() + REPLY_TIMEOUT
        while client.get("seeking") and time.monotonic() < deadline:
            time.sleep(0.02)

    try:
        deadline = time.monotonic() + 15
        while not os.path.exists(sock_path):
            if process.poll() is not None:
                raise Gone("vplay exited with %s before opening its socket" % process.returncode)
            if time.monotonic() > deadline:
                raise Deadlock("no IPC socket after 15 s")
            time.sleep(0.02)
        client = Client(sock_path)
        rng = random.Random(options.seed)
        ab_reply = client.call("get_property", "ab-loop-a")
        ab_loop = ab_reply.get("error") != "property not found"
        maker = CommandMaker(rng, options.seconds, ab_loop)
        print("soak: ab-loop properties %s" % ("present" if ab_loop else "absent (not sent)"), flush=True)
        rss_start = rss_kb(process.pid).get("VmRSS", 0)
        peak_seen = rss_start

        while sent < options.commands:
            if sent >= WARMUP_COMMANDS and "rss_before" not in figures:
                settle(client)
                time.sleep(1)
                figures["rss_before"] = rss_kb(process.pid).get("VmRSS", 0)
            burst = rng.randint(2, 8) if rng.random() < 0.1 else 1
            burst = min(burst, options.commands - sent)
            batch = [maker.next() for _ in range(burst)]
            pending = [(client.send(command), command) for command in batch]
            sent += len(batch)
            previous = None
            for (request_id, sent_at), command in pending:
                message, previous = client.wait(request_id, max(sent_at, previous or sent_at), command)
                if message.get("error") != "success":
                    key = "%s: %s" % (command[0] if command[0] != "set_property" else "set_property " + command[1],
                                      message.get("error"))
                    errors[key] = errors.get(key, 0) + 1
            if sent % 100 < burst or sent == options.commands:
                if process.poll() is not None:
                    raise Gone("vplay exited with %s" % process.returncode)
                peak_seen = max(peak_seen, rss_kb(process.pid).get("VmRSS", 0))
            if sent % 500 < burst:
                print("soak: %d commands sent (%.0fs)" % (sent, time.monotonic() - started), flush=True)

        # After: the same settling as the baseline, then the health check.
        settle(client)
        t0, w0 = client.get("time-pos"), time.monotonic()
        time.sleep(1.0)
        t1, w1 = client.get("time-pos"), time.monotonic()
        figures["rss_after"] = rss_kb(process.pid).get("VmRSS", 0)
        if t0 is None or t1 is None:
            fail("time-pos unavailable (%r, %r)" % (t0, t1))
            advance = None
        else:
            advance = t1 - t0
            if abs(advance - (w1 - w0)) > 0.25:
                fail("time-pos advanced %.3f s over %.3f s of wall time at speed 1" % (advance, w1 - w0))
        figures["advance"] = (advance, w1 - w0)

        client.call("set_property", "pause", True)
        time.sleep(0.3)  # let the paused picture reach the window
        position = client.get("time-pos")
        window = find_window(title)
        if window is None:
            fail("no window titled %s" % title)
        else:
            width, height, rgb = screenshot(window)
            frame = read_pattern(width, height, rgb)
            position_after = client.get("time-pos")
            expected = round(position * FPS) if position is not None else None
            figures["frame"] = (frame, expected, position, width, height)
            if frame is None:
                fail("no frame pattern readable in a %dx%d screenshot" % (width, height))
            elif expected is None or abs(frame - expected) > 2:
                fail("screen shows frame %s, time-pos %s s means frame %s" % (frame, position, expected))
            if position_after != position:
                fail("time-pos moved while paused: %s -> %s" % (position, position_after))

        hwm = rss_kb(process.pid).get("VmHWM", 0)
        figures["peak"] = max(hwm, peak_seen, figures["rss_after"], figures.get("rss_before", 0))
        growth = figures["rss_after"] - figures.get("rss_before", rss_start)
        figures["growth"] = growth
        if growth >= options.max_growth_mb * 1024:
            fail("RSS grew %.1f MB (limit %g MB)" % (growth / 1024, options.max_growth_mb))

        request_id, at = client.send(["quit"])
        try:
            process.wait(timeout=REPLY_TIMEOUT)
        except subprocess.TimeoutExpired:
            fail("vplay still running %.0f s after quit" % REPLY_TIMEOUT)
        if process.returncode not in (0, None):
            fail("vplay exited with %s after quit" % process.returncode)
    except Deadlock as error:
        fail("deadlock: %s" % error)
        stacks = gdb_stacks(process.pid)
        with open(os.path.join(work, "deadlock-stacks.txt"), "w") as f:
            f.write(stacks)
        print("soak: stacks in %s" % os.path.join(work, "deadlock-stacks.txt"))
    except Gone as error:
        fail("crash: %s (exit status %s)" % (error, process.poll()))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        stderr_file.close()

    with open(stderr_path, "rb") as f:
        tail = f.read().decode("utf-8", "replace").strip().splitlines()
    reply_times = sorted(client.reply_times) if "client" in locals() else []
    print("soak: %d commands sent, %d errors returned%s" % (
        sent, sum(errors.values()),
        (" (" + ", ".join("%s x%d" % kv for kv in sorted(errors.items(), key=lambda kv: -kv[1])) + ")") if errors else ""))
    if reply_times:
        print("soak: reply time median %.1f ms, p99 %.1f ms, max %.1f ms" % (
            1000 * reply_times[len(reply_times) // 2], 1000 * reply_times[int(len(reply_times) * 0.99)],
            1000 * reply_times[-1]))
    if "peak" in figures:
        print("soak: RSS before %.1f MB, after %.1f MB, growth %+.1f MB, peak %.1f MB" % (
            figures.get("rss_before", 0) / 1024, figures["rss_after"] / 1024, figures["growth"] / 1024,
            figures["peak"] / 1024))
    if figures.get("advance") and figures["advance"][0] is not None:
        print("soak: time-pos advanced %.3f s over %.3f s" % figures["advance"])
    if "frame" in figures:
        print("soak: paused at %s s: screen frame %s, expected %s (window %dx%d)" % (
            figures["frame"][2], figures["frame"][0], figures["frame"][1], figures["frame"][3], figures["frame"][4]))
    if failures:
        if tail:
            print("soak: vplay stderr (last lines):\n  " + "\n  ".join(tail[-15:]))
        print("soak: FAILED (%s), %.0fs; files kept in %s" % ("; ".join(failures), time.monotonic() - started, work))
        return 1
    print("soak: OK, %.0fs" % (time.monotonic() - started))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
