"""Storage size of one value in each numeric format the planner knows.

Sizes are the format's bit width divided by eight: fp6 packs six bits,
fp4/int4 four. Scale factors that quantisation schemes add per group of
values are not part of the format and are accounted where the scheme is
chosen (see ``gpudesk.core.memory_states``).
"""

from __future__ import annotations

from gpudesk.vocabulary.precision import PRECISION

BYTES_PER_VALUE: dict[str, float] = {t.code: float(t.bytes) for t in PRECISION}


def bytes_per_value(dtype: str) -> float:
    """Bytes per stored value of ``dtype``; raises ValueError for an unknown name."""
    try:
        return BYTES_PER_VALUE[dtype]
    except (KeyError, TypeError):
        valid = ", ".join(BYTES_PER_VALUE)
        raise ValueError(f"unknown dtype {dtype!r}; valid dtypes: {valid}") from None
