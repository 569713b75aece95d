"""The null sink's recording made by scripts/test-env.sh (parec into $VPLAY_AUDIO_CAPTURE:
48 kHz s16le stereo), as the sound benches read it."""
import array
import os
import time

RATE = 48000
FRAME_BYTES = 4          # s16le stereo


def capture_path():
    path = os.environ.get("VPLAY_AUDIO_CAPTURE", "")
    if not path:
        raise RuntimeError("no $VPLAY_AUDIO_CAPTURE: run inside scripts/test-env.sh")
    return path


def left_channel(path, start_frame):
    """The left channel's samples of the recording at PATH from START_FRAME on."""
    with open(path, "rb") as f:
        f.seek(start_frame * FRAME_BYTES)
        data = f.read()
    samples = array.array("h")
    samples.frombytes(data[:len(data) // FRAME_BYTES * FRAME_BYTES])
    return samples[0::2]


def frames_recorded(path):
    return os.path.getsize(path) // FRAME_BYTES


def wait_for_quiet(path, below, quiet=0.3, timeout=10):
    """The frame at which the recording's last QUIET s have stayed under BELOW: sound from
    there on is new."""
    deadline = time.monotonic() + timeout
    window = int(quiet * RATE)
    while time.monotonic() < deadline:
        end = frames_recorded(path)
        if end >= window and max(map(abs, left_channel(path, end - window)), default=0) < below:
            return end
        time.sleep(0.05)
    raise RuntimeError("the sink was never quiet")
