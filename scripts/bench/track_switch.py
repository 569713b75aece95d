#!/usr/bin/env python3
"""Audio-track switch latency, heard from outside: a Matroska clip carries two audio tracks
with different pure tones (track 1: 440 Hz, track 2: 1320 Hz). The player plays it in a
1280x720 window into the PulseAudio null sink of scripts/test-env.sh, whose monitor that
script records to $VPLAY_AUDIO_CAPTURE; once the first tone is heard, `set_property aid N`
goes over the JSON IPC every 2 s, alternating 2, 1, 2, ... Per switch:

    latency = first period of the new tone in the recording - the send, on the recording's
              timeline                                                         [ms]
    gap     = longest silence (every sample under -40 dBFS for at least 1 ms) between the
              old tone's last period and the new tone's first                  [ms]

Where the send falls in the recording: the recorder (parec, 10 ms latency) appends to the
file as the sink renders, so at any instant the file's length is the sink's clock minus a
lag that changes from one read to the next (the file grows in steps of 1-15 ms). For 0.3 s
before each send the file's length is read every ~1 ms; the smallest (monotonic time -
recorded seconds) over those reads is the freshest the file gets, and the send is placed at
(send time - that offset): the newest sound the sink had rendered when the command left.
Only reads from before the send count, so nothing the player does after it can move the
mark. The null sink renders a block ahead of playing it, so the sound actually playing at
the send lies up to one block (about the recorder's step, returned per switch) before the
mark: a latency here may be short of the switch as heard by up to that step, for every
player alike (mpv, which flushes on a switch, shows its old tone ending a few ms "before"
the send for that reason). A tone's onset is found to within one period of it (2.3 ms at
440 Hz, 0.8 ms at 1320 Hz): the signal is cut at its upward zero crossings and each period
is classed by its length and loudness.

Standalone use (inside scripts/test-env.sh):
    track_switch.py PLAYER_BINARY [--switches 6] [--clip PATH] [--kind vplay|mpv] [--json]
"""
import array
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (AAC_STEREO, KEYS_EVERY_2S, ffmpeg_clip, ipc_player,  # noqa: E402
                      player_kind, playing_command, standalone)

RATE = 48000
FRAME_BYTES = 4                  # s16le stereo
TONES = {1: 440.0, 2: 1320.0}    # aid -> the tone of that track
SILENT = 328                     # -40 dBFS on one channel; the tones are -18 dBFS
PERIOD_TOLERANCE = 0.06          # a period within 6 % of a tone's is that tone
NEW_TONE_RUN = 0.020             # the new tone counts once it lasts 20 ms unbroken
INTERVAL = 2.0                   # s between switches
CLOCK_READS = 0.3                # s of file-length reads around each send


def make_clip(path, seconds=20):
    """720p30 H.264 + two AAC stereo tracks, 440 Hz (aid 1) and 1320 Hz (aid 2), Matroska."""
    if os.path.exists(path):
        return
    ffmpeg_clip(path, [
        "-f", "lavfi", "-i", f"testsrc2=size=1280x720:rate=30:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency={TONES[1]:g}:sample_rate={RATE}:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency={TONES[2]:g}:sample_rate={RATE}:duration={seconds}",
        "-map", "0:v", "-map", "1:a", "-map", "2:a",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", *KEYS_EVERY_2S,
        *AAC_STEREO], tmp_suffix=".tmp.mkv")


# ----------------------------------------------------------------------------- the recording

def recorded_seconds(path):
    return os.stat(path).st_size // FRAME_BYTES / RATE


def read_mono(path, start, end=None):
    """(time of the first sample, left+right samples) of the recording over [start, end)."""
    first = max(0, int(start * RATE))
    with open(path, "rb") as f:
        f.seek(first * FRAME_BYTES)
        data = f.read(-1 if end is None else max(0, int(end * RATE) - first) * FRAME_BYTES)
    samples = array.array("h")
    samples.frombytes(data[:len(data) - len(data) % FRAME_BYTES])
    if sys.byteorder != "little":
        samples.byteswap()
    return first / RATE, [l + r for l, r in zip(samples[0::2], samples[1::2])]


