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
# FFmpeg's libraries (video output: fractalis animate to .mp4/.mkv/.webm):
# Debian's libavformat59, libavcodec59, libavutil57, libswscale6 and
# libswresample4 with the video encoders fractalis offers (libx264, libx265,
# libvpx, libaom, SVT-AV1, rav1e) and libdav1d, as packages; their -dev
# packages' headers and pkg-config files (not their static libraries) in
# ffmpeg-extra.tar.xz; and, in the same archive, stub libraries
# (scripts/gpu-stub.py) for the 38 other libraries they are linked with that
# Ubuntu 24.04 lacks (audio codecs, image formats, network protocols, VA-API,
# librsvg with cairo and glib, ...; the list below was read from the GPU
# machine's `ldconfig -p`): the loader needs each one and, libavcodec being
# linked with BIND_NOW, each symbol, but the real ones and theirs are some
# 80 libraries, 111 MB (33 MB as .tar.xz). A stub aborts with its name if
# called, but for the probes libavformat asks of every demuxer when it opens
# an input (libgme's, libopenmpt's), which answer "not this format"; fractalis
# calls none of the others. About 15 MB travels for video.
# Open MPI 4.1 (mpirun and the MPI tests, one rank a GPU): Debian's
# openmpi-bin, libopenmpi3 and -dev with the libraries they load that the
# GPU machine lacks (PMIx, hwloc, libevent, libfabric, UCX, verbs, ...),
# about 7 MB; gpu-env.sh relocates it (OPAL_PREFIX).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .gpu-deps
cd .gpu-deps
rm -f ./*.deb ffmpeg-extra.tar.xz
apt-get download libjansson-dev libjansson4 libcmocka-dev libcmocka0 pkgconf pkgconf-bin libpkgconf3 \
    libxml2-dev libicu-dev libjpeg62-turbo-dev libjpeg62-turbo \
    libopenexr-dev libopenexr-3-1-30 libimath-dev flam3-palette libmpfr-dev libgmp-dev \
    libmicrohttpd-dev libmicrohttpd12 nettle-dev 2>/dev/null
apt-get download openmpi-bin openmpi-common libopenmpi3 libopenmpi-dev libpmix2 libhwloc15 libhwloc-plugins \
    libevent-core-2.1-7 libevent-pthreads-2.1-7 libfabric1 libucx0 libibverbs1 ibverbs-providers librdmacm1 \
    libpsm2-2 libpsm-infinipath1 libnl-3-200 libnl-route-3-200 libmunge2 libnuma1 libpciaccess0 libxnvctrl0 2>/dev/null
ls -1 ./*.deb

# FFmpeg: the libraries, the encoders, the AV1 decoder (the tests decode what
# they write)
apt-get download libavformat59 libavcodec59 libavutil57 libswscale6 libswresample4 \
    libx264-164 libx265-199 libvpx7 libaom3 libsvtav1enc1 librav1e0 libdav1d6 2>/dev/null
# The packages of the libraries that are stubbed (those FFmpeg's are linked
# with and the GPU machine lacks)
stub_pkgs="libbluray2 libcairo2 libchromaprint1 libcodec2-1.0 libglib2.0-0 libgme0 libgsm1
    libjxl0.7 libmfx1 libmp3lame0 libopenjp2-7 libopenmpt0 libopus0 librabbitmq4 librist4
    librsvg2-2 libshine3 libsnappy1v5 libsoxr0 libspeex1 libsrt1.5-gnutls libssh-gcrypt-4
    libtheora0 libtwolame0 libva-drm2 libva-x11-2 libva2 libvdpau1 libvorbis0a libvorbisenc2
    libwebp7 libwebpmux3 libxvidcore4 libzmq5 libzvbi0"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/debs" "$tmp/real" "$tmp/x/usr/lib/x86_64-linux-gnu"
(cd "$tmp/debs" && apt-get download libavformat-dev libavcodec-dev libavutil-dev libswscale-dev \
    libswresample-dev $stub_pkgs 2>/dev/null)
for f in "$tmp"/debs/*-dev_*.deb; do dpkg -x "$f" "$tmp/dev"; done
lib=usr/lib/x86_64-linux-gnu
# Headers, pkg-config files and the link-time names (links to the runtime)
(cd "$tmp/dev" && cp -a --parents usr/include "$lib"/pkgconfig "$lib"/*.so "$tmp/x/")
for f in "$tmp"/debs/*.deb; do case $f in *-dev_*) ;; *) dpkg -x "$f" "$tmp/real" ;; esac; done
for f in ./libav*.deb ./libsw*.deb; do dpkg -x "$f" "$tmp/ff"; done
needed=$(for f in "$tmp"/ff/$lib/lib*.so.*; do [ -L "$f" ] || objdump -p "$f" | awk '/NEEDED/ {print $2}'; done | sort -u)
n=0
for so in $needed; do
    [ -e "$tmp/real/$lib/$so" ] || continue
    python3 ../scripts/gpu-stub.py "$(readlink -f "$tmp/real/$lib/$so")" "$tmp/s.c" "$tmp/s.map" >/dev/null
    map=()
    [ -s "$tmp/s.map" ] && map=(-Wl,--version-script,"$tmp/s.map")
    gcc -shared -fPIC -O1 -o "$tmp/x/$lib/$so" "$tmp/s.c" -Wl,-soname,"$so" "${map[@]}"
    n=$((n + 1))
done
echo "$n stub libraries"
tar -C "$tmp/x" -cJf ffmpeg-extra.tar.xz usr
du -ch ./*.deb ffmpeg-extra.tar.xz | tail -1
