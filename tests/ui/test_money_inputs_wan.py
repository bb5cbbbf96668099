"""Large money inputs read in 万 in Chinese (issue 21): a budget of 12,500,000 yuan is typed and shown as
1,250 万元, not 12500000.00, and the plan keeps the exact amount through typing, saving and loading."""

from __future__ import annotations

from form_support import form_in, type_into

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.project.io import load_project, save_project
from gpudesk.project.model import Project
from gpudesk.report.display_text import display_text
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.widgets.field_form import FieldForm, touched
from gpudesk.ui.widgets.money_spin import WanSpinBox

BUDGET = "phases[0].costs.budget"
INSTALL = "phases[0].costs.installation_per_server"
ELECTRICITY = "phases[0].facility.electricity_per_kwh"


def chinese_form(project: Project, qtbot) -> tuple[FieldForm, ProjectDocument]:
    project.phases[0].costs.currency, project.phases[0].costs.currency_chosen = "CNY", True
    return form_in("zh", project, qtbot)


def test_a_budget_typed_in_wan_is_kept_exactly_through_save_and_load(qtbot, tmp_path) -> None:
    form, document = chinese_form(Project(), qtbot)
    editor = form.add(BUDGET, "预算")
    assert isinstance(editor, WanSpinBox) and editor.suffix() == " 万元"
    type_into(qtbot, editor, "1250")
    assert document.project.phases[0].costs.budget == 12_500_000
    assert editor.text() == "1,250 万元"
    type_into(qtbot, editor, "1234.567891")  # to the cent
    assert document.project.phases[0].costs.budget == 12_345_678.91
    path = tmp_path / "plan.gpudesk"
    save_project(document.project, path)
    reloaded = load_project(path).project
    assert reloaded.phases[0].costs.budget == 12_345_678.91
    form2, document2 = chinese_form(reloaded, qtbot)
    shown = form2.add(BUDGET, "预算")
    assert shown.text() == "1,234.567891 万元"
    assert document2.project.phases[0].costs.budget == 12_345_678.91  # showing it wrote nothing back


def test_undo_and_a_currency_change_refresh_the_amount_and_its_unit(qtbot) -> None:
    form, document = chinese_form(Project(), qtbot)
    editor = form.add(BUDGET, "预算")
    document.set(BUDGET, 30_000_000.0)
    document.set("phases[0].costs.currency", "USD")
    form.refresh()
    assert editor.text() == "3,000 万美元"


def test_not_quoted_yet_still_reads_as_words_in_wan(qtbot) -> None:
    form, document = chinese_form(Project(), qtbot)
    editor = form.add(INSTALL, "安装调试费")
    assert isinstance(editor, WanSpinBox) and document.get(INSTALL) == -1
    form.set_zero_text(INSTALL, "待询价")
    assert editor.text() == "待询价"
    type_into(qtbot, editor, "0.5")
    assert document.get(INSTALL) == 5_000


def test_a_quoted_amount_in_wan_can_be_marked_not_quoted_again(qtbot) -> None:
    """Product-20: once a price was typed, a Chinese user could not mark it unquoted again. The field's help says
    "-1 = 待询价", but in 万 the box's least value was -0.0001 万: typing -1 (or the words it shows) was refused and
    the amount stayed; its range read '-0.0001 – 1,000 万元/台'. English took -1."""
    from PySide6.QtCore import Qt

    form, document = chinese_form(Project(), qtbot)
    editor = form.add(INSTALL, "安装调试费")
    form.set_zero_text(INSTALL, "待询价")
    type_into(qtbot, editor, "0.5")
    assert document.get(INSTALL) == 5_000
    type_into(qtbot, editor, "-1")
    assert document.get(INSTALL) == -1 and editor.text() == "待询价"
    type_into(qtbot, editor, "0.5")
    editor.selectAll()
    editor.lineEdit().insert("待询价")  # the words the box shows for it (keyClicks types ASCII only)
    qtbot.keyClick(editor, Qt.Key.Key_Enter)
    assert document.get(INSTALL) == -1 and editor.text() == "待询价"
    assert "0 – 1,000 万元/台" in editor.toolTip() and "-0.0001" not in editor.toolTip()
    budget = form.add(BUDGET, "预算")  # a field whose least value is 0 takes no -1: it is no amount
    type_into(qtbot, budget, "-1")
    assert document.get(BUDGET) == 0


def test_small_rates_and_english_keep_their_own_unit(qtbot) -> None:
    form, _document = chinese_form(Project(), qtbot)
    assert not isinstance(form.add(ELECTRICITY, "电价"), WanSpinBox)  # 0.6 元/kWh, not 0.00006 万元
    english = FieldForm(ProjectDocument(Project()), text=display_text("en"))
    qtbot.addWidget(english)
    assert not isinstance(english.add(BUDGET, "Budget"), WanSpinBox)


def test_an_edit_re_reads_only_the_editors_it_may_change(qtbot) -> None:
    """Issue 24: after an edit the visible form re-reads the editors of the changed paths only (every editor's value,
    mark, suffix and choice list took 1.1 ms of each edit on step 2); a path above an editor's, a currency (money
    editors name it) or a workload's list of inputs left at their defaults (the "default" marks) re-read theirs."""
    form, document = chinese_form(Project(), qtbot)
    budget, install = form.add(BUDGET, "预算"), form.add(INSTALL, "安装调试费")
    shown = budget.text()
    document.project.phases[0].costs.budget = 30_000_000.0  # behind the form's back: only a refresh shows it
    form.refresh([ELECTRICITY])
    assert budget.text() == shown, "an edit of another field read every editor again"
    form.refresh([BUDGET])
    assert budget.text() == "3,000 万元"
    document.project.phases[0].costs.budget = 40_000_000.0
    form.refresh(["phases[0].costs"])  # the costs replaced (a dialog's edit)
    assert budget.text() == "4,000 万元"
    document.project.phases[0].costs.currency = "USD"
    form.refresh(["phases[0].costs.currency"])
    assert (budget.suffix(), install.suffix()) == (" 万美元", " 万美元/台")
    seq = "phases[0].workloads[0].seq_len"
    assert touched(seq, ["phases[0].workloads[0].assumed_inputs"]) and touched(seq, [""])
    assert not touched(seq, ["phases[0].workloads[1].assumed_inputs", "phases[0].workloads[1]", "phases[0].name"])
    assert touched("phases[0].workloads[1].seq_len", ["phases[0].workloads"])
    assert not touched("phases[0].workloads[10].seq_len", ["phases[0].workloads[1]"])
    assert touched("phases[0].storage.tiers", ["phases[0].storage.tiers[2]"])
