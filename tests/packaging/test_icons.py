"""The committed icons: sizes, ICO/ICNS structure, and that they still match their SVG sources."""

from __future__ import annotations

import struct
from pathlib import Path
from types import ModuleType

import pytest

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def ico_entries(data: bytes) -> list[tuple[int, bytes]]:
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1), "not an .ico"
    entries = []
    for index in range(count):
        side, _h, _colors, _res, planes, bits, size, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index : 22 + 16 * index]
        )
        assert (planes, bits) == (1, 32)
        entries.append((side or 256, data[offset : offset + size]))
    return entries


def icns_entries(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    entries, offset = [], 8
    while offset < len(data):
        kind, length = data[offset : offset + 4], struct.unpack(">I", data[offset + 4 : offset + 8])[0]
        entries.append((kind, data[offset + 8 : offset + length]))
        offset += length
    assert offset == len(data)
    return entries


@pytest.mark.parametrize("svg,name,context,base", [
    ("gpudesk.svg", "gpudesk", "apps", "gpudesk"),
    ("gpudesk-document.svg", "application-x-gpudesk", "mimetypes", "gpudesk-document"),
])
def test_committed_icon_files_are_well_formed(repo_root: Path, make_icons: ModuleType, svg, name, context, base):
    icons = repo_root / "resources" / "icons"
    assert (icons / svg).read_text(encoding="utf-8").lstrip().startswith("<?xml")
    for size in make_icons.PNG_SIZES:
        assert png_size((icons / "hicolor" / f"{size}x{size}" / context / f"{name}.png").read_bytes()) == (size, size)
    ico = ico_entries((icons / f"{base}.ico").read_bytes())
    assert [side for side, _ in ico] == list(make_icons.ICO_SIZES)
    for side, png in ico:
        assert png_size(png) == (side, side)
    icns = icns_entries((icons / f"{base}.icns").read_bytes())
    assert [kind for kind, _ in icns] == [kind for kind, _ in make_icons.ICNS_TYPES]
    for (kind, png), (_, side) in zip(icns, make_icons.ICNS_TYPES):
        assert png_size(png) == (side, side), kind


# Qt's raster engine rounds antialiased edges by one level differently on different CPUs (its SIMD paths: the
# same PySide6 6.12.0 wheel drew 2-8 edge pixels of four sizes one level apart on an AVX-512 machine), so a PNG
# is stale when a pixel differs by more than that rounding, not when its bytes differ.
PIXEL_TOLERANCE = 2


def _same_picture(drawn: bytes, committed: bytes) -> bool:
    import numpy as np
    from PySide6.QtGui import QImage

    a, b = (QImage.fromData(data).convertToFormat(QImage.Format.Format_ARGB32) for data in (drawn, committed))
    if a.isNull() or b.isNull() or a.size() != b.size():
        return False
    pixels = [np.frombuffer(bytes(image.constBits()), dtype=np.uint8).astype(np.int16) for image in (a, b)]
    return int(np.abs(pixels[0] - pixels[1]).max()) <= PIXEL_TOLERANCE


def _pngs(path: Path) -> list[tuple[object, bytes]]:
    data = path.read_bytes()
    if path.suffix == ".ico":
        return list(ico_entries(data))
    if path.suffix == ".icns":
        return list(icns_entries(data))
    return [(path.suffix, data)]


def test_committed_icons_match_their_svg_sources(repo_root: Path, make_icons: ModuleType, tmp_path: Path, qapp):
    written = make_icons.build_icons(tmp_path)
    assert len(written) == len(make_icons.planned_outputs(tmp_path))
    committed_root = repo_root / "resources" / "icons"
    for path in written:
        committed = committed_root / path.relative_to(tmp_path)
        assert committed.is_file(), f"{committed} is missing: run packaging/make_icons.py"
        if path.suffix not in (".png", ".ico", ".icns"):
            assert path.read_bytes() == committed.read_bytes(), f"{committed} is stale: run packaging/make_icons.py"
            continue
        drawn, kept = _pngs(path), _pngs(committed)
        assert [k for k, _ in drawn] == [k for k, _ in kept], f"{committed} is stale: run packaging/make_icons.py"
        for (kind, new), (_, old) in zip(drawn, kept):
            assert _same_picture(new, old), f"{committed} ({kind}) is stale: run packaging/make_icons.py"


def test_a_changed_icon_is_caught(qapp) -> None:
    """The tolerance forgives rounding, not a drawing change: one pixel moved by more than it is stale."""
    from PySide6.QtCore import QBuffer, QIODevice
    from PySide6.QtGui import QColor, QImage

    def png(shade: int) -> bytes:
        image = QImage(8, 8, QImage.Format.Format_ARGB32)
        image.fill(QColor(40, 90, 160))
        image.setPixelColor(3, 3, QColor(shade, 90, 160))
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        return bytes(buffer.data())

    assert _same_picture(png(40), png(40 + PIXEL_TOLERANCE))
    assert not _same_picture(png(40), png(40 + PIXEL_TOLERANCE + 1))


def test_ico_and_icns_writers_round_trip(make_icons: ModuleType) -> None:
    fake = {size: PNG_SIGNATURE + b"\x00\x00\x00\x0dIHDR" + struct.pack(">II", size, size) for size in (16, 32, 64, 128, 256, 512, 1024)}
    ico = ico_entries(make_icons.ico_bytes({s: fake[s] for s in (16, 32, 256)}))
    assert [(side, png) for side, png in ico] == [(16, fake[16]), (32, fake[32]), (256, fake[256])]
    icns = icns_entries(make_icons.icns_bytes(fake))
    assert dict(icns)[b"ic10"] == fake[1024]
    assert dict(icns)[b"icp4"] == fake[16]
