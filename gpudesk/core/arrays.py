"""Small numpy helpers the estimate shares.

``np.unique(a)`` without index outputs asks ``np.ma.is_masked`` whether the array is masked, and the first such
question imports all of ``numpy.ma`` (30–55 ms on the 2-core development machine, about 3% of ``gpudesk report``);
nothing in gpudesk uses masked arrays. :func:`distinct` gives the same sorted values without that import.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def distinct(values: Any) -> np.ndarray:
    """The sorted distinct values of ``values`` (what ``np.unique(values)`` returns), without importing numpy.ma."""
    return np.unique(values, return_index=True)[0]
