"""Categorical figures: the core records what limits a step as a number (an index into a tuple of codes, so
that it broadcasts over candidates like any figure); every surface names it in words through this module.

``category_code(key, value)`` turns the number back into its code (``"kv_capacity"``); the vocabulary
(``gpudesk.vocabulary.sizing.LIMIT``) names the code in each language.
"""

from __future__ import annotations

import math
import re

from gpudesk.core import inference, training
from gpudesk.vocabulary.sizing import LIMIT

CATEGORY_CODES: dict[str, tuple[str, ...]] = {
    "infer.bottleneck": inference.BOTTLENECKS,
    "train.bottleneck": training.BOTTLENECKS,
    "train.largest_overhead": training.BOTTLENECKS,
    "scale.limit": training.BOTTLENECKS,
    "scale.best_limit": training.BOTTLENECKS,
}
_PREFIX = re.compile(r"^(?:w\d+\.|alt\.)+")


def is_categorical(key: str) -> bool:
    return _PREFIX.sub("", key) in CATEGORY_CODES


def category_code(key: str, value: float | str) -> str | None:
    """The code figure ``key`` holds as ``value``; None when the key is not categorical or the value unknown."""
    codes = CATEGORY_CODES.get(_PREFIX.sub("", key))
    if codes is None or isinstance(value, str) or not math.isfinite(value):
        return None
    index = int(round(value))
    return codes[index] if 0 <= index < len(codes) else None


def category_name(key: str, value: float | str, lang: str) -> str | None:
    """What figure ``key``'s ``value`` means, in words of ``lang``; None when it is not categorical."""
    code = category_code(key, value)
    if code is None:
        return None
    return LIMIT.name_of(code, lang)
