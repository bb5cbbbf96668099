"""Reading JSON bytes from outside without trusting them.

Only :func:`json.loads` runs on the content — nothing is executed. Before
parsing, the bytes must be UTF-8 (an error names the byte offset) and the
nesting depth is measured without recursion, so a file of a million
``[`` cannot exhaust the stack. While parsing, ``NaN``/``Infinity`` and
duplicate keys are refused. Every failure is a :class:`ProjectFileError`.
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from gpudesk.project.errors import ProjectFileError

MAX_NESTING = 64  # containers inside containers; a current plan needs about 10
_UTF8_BOM = b"\xef\xbb\xbf"
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_OPEN_SQUARE, _OPEN_CURLY = ord("["), ord("{")
_CHUNK = 1 << 20  # brackets per numpy pass, bounding temporary memory


def decode_utf8(raw: bytes, name: str) -> tuple[str, bool]:
    """Decode strict UTF-8; returns ``(text, had_bom)``. A leading byte-order mark is accepted."""
    had_bom = raw.startswith(_UTF8_BOM)
    body = raw[len(_UTF8_BOM):] if had_bom else raw
    try:
        return body.decode("utf-8"), had_bom
    except UnicodeDecodeError as exc:
        offset = exc.start + (len(_UTF8_BOM) if had_bom else 0)
        bad = raw[offset:offset + 1].hex()
        raise ProjectFileError(
            f"{name} is not UTF-8 text: invalid byte 0x{bad} at byte offset {offset} ({exc.reason})"
        ) from None


def nesting_depth(text: str) -> int:
    """Deepest nesting of ``[``/``{`` outside string literals, computed without recursion."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii")
    deepest = 0
    base = 0
    for start in range(0, len(brackets), _CHUNK):
        chunk = np.frombuffer(brackets[start:start + _CHUNK], dtype=np.uint8)
        steps = np.where((chunk == _OPEN_SQUARE) | (chunk == _OPEN_CURLY), 1, -1).astype(np.int64)
        running = np.cumsum(steps) + base
        deepest = max(deepest, int(running.max()))
        base = int(running[-1])
    return deepest


def _refuse_constant(token: str) -> Any:
    raise ValueError(f"{token} is not allowed; numbers must be finite")


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key[:60]!r} in one object")
        out[key] = value
    return out


def parse_json_text(text: str, name: str, max_nesting: int = MAX_NESTING) -> Any:
    """Parse JSON text from an untrusted source; raises :class:`ProjectFileError`."""
    depth = nesting_depth(text)
    if depth > max_nesting:
        raise ProjectFileError(f"{name} is nested too deeply ({depth} levels; the limit is {max_nesting})")
    try:
        return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_object_without_duplicates)
    except json.JSONDecodeError as exc:
        raise ProjectFileError(
            f"{name} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except RecursionError:
        raise ProjectFileError(f"{name} is nested too deeply to read") from None
    except ValueError as exc:  # refused constants, duplicate keys, integers with too many digits
        raise ProjectFileError(f"{name} is not acceptable JSON: {exc}") from None


def parse_json_bytes(raw: bytes, name: str, max_nesting: int = MAX_NESTING) -> tuple[Any, bool]:
    """Decode and parse; returns ``(value, had_bom)``."""
    text, had_bom = decode_utf8(raw, name)
    return parse_json_text(text, name, max_nesting), had_bom
