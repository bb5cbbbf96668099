#!/usr/bin/env bash
# Build the one-folder gpudesk bundle in dist/gpudesk/ with PyInstaller.
#
#   packaging/build.sh [--force]
#
# 1. installs PyInstaller into the project venv when it is missing (from PyPI),
# 2. skips everything when dist/gpudesk/.build-stamp equals the fingerprint of the current
#    inputs (packaging/bundle_stamp.py), unless --force,
# 3. builds catalog.db from resources/catalog into build/bundle/ (never touches ./catalog.db),
# 4. runs PyInstaller on packaging/gpudesk.spec, copies the desktop-entry installer next to the
#    executable, writes the stamp and prints the bundle size.
# Environment: GPUDESK_PYTHON (default .venv/bin/python), GPUDESK_DIST (default dist).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${GPUDESK_PYTHON:-$root/.venv/bin/python}"
dist="${GPUDESK_DIST:-$root/dist}"
work="$root/build/pyinstaller"
force=0
case "${1:-}" in
    --force) force=1 ;;
    "") ;;
    *) echo "usage: packaging/build.sh [--force]" >&2; exit 2 ;;
esac

if ! "$python" -c "import PyInstaller" >/dev/null 2>&1; then
    echo "build.sh: installing PyInstaller into $("$python" -c 'import sys; print(sys.prefix)')"
    "$python" -m pip install --quiet "pyinstaller>=6.10,<7"
fi

stamp="$("$python" packaging/bundle_stamp.py)"
stamp_file="$dist/gpudesk/.build-stamp"
if [[ $force == 0 && -x "$dist/gpudesk/gpudesk" && -f "$stamp_file" && "$(cat "$stamp_file")" == "$stamp" ]]; then
    echo "build.sh: $dist/gpudesk is up to date (stamp ${stamp:0:12}); use --force to rebuild"
    du -sh "$dist/gpudesk"
    exit 0
fi

mkdir -p "$root/build/bundle"
"$python" -m gpudesk.catalog.build --out "$root/build/bundle/catalog.db"
export GPUDESK_BUNDLE_CATALOG="$root/build/bundle/catalog.db"

rm -f "$stamp_file"
"$python" -m PyInstaller --noconfirm --log-level WARN --distpath "$dist" --workpath "$work" packaging/gpudesk.spec
cp -f packaging/install-desktop-entry.sh "$dist/gpudesk/install-desktop-entry.sh"
echo "$stamp" > "$stamp_file"
du -sh "$dist/gpudesk"
