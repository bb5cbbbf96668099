"""A list of whole numbers typed in one line ("10, 11 12"; the peak months of a usage profile): how the field form
shows one and reads one back, refusing what is not a whole number in range with the reason."""

from __future__ import annotations


def format_int_list(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


def parse_int_list(text: str, lo: int, hi: int) -> list[int]:
    """'10, 11 12' -> [10, 11, 12]; a value outside lo..hi or not a whole number is refused with the reason."""
    out = []
    for token in text.replace("，", ",").replace(",", " ").split():
        if not token.lstrip("-").isdigit():
            raise ValueError(f"{token!r} is not a whole number")
        number = int(token)
        if not lo <= number <= hi:
            raise ValueError(f"{number} is outside {lo}–{hi}")
        out.append(number)
    return sorted(set(out))
