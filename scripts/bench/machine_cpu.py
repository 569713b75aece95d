"""The machine section of the bench: what a player costs the whole machine, not only its own
process. Playing sound and pictures makes two servers work as well: the PulseAudio daemon
(woken for every request for sound and every write, and as often as the sink's latency
demands) and the X server (every picture put to the window). A player can look cheap in its
own process and still cost as much as another once they are counted.

  machine  for 20 s of the 720p and the 1080p clip, each player (vplay, mpv --vo=x11, mpv with
           its default output, ffplay) one after another: CPU s of the player process (wait4
           rusage, all threads and children), of the PulseAudio daemon and of Xvfb over the
           same run (utime + stime from /proc/PID/stat of the private daemons scripts/test-env.sh
           started, read right before the player starts and right after it exits), and their
           sum. Targets: vplay's whole-machine CPU ≤ 0.8× mpv --vo=x11's, and PulseAudio's
           CPU for vplay ≤ 2× mpv's. The same daemons with no player, over as long a time,
           give the floor (the sink monitor's recorder keeps the daemon busy on its own).
           At 1080p also vplay's process against `ffmpeg -re -threads 0 -an -f null`
           decoding the same 20 s at the clip's pace (aim ≤ 1.15×), and where the rest goes:
           vplay again with --aid=no (what the sound costs is the difference) and vplay's CPU
           by thread (/proc/PID/task/*/stat, read every 0.2 s while it plays).
"""
import os
import statistics
import subprocess
import time

SECTIONS = ("machine",)
LABELS = ("720p30", "1080p30")
PLAYERS = ("vplay", "mpv-x11", "mpv", "ffplay")
CLK_TCK = os.sysconf("SC_CLK_TCK")
PULSE_PID, XVFB_PID = "VPLAY_TEST_ENV_PULSE_PID", "VPLAY_TEST_ENV_XVFB_PID"


def stat_fields(path):
    with open(path) as f:
        text = f.read()
    name = text[text.index("(") + 1:text.rindex(")")]
    return name, text.rsplit(")", 1)[1].split()


def cpu_seconds(pid):
    _, fields = stat_fields(f"/proc/{pid}/stat")
    return (int(fields[11]) + int(fields[12])) / CLK_TCK   # utime, stime: every thread


def daemons():
    """{"pulse": pid, "x": pid} of the test environment's private servers."""
    pids = {"pulse": os.environ.get(PULSE_PID), "x": os.environ.get(XVFB_PID)}
    missing = [k for k, v in pids.items() if not v or not os.path.exists(f"/proc/{v}/stat")]
    if missing:
        raise RuntimeError(f"no {' and '.join(missing)} daemon pid from scripts/test-env.sh "
                           f"({PULSE_PID}, {XVFB_PID})")
    return {k: int(v) for k, v in pids.items()}


def daemon_cpu(pids):
    return {k: cpu_seconds(pid) for k, pid in pids.items()}


def thread_cpu(pid, seen):
    """Updates SEEN {tid: (name, cpu s)} from /proc/PID/task; threads that ended keep their last
    figure."""
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return
    for tid in tids:
        try:
            name, fields = stat_fields(f"/proc/{pid}/task/{tid}/stat")
        except (OSError, ValueError):
            continue
        seen[tid] = (name, (int(fields[11]) + int(fields[12])) / CLK_TCK)


def by_name(seen):
    """CPU s per thread name (threads of one name, e.g. decoder workers, summed)."""
    totals = {}
    for name, cpu in seen.values():
        totals[name] = totals.get(name, 0) + cpu
    return totals


