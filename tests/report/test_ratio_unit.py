"""A dimensionless ratio reads as a multiple: the Explain panel read '1 ratio' / '1 比值' for the bank's busiest expert
rank ('1 + CV·√(e/E)·…') and '1.28 ratio' / '1.28 比值' for the expert-load spread it cites, where every other
multiple on screen and in print reads '1.28 ×' / '1.28 倍' (the unit 'x')."""

from __future__ import annotations

from gpudesk.core import constants as C
from gpudesk.core.constants import Constant
from gpudesk.paths import project_root


def test_no_figure_or_constant_reads_its_value_as_a_ratio_word() -> None:
    rows = [line.split("|") for line in (project_root() / "docs" / "figures.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| `")]
    worded = sorted(r[1].strip(" `") for r in rows if r[2].strip() == "ratio")
    assert not worded and len(rows) > 400, worded
    found = [v for v in vars(C).values() if isinstance(v, Constant)]
    found += [c for v in vars(C).values() if isinstance(v, dict) for c in v.values() if isinstance(c, Constant)]
    assert len(found) > 100 and not sorted(c.name for c in found if c.unit == "ratio")
