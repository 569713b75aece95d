#!/usr/bin/env python3
"""The clip for the subtitle-cost section of bench.py: 1080p30 with sound and an ASS track
holding a styled two-line event every 2 s (bold, outline, shadow), every other one moving
across the picture (`\\move`), so that a player renders a new subtitle image each frame half
of the time. The section plays it with the track shown and with it off; the difference of
CPU per media second is what the subtitles cost.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import AAC_STEREO, KEYS_EVERY_2S, ffmpeg_clip  # noqa: E402

HEADER = """[Script Info]
ScriptType: v4.00+
PlayResX: 1920
PlayResY: 1080

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,DejaVu Sans,64,&H00FFFFFF,&H000000FF,&H00101010,&H80000000,-1,0,0,0,100,100,0,0,1,4,2,2,60,60,50,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
"""


def stamp(seconds):
    cs = int(round(seconds * 100))
    return "%d:%02d:%02d.%02d" % (cs // 360000, cs // 6000 % 60, cs // 100 % 60, cs % 100)


def script(seconds):
    events = []
    for n, start in enumerate(range(0, int(seconds), 2)):
        move = "{\\move(200,900,1720,900)}" if n % 2 else ""
        events.append("Dialogue: 0,%s,%s,Default,,0,0,0,,%sLine %d of the dialogue, long enough to wrap\\Nand a second row"
                      % (stamp(start), stamp(start + 1.9), move, n + 1))
    return HEADER + "\n".join(events) + "\n"


def make_clip(path, seconds):
    ass = path + ".ass"
    with open(ass, "w") as f:
        f.write(script(seconds))
    ffmpeg_clip(path, [
        "-f", "lavfi", "-i", f"testsrc2=size=1920x1080:rate=30:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
        "-i", ass, "-map", "0:v", "-map", "1:a", "-map", "2:s",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", *KEYS_EVERY_2S,
        *AAC_STEREO, "-c:s", "ass"], tmp_suffix=".tmp.mkv")
    os.remove(ass)
