"""Render the gpudesk icons from their SVG sources.

The two hand-drawn SVGs in ``resources/icons/`` are the sources of truth:

* ``gpudesk.svg``           the application icon (a GPU chip holding a bar chart)
* ``gpudesk-document.svg``  the icon of a ``.gpudesk`` plan file

This script renders them with Qt's own SVG renderer into

* ``hicolor/<N>x<N>/apps/gpudesk.png`` and
  ``hicolor/<N>x<N>/mimetypes/application-x-gpudesk.png`` (freedesktop icon theme layout,
  copied as-is by ``packaging/install-desktop-entry.sh``),
* ``gpudesk.ico`` / ``gpudesk-document.ico`` (Windows: PNG-compressed entries, 16-256 px),
* ``gpudesk.icns`` / ``gpudesk-document.icns`` (macOS: PNG-compressed entries, 16-1024 px).

Run ``python packaging/make_icons.py [--out DIR]``; the generated files are committed so that a
build never needs to run it. ``tests/packaging/test_icons.py`` re-renders into a temporary folder
and checks the committed files still match their sources.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "resources" / "icons"

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, with their pixel size (Apple "Icon Services" types;
# the @2x variants ic11-ic14 and ic10 are what Retina displays pick).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)

# (svg source, freedesktop icon name, hicolor context folder, .ico/.icns base name)
ICONS = (
    ("gpudesk.svg", "gpudesk", "apps", "gpudesk"),
    ("gpudesk-document.svg", "application-x-gpudesk", "mimetypes", "gpudesk-document"),
)


def render_png(svg_path: Path, size: int) -> bytes:
    """Render ``svg_path`` to a square ``size`` px PNG (ARGB, transparent background)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg_path))
    if not renderer.isValid():
        raise ValueError(f"{svg_path}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"{svg_path}: PNG encoding failed at {size}px")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG-compressed image per size (supported since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    payload = b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256 in the ICONDIRENTRY byte fields
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        payload += data
    return header + entries + payload


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG-compressed elements (types from ``ICNS_TYPES``)."""
    body = b""
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def planned_outputs(out_dir: Path) -> dict[Path, tuple[str, str, int | None]]:
    """Every file this script writes: path -> (svg source, kind, size or None)."""
    plan: dict[Path, tuple[str, str, int | None]] = {}
    for svg, name, context, base in ICONS:
        for size in PNG_SIZES:
            plan[out_dir / "hicolor" / f"{size}x{size}" / context / f"{name}.png"] = (svg, "png", size)
        plan[out_dir / f"{base}.ico"] = (svg, "ico", None)
        plan[out_dir / f"{base}.icns"] = (svg, "icns", None)
    return plan


def build_icons(out_dir: Path, svg_dir: Path = ICON_DIR) -> list[Path]:
    """Render all icons from ``svg_dir`` into ``out_dir``; returns the files written."""
    app = gui_application()  # held until the last image is rendered
    needed = sorted({*PNG_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    written: list[Path] = []
    for svg, _name, _context, _base in ICONS:
        pngs = {size: render_png(svg_dir / svg, size) for size in needed}
        for path, (source, kind, size) in planned_outputs(out_dir).items():
            if source != svg:
                continue
            if kind == "png" and size is not None:
                data = pngs[size]
            elif kind == "ico":
                data = ico_bytes({s: pngs[s] for s in ICO_SIZES})
            else:
                data = icns_bytes(pngs)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    del app
    return written


def gui_application() -> object:
    """The running QGuiApplication, or a new offscreen one (QSvgRenderer and QImage need it)."""
    from PySide6.QtGui import QGuiApplication

    existing = QGuiApplication.instance()
    if existing is not None:
        return existing
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QGuiApplication(sys.argv[:1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render gpudesk icons (PNG, ICO, ICNS) from the SVG sources.")
    parser.add_argument("--out", type=Path, default=ICON_DIR, help=f"output folder (default: {ICON_DIR})")
    args = parser.parse_args(argv)
    written = build_icons(args.out)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
