#!/usr/bin/env bash
# Install what the tests need from the system: a CJK font (so screenshots draw Chinese,
# not boxes), redis-server (archive backend tests), a headless Chromium (the HTML
# report opened in a real browser), poppler-utils (pdftotext, pdftoppm: the PDFs) and
# Xvfb (the app on Qt's xcb platform plug-in, as on a desktop), desktop-file-utils (the
# menu entry's check), nsis and p7zip-full (the Windows installer script compiled and its
# contents listed).
# Best effort: without root or apt, the tests that need these say so and skip.
set -u
need=()
fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy" || need+=(fonts-wqy-microhei)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)
command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1 \
  || need+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)  # the app on a real X display (xcb)
# desktop-file-validate: the menu entry of plagcheck-gui --install-shortcut
command -v desktop-file-validate >/dev/null 2>&1 || need+=(desktop-file-utils)
# makensis: packaging/windows/plagcheck.nsi compiled in tests/test_installers.py; 7z lists it
command -v makensis >/dev/null 2>&1 || need+=(nsis)
command -v 7z >/dev/null 2>&1 || need+=(p7zip-full)
# the shared libraries Qt's xcb and offscreen platform plug-ins load
# (xcb: a real display, `make run`; Qt 6.5+ refuses to start xcb without xcb-cursor)
for lib in libEGL.so.1:libegl1 libGL.so.1:libgl1 libxkbcommon.so.0:libxkbcommon0 \
           libfontconfig.so.1:libfontconfig1 libdbus-1.so.3:libdbus-1-3 \
           libxcb-cursor.so.0:libxcb-cursor0 libxcb-icccm.so.4:libxcb-icccm4 \
           libxcb-image.so.0:libxcb-image0 libxcb-keysyms.so.1:libxcb-keysyms1 \
           libxcb-randr.so.0:libxcb-randr0 libxcb-render-util.so.0:libxcb-render-util0 \
           libxcb-shape.so.0:libxcb-shape0 libxcb-xinerama.so.0:libxcb-xinerama0 \
           libxcb-xkb.so.1:libxcb-xkb1 libxkbcommon-x11.so.0:libxkbcommon-x11-0; do
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