def wait_quiet(path, silence=0.3, timeout=5):
    """Waits until the last SILENCE s of the recording are quiet: a player that has just quit
    can still arrive for as long as the recorder lags, and must not pass for the next one."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        end = recorded_seconds(path)
        if end >= silence:
            _, mono = read_mono(path, end - silence, end)
            if mono and max(map(abs, mono)) < 2 * SILENT:
                return True
        time.sleep(0.05)
    return False


class RecordingClock:
    """Maps time.monotonic() onto the recording's timeline from reads of the file's length."""

    def __init__(self, path):
        self.path = path
        self.offsets = []

    def read_for(self, seconds):
        """Reads the file's length every ~1 ms for SECONDS; each read bounds the offset from
        above (the file is never ahead of the sink), the freshest read bounds it best."""
        end = time.monotonic() + seconds
        while True:
            length = recorded_seconds(self.path)
            now = time.monotonic()
            self.offsets.append(now - length)
            if now >= end:
                return
            time.sleep(0.001)

    def offset(self):
        return min(self.offsets)

    def spread(self):
        """How far the reads scatter above the freshest one: the recorder's step, in s."""
        return max(self.offsets) - min(self.offsets)


# ----------------------------------------------------------------------------- analysis

def periods(mono, t0):
    """[(start s, end s, Hz, peak)] between consecutive upward zero crossings (interpolated
    between samples); silence (no crossings) makes a long, quiet "period"."""
    crossings = []
    for i in range(1, len(mono)):
        a, b = mono[i - 1], mono[i]
        if a < 0 <= b:
            crossings.append((i - 1 + (-a) / (b - a), i))
    out = []
    for (x0, i0), (x1, i1) in zip(crossings, crossings[1:]):
        peak = max(map(abs, mono[i0:i1]))
        out.append((t0 + x0 / RATE, t0 + x1 / RATE, RATE / (x1 - x0), peak))
    return out


def tone_of(period):
    """The aid whose tone this period is, or None (silence, a click, a mix)."""
    _, _, hz, peak = period
    if peak < 2 * SILENT:
        return None
    for aid, tone in TONES.items():
        if abs(hz - tone) <= tone * PERIOD_TOLERANCE:
            return aid
    return None


def longest_silence(mono, t0, start, end):
    """Longest run in s of samples under SILENT on both channels within [start, end), 0 when
    shorter than 1 ms (a tone's own zero crossings make runs of a sample or two)."""
    first, last = max(0, int((start - t0) * RATE)), min(len(mono), int((end - t0) * RATE))
    best = run = 0
    for value in mono[first:last]:
        run = run + 1 if abs(value) < 2 * SILENT else 0
        best = max(best, run)
    return best / RATE if best >= RATE // 1000 else 0.0


def analyse_switch(path, sent, old, new):
    """{latency, gap, old_end} in s for the switch from aid OLD to NEW sent at SENT (recording
    time). Raises RuntimeError when the old tone was not playing or the new one never came."""
    t0, mono = read_mono(path, sent - 0.5, sent + INTERVAL - 0.1)
    labelled = [(p, tone_of(p)) for p in periods(mono, t0)]
    if not any(aid == old and p[0] >= sent - 0.3 for p, aid in labelled):
        raise RuntimeError(f"the {TONES[old]:g} Hz tone was not playing before the switch to aid {new}")
    # The new tone: the first unbroken run of its periods lasting NEW_TONE_RUN, from a little
    # before the send (a placement error of the send must show, not hide the onset).
    run_start = None
    for p, aid in labelled:
        if p[0] < sent - 0.1:
            continue
        if aid != new:
            run_start = None
            continue
        run_start = p[0] if run_start is None else run_start
        if p[1] - run_start >= NEW_TONE_RUN:
            break
    else:
        raise RuntimeError(f"no {TONES[new]:g} Hz tone within {INTERVAL - 0.1:.1f} s of the switch to aid {new}")
    old_periods = [p for p, aid in labelled if aid == old and p[1] <= run_start]
    old_end = old_periods[-1][1] if old_periods else sent - 0.5
    return {"latency": run_start - sent, "gap": longest_silence(mono, t0, old_end, run_start),
            "old_end": old_end - sent}


