"""The step model's levels (core/training_levels.py): a value of a coarser level lifted to a finer level's rows.

Where every combination of the coarser rows and the finer level's columns is present (a sweep), the finer row r holds
the coarser row r mod k, and a lift copies the coarser values end to end instead of gathering them; elsewhere it
gathers. Either way each finer row must get its own coarser row's value: checked against the gather through the
representative rows, on a full product (shuffled, so the rows' order is not the key's) and on one with rows missing.
"""

from __future__ import annotations

import numpy as np
import pytest

from gpudesk.core.arrays import Gathered
from gpudesk.core.flat_keys import FlatKeys
from gpudesk.core.training_levels import Level


def _levels(drop: int) -> tuple[Level, Level, np.ndarray, np.ndarray, int]:
    rng = np.random.default_rng(drop)
    layout, batch, stage = (a.ravel() for a in np.meshgrid(np.arange(40.0), [256.0, 512.0, 1024.0], [0.0, 1.0, 2.0],
                                                           indexing="ij"))
    keep = rng.permutation(layout.size)[drop:]  # shuffled; the first ``drop`` rows left out
    layout, batch, stage = layout[keep], batch[keep], stage[keep]
    keys = FlatKeys.of({"layout": layout, "global_batch": batch, "zero_stage": stage})
    assert keys is not None
    coarse_count = 40
    coarse_inverse = keys.coded("layout")[0].astype(np.intp)
    at = Level.refine(keys, coarse_inverse, coarse_count, [keys.coded("global_batch")])
    tail = Level.refine(keys, at.inverse, at.count, [keys.coded("zero_stage")], worth=1.0, within=at)
    return at, tail, coarse_inverse, layout, coarse_count


@pytest.mark.parametrize("drop", [0, 7], ids=["every-combination", "rows-missing"])
def test_a_lifted_value_is_each_rows_own(drop: int) -> None:
    at, tail, coarse_inverse, layout, coarse_count = _levels(drop)
    assert at.active and tail.active
    per_layout = np.arange(coarse_count) * 10.0 + 0.5  # a value of each coarser row
    assert at.inverse is not None and tail.inverse is not None
    for level in (at, tail):
        assert level.inverse is not None
        # every candidate's value through the level's rows, against its own
        lifted = level.lift(Gathered(per_layout, coarse_inverse))
        assert np.array_equal(Gathered(lifted, level.inverse).whole(), layout * 10.0 + 0.5)
        assert np.array_equal(level.index_of(coarse_inverse), coarse_inverse[level.representative])
    per_at = np.arange(at.count) * 3.0
    assert np.array_equal(tail.lift(per_at, at.inverse), per_at[at.inverse[tail.representative]])
    assert (len(tail._period) == 2) == (drop == 0)  # repeated end to end only where every combination is present
