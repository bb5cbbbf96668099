"""From an empty project to each source-document case, through the wizard's own editors only.

Every field the wizard offers for the sample's workloads is set through its
widget (combo box, spin box, check box, line edit); phases and workloads are
added with the plan commands and edited in the phase dialog. The plan that
results estimates to the same figures as the shipped sample.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QLineEdit, QSpinBox
from test_shell_support import catalog, make_window, settings  # noqa: F401 - pytest fixtures

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.paths import samples_dir
from gpudesk.project.assumed import assumed, is_assumed, mark_all
from gpudesk.project.io import load_project
from gpudesk.project.model import Project
from gpudesk.results.pipeline import estimate_plan
from gpudesk.session import field_paths
from gpudesk.ui.widgets.field_units import FRACTION
from gpudesk.ui.widgets.notes_edit import NotesEdit
from gpudesk.wizard import fields
from gpudesk.wizard.steps import STEPS

CASES = ("startup-inspection", "ecommerce-recsys", "manufacturer-vision-private")
COMPARED = ("plan.gpus", "plan.nodes", "plan.servers", "plan.phase_cost")


def _set(editor, value) -> None:
    if isinstance(editor, QComboBox):
        index = editor.findData(value)
        assert index >= 0, f"{editor.objectName()}: {value!r} is not offered"
        editor.setCurrentIndex(index)
    elif isinstance(editor, QCheckBox):
        editor.setChecked(bool(value))
    elif isinstance(editor, QDoubleSpinBox) and editor.property(FRACTION):
        editor.setValue(value * 100)  # a share is typed in percent
    elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
        editor.setValue(value)
    elif isinstance(editor, QLineEdit):
        editor.setText(", ".join(map(str, value)) if isinstance(value, list) else str(value))
        editor.editingFinished.emit()
    elif isinstance(editor, NotesEdit):
        editor.setPlainText(str(value))
        editor.editing_finished.emit()
    else:
        raise AssertionError(f"no way to set {editor!r}")


def _fill_phase(qtbot, window, sample, phase_index: int) -> None:
    target = sample.phases[phase_index]
    for w_index, workload in enumerate(target.workloads):
        if w_index >= len(window.document.project.phases[phase_index].workloads):
            assert window.commands.add_workload()
        window.select(phase_index, w_index)
        for step in STEPS:
            window.go_to_step(step.number)
            page = window.pages[step.number - 1]
            # the kind decides which rows exist: set it first, then the rest
            kind_path = f"phases[{phase_index}].workloads[{w_index}].kind"
            if step is STEPS[0]:  # the kind is asked on the first step
                _set(page.form.editors[kind_path], workload.kind)
                page = window.pages[0]
            for row in fields.rows_for(step.key, workload.kind):
                path = fields.resolve(row, phase_index, w_index)
                wanted = field_paths.get(sample, path)
                editor = page.form.editors[path]
                _set(editor, wanted)
                if is_assumed(window.document.project, path):
                    # the sample's value is gpudesk's default: the user keeps it (editor context menu), as the
                    # sample's author did by writing it down; otherwise it stays marked as assumed
                    [keep] = editor.actions()
                    keep.trigger()
                assert not is_assumed(window.document.project, path), path
                assert window.document.get(path) == wanted, path
    dialog = window.commands.edit_phase()
    dialog.stage.setCurrentIndex(dialog.stage.findData(target.stage))
    dialog.start.setValue(target.start_month)
    dialog.duration.setValue(target.duration_months)
    dialog.carry.setChecked(target.carry_forward_hardware)
    for trigger in target.triggers:
        dialog.add_trigger(trigger)  # the dialog's "add" row, filled as the user types it
    dialog.accept()


@pytest.mark.parametrize("case", CASES)
def test_user_builds_the_sample_case_from_an_empty_project(qtbot, make_window, catalog, case):
    sample = load_project(samples_dir() / f"{case}.gpudesk").project
    window = make_window(None)
    blank = Project()  # not the serving plan a window starts with: every field comes from the user's entries
    for phase in blank.phases:
        phase.costs.currency = window.settings.get("preferences/default_currency")  # as the preferences say
        for workload in phase.workloads:
            mark_all(workload)
    window.files.new_document(blank)
    for index in range(len(sample.phases)):
        if index > 0:
            assert window.commands.add_phase()
        _fill_phase(qtbot, window, sample, index)
    built = window.document.project
    # every essential input of each workload's kind was entered or kept; the marks of other kinds' inputs stay
    assert not [w for phase in built.phases for w in phase.workloads if assumed(w)]
    # assumed_inputs and currency_chosen record how a value was reached (kept default or set), not the plan
    differing = {p for p, _, _ in field_paths.differences(built, sample)
                 if not p.endswith((".assumed_inputs", ".currency_chosen"))}
    # the only differences: the plan-level notes, and what saving stamps (versions, dates)
    assert differing <= {"meta.notes", "app_version", "catalog_version", "meta.created", "meta.modified"}, \
        sorted(differing)
    expected = estimate_plan(sample, catalog)
    got = estimate_plan(built, catalog)
    for phase_expected, phase_got in zip(expected.phases, got.phases):
        for key in COMPARED:
            key = key if key in phase_expected.figures else "alt." + key  # a rented phase's servers: owning's
            assert phase_got.figures.value_at(key) == pytest.approx(phase_expected.figures.value_at(key)), key
        assert phase_got.config == phase_expected.config and phase_got.ledger == phase_expected.ledger
