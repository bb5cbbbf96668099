"""Refusing a malformed plan costs time linear in its size (issue: a 64 KB plan of unterminated escapes took 63 s).

The old pre-scan matched string literals with a pattern that needed the closing quote, so every quote of an
unterminated run restarted a scan to the end of the text: quadratic. Now the C parser runs first (it fails
at the first error, and guards its own recursion) and the depth of a parsed value is walked iteratively. The
budget below is about 1,000 times what these take; the quadratic path needed about an hour for 2 MB.
"""

from __future__ import annotations

import json
import time

import pytest

from gpudesk.project.errors import ProjectFileError
from gpudesk.project.io import loads_project
from gpudesk.project.untrusted_json import nesting_depth, parse_json_text, value_depth

BOMB_UNITS = [b'"\\', b'\\"', b'"\\u', b'"', b"\\u", b'"\\"', b"\\\\", b'{"a":"']
SIZE = 2_000_000
BUDGET_S = 5.0


@pytest.mark.parametrize("unit", BOMB_UNITS, ids=[u.decode() for u in BOMB_UNITS])
def test_a_two_megabyte_bomb_is_refused_quickly(unit):
    raw = b'{"schema_version": 2, "meta": {"name": "' + unit * (SIZE // len(unit))
    started = time.perf_counter()
    with pytest.raises(ProjectFileError, match="not valid JSON|not acceptable JSON"):
        loads_project(raw)
    assert time.perf_counter() - started < BUDGET_S


def test_deep_nesting_is_refused_with_its_depth():
    started = time.perf_counter()
    with pytest.raises(ProjectFileError, match=r"nested too deeply \(1000000 levels; the limit is 64\)"):
        parse_json_text("[" * 1_000_000, "x")
    with pytest.raises(ProjectFileError, match=r"nested too deeply \(65 levels; the limit is 64\)"):
        parse_json_text("[" * 65 + "]" * 65, "x")
    assert time.perf_counter() - started < BUDGET_S
    assert parse_json_text("[" * 64 + "]" * 64, "x") is not None


@pytest.mark.parametrize("doc", [[], {}, 1, "x", [[[]], {"a": [{"b": []}]}], {"a": {"b": {"c": [1, [2, [3]]]}}}])
def test_the_walk_and_the_text_scan_agree_on_depth(doc):
    text = json.dumps(doc)
    assert value_depth(json.loads(text)) == nesting_depth(text)
