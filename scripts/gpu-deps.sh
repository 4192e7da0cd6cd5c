#!/usr/bin/env bash
# Fetch, as Debian packages, what the GPU machine lacks to build and test
# fractalis (jansson and cmocka headers and libraries, libxml2's headers and
# the ICU headers they include, MPFR and GMP headers (deep zoom), libjpeg's headers and Debian's libjpeg.so.62
# (Ubuntu ships libjpeg.so.8, whose ABI differs from these headers), OpenEXR's
# headers and libOpenEXRCore (and Imath's headers: OpenEXR's pkg-config file
# requires them), flam3's palette file, pkg-config, libmicrohttpd and nettle's headers (fractalis
# serve; the machine's own libnettle, which its libgnutls needs)) into
# .gpu-deps/ (git-ignored). scripts/gpu-check.sh unpacks them into a private
# prefix there. Run here, before sending the tree to the GPU machine.
# Not FFmpeg's libraries (video output: fractalis animate to .mp4/.mkv):
# libavformat59 and libavcodec59 pull in some fifty codec and protocol
# libraries (libx264, libx265, libvpx, libdav1d, libaom, libbluray, libzmq,
# ...) and theirs, some two hundred packages; scripts/gpu-check.sh builds
# without video there (FR_VIDEO=OFF) unless the machine has FFmpeg's -dev
# packages. The video code runs on the CPU alone and is tested on Debian.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .gpu-deps
cd .gpu-deps
rm -f ./*.deb
apt-get download libjansson-dev libjansson4 libcmocka-dev libcmocka0 pkgconf pkgconf-bin libpkgconf3 \
    libxml2-dev libicu-dev libjpeg62-turbo-dev libjpeg62-turbo \
    libopenexr-dev libopenexr-3-1-30 libimath-dev flam3-palette libmpfr-dev libgmp-dev \
    libmicrohttpd-dev libmicrohttpd12 nettle-dev 2>/dev/null
ls -1 ./*.deb
