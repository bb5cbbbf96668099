"""The short path of gpudesk.catalog.schema.coerce (a value already of the field's exact type) gives what the full
checks give: the same value of the same type (-0.0 stays -0.0), or the same refusal."""

from __future__ import annotations

import math

import pytest

from gpudesk.catalog.schema import MAX_ABS_NUMBER, MAX_TEXT_CHARS, CoercionError, _coerce, coerce

KINDS = ("str", "opt_str", "float", "opt_float", "int", "opt_int", "bool", "opt_bool", "tuple_str", "tuple_float")
VALUES = (None, "", "  ", " H100 ", "x" * MAX_TEXT_CHARS, " " + "x" * MAX_TEXT_CHARS + " ", "x" * (MAX_TEXT_CHARS + 1),
          "3", "2.5", 0, 1, -7, 3, True, False, 0.0, -0.0, 2.5, 80.0, MAX_ABS_NUMBER, -MAX_ABS_NUMBER,
          MAX_ABS_NUMBER * 2, int(MAX_ABS_NUMBER) + 1, math.nan, math.inf, -math.inf, [1, 2], ("a",), "[1, 2]")


def _outcome(function, kind: str, value: object) -> tuple[str, str]:
    try:
        result = function(kind, value)
    except CoercionError as error:
        return "refused", str(error)
    return type(result).__name__, repr(result)


@pytest.mark.parametrize("kind", KINDS)
def test_the_short_path_gives_what_the_checks_give(kind: str) -> None:
    for value in VALUES:
        assert _outcome(coerce, kind, value) == _outcome(_coerce, kind, value), (kind, value)
