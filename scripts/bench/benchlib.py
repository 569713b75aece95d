"""What the benchmark scripts share: making test clips with ffmpeg, and running a player
(vplay or mpv) under its JSON IPC socket.

Each script puts its own folder on sys.path before importing this, so that it runs both on
its own (`python3 scripts/bench/X.py ...`) and as a module of bench.py.
"""
import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

# ----------------------------------------------------------------------------- clips

# x264 options for a keyframe exactly every 2 s at 30 fps.
KEYS_EVERY_2S = ("-g", "60", "-keyint_min", "60", "-sc_threshold", "0")
# AAC options of the stereo sound track most clips carry.
AAC_STEREO = ("-c:a", "aac", "-ac", "2", "-b:a", "128k")


def ffmpeg_clip(path, args, tmp_suffix=".tmp.mp4"):
    """Runs `ffmpeg -nostdin -loglevel error -y ARGS` into PATH + TMP_SUFFIX (whose ending
    names the container), then renames it to PATH: an interrupted encode leaves no PATH."""
    tmp = path + tmp_suffix
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", *args, tmp], check=True)
    os.replace(tmp, path)


def test_clip(path, video_src, seconds, keys=KEYS_EVERY_2S, audio=AAC_STEREO, preset="veryfast"):
    """SECONDS of the lavfi source VIDEO_SRC (given without its duration) as H.264 (x264
    PRESET, the x264 options KEYS) with a 440 Hz 48 kHz sine as AAC (the options AUDIO), MP4
    with the index up front."""
    ffmpeg_clip(path, [
        "-f", "lavfi", "-i", f"{video_src}:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
        "-c:v", "libx264", "-preset", preset, "-pix_fmt", "yuv420p", *keys,
        *audio, "-movflags", "+faststart"])


def duration_of(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration",
                          "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def stop(proc, grace=5, sig=signal.SIGTERM):
    """Asks `proc` to end with `sig`, and kills it after `grace` seconds."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# ----------------------------------------------------------------------------- the player

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
        self.process = process
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


def player_kind(player, kind=None):
    """KIND, or else the kind ("mpv" or "vplay") the binary's name says."""
    return kind or ("mpv" if "mpv" in os.path.basename(player) else "vplay")


def playing_command(kind, player, socket_path, clip):
    """Playing (not paused), the bench's window size and flags; mpv into PulseAudio as vplay."""
    common = ["--geometry=1280x720", f"--input-ipc-server={socket_path}"]
    if kind == "mpv":
        return [player, "--no-config", "--really-quiet", "--ao=pulse", *common, clip]
    return [player, "--really-quiet", *common, clip]


@contextlib.contextmanager
def ipc_player(command, prefix, log=None):
    """Starts the player COMMAND(socket path) gives, its output to the file LOG (else
    nowhere), and yields a Client connected to it. When the block ends it sends `quit`; on
    the way out, whatever happened, it gives the player 10 s to exit before killing it and
    removes the socket's folder (a temporary one named PREFIX...). The client's `process` is
    the player's Popen."""
    tmpdir = tempfile.mkdtemp(prefix=prefix)
    socket_path = os.path.join(tmpdir, "ipc.sock")
    proc = subprocess.Popen(command(socket_path), stdin=subprocess.DEVNULL,
                            stdout=log or subprocess.DEVNULL, stderr=log or subprocess.DEVNULL)
    try:
        client = Client(socket_path, process=proc)
        yield client
        client.command("quit")
    finally:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(tmpdir, ignore_errors=True)


# ----------------------------------------------------------------------------- command line

def ipc_parser(count, default, clip_name):
    """The command line of a standalone IPC benchmark: PLAYER [COUNT N] [--clip PATH]
    [--kind vplay|mpv] [--json], the clip by default CLIP_NAME in the temporary folder."""
    parser = argparse.ArgumentParser()
    parser.add_argument("player")
    parser.add_argument(count, type=int, default=default)
    parser.add_argument("--clip", default=os.path.join(tempfile.gettempdir(), clip_name))
    parser.add_argument("--kind", choices=("vplay", "mpv"))
    parser.add_argument("--json", action="store_true")
    return parser


def standalone(count, default, clip_name, make_clip, measure, argv=None, **kwargs):
    """A standalone run: parses ARGV (ipc_parser's command line), makes the clip unless it
    exists and returns MEASURE(player, clip, the count, kind, **KWARGS); with --json it
    prints that as one JSON line instead and returns None."""
    args = ipc_parser(count, default, clip_name).parse_args(argv)
    make_clip(args.clip)
    results = measure(args.player, args.clip, getattr(args, count.lstrip("-")), args.kind, **kwargs)
    if args.json:
        print(json.dumps(results))
        return None
    return results
