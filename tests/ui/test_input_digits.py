"""The form's numbers read as the figures beside them (``plain_number``: no trailing zeros): step 7's inputs read
'2.00 人', '8.00 %' and a rack limit typed as 5.4 read '5.40 kW' beside the figure table's '8 kW' and '5.4 kW'."""

from __future__ import annotations

import pytest
from form_support import form_in, type_into

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.project.model import Project


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_decimal_inputs_show_no_trailing_zeros(qtbot, lang) -> None:
    project = Project()
    project.phases[0].costs.staff_fte = 2.0
    project.phases[0].facility.rack_power_limit_kw = 5.4
    form, document = form_in(lang, project, qtbot)
    staff = form.add("phases[0].costs.staff_fte", "staff")
    rack = form.add("phases[0].facility.rack_power_limit_kw", "rack")
    upkeep = form.add("phases[0].costs.maintenance_pct_per_year", "upkeep")
    assert staff.text().split()[0] == "2" and rack.text().split()[0] == "5.4", (staff.text(), rack.text())
    assert upkeep.text().split()[0] == "8", upkeep.text()
    type_into(qtbot, staff, "1.25")  # the decimals it may need are still typed and kept
    assert document.project.phases[0].costs.staff_fte == 1.25 and staff.text().split()[0] == "1.25"