# ----------------------------------------------------------------------------- measurement

def wait_playing(client, capture, old, timeout=15):
    """Playing once time-pos passes 1 s and the first track's tone is in the recording."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        reply = client.request("get_property", "time-pos")
        pos = reply.get("data")
        if isinstance(pos, (int, float)) and pos >= 1.0:
            end = recorded_seconds(capture)
            t0, mono = read_mono(capture, end - 0.2, end)
            if sum(tone_of(p) == old for p in periods(mono, t0)) >= 20:
                return
        time.sleep(0.05)
    raise RuntimeError(f"not playing the {TONES[old]:g} Hz tone within {timeout} s")


def measure(player, clip, switches=6, kind=None, log=None):
    """[{latency, gap, old_end, to, offset_spread}] in s, one per switch. RuntimeError on failure."""
    capture = os.environ.get("VPLAY_AUDIO_CAPTURE")
    if not capture:
        raise RuntimeError("no $VPLAY_AUDIO_CAPTURE: run inside scripts/test-env.sh with PulseAudio")
    kind = player_kind(player, kind)
    if not wait_quiet(capture):
        raise RuntimeError("the sink never went quiet before the start")
    sent = []  # (recording time of the send, old aid, new aid, offset spread)
    with ipc_player(lambda socket_path: playing_command(kind, player, socket_path, clip),
                    "track-switch.", log) as client:
        wait_playing(client, capture, 1)
        aid = 1
        for _ in range(switches):
            new = 2 if aid == 1 else 1
            before, after = RecordingClock(capture), RecordingClock(capture)
            before.read_for(CLOCK_READS)
            t_send = time.monotonic()
            rid = client.command("set_property", "aid", new)
            # Only the reads before the send place it: what the player does after it (a flush
            # makes the sink rewind what it had rendered ahead) must not move the mark. The
            # reads after show whether the recording stayed on the same clock.
            after.read_for(CLOCK_READS)
            reply = client.wait_for(lambda m: m.get("request_id") == rid)
            if reply.get("error") != "success":
                raise RuntimeError(f"set_property aid {new}: {reply}")
            sent.append((t_send - before.offset(), aid, new, before.spread(),
                         before.offset() - after.offset()))
            aid = new
            time.sleep(max(0.0, t_send + INTERVAL - time.monotonic()))
    results = []
    for at, old, new, spread, shift in sent:
        r = analyse_switch(capture, at, old, new)
        results.append({**r, "to": new, "offset_spread": spread, "shift": shift})
    return results


def summary(results):
    """Median and max latency, longest gap, in ms."""
    lat = [r["latency"] * 1000 for r in results]
    return {"median": statistics.median(lat), "max": max(lat),
            "gap_max": max(r["gap"] for r in results) * 1000,
            "latencies": lat, "gaps": [r["gap"] * 1000 for r in results]}


def main():
    results = standalone("--switches", 6, "vplay-bench-two-tones.mkv", make_clip, measure)
    if results is None:  # --json: printed
        return 0
    for r in results:
        print(f"to aid {r['to']}: {r['latency'] * 1000:6.1f} ms  silence {r['gap'] * 1000:5.1f} ms  "
              f"(old tone ended {r['old_end'] * 1000:+.1f} ms after the send; recorder step "
              f"{r['offset_spread'] * 1000:.1f} ms, recording {r['shift'] * 1000:+.1f} ms ahead after)")
    s = summary(results)
    print(f"track switch: median {s['median']:.1f} ms  max {s['max']:.1f} ms  longest silence "
          f"{s['gap_max']:.1f} ms  over {len(results)} switches")


if __name__ == "__main__":
    sys.exit(main())
