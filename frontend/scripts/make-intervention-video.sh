#!/usr/bin/env sh
# Makes public/video/intervention-calm.webm, the built-in video of the default-modal
# intervention (used when a condition's intervention-video is empty): 110 seconds, longer
# than the 105-second gate, so "You can continue after the video ends." is true when the
# participant reads it. A slowly drifting gradient and a quiet, slowly pulsing three-note
# chord, all synthesized, so it is original and free of copyright. Under 300 KB (VP9 and
# mono Opus at 10 kb/s). Rerun only to change it (needs ffmpeg with libvpx and libopus).
set -eu
cd "$(dirname "$0")/.."
mkdir -p public/video
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=320x180:r=10:d=110:speed=0.004:n=3:c0=0x2d4a6b:c1=0x5f8f8a:c2=0xc9b27c:type=linear" \
  -f lavfi -i "aevalsrc='0.05*sin(2*PI*220*t)*(0.6+0.4*sin(2*PI*0.1*t))+0.04*sin(2*PI*277.18*t)*(0.6+0.4*sin(2*PI*0.07*t))+0.03*sin(2*PI*329.63*t)':s=24000:d=110" \
  -c:v libvpx-vp9 -b:v 0 -crf 50 -deadline good -cpu-used 4 -row-mt 1 -g 300 \
  -c:a libopus -b:a 10k -ac 1 -shortest public/video/intervention-calm.webm
