"""A list of whole numbers typed in one line ("10, 11 12"; the peak months of a usage profile): how the field form
shows one and reads one back, refusing what is not a whole number in range with the reason."""

from __future__ import annotations

from gpudesk.project.schema import range_problem
from gpudesk.refusals import Refusal, refusal


class ListRefused(ValueError):
    """A typed list refused: ``reason`` is worded in the reader's language (report/refusal_text.py), as a refused
    plan value is; its English is the exception's text."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(str(reason))
        self.reason = reason


def format_int_list(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


def parse_int_list(text: str, lo: int, hi: int, unit: str = "") -> list[int]:
    """'10, 11 12' -> [10, 11, 12]; a value outside lo..hi (in ``unit``) or not a whole number is refused with the
    reason (:class:`ListRefused`): the Chinese window said "'x' is not a whole number" and "13 is outside 1–12"."""
    out = []
    for token in text.replace("，", ",").replace(",", " ").split():
        if not token.lstrip("-").isdigit():
            raise ListRefused(refusal("field.expected_whole", got=refusal("value.text", text=token)))
        number = int(token)
        problem = range_problem(number, {"min": lo, "max": hi, **({"unit": unit} if unit else {})})
        if problem is not None:
            raise ListRefused(problem)
        out.append(number)
    return sorted(set(out))
