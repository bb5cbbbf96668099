"""A count before an English noun reads singular at one and plural otherwise, by one rule (vocabulary/counts.py):
the English gov check read "Installation and commissioning (20 server)", `gpudesk catalog` printed "1 row(s)" and
"problem(s)", the estimate text "over 1 months", a scaling chart "1 GPUs"."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

import pytest

import gpudesk
from gpudesk.vocabulary.costs import LINE_UNIT, line_unit_name
from gpudesk.vocabulary.counts import by_count, counted, plural

SURFACES = ("report", "cli", "ui", "results", "pdf", "plotting", "wizard")
"""The packages whose text a user reads."""
MAYBE_PLURAL = re.compile(r"[A-Za-z]\(s\)(?=[\s,.;:)\]'\"\\])")
"""A noun with its plural left to the reader: "line(s) ", "row(s)\\n"."""


@pytest.mark.parametrize(("count", "one", "shown"), [
    (1, "server", "1 server"), (20, "server", "20 servers"), (1520, "transceiver", "1,520 transceivers"),
    (2, "switch", "2 switches"), (3, "facility", "3 facilities"), (2, "day", "2 days"), (0, "row", "0 rows"),
    (1, "more node", "1 more node"), (4, "more node", "4 more nodes"), (2.5, "GPU-month", "2.5 GPU-months"),
])
def test_a_count_reads_singular_only_at_one(count: float, one: str, shown: str) -> None:
    assert counted(count, one) == shown


def test_an_irregular_plural_is_given() -> None:
    assert counted(2, "person", "people") == "2 people" and counted(1, "person", "people") == "1 person"
    assert by_count(1, "1 field differs", "{0} fields differ") == "1 field differs"
    assert plural("box") == "boxes" and plural("key") == "keys"


def test_a_cost_lines_unit_is_the_bills_in_every_language() -> None:
    assert [line_unit_name("server", n, "en") for n in (1, 20)] == ["server", "servers"]
    assert line_unit_name("server", 20, "zh") == "台" and line_unit_name("kWh", 3, "en") == "kWh"
    assert all(term.one_en and term.zh for term in LINE_UNIT)


def _literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of a module's string literals and f-strings' literal parts (comments and code left out)."""
    kinds = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    with path.open("rb") as source:
        return [(t.start[0], t.string) for t in tokenize.tokenize(source.readline) if t.type in kinds]


DOCSTRING = ('"' * 3, "'" * 3)
"""A docstring may quote the defect it describes."""


def test_no_surface_leaves_a_plural_to_the_reader() -> None:
    root = Path(gpudesk.__file__).parent
    found = [f"{path.relative_to(root)}:{n}: {text}" for package in SURFACES
             for path in sorted((root / package).rglob("*.py")) for n, text in _literals(path)
             if MAYBE_PLURAL.search(text) and not text.startswith(DOCSTRING)]
    assert not found, "\n".join(found)


def test_the_check_finds_a_plural_left_to_the_reader() -> None:
    assert MAYBE_PLURAL.search("{n} row(s)\n") and MAYBE_PLURAL.search("1 line(s) have")
    assert not MAYBE_PLURAL.search("{origin(s)}")
