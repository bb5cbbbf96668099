"""The fit / held-out split of the validation corpus: deterministic, by case, stratified, and frozen.

Within each stratum (group × hardware family) the cases are ordered by a hash of their id and alternate fit,
held-out, fit, … so each stratum is halved (an odd stratum gives its extra case to the fit half). Applied to a
growing corpus that rule moves old cases between halves whenever a case joins their stratum, so cases a
constant was fitted on could turn up in the held-out half. The halves are therefore frozen: the assignment of
every case in the corpus of 2026-12-01 (the rule applied then, before the MLPerf results of round three) is
stored in ``data/split_frozen_2026-12-01.json`` and never changes; every case added since is held-out (no
constant has been fitted on it). Constants may be fitted on the fit half only (tests/validation/fit_constants.py);
the targets are judged on the held-out half.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

FIT, HELD_OUT = "fit", "held-out"
FROZEN = Path(__file__).resolve().parent / "data" / "split_frozen_2026-12-01.json"


def _key(case_id: str) -> str:
    return hashlib.sha1(case_id.encode("utf-8")).hexdigest()


def split_of(ids_by_stratum: dict[tuple[str, str], list[str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for ids in ids_by_stratum.values():
        for i, case_id in enumerate(sorted(ids, key=_key)):
            out[case_id] = FIT if i % 2 == 0 else HELD_OUT
    return out


def frozen_split() -> dict[str, str]:
    """case id -> fit / held-out for the corpus of 2026-12-01."""
    return json.loads(FROZEN.read_text(encoding="utf-8"))


def assign_splits(results: list[Any]) -> list[Any]:
    """Each result with ``split`` set: its frozen half, or held-out for a case added after the freeze."""
    frozen = frozen_split()
    return [replace(r, split=frozen.get(r.id, HELD_OUT)) for r in results]
