"""The wizard's words, by key, from the text catalogue ``resources/i18n/wizard_<lang>.toml``.

Step intros (``step.<key>.intro``), field labels (``field.<path>``, the path relative to the active phase as in the
step records), the step guide (``guide.…``), the lifecycle advice (``lifecycle.<stage>.…``), the starter's
scenarios and markets and what a 0 input means (``input.…``): the records in ``gpudesk/wizard`` hold keys, never
words, and both languages come through the one catalogue loader. A missing key is a programming error
(``tests/wizard/test_wizard_words.py`` holds every key the records use to both catalogues), so it raises.
"""

from __future__ import annotations

from typing import Any

from gpudesk.text_catalogues import fill, flat_catalogue


def word(key: str, lang: str, **values: Any) -> str:
    """The wizard text ``key`` in ``lang`` ("zh", else English), its ``{name}`` fields filled with ``values``."""
    text = flat_catalogue("wizard", "zh" if lang == "zh" else "en")[key]
    return fill(text, values) if values else text


def has_word(key: str) -> bool:
    return key in flat_catalogue("wizard", "en")
