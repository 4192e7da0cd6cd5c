#!/usr/bin/env bash
# Install everything fractalis needs to build and test, from Debian packages
# only (Debian 12, as root). Safe to run again.
set -euo pipefail
packages=(build-essential cmake pkg-config libpng-dev zlib1g-dev libjpeg-dev libopenexr-dev libjansson-dev libcmocka-dev
          libxml2-dev libmpfr-dev libgmp-dev libmicrohttpd-dev nettle-dev
          libavformat-dev libavcodec-dev libswscale-dev libavutil-dev flam3-palette flam3-utils clang libclang-rt-14-dev
          libopenmpi-dev openmpi-bin
          help2man debhelper dpkg-dev mmdebstrap
          python3 python3-cffi python3-numpy python3-pytest
          chromium)   # the web explorer's test drives Debian's Chromium (tests/web)
# Node.js and npm build the web explorer's front end (web/, scripts/web-build.sh):
# Debian's, unless a Node.js with npm is installed already (NodeSource's
# nodejs bundles npm and conflicts with Debian's npm package).
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