def measure(cmd, pids, log, timeout, threads=False):
    """Runs CMD to its end: player, daemon and X CPU s over the run, and per-thread CPU s of the
    player when THREADS."""
    before = daemon_cpu(pids)
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    start, seen, next_look = time.monotonic(), {}, 0
    while True:
        pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        now = time.monotonic()
        if now - start > timeout:
            proc.kill()
        if threads and now >= next_look:
            thread_cpu(proc.pid, seen)
            next_look = now + 0.2
        time.sleep(0.01)
    wall = time.monotonic() - start
    after = daemon_cpu(pids)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"exit status {code} after {wall:.1f} s")
    player = ru.ru_utime + ru.ru_stime
    out = {"player": player, "wall": wall, **{k: after[k] - before[k] for k in pids}}
    out["total"] = out["player"] + out["pulse"] + out["x"]
    if threads:
        out["threads"] = by_name(seen)
    return out


def idle(pids, seconds):
    before = daemon_cpu(pids)
    time.sleep(seconds)
    after = daemon_cpu(pids)
    return {k: after[k] - before[k] for k in pids}


ROWS = (("player", "player process"), ("pulse", "PulseAudio daemon"), ("x", "Xvfb"),
        ("total", "whole machine (player + PulseAudio + Xvfb)"))


def run(ctx, length, play_cmd, decode_cmd):
    """CTX: network.Context; PLAY_CMD(player, vplay, clip, length) and DECODE_CMD(clip, length,
    paced) from bench.py."""
    if "machine" not in ctx.sections:
        return
    ctx.section("machine", f"machine. CPU s of player + PulseAudio + Xvfb over {length} s of each clip")
    res = ctx.res
    for label in LABELS:
        for key, what in ROWS:
            target = ""
            if key == "total":
                target = " (target vplay ≤ 0.8× mpv x11)"
            elif key == "pulse":
                target = " (target vplay ≤ 2× mpv)"
            res.row(f"machine-{key}-{label}", f"CPU s in {length} s, {label[:-2]}, {what}{target}", "{:.2f}",
                    players=PLAYERS)
    res.row("machine-paced-1080p30", f"CPU s in {length} s, 1080p, vplay process against ffmpeg -re "
            "decoding alone (aim ≤ 1.15)", "{:.2f}", players=("vplay", "ffplay"))
    res.row("machine-silent-1080p30", f"CPU s in {length} s, 1080p, vplay process with --aid=no",
            "{:.2f}", players=("vplay",))
    extra = res.extra.setdefault("machine", {"idle": [], "threads": [], "paced": [], "sound": []})
    try:
        pids = daemons()
    except RuntimeError as e:
        for label in LABELS:
            for p in PLAYERS:
                res.fail([f"machine-{k}-{label}" for k, _ in ROWS], p, 0, "machine", e)
        return
    for run_index in range(ctx.runs):
        floor = idle(pids, length)
        extra["idle"].append(floor)
        ctx.log(f"  run {run_index + 1} no player    PulseAudio {floor['pulse']:.2f}  Xvfb {floor['x']:.2f} CPU s")
        for label in LABELS:
            for p in ctx.order(run_index, PLAYERS):
                ctx.move_pointer_away()
                tag = f"machine-{label}-{p}-run{run_index + 1}"
                keys = [f"machine-{k}-{label}" for k, _ in ROWS]
                threads = p == "vplay" and label == "1080p30"
                try:
                    r = ctx.logged(tag, measure, play_cmd(p, ctx.vplay, ctx.clips[label], length), pids,
                                   timeout=length + 40, threads=threads)
                except ctx.failed as e:
                    res.fail(keys, p, run_index, f"machine {label}", e)
                    continue
                for key, _ in ROWS:
                    res.put(f"machine-{key}-{label}", p, run_index, r[key])
                ctx.log(f"  run {run_index + 1} {label:8s} {p:8s} player {r['player']:.2f}  PulseAudio "
                        f"{r['pulse']:.2f}  Xvfb {r['x']:.2f}  total {r['total']:.2f} CPU s")
                if not threads:
                    continue
                extra["threads"].append(r["threads"])
                try:
                    d = ctx.logged(f"machine-paced-{label}-run{run_index + 1}", measure,
                                   decode_cmd(ctx.clips[label], length, True), pids, timeout=length + 40)
                except ctx.failed as e:
                    res.fail(["machine-paced-1080p30"], "ffplay", run_index, "ffmpeg -re", e)
                    continue
                res.put("machine-paced-1080p30", "vplay", run_index, r["player"])
                res.put("machine-paced-1080p30", "ffplay", run_index, d["player"])
                extra["paced"].append(d["player"])
                ctx.log(f"  run {run_index + 1} {label:8s} ffmpeg -re {d['player']:.2f} CPU s "
                        f"(vplay ÷ ffmpeg -re {r['player'] / d['player']:.2f})")
                try:
                    q = ctx.logged(f"machine-silent-{label}-run{run_index + 1}", measure,
                                   play_cmd(p, ctx.vplay, ctx.clips[label], length, extra=["--aid=no"]), pids,
                                   timeout=length + 40)
                except ctx.failed as e:
                    res.fail(["machine-silent-1080p30"], "vplay", run_index, "vplay --aid=no", e)
                    continue
                res.put("machine-silent-1080p30", "vplay", run_index, q["player"])
                extra["sound"].append({"sound": r["player"] - q["player"], "picture": q["player"] - d["player"]})
                ctx.log(f"  run {run_index + 1} {label:8s} vplay --aid=no {q['player']:.2f} CPU s (sound "
                        f"{r['player'] - q['player']:.2f}, picture beyond decoding {q['player'] - d['player']:.2f})")


