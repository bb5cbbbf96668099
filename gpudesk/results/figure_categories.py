"""Categorical figures: the core records what limits a step as a code of the vocabulary
``gpudesk.vocabulary.sizing.BOTTLENECK`` (a string such as ``"kv_capacity"``, never a number); every surface
names it in words through this module or through ``FigureSet.word``.
"""

from __future__ import annotations

import re

from gpudesk.vocabulary.sizing import BOTTLENECK

CATEGORICAL = ("infer.bottleneck", "train.bottleneck", "train.largest_overhead", "scale.limit", "scale.best_limit")
_PREFIX = re.compile(r"^(?:w\d+\.|alt\.)+")


def is_categorical(key: str) -> bool:
    return _PREFIX.sub("", key) in CATEGORICAL


def category_name(key: str, value: float | str, lang: str) -> str | None:
    """What figure ``key``'s ``value`` means, in words of ``lang``; None when it is not categorical."""
    if not is_categorical(key) or not isinstance(value, str) or value not in BOTTLENECK:
        return None
    return BOTTLENECK.name_of(value, lang)
