#!/usr/bin/env bash
# Install what the tests need from the system: a CJK font (so screenshots draw Chinese,
# not boxes) and redis-server (archive backend tests). Best effort: without root or apt,
# the tests that need these say so and skip.
set -u
need=()
fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy" || need+=(fonts-wqy-microhei)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: cannot install ${need[*]} (not root or no apt-get); dependent tests will skip" >&2
  exit 0
fi
echo "system-deps: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends "${need[@]}" libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 >/dev/null 2>&1 \
  || echo "system-deps: apt-get install failed; dependent tests will skip" >&2
exit 0
