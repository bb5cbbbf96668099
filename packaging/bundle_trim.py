"""Trim the PyInstaller bundle: strip debug info, drop shared libraries nothing loads.

Used by ``packaging/gpudesk.spec`` between the analysis and the collection step (Linux only):

* :func:`strip_debug_copies` replaces each binary that carries DWARF debug sections (libpython
  and the interpreter's extension modules from a source-built Python: 23.8 MB of the 214.6 MiB
  bundle) with a copy run through ``strip --strip-debug``. Only the debug sections go; the symbol
  tables stay, and binaries without debug sections are left alone — in particular the
  auditwheel-patched wheels' libraries (``numpy.libs/``), which a full ``strip`` corrupts. ``strip``
  comes with binutils, which PyInstaller itself requires on Linux (it runs ``objdump``).
* :func:`prune_unneeded` drops shared libraries that no extension module, Qt plugin or libpython
  links against (directly or through other libraries). PyInstaller collects a Qt module's whole
  library set and resolves dependencies before the spec filters plugins, so libQt6Network, the
  eglfs libraries and the libraries of dropped plugins or excluded modules (OpenSSL for ``_ssl``
  and ``_hashlib``) would otherwise stay.

Run ``python packaging/bundle_trim.py FILE...`` to print which files carry debug sections.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

TocEntry = tuple[str, str, str]  # (destination in the bundle, source path, PyInstaller type code)
DEBUG_PREFIXES = (".debug_", ".zdebug_")
ELF_MAGIC = b"\x7fELF"
SHT_DYNAMIC = 6
DT_NULL, DT_NEEDED = 0, 1


@dataclass(frozen=True)
class Section:
    name: str
    kind: int  # sh_type
    offset: int
    size: int
    link: int  # sh_link: for .dynamic, the index of its string table


def _read_sections(handle: BinaryIO) -> tuple[str, bool, list[Section]] | None:
    """(struct byte order, 64-bit?, sections) of an open ELF file; None when it is not ELF or is truncated."""
    head = handle.read(64)
    if len(head) < 52 or head[:4] != ELF_MAGIC or head[4] not in (1, 2) or head[5] not in (1, 2):
        return None
    end = "<" if head[5] == 1 else ">"
    wide = head[4] == 2  # ELFCLASS64
    shoff = struct.unpack_from(end + ("Q" if wide else "I"), head, 0x28 if wide else 0x20)[0]
    shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", head, 0x3A if wide else 0x2E)
    if shoff == 0 or shnum == 0 or shstrndx >= shnum:
        return end, wide, []
    handle.seek(shoff)
    table = handle.read(shentsize * shnum)
    if len(table) < shentsize * shnum:
        return None
    raw = []
    for index in range(shnum):
        base = index * shentsize
        name, kind = struct.unpack_from(end + "II", table, base)
        if wide:
            offset, size, link = struct.unpack_from(end + "QQI", table, base + 0x18)
        else:
            offset, size, link = struct.unpack_from(end + "III", table, base + 0x10)
        raw.append((name, kind, offset, size, link))
    strings = _read(handle, raw[shstrndx][2], raw[shstrndx][3])
    return end, wide, [Section(_string(strings, name), kind, offset, size, link) for name, kind, offset, size, link in raw]


def _read(handle: BinaryIO, offset: int, size: int) -> bytes:
    handle.seek(offset)
    return handle.read(size)


def _string(table: bytes, start: int) -> str:
    if start >= len(table):
        return ""
    stop = table.find(b"\0", start)
    return table[start:stop if stop >= 0 else len(table)].decode("ascii", "replace")


def elf_section_names(path: Path) -> list[str] | None:
    """Section names of an ELF file, or None when ``path`` is not ELF (or is truncated)."""
    with open(path, "rb") as handle:
        found = _read_sections(handle)
    return None if found is None else [section.name for section in found[2]]


def elf_needed(path: Path) -> list[str]:
    """The ``DT_NEEDED`` names of an ELF file (the libraries it links against directly); [] when not ELF."""
    with open(path, "rb") as handle:
        found = _read_sections(handle)
        if found is None:
            return []
        end, wide, sections = found
        needed = []
        for section in sections:
            if section.kind != SHT_DYNAMIC or section.link >= len(sections):
                continue
            strings = _read(handle, sections[section.link].offset, sections[section.link].size)
            entries = _read(handle, section.offset, section.size)
            pair = struct.Struct(end + ("qQ" if wide else "iI"))
            for tag, value in pair.iter_unpack(entries[: len(entries) - len(entries) % pair.size]):
                if tag == DT_NULL:
                    break
                if tag == DT_NEEDED:
                    needed.append(_string(strings, value))
    return needed


def has_debug_info(path: Path) -> bool:
    names = elf_section_names(path)
    return bool(names) and any(name.startswith(DEBUG_PREFIXES) for name in names)


def is_wheel_vendored(dest: str) -> bool:
    """Libraries auditwheel copied into a wheel (``numpy.libs/...``): never rewritten (strip corrupts them)."""
    return any(part.endswith(".libs") for part in Path(dest).parts[:-1])


def strip_debug_copies(binaries: Iterable[TocEntry], workdir: Path,
                       strip: Callable[[Path], None] | None = None) -> tuple[list[TocEntry], int]:
    """Entries with debug sections point at a debug-stripped copy under ``workdir``; returns (entries, bytes saved)."""
    strip = strip or _strip_debug
    entries, saved = [], 0
    for dest, source, kind in binaries:
        if kind in ("BINARY", "EXTENSION") and not is_wheel_vendored(dest) and has_debug_info(Path(source)):
            copy = workdir / dest
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, copy)
            copy.chmod(0o755)
            strip(copy)
            saved += Path(source).stat().st_size - copy.stat().st_size
            source = str(copy)
        entries.append((dest, source, kind))
    return entries, saved


def _strip_debug(path: Path) -> None:
    subprocess.run(["strip", "--strip-debug", str(path)], check=True, capture_output=True)


def is_root(entry: TocEntry) -> bool:
    """Loaded by the interpreter or by Qt by path (not as another library's dependency): always kept."""
    dest, _source, kind = entry
    parts = Path(dest).as_posix().split("/")
    return (kind == "EXTENSION" or (parts[0] == "PySide6" and "plugins" in parts[:-1])
            or Path(dest).name.startswith("libpython"))


def prune_unneeded(binaries: list[TocEntry], from_system: Iterable[str] = (),
                   needed_by: Callable[[Path], list[str]] = elf_needed) -> tuple[list[TocEntry], list[TocEntry]]:
    """(kept, dropped): the roots and every bundled library they link against, directly or through others.

    Walks ``DT_NEEDED`` from the roots over the bundled files (a name the bundle does not hold is the
    target's: libc, libGL). Names in ``from_system`` are left to the target system: neither kept nor
    followed, so what only they need goes too.
    """
    by_name: dict[str, TocEntry] = {}
    for entry in binaries:
        by_name.setdefault(Path(entry[0]).name, entry)
    system = set(from_system)
    reached = {entry[0] for entry in binaries if is_root(entry)}
    todo = [entry for entry in binaries if is_root(entry)]
    while todo:
        for name in needed_by(Path(todo.pop()[1])):
            entry = by_name.get(name)
            if entry is not None and name not in system and entry[0] not in reached:
                reached.add(entry[0])
                todo.append(entry)
    kept = [e for e in binaries if e[0] in reached]
    dropped = [e for e in binaries if e[0] not in reached]
    return kept, dropped


def drop_dangling_links(entries: Iterable[TocEntry], binaries: Iterable[TocEntry]) -> list[TocEntry]:
    """Leave out PyInstaller's top-level ``SYMLINK`` entries (in ``Analysis.datas``) whose target was dropped."""
    present = {Path(dest).as_posix() for dest, _source, _kind in binaries}
    return [e for e in entries if e[2] != "SYMLINK" or Path(e[1]).as_posix() in present]


def main(argv: list[str]) -> int:
    for name in argv:
        print(f"{name}: {'debug sections' if has_debug_info(Path(name)) else 'no debug sections'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
