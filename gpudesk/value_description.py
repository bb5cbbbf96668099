"""A value read from a typed file (a plan's JSON, the catalog's TOML or CSV), described for a message.

One description for every reader, so a plan and a catalog name what they got alike: the number as a user would type
it, a text quoted and shortened, a list or object by its size (``str()`` of the refusal is the English).
"""

from __future__ import annotations

from typing import Any

from gpudesk.refusals import Refusal, refusal


def format_number(value: float) -> str:
    """A number as a user would type it: 1 not 1.0, 10000000 not 1e+07, 0.05 as is."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) < 10**30:
            return str(value)
        return f"a {int(value.bit_length() * 0.30103) + 1}-digit number"
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    if value.is_integer() and abs(value) < 1e9:
        return str(int(value))
    return f"{value:.15g}"


def quote(text: str) -> str:
    """A text value quoted for a message, shortened, with invalid Unicode escaped."""
    shown = text if len(text) <= 40 else text[:37] + "…"
    return repr(shown.encode("utf-8", "backslashreplace").decode("utf-8"))


def describe(value: Any) -> Refusal:
    """A short description of a JSON value for error messages (``str()`` of it is the English)."""
    if value is None:
        return refusal("value.null")
    if isinstance(value, bool):
        return refusal("value.bool", text="true" if value else "false")
    if isinstance(value, (int, float)):
        return refusal("value.number", text=format_number(value))
    if isinstance(value, str):
        return refusal("value.text", text=quote(value))
    if isinstance(value, (list, tuple)):
        return refusal("value.list", count=len(value))
    if isinstance(value, dict):
        return refusal("value.object", count=len(value))
    return refusal("value.other", text=type(value).__name__)
