"""An English count of one reads in the singular: "1 stage", not "1 stages" (issue 21: the bank's step 2 showed
"Pipeline stages: 1 stages"). Every plural unit a plan's number fields count in has its singular."""

from __future__ import annotations

import dataclasses
import inspect
import re

from gpudesk.project import model
from gpudesk.ui.widgets.field_units import SINGULAR_UNITS

PLURAL_WORD = re.compile(r"^[a-z]+s$")
NOT_PLURAL = frozenset({"ms"})  # milliseconds, not a count


def test_every_plural_count_unit_of_a_plan_field_has_its_singular() -> None:
    units = {f.metadata.get("unit", "") for cls in vars(model).values()
             if inspect.isclass(cls) and dataclasses.is_dataclass(cls) for f in dataclasses.fields(cls)}
    plural = {u for u in units if isinstance(u, str) and PLURAL_WORD.match(u) and u not in NOT_PLURAL}
    assert "stages" in plural
    assert not plural - set(SINGULAR_UNITS), sorted(plural - set(SINGULAR_UNITS))
