#!/usr/bin/env bash
# Install what the tests need from the system: a CJK font (so screenshots draw Chinese,
# not boxes) and redis-server (archive backend tests). Best effort: without root or apt,
# the tests that need these say so and skip.
set -u
need=()
fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy" || need+=(fonts-wqy-microhei)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)
# the shared libraries Qt's xcb and offscreen platform plug-ins load
for lib in libEGL.so.1:libegl1 libGL.so.1:libgl1 libxkbcommon.so.0:libxkbcommon0 \
           libfontconfig.so.1:libfontconfig1 libdbus-1.so.3:libdbus-1-3; do
  ldconfig -p 2>/dev/null | grep -q "${lib%%:*}" || need+=("${lib##*:}")
done
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: cannot install ${need[*]} (not root or no apt-get); dependent tests will skip" >&2
  exit 0
fi
echo "system-deps: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1 \
  || echo "system-deps: apt-get install failed; dependent tests will skip" >&2
exit 0
