#!/bin/sh
# plagcheck on macOS in one command: dist/plagcheck.app, its self-test, and the disk image
# dist/plagcheck-VERSION.dmg (the app and a link to /Applications); signed, notarised and
# stapled when an identity and a notary profile are given:
#   packaging/macos/build.sh [--sign "Developer ID Application: NAME (TEAMID)"] [--notarize PROFILE]
# PROFILE: a keychain profile made once with `xcrun notarytool store-credentials PROFILE`.
# Needs: Python 3.11 (python.org's or Homebrew's) and the Xcode command-line tools. Build on
# each processor you ship for (arm64, x86_64): the bundle holds that processor's Python.
set -eu
cd "$(dirname "$0")/../.."
IDENTITY=""
PROFILE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --sign) IDENTITY="$2"; shift 2 ;;
    --notarize) PROFILE="$2"; shift 2 ;;
    *) echo "usage: $0 [--sign IDENTITY] [--notarize PROFILE]" >&2; exit 2 ;;
  esac
done
PYTHON="${PYTHON:-python3.11}"

[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet -e '.[dev]'
# the spec signs every binary and the .app (hardened runtime) when given the identity
PLAGCHECK_CODESIGN_IDENTITY="$IDENTITY" .venv/bin/pyinstaller --noconfirm --clean \
  --distpath dist --workpath build/pyinstaller packaging/plagcheck.spec
dist/plagcheck.app/Contents/MacOS/plagcheck-gui --self-test build/self-test
[ -z "$IDENTITY" ] || codesign --verify --deep --strict --verbose=2 dist/plagcheck.app

VERSION="$(.venv/bin/python -c 'from simhash_core.version import version; print(version())')"
DMG="dist/plagcheck-$VERSION.dmg"
STAGE="build/dmg"
rm -rf "$STAGE" "$DMG"
mkdir -p "$STAGE"
cp -R dist/plagcheck.app "$STAGE/"
ln -s /Applications "$STAGE/Applications"  # drag the app onto it to install
hdiutil create -volname "plagcheck $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"
if [ -n "$IDENTITY" ]; then
  codesign --sign "$IDENTITY" --timestamp "$DMG"
  if [ -n "$PROFILE" ]; then
    xcrun notarytool submit "$DMG" --keychain-profile "$PROFILE" --wait
    xcrun stapler staple "$DMG"
  fi
fi
echo "$DMG"
