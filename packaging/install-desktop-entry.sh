#!/usr/bin/env bash
# Install (or remove) the gpudesk desktop entry, icons and the *.gpudesk file type
# for the current user (freedesktop.org: GNOME, KDE, Xfce, Deepin, UOS, Kylin ...).
#
#   packaging/install-desktop-entry.sh [--exec PATH] [--uninstall]
#
# Run it from the source tree, or from a built bundle (build.sh copies it to
# dist/gpudesk/, next to the gpudesk executable, which then becomes the default --exec).
# Uses xdg-utils (xdg-mime, xdg-desktop-menu, xdg-icon-resource) when present, otherwise
# copies into $XDG_DATA_HOME (default ~/.local/share) and refreshes the caches itself.
# Set GPUDESK_NO_XDG_UTILS=1 to force the plain-copy path.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ -d "$here/_internal/resources/desktop" ]]; then
    resources="$here/_internal/resources"        # inside dist/gpudesk/
    default_exec="$here/gpudesk"
elif [[ -d "$here/../resources/desktop" ]]; then
    resources="$(cd "$here/../resources" && pwd)" # source tree
    default_exec="gpudesk"
else
    echo "install-desktop-entry: cannot find resources/desktop next to $here" >&2
    exit 2
fi

exec_path="$default_exec"
mode=install
while [[ $# -gt 0 ]]; do
    case "$1" in
        --exec) exec_path="$2"; shift 2 ;;
        --uninstall) mode=uninstall; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "install-desktop-entry: unknown argument $1" >&2; exit 2 ;;
    esac
done

data_home="${XDG_DATA_HOME:-$HOME/.local/share}"
apps_dir="$data_home/applications"
mime_dir="$data_home/mime"
icon_root="$data_home/icons/hicolor"
sizes=(16 24 32 48 64 128 256 512)

use_xdg() {
    [[ "${GPUDESK_NO_XDG_UTILS:-0}" != 1 ]] && command -v "$1" >/dev/null 2>&1
}

refresh_caches() {
    if command -v update-mime-database >/dev/null 2>&1 && [[ -d "$mime_dir/packages" ]]; then
        update-mime-database "$mime_dir" >/dev/null 2>&1 || true
    fi
    if command -v update-desktop-database >/dev/null 2>&1 && [[ -d "$apps_dir" ]]; then
        update-desktop-database "$apps_dir" >/dev/null 2>&1 || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [[ -d "$icon_root" ]]; then
        gtk-update-icon-cache -q -t -f "$icon_root" >/dev/null 2>&1 || true
    fi
}

if [[ "$mode" == uninstall ]]; then
    if use_xdg xdg-desktop-menu; then
        XDG_DATA_HOME="$data_home" xdg-desktop-menu uninstall --mode user gpudesk.desktop || true
    fi
    if use_xdg xdg-mime; then
        XDG_DATA_HOME="$data_home" xdg-mime uninstall --mode user "$resources/desktop/gpudesk-mime.xml" || true
    fi
    rm -f "$apps_dir/gpudesk.desktop" "$mime_dir/packages/gpudesk-mime.xml"
    for size in "${sizes[@]}"; do
        rm -f "$icon_root/${size}x${size}/apps/gpudesk.png" \
              "$icon_root/${size}x${size}/mimetypes/application-x-gpudesk.png"
    done
    rm -f "$icon_root/scalable/apps/gpudesk.svg" "$icon_root/scalable/mimetypes/application-x-gpudesk.svg"
    refresh_caches
    echo "gpudesk desktop entry removed from $data_home"
    exit 0
fi

# Icons: the committed PNGs are already in the hicolor layout; the SVGs go to scalable/.
for size in "${sizes[@]}"; do
    for context_name in apps/gpudesk mimetypes/application-x-gpudesk; do
        src="$resources/icons/hicolor/${size}x${size}/${context_name}.png"
        mkdir -p "$icon_root/${size}x${size}/$(dirname "$context_name")"
        cp -f "$src" "$icon_root/${size}x${size}/${context_name}.png"
    done
done
mkdir -p "$icon_root/scalable/apps" "$icon_root/scalable/mimetypes"
cp -f "$resources/icons/gpudesk.svg" "$icon_root/scalable/apps/gpudesk.svg"
cp -f "$resources/icons/gpudesk-document.svg" "$icon_root/scalable/mimetypes/application-x-gpudesk.svg"

# File type *.gpudesk -> application/x-gpudesk
if use_xdg xdg-mime; then
    XDG_DATA_HOME="$data_home" xdg-mime install --mode user --novendor "$resources/desktop/gpudesk-mime.xml"
else
    mkdir -p "$mime_dir/packages"
    cp -f "$resources/desktop/gpudesk-mime.xml" "$mime_dir/packages/gpudesk-mime.xml"
fi

# Desktop entry, with Exec/TryExec pointing at the chosen executable.
tmp_entry="$(mktemp -d)/gpudesk.desktop"
quoted_exec="$exec_path"
if [[ "$exec_path" == *" "* ]]; then
    quoted_exec="\"$exec_path\""
fi
sed -e "s|^Exec=gpudesk |Exec=${quoted_exec} |" -e "s|^TryExec=gpudesk\$|TryExec=${exec_path}|" \
    "$resources/desktop/gpudesk.desktop" > "$tmp_entry"
if use_xdg xdg-desktop-menu; then
    XDG_DATA_HOME="$data_home" xdg-desktop-menu install --mode user --novendor "$tmp_entry"
else
    mkdir -p "$apps_dir"
    cp -f "$tmp_entry" "$apps_dir/gpudesk.desktop"
fi
rm -rf "$(dirname "$tmp_entry")"

refresh_caches
if use_xdg xdg-mime; then
    XDG_DATA_HOME="$data_home" xdg-mime default gpudesk.desktop application/x-gpudesk || true
fi
echo "gpudesk desktop entry installed in $data_home (Exec=$exec_path)"
