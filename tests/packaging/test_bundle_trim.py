"""packaging/bundle_trim.py: ELF reading, the dependency walk that drops unloaded libraries, debug stripping."""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path
from types import ModuleType

import pytest

SHT_STRTAB, SHT_DYNAMIC, SHT_PROGBITS = 3, 6, 1


def make_elf(sections: list[tuple[str, int, bytes, int]], wide: bool = True, little: bool = True) -> bytes:
    """A minimal ELF file with the given (name, type, data, link) sections, a null section and .shstrtab."""
    end = "<" if little else ">"
    names = b"\0" + b"".join(name.encode() + b"\0" for name, *_ in sections) + b".shstrtab\0"
    all_sections = [*sections, (".shstrtab", SHT_STRTAB, names, 0)]
    header_size = 64 if wide else 52
    body, offsets, at = b"", [], header_size
    for _name, _kind, data, _link in all_sections:
        offsets.append(at + len(body))
        body += data
    shoff = header_size + len(body)
    entsize = 64 if wide else 40
    table = b"\0" * entsize  # the null section
    name_at = 1
    for (name, kind, data, link), offset in zip(all_sections, offsets):
        if wide:
            entry = struct.pack(end + "IIQQQQIIQQ", name_at, kind, 0, 0, offset, len(data), link, 0, 1, 0)
        else:
            entry = struct.pack(end + "IIIIIIIIII", name_at, kind, 0, 0, offset, len(data), link, 0, 1, 0)
        table += entry
        name_at += len(name) + 1
    ident = b"\x7fELF" + bytes([2 if wide else 1, 1 if little else 2, 1]) + b"\0" * 9
    tail = struct.pack(end + "HHIQQQIHHHHHH" if wide else end + "HHIIIIIHHHHHH",
                       3, 62, 1, 0, 0, shoff, 0, header_size, 0, 0, entsize, len(all_sections) + 1,
                       len(all_sections))
    return ident + tail + body + table


def dynamic_sections(needed: list[str], wide: bool = True, little: bool = True) -> list[tuple[str, int, bytes, int]]:
    end = "<" if little else ">"
    strings, entries = b"\0", b""
    for name in needed:
        entries += struct.pack(end + ("qQ" if wide else "iI"), 1, len(strings))
        strings += name.encode() + b"\0"
    entries += struct.pack(end + ("qQ" if wide else "iI"), 0, 0)
    # section 1 is .dynstr (index 0 is the null section)
    return [(".dynstr", SHT_STRTAB, strings, 0), (".dynamic", SHT_DYNAMIC, entries, 1)]


@pytest.mark.parametrize(("wide", "little"), [(True, True), (False, False)])
def test_elf_sections_and_needed_libraries_are_read(bundle_trim: ModuleType, tmp_path: Path, wide: bool,
                                                    little: bool) -> None:
    path = tmp_path / "lib.so"
    sections = [*dynamic_sections(["libQt6Core.so.6", "libc.so.6"], wide, little),
                (".text", SHT_PROGBITS, b"\x90" * 16, 0), (".debug_info", SHT_PROGBITS, b"\0" * 8, 0)]
    path.write_bytes(make_elf(sections, wide, little))
    assert bundle_trim.elf_section_names(path) == ["", ".dynstr", ".dynamic", ".text", ".debug_info", ".shstrtab"]
    assert bundle_trim.elf_needed(path) == ["libQt6Core.so.6", "libc.so.6"]
    assert bundle_trim.has_debug_info(path)
    path.write_bytes(make_elf(sections[:3], wide, little))
    assert not bundle_trim.has_debug_info(path)


def test_files_that_are_not_elf_have_no_sections(bundle_trim: ModuleType, tmp_path: Path) -> None:
    text, truncated = tmp_path / "notes.txt", tmp_path / "cut.so"
    text.write_text("not a library\n", encoding="utf-8")
    truncated.write_bytes(make_elf(dynamic_sections(["libz.so.1"]))[:80])
    for path in (text, truncated):
        assert bundle_trim.elf_section_names(path) is None
        assert bundle_trim.elf_needed(path) == [] and not bundle_trim.has_debug_info(path)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF files exist on Linux")
