#!/usr/bin/env bash
# Installs the Debian packages webnav needs when they are missing (pkg-config decides for the
# C libraries). Extra package names given as arguments are installed too when their command is missing
# (used by the benchmark for lynx and hyperfine).
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if command -v pkg-config >/dev/null 2>&1; then
  pkg-config --exists libxml-2.0 || missing+=(libxml2-dev)
  pkg-config --exists ncursesw || missing+=(libncurses-dev)
else
  missing+=(libxml2-dev libncurses-dev)
fi
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
# Terminfo entries with direct colour (xterm-direct, tmux-direct) for 24-bit colour under ncurses.
[ -e /usr/share/terminfo/x/xterm-direct ] || [ -e /lib/terminfo/x/xterm-direct ] || missing+=(ncurses-term)
for tool in "$@"; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "webnav: need root or sudo to install ${missing[*]}" >&2; exit 2; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