def report_lines(extra):
    """The floor and vplay's CPU by thread, for bench.py's report."""
    m = extra.get("machine")
    if not m or not m["idle"]:
        return []
    lines = ["Machine section: the daemons with no player over the same time (the floor in every "
             "player's PulseAudio and Xvfb cells), CPU s: PulseAudio "
             + " ".join(f"{i['pulse']:.2f}" for i in m["idle"]) + "; Xvfb "
             + " ".join(f"{i['x']:.2f}" for i in m["idle"]) + "."]
    if m["threads"]:
        names = sorted({n for t in m["threads"] for n in t},
                       key=lambda n: -statistics.median(t.get(n, 0) for t in m["threads"]))
        shown = [(n, statistics.median(t.get(n, 0) for t in m["threads"])) for n in names]
        paced = f" against ffmpeg -re's {statistics.median(m['paced']):.2f} for decoding alone" if m["paced"] else ""
        lines += ["", "Where vplay's CPU goes at 1080p, CPU s by thread name (median over runs)" + paced + ": "
                  + ", ".join(f"{n} {c:.2f}" for n, c in shown if c >= 0.01) + "."]
    if m["sound"]:
        lines += ["", "vplay's CPU at 1080p beyond ffmpeg -re, CPU s (median over runs): the sound (vplay − vplay "
                  f"--aid=no) {statistics.median(x['sound'] for x in m['sound']):.2f}; the picture beyond decoding "
                  "(vplay --aid=no − ffmpeg -re: scaling, converting, presenting, waking per frame) "
                  f"{statistics.median(x['picture'] for x in m['sound']):.2f}."]
    return lines + [""]


def command_lines(sections):
    if "machine" not in sections:
        return []
    return [
        "# machine: commands of 1. on the 720p and 1080p clips; player CPU from wait4() rusage; the",
        "#    PulseAudio daemon's and Xvfb's utime+stime from /proc/PID/stat (PIDs exported by",
        "#    scripts/test-env.sh as VPLAY_TEST_ENV_PULSE_PID, VPLAY_TEST_ENV_XVFB_PID) right before",
        "#    the player starts and right after it exits; 1080p: vplay's /proc/PID/task/*/stat every",
        "#    0.2 s, and right after it the same with --aid=no, and",
        "ffmpeg -nostdin -threads 0 -re -t 20 -i CLIP -an -f null -",
    ]
