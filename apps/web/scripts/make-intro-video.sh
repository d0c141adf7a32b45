#!/usr/bin/env bash
# Renders the short "how testing works" video of the home page (run once with ffmpeg; the output is committed).
set -euo pipefail
out="$(dirname "$0")/../public/media"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
steps=("1. Register online" "2. We contact you" "3. Answer a short pre-screener" "4. Schedule if you qualify" "5. Attend and check in" "6. Collect your payment" "7. Your opinion shapes products")
filters=""
for i in "${!steps[@]}"; do
  start=$((i * 2)); end=$((start + 2))
  filters+="drawtext=fontfile=$font:text='${steps[$i]}':fontcolor=white:fontsize=34:x=(w-text_w)/2:y=(h-text_h)/2:enable='between(t,$start,$end)',"
done
ffmpeg -y -loglevel error -f lavfi -i "color=c=0x0b5cab:s=640x360:d=14:r=15" \
  -vf "${filters}drawbox=x=0:y=ih-12:w=iw*t/14:h=12:color=0xf2b134:t=fill" \
  -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 -an "$out/how-testing-works.webm"
{
  echo "WEBVTT"; echo
  for i in "${!steps[@]}"; do
    printf '00:00:%02d.000 --> 00:00:%02d.000\n%s\n\n' $((i * 2)) $((i * 2 + 2)) "${steps[$i]}"
  done
} > "$out/how-testing-works.vtt"
