#!/bin/sh
# Generates the bundled demo clip: 10 s, 640x360 H.264 + AAC stereo 48 kHz.
# Picture: a slow Mandelbrot zoom with a drifting colour gradient blended in.
# Sound: a pentatonic arpeggio, each note shaped by a half-sine envelope so
# note changes do not click.
# Deterministic: fixed encoder thread count and bitexact flags, no metadata,
# so re-running the script reproduces the same bytes.
set -eu

cd "$(dirname "$0")/.."
out=${1:-Assets/demo.mp4}
mkdir -p "$(dirname "$out")"

seconds=10
# Semitone offsets above A3 for the arpeggio; the note changes every 0.25 s.
# @ stands for the note index, substituted below to keep the table readable.
note='if(eq(@,0),0,if(eq(@,1),3,if(eq(@,2),5,if(eq(@,3),7,if(eq(@,4),10,if(eq(@,5),12,if(eq(@,6),10,7)))))))'
note=$(printf '%s' "$note" | sed 's/@/mod(floor(t*4),8)/g')
melody="0.25*sin(PI*mod(t,0.25)/0.25)*sin(2*PI*220*pow(2,($note)/12)*t)"

tmp="$out.tmp.$$.mp4"
trap 'rm -f "$tmp"' EXIT

ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "mandelbrot=size=640x360:rate=25:start_scale=3:end_scale=0.3:end_pts=$seconds" \
    -f lavfi -i "aevalsrc=exprs='$melody|$melody':sample_rate=48000:duration=$seconds" \
    -t "$seconds" \
    -map 0:v -map 1:a \
    -c:v libx264 -preset medium -crf 30 -pix_fmt yuv420p -g 50 -threads 2 \
    -c:a aac -b:a 96k -ac 2 -ar 48000 \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -movflags +faststart \
    "$tmp"
mv "$tmp" "$out"
trap - EXIT

size=$(stat -c %s "$out")
limit=1048576
if [ "$size" -gt "$limit" ]; then
    echo "make-demo-clip: $out is $size bytes, over the $limit-byte budget" >&2
    exit 1
fi
echo "$out: $size bytes"
