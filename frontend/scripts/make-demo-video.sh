#!/usr/bin/env sh
# Makes public/video/intervention-demo.webm, a short test video (the browser tests use it
# as a card video; the intervention's default is make-intervention-video.sh's): 4 seconds of
# ffmpeg's synthetic test pattern with a beeping 440 Hz tone, so it is original and free of
# copyright. Rerun only to change it (needs ffmpeg with libvpx and libopus).
set -eu
cd "$(dirname "$0")/.."
mkdir -p public/video
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=320x180:rate=15:duration=4" \
  -f lavfi -i "sine=frequency=440:beep_factor=4:duration=4:sample_rate=48000" \
  -c:v libvpx -b:v 120k -c:a libopus -b:a 24k -shortest public/video/intervention-demo.webm