def test_the_running_interpreter_links_against_the_c_library(bundle_trim: ModuleType) -> None:
    interpreter = Path(os.path.realpath(sys.executable))
    assert ".text" in (bundle_trim.elf_section_names(interpreter) or [])
    needed = bundle_trim.elf_needed(interpreter)
    assert any(name.startswith(("libc.so", "libpython")) for name in needed), needed


def test_prune_keeps_what_roots_need_and_leaves_system_clients_to_the_target(bundle_trim: ModuleType) -> None:
    links = {
        "src/QtCore.abi3.so": ["libQt6Core.so.6"],
        "src/libQt6Core.so.6": ["libicuuc.so.73", "libc.so.6"],
        "src/libicuuc.so.73": ["libicudata.so.73"],
        "src/libcupsprintersupport.so": ["libcups.so.2", "libQt6Core.so.6"],
        "src/libcups.so.2": ["libgnutls.so.30"],
        "src/libpython3.11.so.1.0": [],
    }
    binaries = [
        ("PySide6/QtCore.abi3.so", "src/QtCore.abi3.so", "EXTENSION"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "src/libQt6Core.so.6", "BINARY"),
        ("PySide6/Qt/lib/libicuuc.so.73", "src/libicuuc.so.73", "BINARY"),
        ("PySide6/Qt/lib/libicudata.so.73", "src/libicudata.so.73", "BINARY"),
        ("PySide6/Qt/lib/libQt6Network.so.6", "src/libQt6Network.so.6", "BINARY"),
        ("PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", "src/libcupsprintersupport.so", "BINARY"),
        ("libcups.so.2", "src/libcups.so.2", "BINARY"),
        ("libgnutls.so.30", "src/libgnutls.so.30", "BINARY"),
        ("libpython3.11.so.1.0", "src/libpython3.11.so.1.0", "BINARY"),
    ]
    kept, dropped = bundle_trim.prune_unneeded(binaries, ["libcups.so.2"],
                                               needed_by=lambda path: links.get(path.as_posix(), []))
    assert [Path(e[0]).name for e in dropped] == ["libQt6Network.so.6", "libcups.so.2", "libgnutls.so.30"]
    assert [e for e in binaries if e not in dropped] == kept
    links_datas = [("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
                   ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
                   ("resources/a.txt", "/src/a.txt", "DATA")]
    assert bundle_trim.drop_dangling_links(links_datas, kept) == [links_datas[0], links_datas[2]]


def test_only_binaries_with_debug_sections_are_replaced_by_stripped_copies(bundle_trim: ModuleType,
                                                                           tmp_path: Path) -> None:
    debug = make_elf([(".text", SHT_PROGBITS, b"\x90" * 8, 0), (".debug_info", SHT_PROGBITS, b"\0" * 4096, 0)])
    plain = make_elf([(".text", SHT_PROGBITS, b"\x90" * 8, 0)])
    sources = {"libpython3.11.so.1.0": debug, "numpy.libs/libopenblas.so": debug, "_ssl.so": plain}
    for name, data in sources.items():
        (tmp_path / "src" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "src" / name).write_bytes(data)
    entries = [(name, str(tmp_path / "src" / name), "BINARY") for name in sources]
    stripped: list[Path] = []

    def fake_strip(path: Path) -> None:  # what `strip --strip-debug` does to the size, for the test
        stripped.append(path)
        path.write_bytes(plain)

    result, saved = bundle_trim.strip_debug_copies(entries, tmp_path / "work", strip=fake_strip)
    assert stripped == [tmp_path / "work" / "libpython3.11.so.1.0"]
    assert result[0] == ("libpython3.11.so.1.0", str(stripped[0]), "BINARY")
    assert result[1:] == entries[1:]  # the auditwheel-vendored library and the one without debug info as they were
    assert saved == len(debug) - len(plain)
    assert (tmp_path / "src" / "libpython3.11.so.1.0").read_bytes() == debug  # the source is never touched
