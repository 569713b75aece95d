#!/usr/bin/env python3
"""Seek latency: from sending `seek T absolute+exact` (or +keyframes) over the JSON IPC
to the `playback-restart` event, i.e. the first frame at the new position on screen.

Usage (inside scripts/test-env.sh, which provides the display and audio):
    seek_latency.py PLAYER_BINARY [--seeks 20] [--clip PATH]
Prints the median and max per mode over the seeks, in milliseconds.
"""
import argparse, json, os, random, socket, statistics, subprocess, sys, tempfile, time


def make_clip(path):
    """1080p30 H.264 + AAC, keyframes exactly every 2 s, 60 s."""
    if os.path.exists(path):
        return
    tmp = path + ".tmp.mp4"
    subprocess.run([
        "ffmpeg", "-nostdin", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=60",
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=60",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
        "-g", "60", "-keyint_min", "60", "-sc_threshold", "0",
        "-c:a", "aac", "-movflags", "+faststart", tmp], check=True)
    os.replace(tmp, path)


class Client:
    def __init__(self, path, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)
        self.file = self.sock.makefile("rw", encoding="utf-8")
        self.next_id = 1

    def command(self, *args):
        rid = self.next_id
        self.next_id += 1
        self.file.write(json.dumps({"command": list(args), "request_id": rid}) + "\n")
        self.file.flush()
        return rid

    def wait_for(self, predicate, timeout=10):
        self.sock.settimeout(timeout)
        while True:
            line = self.file.readline()
            if not line:
                raise RuntimeError("player closed the connection")
            message = json.loads(line)
            if predicate(message):
                return message


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("player")
    parser.add_argument("--seeks", type=int, default=20)
    parser.add_argument("--clip", default=os.path.join(tempfile.gettempdir(), "vplay-bench-1080p-gop2.mp4"))
    args = parser.parse_args()
    make_clip(args.clip)
    socket_path = os.path.join(tempfile.mkdtemp(), "ipc.sock")
    player = subprocess.Popen([args.player, "--really-quiet", "--pause", "--geometry=1280x720",
                               f"--input-ipc-server={socket_path}", args.clip])
    try:
        client = Client(socket_path)
        client.wait_for(lambda m: m.get("event") == "playback-restart" or "request_id" in m, timeout=10)
        rng = random.Random(7)
        results = {}
        for mode in ("exact", "keyframes"):
            latencies = []
            for _ in range(args.seeks):
                target = round(rng.uniform(1, 58), 3)
                start = time.monotonic()
                client.command("seek", target, f"absolute+{mode}")
                client.wait_for(lambda m: m.get("event") == "playback-restart")
                latencies.append((time.monotonic() - start) * 1000)
            results[mode] = latencies
        client.command("quit")
    finally:
        try:
            player.wait(timeout=10)
        except subprocess.TimeoutExpired:
            player.kill()
    for mode, values in results.items():
        print(f"seek {mode:9s}: median {statistics.median(values):6.1f} ms  "
              f"max {max(values):6.1f} ms  over {len(values)} seeks (1080p H.264, 2 s keyframes)")


if __name__ == "__main__":
    sys.exit(main())
