#!/bin/sh
# Generates the bundled demo clip: 10 s, 640x360 H.264 + AAC stereo 48 kHz.
# Picture: Conway's life (fading "mold" trails) screen-blended over a drifting
# three-colour gradient; both are cheap lavfi sources, so this runs in seconds.
# Sound: a pentatonic arpeggio, each note shaped by a half-sine envelope so
# note changes do not click.
# Deterministic: seeded sources, a fixed encoder thread count, bitexact flags
# and no metadata, so re-running the script reproduces the same bytes.
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
    -f lavfi -i "gradients=size=640x360:rate=25:speed=0.03:seed=3:nb_colors=3:c0=0x1d2b64:c1=0xf8cdda:c2=0x2c7a7b" \
    -f lavfi -i "life=size=160x90:rate=25:mold=10:ratio=0.12:seed=7:death_color=#503070:life_color=#ffd080" \
    -f lavfi -i "aevalsrc=exprs='$melody|$melody':sample_rate=48000:duration=$seconds" \
    -t "$seconds" \
    -filter_complex "[0:v]format=gbrp[bg];[1:v]scale=640:360:flags=neighbor,format=gbrp[fg];[bg][fg]blend=all_mode=screen,format=yuv420p[v]" \
    -map '[v]' -map 2:a \
    -c:v libx264 -preset medium -crf 28 -pix_fmt yuv420p -g 50 -threads 2 \
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
