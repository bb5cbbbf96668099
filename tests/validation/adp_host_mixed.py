"""A host cost per iteration that grows with the iteration's sequences, scored on the fit half: a diagnostic.

Run from the repository root:
    .venv/bin/python tests/validation/adp_host_mixed.py 0,0.004,0.006,0.008,0.010,0.012 0,1e-6,2e-6,3e-6,5e-6,8e-6

The v5.1 DeepSeek-R1 MLPerf logs put 20-23 ms more on each Server iteration than gpudesk's with its fixed host term
(``ADP_HOST_ITERATION_S``, 12 ms, releases before TensorRT-LLM 1.2; docs/validation.md), at 1,100-1,500 sequences per
instance, and their Offline runs (4,096 sequences) are slower than gpudesk's too. A host cost that grows with the
requests of an iteration (TensorRT-LLM tech blog 8: 'the batch of one iteration scales with the GPUs') would charge
the large batches more. This scores, on the fit half's attention data-parallel rows only (fit_constants.objective,
median |log error|; the rows the term acts on), every pair (f seconds per iteration, r seconds per request of the
replica) of the two grids given, in place of the core's fixed term, and prints the best pair and the whole fit
half's objective there. Nothing is written; the held-out rows are not read. Result (2026-12-03): the shipped 12 ms
with no per-request term stays best (0.1033; next 10 ms + 1 µs, 0.1082), so the core keeps its form.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import adp_iteration_cost as adp  # noqa: E402
from fit_constants import objective  # noqa: E402
from validation_runner import FIT_GROUPS  # noqa: E402

PARAMS = {"f": 0.0, "r": 0.0}
adp.FORMS["fixed_and_request"] = (lambda rep, batch, v: np.full(np.shape(batch), PARAMS["f"]) + PARAMS["r"] * batch,
                                  (1.0,), "f s per iteration + r s per request of the replica")


def score(f: float, r: float) -> float:
    """The fit half's attention data-parallel rows' median |log error| with the host cost f + r · batch."""
    PARAMS.update(f=f, r=r)
    adp.install("fixed_and_request", 1.0)
    return objective({}, FIT_GROUPS, adp.adp_row)


def main(argv: list[str]) -> None:
    fixed, per_request = ([float(x) for x in arg.split(",")] for arg in argv[:2])
    scores = {}
    for f, r in itertools.product(fixed, per_request):
        scores[(f, r)] = score(f, r)
        print(f"f {f * 1e3:.1f} ms, r {r * 1e6:.1f} µs: {scores[(f, r)]:.4f}", flush=True)
    f, r = min(scores, key=lambda k: scores[k])
    score(f, r)
    print(f"best f {f * 1e3:.1f} ms, r {r * 1e6:.1f} µs: {scores[(f, r)]:.4f}; whole fit half "
          f"{objective({}, FIT_GROUPS):.4f}")


if __name__ == "__main__":
    main(sys.argv[1:] if len(sys.argv) > 2 else ["0,0.004,0.006,0.008,0.010,0.012", "0,1e-6,2e-6,3e-6,5e-6,8e-6"])
