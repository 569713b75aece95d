#!/usr/bin/env python3
"""Seek latency: from sending `seek T absolute+exact` (or +keyframes) over the JSON IPC
to the `playback-restart` event, i.e. the first frame at the new position on screen.

Works with vplay and with mpv (same protocol); the kind is taken from the binary's name
unless --kind says otherwise. The player starts paused in a 1280x720 window.

Usage (inside scripts/test-env.sh, which provides the display and audio):
    seek_latency.py PLAYER_BINARY [--seeks 20] [--clip PATH] [--kind vplay|mpv]
                    [--json] [-- EXTRA PLAYER ARGS]
Prints the median and max per mode over the seeks, in milliseconds (--json: one JSON line
with every latency).
"""
import argparse, json, os, random, shutil, socket, statistics, subprocess, sys, tempfile, time


def make_clip(path, seconds=60):
    """1080p30 H.264 + AAC, keyframes exactly every 2 s."""
    if os.path.exists(path):
        return
    tmp = path + ".tmp.mp4"
    subprocess.run([
        "ffmpeg", "-nostdin", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", f"testsrc2=size=1920x1080:rate=30:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
        "-g", "60", "-keyint_min", "60", "-sc_threshold", "0",
        "-c:a", "aac", "-movflags", "+faststart", tmp], check=True)
    os.replace(tmp, path)


def duration_of(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration",
                          "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


class Client:
    def __init__(self, path, timeout=10, process=None):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline or (process and process.poll() is not None):
                    raise RuntimeError(f"cannot connect to {path}")
                time.sleep(0.02)
        self.buffer = b""
        self.next_id = 1

    def command(self, *args):
        rid = self.next_id
        self.next_id += 1
        self.sock.sendall((json.dumps({"command": list(args), "request_id": rid}) + "\n").encode())
        return rid

    def wait_for(self, predicate, timeout=10):
        """The first message PREDICATE accepts; RuntimeError after TIMEOUT s without one.
        (A socket read that timed out leaves the buffered line intact, unlike makefile().)"""
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if line.strip():
                    message = json.loads(line)
                    if predicate(message):
                        return message
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"no answer within {timeout} s")
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not data:
                raise RuntimeError("player closed the connection")
            self.buffer += data

    def request(self, *args, timeout=10):
        rid = self.command(*args)
        return self.wait_for(lambda m: m.get("request_id") == rid, timeout)

    def drain(self, quiet=0.2):
        """Reads and drops whatever arrives until QUIET s pass without a message."""
        while True:
            try:
                self.wait_for(lambda m: True, timeout=quiet)
            except RuntimeError as e:
                if "no answer" in str(e):
                    return
                raise


def player_command(kind, player, socket_path, clip, extra):
    common = ["--pause", "--geometry=1280x720", f"--input-ipc-server={socket_path}"]
    if kind == "mpv":
        return [player, "--no-config", "--really-quiet", *common, *extra, clip]
    return [player, "--really-quiet", *common, *extra, clip]


def measure(player, clip, seeks=20, kind=None, extra=(), seed=7, log=None):
    """{mode: [latency ms, ...]} for mode in exact, keyframes. Raises RuntimeError on failure."""
    kind = kind or ("mpv" if "mpv" in os.path.basename(player) else "vplay")
    duration = duration_of(clip)
    tmpdir = tempfile.mkdtemp(prefix="seek-latency.")
    socket_path = os.path.join(tmpdir, "ipc.sock")
    player_proc = subprocess.Popen(player_command(kind, player, socket_path, clip, list(extra)),
                                   stdin=subprocess.DEVNULL, stdout=log or subprocess.DEVNULL,
                                   stderr=log or subprocess.DEVNULL)
    results = {}
    try:
        client = Client(socket_path, process=player_proc)
        # Ready once the file is loaded and the first frame is up: a time-pos, then quiet.
        deadline = time.monotonic() + 15
        while True:
            reply = client.request("get_property", "time-pos")
            if reply.get("error") == "success" and isinstance(reply.get("data"), (int, float)):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"player not ready: {reply}")
            time.sleep(0.05)
        client.drain(0.5)
        rng = random.Random(seed)
        for mode in ("exact", "keyframes"):
            latencies = []
            for _ in range(seeks):
                target = round(rng.uniform(1, duration - 2), 3)
                client.drain(0.05)  # nothing stale may count as this seek's restart
                start = time.monotonic()
                client.command("seek", target, f"absolute+{mode}")
                client.wait_for(lambda m: m.get("event") == "playback-restart")
                latencies.append((time.monotonic() - start) * 1000)
            results[mode] = latencies
        client.command("quit")
    finally:
        try:
            player_proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            player_proc.kill()
            player_proc.wait()
        shutil.rmtree(tmpdir, ignore_errors=True)
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("player")
    parser.add_argument("--seeks", type=int, default=20)
    parser.add_argument("--clip", default=os.path.join(tempfile.gettempdir(), "vplay-bench-1080p-gop2.mp4"))
    parser.add_argument("--kind", choices=("vplay", "mpv"))
    parser.add_argument("--json", action="store_true")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    make_clip(args.clip)
    results = measure(args.player, args.clip, args.seeks, args.kind, extra)
    if args.json:
        print(json.dumps(results))
        return 0
    for mode, values in results.items():
        print(f"seek {mode:9s}: median {statistics.median(values):6.1f} ms  "
              f"max {max(values):6.1f} ms  over {len(values)} seeks (1080p H.264, 2 s keyframes)")


if __name__ == "__main__":
    sys.exit(main())
