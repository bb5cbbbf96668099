"""Untrusted JSON for plan files: ``gpudesk/untrusted_json.py``, failing with :class:`ProjectFileError`."""

from __future__ import annotations

from typing import Any

from gpudesk import untrusted_json as _json
from gpudesk.project.errors import ProjectFileError
from gpudesk.untrusted_json import MAX_NESTING, nesting_depth, value_depth

__all__ = ["MAX_NESTING", "decode_utf8", "nesting_depth", "parse_json_bytes", "parse_json_text", "value_depth"]


def decode_utf8(raw: bytes, name: str) -> tuple[str, bool]:
    try:
        return _json.decode_utf8(raw, name)
    except _json.UntrustedJSONError as exc:
        raise ProjectFileError(exc.refusal) from None


def parse_json_text(text: str, name: str, max_nesting: int = MAX_NESTING) -> Any:
    try:
        return _json.parse_json_text(text, name, max_nesting)
    except _json.UntrustedJSONError as exc:
        raise ProjectFileError(exc.refusal) from None


def parse_json_bytes(raw: bytes, name: str, max_nesting: int = MAX_NESTING,
                     max_items: int | None = None) -> tuple[Any, bool]:
    try:
        return _json.parse_json_bytes(raw, name, max_nesting, max_items)
    except _json.UntrustedJSONError as exc:
        raise ProjectFileError(exc.refusal) from None
