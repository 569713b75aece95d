"""nginx serving a folder on 127.0.0.1 for the network benchmarks (network.py), as
Tests/TestSupport/NginxServer.swift does for the tests: a free port, its config, pid, logs and
temporary files in a private folder, and a throttled copy of every file under /slow/."""
import os
import shutil
import socket
import subprocess
import tempfile
import time

import benchlib

THROTTLE = 2_500_000   # bytes/s: nginx limit_rate on /slow/, ~20 Mbit/s


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Nginx:
    """nginx serving ROOT on 127.0.0.1 at a free port, its config, pid, logs and temp files in
    a private folder; `/slow/` serves the same files at THROTTLE bytes/s. A context manager:
    stopped (SIGTERM, then SIGKILL) and its folder removed on the way out."""

    def __init__(self, root):
        self.root = os.path.abspath(root)
        self.dir = tempfile.mkdtemp(prefix="vplay-bench-nginx.")
        self.proc = None
        self.port = None

    def config(self, port):
        d = self.dir
        return f"""daemon off;
master_process off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    sendfile on;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    types {{ video/mp4 mp4; video/mp2t ts; application/vnd.apple.mpegurl m3u8; }}
    server {{
        listen 127.0.0.1:{port};
        root {self.root};
        # Small sends, each followed by its pause: without this nginx sends its first 2 MB
        # (sendfile's default chunk) at once, and the first picture arrives unthrottled.
        location /slow/ {{ alias {self.root}/; limit_rate {THROTTLE}; sendfile_max_chunk 32k; }}
    }}
}}
"""

    def __enter__(self):
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        for _ in range(3):  # the port picked may be taken before nginx binds it
            port = free_port()
            conf = os.path.join(self.dir, "nginx.conf")
            with open(conf, "w") as f:
                f.write(self.config(port))
            self.proc = subprocess.Popen([nginx, "-c", conf, "-p", self.dir], stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    self.port = port
                    return self
                except OSError:
                    time.sleep(0.05)
            self.stop()
        raise RuntimeError(f"nginx did not start: {open(os.path.join(self.dir, 'error.log')).read()[-500:]}")

    def stop(self):
        if self.proc:
            benchlib.stop(self.proc)

    def __exit__(self, *exc):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, path, throttled=False):
        rel = os.path.relpath(path, self.root)
        return f"http://127.0.0.1:{self.port}/{'slow/' if throttled else ''}{rel}"
