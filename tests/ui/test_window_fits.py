"""The window in front of a customer (issue 21): every page, dock and dialog on a 1366 × 768 laptop and a
1920 × 1080 desktop, and on scaled screens (a 1920 × 1080 laptop at 150%, a 4K monitor at 200%), in Chinese and
English, light and dark.

Each check opens the window on one of the test session's offscreen screens (``tests/conftest.py``) and
asserts that the top-level window fits the screen's available area, that no visible child is cut off by its
parent or squeezed below its text, and that no visible text shows a raw code, a figure key, NaN or infinity,
scientific notation or (in Chinese) English outside the allow-list (``window_audit.py``).

The suite samples the combinations (every sample and a plan made from the guided start, each language, theme
and screen at least once, every phase and workload in Chinese on the laptop) to stay within the suite's time
budget; ``GPUDESK_FULL_WINDOW_AUDIT=1`` runs every combination.

What the scaled screens check: the layout in logical pixels (1280 × 720 at 150%, 1920 × 1080 at 200%). They do
not check drawing at the scale: Qt's offscreen platform paints every window at device pixel ratio 1 whatever
its screen says (QOffscreenWindow does not implement devicePixelRatio; a screenshot on the 150% screen is
1276 × 716 pixels, not 1914 × 1074), so blurred icons or hairlines at 150% are not seen here. Screenshots of each step are written under
``window/`` (kept when GPUDESK_SCREENSHOTS is set).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from screenshot_paths import screenshot_folder
from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401
from window_audit import (
    Finding,
    TextRules,
    bad_texts,
    bare_zero_choices,
    chart_defects,
    clipped_widgets,
    coded_text_fields,
    number_fields,
    off_screen,
    saved_plan_words,
    unexplained_unknowns,
    untyped_charts,
    visible_texts,
)
from window_audit_tables import columns_past_the_edge, cut_figure_labels, cut_headers, faded_headings, unreadable_cells
from window_text_rules import rules_for
from window_walk import Walk, compare_from_cache, form_over_view, language_and_theme, save_shots, sideways_pixels

from gpudesk.ui.actions import ActionId
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.wizard.steps import STEPS

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state
LAPTOP, DESKTOP = "1-laptop", "2-desktop"
SCALED = ("3-laptop-150", "4-4k-200")  # a 1920 × 1080 laptop at 150% and a 4K monitor at 200% (tests/conftest.py)
FULL = os.environ.get("GPUDESK_FULL_WINDOW_AUDIT") == "1"
GUIDED = "guided-start"
PLANS = [p.stem for p in SAMPLES] + [GUIDED]
SHOTS = screenshot_folder("window")
KEEP_SHOTS = FULL or bool(os.environ.get("GPUDESK_SCREENSHOTS"))
"""Screenshots cost a quarter of a second each: written when someone will look at them."""


def _cases() -> list[tuple[str, str, str, str]]:
    if FULL:
        return list(itertools.product(PLANS, ("zh", "en"), ("light", "dark"), (LAPTOP, DESKTOP, *SCALED)))
    cases = []
    for i, plan in enumerate(PLANS):
        cases.append((plan, "zh", ("light", "dark")[i % 2], LAPTOP))
        cases.append((plan, "en", ("dark", "light")[i % 2], (LAPTOP, DESKTOP)[i % 2]))
    # scaled screens, sampled: the most text (a Chinese plan with three phases) on the smallest logical screen
    cases += [("bank-llm-assistant", "zh", "light", SCALED[0]), ("gov-llm-domestic-accelerator", "en", "dark", SCALED[1])]
    return cases


@pytest.fixture
def session(request, qapp) -> Iterator[tuple[str, str]]:
    """Install the case's language and theme for one test; restore both afterwards."""
    lang, theme = request.param
    with language_and_theme(qapp, lang, theme):
        yield lang, theme


def screen(name: str):
    found = [s for s in QApplication.screens() if s.name() == name]
    if not found:
        pytest.skip(f"no offscreen screen {name} (tests/conftest.py sets them up)")
    return found[0]


