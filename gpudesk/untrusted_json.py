"""Reading JSON bytes from outside without trusting them.

Only :func:`json.loads` runs on the content — nothing is executed. The
bytes must be UTF-8 (an error names the byte offset). While parsing,
``NaN``/``Infinity`` and duplicate keys are refused. The nesting depth is
bounded: the C parser guards its own recursion (a file of a million ``[``
ends in a ``RecursionError``, reported with the depth measured by a linear,
non-recursive scan), and a parsed value is measured by an iterative walk.
Every step is linear in the size of the text, so a malformed file is
refused in time proportional to its size (callers bound the size first).
Every failure is an :class:`UntrustedJSONError` whose message names the
source; ``gpudesk.project.untrusted_json`` turns it into a
``UntrustedJSONError`` for plan files, ``gpudesk.catalog.bundle`` into an
import problem for catalog packages. (Top-level and Qt-free, so both
bottom layers use it.)
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import numpy as np

from gpudesk.refusals import Refusal, refusal


class UntrustedJSONError(ValueError):
    """JSON from outside that gpudesk refuses; the message names the source and says why (``refusal``: its key and
    values, for the wording in other languages)."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(str(reason))
        self.refusal = reason

MAX_NESTING = 64  # containers inside containers; a current plan needs about 10
_UTF8_BOM = b"\xef\xbb\xbf"
# A string literal, or an unterminated one running to the end of the text: matching the unterminated case
# too keeps the scan linear (requiring the closing quote made every later quote restart a scan to the end).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+"?', re.DOTALL)
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
        raise UntrustedJSONError(
            refusal("json.not_utf8", name=name, byte=bad, offset=offset, why=exc.reason)) from None


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


class _Refused(ValueError):
    def __init__(self, reason: Refusal) -> None:
        super().__init__(str(reason))
        self.refusal = reason


def _refuse_constant(token: str) -> Any:
    raise _Refused(refusal("json.not_finite", text=token))


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(refusal("json.duplicate_key", text=repr(key[:60])))
        out[key] = value
    return out


def value_depth(value: Any, max_items: int | None = None) -> int:
    """Deepest nesting of lists and objects in a parsed value, walked without recursion.

    With ``max_items``, a list or object longer than that raises :class:`TooManyItems` as soon as the walk meets it,
    so an absurdly long list is refused without walking (or later copying) its entries."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        node, depth = pending.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if max_items is not None and len(node) > max_items:
            raise TooManyItems(len(node), max_items)
        depth += 1
        deepest = max(deepest, depth)
        pending.extend((child, depth) for child in children if isinstance(child, (dict, list)))
    return deepest


class TooManyItems(ValueError):
    def __init__(self, count: int, limit: int) -> None:
        self.refusal = refusal("json.too_many_items", count=count, limit=limit)
        super().__init__(str(self.refusal))
        self.count, self.limit = count, limit


def _too_deep(name: str, depth: int, max_nesting: int) -> UntrustedJSONError:
    return UntrustedJSONError(refusal("json.too_deep", name=name, depth=depth, limit=max_nesting))


def parse_json_text(text: str, name: str, max_nesting: int = MAX_NESTING, max_items: int | None = None) -> Any:
    """Parse JSON text from an untrusted source; raises :class:`UntrustedJSONError` (also for a list or object
    longer than ``max_items``, when given)."""
    if not text.strip():  # not 'Expecting value at line 1, column 1': there is nothing to read
        raise UntrustedJSONError(refusal("json.empty", name=name))
    try:
        value = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_object_without_duplicates)
    except json.JSONDecodeError as exc:
        # json's "Unterminated string starting at" names a position itself: no second "at"
        what = exc.msg.removesuffix(" at") if exc.msg.endswith(" starting at") else exc.msg
        raise UntrustedJSONError(refusal("json.syntax", name=name, what=refusal("json.parser", text=what),
                                         line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise _too_deep(name, nesting_depth(text), max_nesting) from None
    except ValueError as exc:  # refused constants, duplicate keys, integers with too many digits
        why = exc.refusal if isinstance(exc, _Refused) else (
            refusal("json.long_number", limit=sys.get_int_max_str_digits()) if "digits" in str(exc)
            else refusal("json.parser", text=str(exc)))  # Python's "Exceeds the limit (4300 digits) …"
        raise UntrustedJSONError(refusal("json.unacceptable", name=name, why=why)) from None
    try:
        depth = value_depth(value, max_items)
    except TooManyItems as exc:
        raise UntrustedJSONError(refusal("json.holds", name=name, what=exc.refusal)) from None
    if depth > max_nesting:
        raise _too_deep(name, depth, max_nesting)
    return value


def parse_json_bytes(raw: bytes, name: str, max_nesting: int = MAX_NESTING,
                     max_items: int | None = None) -> tuple[Any, bool]:
    """Decode and parse; returns ``(value, had_bom)``."""
    text, had_bom = decode_utf8(raw, name)
    return parse_json_text(text, name, max_nesting, max_items), had_bom
