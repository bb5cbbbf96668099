"""An input the estimate refuses reads in the window by the form's words (issue 21): "Phase 1 · Server model:
NVIDIA HGX H20 … holds NVIDIA H20 96GB, not the chosen accelerator …", never "phases[0].hardware.server_id: server
hgx-h20-8 holds h20". The CLI and the JSON keep the plan path, which names the field for a script."""

from __future__ import annotations

import json

import pytest
from test_shell_support import SAMPLES, catalog, flush, language_restored, make_window, settings  # noqa: F401

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.ui.i18n import install_language
from gpudesk.wizard.fields import worded_paths

SERVER = "phases[0].hardware.server_id"


def test_plan_paths_in_a_message_read_as_the_form_labels_them() -> None:
    assert worded_paths("phases[0].hardware.server_id: x", "en") == "Phase 1 · Server model: x"
    assert worded_paths("phases[1].workloads[0]: unknown", "zh") == "阶段 2 · 负载 1: unknown"
    assert worded_paths("phases[2]: no such phase", "en") == "Phase 3: no such phase"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_mismatched_server_names_rows_and_the_field_in_the_status_line(lang, make_window, catalog, qapp,  # noqa: F811
                                                                         language_restored) -> None:  # noqa: F811
    if lang == "zh":
        install_language(qapp, "zh")
    window = make_window(next(p for p in SAMPLES if p.stem == "startup-inspection"), lang=lang)
    phase = window.document.project.phases[0]
    other = next(s for s in catalog.servers() if s.gpus > 0 and s.accelerator_id != phase.hardware.accelerator_id)
    window.document.set(SERVER, other.id)
    assert window.controller.run_now() is None
    flush()
    shown = window.summary.text()
    assert other.name in shown and catalog.accelerator(other.accelerator_id).name in shown, shown
    assert "phases[" not in shown and other.id not in shown.replace(other.name, ""), shown
    assert ("阶段 1 · 服务器型号" if lang == "zh" else "Phase 1 · Server model") in shown
    for step in (1, 2):  # the page itself says why (it read only 'No estimate: fix the inputs the status bar names')
        window.go_to_step(step)
        flush()
        page = window.pages[window.pages.stack.currentIndex()]
        assert page.no_figures.isVisibleTo(page) and window.controller.last_error in page.no_figures.text(), step
        assert not page.checks.isVisibleTo(page)  # no '✓ no warnings for this step' beside a plan that cannot run


def test_a_plan_that_cannot_be_opened_names_its_fields_by_the_forms_words(catalog, settings, qapp,  # noqa: F811
                                                                          language_restored, monkeypatch,  # noqa: F811
                                                                          tmp_path) -> None:
    """The window's 'Cannot open plan' box named the field by its plan path ("phases[0].workloads[0].seq_len: -5
    is below the minimum 1"), a code in front of a Chinese user; it reads as the form labels the field."""
    from PySide6.QtWidgets import QMessageBox, QWidget

    from gpudesk.ui.file_actions import FileActions

    install_language(qapp, "zh")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _parent, _title, text: shown.append(text)))
    plan = json.loads(next(p for p in SAMPLES if p.stem == "startup-inspection").read_text(encoding="utf-8"))
    plan["phases"][0]["workloads"][0]["seq_len"] = -5
    path = tmp_path / "bad.gpudesk"
    path.write_text(json.dumps(plan), encoding="utf-8")
    parent = QWidget()
    assert FileActions(parent, catalog, None, settings).open_path(path) is None
    [text] = shown
    assert "phases[" not in text and "阶段 1 · 负载 1" in text, text
    assert "方案有 1 处问题" in text and "-5 低于最小值 1" in text and "below" not in text, text  # the reason too
    install_language(qapp, "en")  # the English box's text is a sentence: it read 'the plan has 1 problem:'
    assert FileActions(QWidget(), catalog, None, settings).open_path(path) is None
    assert shown[-1].startswith("The plan has 1 problem:"), shown[-1]