def open_on(window, name: str) -> None:
    """Size ``window``, made on screen ``name`` (``make_window(..., screen=)``), as the app sizes it at start."""
    target = screen(name)
    assert window.screen() is target, (window.screen().name(), name)
    fit_to_screen(window, 1440, 900)
    flush()


def guided_plan(window) -> None:
    """File → New plan, answered as an architect would for a bank's assistant: LLM serving, in production.

    The dialog is shown (its first expose processed) before it is answered. Accepted in the same event-loop turn
    as it opened, its window met its first expose already hidden, and on a scaled screen Qt warned "The cached
    device pixel ratio value was stale on window expose": a new window caches its screen's ratio (1.5) until its
    platform window exists, and the offscreen platform's windows report 1.0 (QOffscreenWindow does not implement
    devicePixelRatio); the first expose re-reads it and finds the cache stale. No pixmap or icon is involved,
    and no user can accept a dialog before it is painted."""
    dialog = window.dialogs.new_plan()
    flush()  # the architect sees the dialog before answering it (see ``guided_plan``'s note)
    dialog.select_kind("llm_inference")
    dialog.select_goal("production")
    dialog.customer.setText("城市商业银行" if window.lang == "zh" else "City bank")
    dialog.accept()
    flush()
    window.controller.run_now()
    flush()


def audit(window, rules: TextRules, where: str) -> list[Finding]:
    findings = [Finding(where, why, "off screen") for why in [off_screen(window)] if why]
    findings += clipped_widgets(window) + bad_texts(visible_texts(window), rules) + coded_text_fields(window)
    findings += chart_defects(window) + cut_figure_labels(window) + faded_headings(window)
    findings += bare_zero_choices(window, window.document.project) + number_fields(window, rules.lang)
    for finding in findings:
        finding.where = f"{where}: {finding.where}"
    return findings


