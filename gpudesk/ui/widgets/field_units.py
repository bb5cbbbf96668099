"""The unit an editor of a plan field shows: the field's declared unit in the session language, money named by its
phase's currency (in 万 where the form types it so), a count's word (亿, 万) fixed when its editor is made, a share
edited in percent, and English's singular after exactly one ("1 GPU")."""

from __future__ import annotations

import re
from typing import Any

from gpudesk.report.display_text import DisplayText
from gpudesk.report.display_units import after_number
from gpudesk.report.display_units import input_count_word as count_scale
from gpudesk.session import field_paths
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.widgets.money_spin import in_wan, wan_unit

SINGULAR_UNITS = {"GPUs": "GPU", "nodes": "node", "servers": "server", "years": "year", "months": "month",
                  "days": "day", "hours": "hour", "replicas": "replica", "seats": "seat", "agents": "agent",
                  "people": "person", "lines": "line", "racks": "rack", "cores": "core", "tokens": "token",
                  "stages": "stage", "epochs": "epoch", "jobs": "job", "items": "item", "sequences": "sequence",
                  "iterations": "iteration"}
PHASE_OF_PATH = re.compile(r"^(phases\[\d+\])\.")  # money units name the phase's currency
UNITS_BEFORE = frozenset({"level"})
"""Units English reads before the number ("level 3", not "3 level"); the editor shows them as its prefix."""
FRACTION = "fraction"
"""The unit of a share held as 0..1 in the plan (the hybrid owned share): the form edits it in percent."""


class FieldUnits:
    """The units of one form's editors (``FieldForm.units``): of the plan in ``document``, worded by ``text``."""

    def __init__(self, document: ProjectDocument, text: DisplayText) -> None:
        self.document = document
        self.text = text
        self._count_words: dict[str, str] = {}  # path -> 亿/万 a count is typed in, fixed when its editor is made

    def count_word(self, path: str, meta: dict[str, Any], value: Any = None) -> str:
        """The word (亿, 万) the count at ``path`` is typed in, fixed when its editor is made (count_scale)."""
        return self._count_words.setdefault(path, count_scale(meta, self.text.lang, value))

    def unit_text(self, path: str) -> str:
        """The field's declared unit in the session language, "currency" named by the phase's currency."""
        meta = field_paths.metadata(self.document.project, path)
        unit = meta.get("unit", "")
        if unit == FRACTION:
            return "%"  # edited in percent
        currency = ""
        phase = PHASE_OF_PATH.match(path)
        if "currency" in unit and phase:
            try:
                currency = str(self.document.get(f"{phase.group(1)}.costs.currency"))
            except field_paths.FieldPathError:
                currency = ""
        if in_wan(meta, self.text.lang):  # 万元/台, 万美元
            return self.text.unit(wan_unit(unit, currency))
        if word := self.count_word(path, meta):  # 亿tokens, 万项/天
            return self.text.unit(f"{word} {unit}")
        return self.text.unit(unit, currency)

    def suffix(self, path: str, value: Any = None) -> str:
        """" GPUs"; " GPU" after exactly one (English units are plural words; Chinese ones are not)."""
        unit = self.unit_text(path)
        if unit in UNITS_BEFORE:
            return ""  # the prefix
        if value == 1 and not self.text.translates:
            unit = SINGULAR_UNITS.get(unit, unit)
        return after_number(unit)  # "4:1", not "4 :1"
