#!/usr/bin/env bash
# The end-to-end suite drives Debian's Chromium (never a downloaded browser build).
# Installs it when missing and we may (root with apt-get); otherwise explains and fails.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium from Debian (apt-get install chromium)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Chromium not found at $CHROMIUM. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
