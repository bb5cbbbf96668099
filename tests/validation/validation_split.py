"""The fit / held-out split of the validation corpus: deterministic, by case, stratified.

Within each stratum (group × hardware family) the cases are ordered by a hash
of their id and alternate fit, held-out, fit, … so each stratum is halved (an
odd stratum gives its extra case to the fit half). The hash (SHA-1 of the id)
does not depend on the order cases are listed in or on their values, so adding
a case moves no other case between halves except within its own stratum.
Constants may be fitted on the fit half only (tests/validation/fit_constants.py);
the targets are judged on the held-out half.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

FIT, HELD_OUT = "fit", "held-out"


def _key(case_id: str) -> str:
    return hashlib.sha1(case_id.encode("utf-8")).hexdigest()


def split_of(ids_by_stratum: dict[tuple[str, str], list[str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for ids in ids_by_stratum.values():
        for i, case_id in enumerate(sorted(ids, key=_key)):
            out[case_id] = FIT if i % 2 == 0 else HELD_OUT
    return out


def assign_splits(results: list[Any]) -> list[Any]:
    """Each result with ``split`` set (results carry ``group``, ``family`` and ``id``)."""
    strata: dict[tuple[str, str], list[str]] = {}
    for r in results:
        strata.setdefault((r.group, r.family), []).append(r.id)
    split = split_of(strata)
    return [replace(r, split=split[r.id]) for r in results]
