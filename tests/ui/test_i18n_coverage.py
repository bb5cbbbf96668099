"""A Chinese-only user sees Chinese: every wizard step and every menu dialog, on each sample plan.

The main window is started in Chinese with the real translators installed;
every text a user can see (labels, buttons, menus and actions, tab titles,
group boxes, table headers, tool tips, window titles, placeholders, choice
lists) is collected and must hold no English word outside the explicit
allow-list of ``test_i18n_support``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication
from test_i18n_support import untranslated, widget_texts, words_of
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

from gpudesk.ui.actions import ActionId
from gpudesk.ui.i18n import install_language

MANUFACTURER = next(p for p in SAMPLES if p.name.startswith("manufacturer"))
# menu actions that open a dialog without blocking; the others (file choosers, input boxes) are Qt's own, translated by qtbase
DIALOG_ACTIONS = (ActionId.PREFERENCES, ActionId.EDIT_PHASE, ActionId.BROWSE_CATALOG, ActionId.CALIBRATE,
                  ActionId.EXPORT_PROPOSAL, ActionId.ABOUT)


@pytest.fixture
def chinese() -> Iterator[None]:
    app = QApplication.instance()
    before = QLocale()
    installed = install_language(app, "zh")
    assert not installed.missing, installed.missing
    yield
    installed.uninstall()
    QLocale.setDefault(before)


def catalog_words(catalog) -> set[str]:  # noqa: F811 - the fixture's value
    values: list[object] = []
    tables = (catalog.accelerators(), catalog.models(), catalog.servers(), catalog.storage_options(),
              catalog.cloud_offers(), catalog.nics(), catalog.switches(), catalog.interconnects())
    for rows in tables:
        for row in rows:
            for f in dataclasses.fields(row):
                value = getattr(row, f.name)
                values += [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)] if isinstance(value, tuple) else []
    return words_of(values)


def plan_words(project) -> set[str]:
    values = [project.meta.name]
    for phase in project.phases:
        values.append(phase.name)
        values += [w.name for w in phase.workloads]
    return words_of(values)


def all_texts(window) -> list[tuple[str, str]]:
    texts = list(widget_texts(window))
    for dialog in window.dialogs.open.values():
        texts += list(widget_texts(dialog))
    return texts


KNOWN_GAPS = pytest.mark.xfail(strict=True, reason=(
    "English still shown (docs/i18n.md, 'Known gaps'): core figure labels and units in the results table, enum choices "
    "and unit suffixes of the input form (ui/widgets/field_form.py), the status-bar summary (ui/summary.py), chart tab "
    "names and 'Reset view', catalog-choice placeholders, catalog-browser tab titles and header units, the proposal "
    "dialog's bilingual labels"))


@KNOWN_GAPS
@pytest.mark.parametrize("plan", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_step_of_each_sample_is_chinese(chinese, make_window, catalog, plan):  # noqa: F811
    window = make_window(plan, lang="zh")
    allowed = catalog_words(catalog) | plan_words(window.document.project)
    texts: list[tuple[str, str]] = []
    for phase, spec in enumerate(window.document.project.phases):
        for workload in range(len(spec.workloads)):
            window.select(phase, workload)
            for step in range(1, 8):
                window.go_to_step(step)
                flush()
                texts += list(widget_texts(window))
    found = untranslated(texts, allowed)
    assert not found, "\n".join(f"{where}: {text!r}" for text, where in sorted(found.items()))


@KNOWN_GAPS
def test_every_menu_dialog_is_chinese(chinese, make_window, catalog):  # noqa: F811
    window = make_window(MANUFACTURER, lang="zh")
    allowed = catalog_words(catalog) | plan_words(window.document.project)
    for action_id in DIALOG_ACTIONS:
        window.actions_[action_id].trigger()
        flush()
    compare = window.dialogs.compare_plans([p for p in SAMPLES if p != MANUFACTURER])  # both in USD
    flush()
    assert compare is not None, window.dialogs.open["warning"].text()
    assert {"preferences", "catalog", "calibration", "proposal", "about", "compare"} <= set(window.dialogs.open)
    found = untranslated(all_texts(window), allowed)
    assert not found, "\n".join(f"{where}: {text!r}" for text, where in sorted(found.items()))