def walk(window, rules: TextRules, name: str, every_phase: bool, shots: str, whatif: bool = False,
         kept: Walk | None = None) -> list[Finding]:
    """Every step of every phase and workload (or of the first), with the Explain panel and the Roadmap dock;
    ``kept`` records the pages that scroll sideways (first phase and workload)."""
    findings: list[Finding] = []
    phases = window.document.project.phases
    pairs = [(p, w) for p in range(len(phases)) for w in range(len(phases[p].workloads))] if every_phase else [(0, 0)]
    window.roadmap_dock.show()
    for phase, workload in pairs:
        window.select(phase, workload)
        for record in STEPS:
            step = record.number
            window.go_to_step(step)
            flush()
            page = window.current_page()
            if whatif and record.key == "delivery" and (phase, workload) == (0, 0):
                assert page.decision.run_now() is not None  # the what-if's tornado, table and reasons
                flush()
            keys = page.figures.figure_model.keys()
            checks = page.checks.checks()
            if step % 2:  # the Step guide in front of the right dock, then Explain (a figure, a check)
                window.step_guide_dock.raise_()
            elif checks and step % 4 == 0:
                window.show_check(checks[0])
            elif keys:  # a figure with a note where the page has one (the note in the reader's language)
                window.show_figure(noted_key(keys, window.controller.estimate.phases[phase].figures)
                                   or keys[len(keys) // 2])
            flush()
            where = f"{name} phase {phase + 1} workload {workload + 1} step {step}"
            rented = not window.controller.estimate.phases[phase].config.owns_hardware
            findings += audit(window, rules, where) + unexplained_unknowns(page, rented, where)
            if (phase, workload) == (0, 0) and kept is not None and sideways_pixels(page) > 0:
                kept.sideways.append((record.key, sideways_pixels(page)))
            save_shots(window, page, SHOTS / shots if shots else None, phase, workload, step)
    return findings


def noted_key(keys, figures) -> str | None:
    """The first of ``keys`` whose figure carries a note ("the catalog has no idle power for this server")."""
    return next((k for k in keys if k in figures and figures.explain(k).note), None)


def report(findings: list[Finding]) -> str:
    return f"{len(findings)} finding(s):\n" + "\n".join(str(f) for f in findings[:60])


BANK = "bank-llm-assistant"


@pytest.fixture(scope="module")
def walks() -> dict[tuple[str, str, str, str], Walk]:
    """Each case's walk, kept for the module's tests: the laptop-fit tests read the audit's walks of the bank sample
    (module-scoped, so tests/xdist_groups.py keeps the walks' tests on one worker: each window is opened once)."""
    return {}


@pytest.fixture(scope="module")
def estimates():
    """One phase cache for the walks' windows: a plan walked again (in another language, theme or screen) opens on
    its estimate with the configuration search done, as a second window of it would in the app, instead of
    searching again (estimates hold no session language: surfaces localise them). 8 of the 14 walks repeat a plan."""
    from gpudesk.results.phase_cache import PhaseCache

    return PhaseCache()


@pytest.fixture
def walked(walks, estimates, make_window, catalog, qapp, monkeypatch):  # noqa: F811
    """``walked(plan, lang, theme, screen)`` -> the case's :class:`Walk`, walked now unless a test already did."""
    from gpudesk.ui.controller import PlanController

    monkeypatch.setattr(PlanController, "cache", property(lambda _controller: estimates))

    def get(plan: str, lang: str, theme: str, screen_name: str) -> Walk:
        key = (plan, lang, theme, screen_name)
        if key not in walks:
            with language_and_theme(qapp, lang, theme):
                walks[key] = walk_case(make_window, catalog, *key)
        return walks[key]

    return get


def walk_case(make_window, catalog, plan: str, lang: str, theme: str, screen_name: str) -> Walk:  # noqa: F811
    path = next((p for p in SAMPLES if p.stem == plan), None)
    window = make_window(path, lang=lang, screen=screen(screen_name))
    open_on(window, screen_name)
    if path is None:
        guided_plan(window)
    window.controller.run_now()
    # The searched window, as the customer sees it a moment later, whatever ran before: the search's results are
    # cached on the session's shared catalog, so a case after another of the same plan found its search done by
    # step 2 and a first case did not (the memory-fit chart's cut axis title showed only in the second).
    # the wait is generous: on a loaded machine the guided plan's search took over the default 30 s of wall time
    # (1 of 112 cases in a full audit at load 10); how fast it searches is measured elsewhere (issue 24)
    assert window.controller.finish_search(timeout_ms=180_000)
    flush()
    rules = rules_for(window, catalog, lang, path)
    every = FULL or (lang == "zh" and screen_name == LAPTOP)
    shots = f"{plan}-{lang}-{theme}-{screen_name}" if screen_name in (LAPTOP, DESKTOP, *SCALED) and KEEP_SHOTS else ""
    kept = Walk()
    kept.findings = walk(window, rules, plan, every, shots, whatif=plan.startswith(("startup", "manufacturer")), kept=kept)
    kept.findings += [Finding(plan, name, "a chart the audit's chart search missed") for name in untyped_charts(window)]
    image = window.grab().toImage()
    kept.lightness = image.pixelColor(image.width() // 2, image.height() - 4).lightness()  # the status bar
    if screen_name == LAPTOP:  # the least size once every step was shown; each form at 1366 x 720
        hint = window.minimumSizeHint()
        kept.least_size = (hint.width(), hint.height())
        window.select(0, 0)
        window.resize(1366, 720)
        for record in STEPS:
            window.go_to_step(record.number)
            flush()
            form, view = form_over_view(window.current_page())
            if form > view + 1:
                kept.wide_forms.append((record.key, form, view))
    return kept


@pytest.mark.parametrize(("plan", "lang", "theme", "screen_name"), _cases(),
                         ids=[f"{p}-{lang}-{theme}-{s}" for p, lang, theme, s in _cases()])
def test_every_page_and_dock_fits_and_reads(plan, lang, theme, screen_name, walked):
    found = walked(plan, lang, theme, screen_name)
    assert not found.findings, report(found.findings)
    assert (found.lightness < 128) == (theme == "dark"), (theme, found.lightness)


def test_every_step_fits_a_1366_by_768_screen_in_both_languages(walked):
    """Pages scroll below their title instead of making the window taller than a laptop screen, and the input form
    never needs a horizontal scroll bar for long catalog names: the audit's bank walks on the laptop, each language
    (searched, the Roadmap dock shown)."""
    for lang, theme in (("zh", "light"), ("en", "dark")):
        found = walked(BANK, lang, theme, LAPTOP)
        width, height = found.least_size
        assert height <= 768 - 48 and width <= 1366, (lang, found.least_size)  # 48 px: a panel or taskbar
        assert not found.wide_forms, (lang, found.wide_forms)


def test_no_step_page_scrolls_sideways_on_a_laptop(walked) -> None:
    """A step page fits beside the step list and the guide at 1362 × 764 (as the app opens on a 1366 × 768 laptop)
    without scrolling sideways, in each language (the audit's bank walks; tests/ui/test_step_page_width.py says
    what scrolled sideways before)."""
    for lang, theme in (("en", "dark"), ("zh", "light")):
        found = walked(BANK, lang, theme, LAPTOP)
        assert not found.sideways, f"steps that scroll sideways at 1366 × 768 ({lang}; key, pixels): {found.sideways}"


DIALOG_ACTIONS = (ActionId.PREFERENCES, ActionId.EDIT_PHASE, ActionId.BROWSE_CATALOG, ActionId.CALIBRATE,
                  ActionId.EXPORT_PROPOSAL, ActionId.ABOUT, ActionId.USER_GUIDE)
# Every dialog on the scaled screens too (the smallest logical screen sampled, both with the full audit).
DIALOG_CASES = ([(("zh", "dark"), LAPTOP), (("en", "light"), LAPTOP), (("zh", "light"), DESKTOP),
                 (("zh", "dark"), SCALED[0])] if not FULL else
                [((lang, theme), s) for lang, theme, s in itertools.product(("zh", "en"), ("light", "dark"),
                                                                            (LAPTOP, DESKTOP, *SCALED))])


def open_every_dialog(window) -> dict[str, object]:
    for action_id in DIALOG_ACTIONS:
        window.actions_[action_id].trigger()
        flush()
    usd = [p for p in SAMPLES if p.stem in ("startup-inspection", "ecommerce-recsys")]
    window.dialogs.compare_plans(usd)
    window.dialogs.new_plan()
    browser = window.dialogs.open["catalog"].browser
    browser.select("accelerators", ["h20", "l20"])  # the detail pane shows a row; Compare opens side by side
    flush()
    dialogs = dict(window.dialogs.open)
    dialogs["catalog-comparison"] = browser.open_comparison()
    dialogs["catalog-row-form"] = browser.open_row_form("duplicate")
    flush()
    return dialogs


@pytest.mark.parametrize(("session", "screen_name"), DIALOG_CASES, indirect=["session"],
                         ids=[f"{lang}-{theme}-{s}" for (lang, theme), s in DIALOG_CASES])
def test_every_dialog_fits_its_screen_and_reads(session, screen_name, make_window, catalog, estimates,  # noqa: F811
                                                 monkeypatch):
    lang, theme = session
    compare_from_cache(monkeypatch, estimates)  # the comparison's two samples as the walks estimated them
    manufacturer = next(p for p in SAMPLES if p.stem.startswith("manufacturer"))
    window = make_window(manufacturer, lang=lang, screen=screen(screen_name))
    open_on(window, screen_name)
    rules = rules_for(window, catalog, lang, manufacturer)
    for path in SAMPLES if lang == "en" else ():  # the comparison opens two samples, in Chinese in Chinese
        rules.allowed |= saved_plan_words(path)
    findings: list[Finding] = []
    for name, dialog in open_every_dialog(window).items():
        flush()
        assert dialog.isVisible(), name
        findings += [Finding(name, why, "off screen") for why in [off_screen(dialog)] if why]
        findings += [Finding(name, chart, "a chart the audit's chart search missed") for chart in untyped_charts(dialog)]
        findings += [Finding(f"{name}: {f.where}", f.text, f.why)
                     for f in clipped_widgets(dialog) + bad_texts(visible_texts(dialog), rules) + chart_defects(dialog)
                     + number_fields(dialog, lang) + unreadable_cells(dialog) + cut_headers(dialog)
                     + columns_past_the_edge(dialog) + faded_headings(dialog)]
        if screen_name == LAPTOP and KEEP_SHOTS:
            dialog.grab().save(str(SHOTS / f"dialog-{name}-{lang}-{theme}.png"))
    assert not findings, report(findings)
