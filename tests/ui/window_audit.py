"""Helpers for the window audit (no tests here): does a window fit its screen, is any child cut off, does any
visible text show a code, a raw number or (in Chinese) English.

* :func:`off_screen` — a top-level window whose frame leaves its screen's available area.
* :func:`clipped_widgets` — a visible widget that its parent cuts off (it reaches past the parent's rectangle,
  outside a scroll area's viewport) or that its layout squeezed below the smallest size that shows its whole
  text (a label, button, combo box or group box title cut mid-word), and a choice list whose current choice is
  wider than its closed box and is cut without "…" and a tool tip. These two in ``window_audit_geometry``
  (imported here for the audit).
* :func:`unexplained_unknowns` — a figure a step shows as unknown with no reason on screen.
* :func:`visible_texts` — every text a user can read in a widget tree: labels, buttons, menus, choice lists,
  tables, tool tips, rich-text panels and the charts' titles, axes and legends.
* :func:`cut_axis_titles`, :func:`labels_outside_plots`, :func:`charts_wider_than_their_view` — chart checks,
  in ``window_audit_charts`` (imported here for the audit).
* :func:`bad_texts` — the texts that show a raw code (snake_case, a figure key, a field path, a catalog id, a
  vocabulary code spelt with spaces), NaN or infinity, scientific notation, a "1 = yes" code, "1 GPUs" in
  English, or, in Chinese, a generic server's English name ("Generic 8 × L40S server") and English words outside
  the allow-list of ``test_i18n_support``.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QSpinBox,
    QTextEdit,
    QWidget,
)
from test_i18n_support import english_words, plain, widget_texts, words_of
from window_audit_charts import (  # noqa: F401
    ChartView,
    chart_defects,
    chart_views,
    charts_wider_than_their_view,
    cut_axis_titles,
    labels_outside_plots,
    tick_labels_over_each_other,
    untyped_charts,
)
from window_audit_finding import Finding
from window_audit_geometry import clipped_widgets, off_screen  # noqa: F401
from window_audit_money import large_count_in_digits, large_money_in_yuan

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first
from gpudesk.session import field_paths
from gpudesk.vocabulary import delivery, precision, sizing, training, workloads
from gpudesk.vocabulary.fields import FIELD_VOCABULARIES

FIGURE_PREFIXES = ("agent", "alt", "arch", "delivery", "eff", "host", "hw", "infer", "mem", "net", "plan", "power",
                   "recsys", "roadmap", "run", "scale", "storage", "task", "tco", "train", "vision", "w2", "w3")
FIGURE_KEY = re.compile(r"(?<![\w.\-])(?:w\d+\.)?(?:alt\.)?(?:" + "|".join(FIGURE_PREFIXES)
                        + r")\.(?!gpudesk\b|pdf\b|png\b|csv\b)[a-z][a-z0-9_]*")
SNAKE = re.compile(r"(?<![\w.\-/])[a-z][a-z0-9]*_[a-z0-9_]+(?![\w.])")
FIELD_PATH = re.compile(r"\b[a-z_]+\[\d+\]")
NAN_INF = re.compile(r"(?<![A-Za-z])(?:nan|NaN|-?inf)(?![A-Za-z])|∞|无穷")
SCIENTIFIC = re.compile(r"(?<![\w\-.])\d+(?:\.\d+)?e[-+]?\d+(?![\w\-])", re.IGNORECASE)
GENERIC_SERVER = re.compile(r"\bGeneric \d+[- ]")  # "Generic 8 × L40S server": named by a pattern in Chinese
PLURAL_ONE = re.compile(r"(?<![\d.,])1 (?:GPUs|servers|nodes|racks|replicas|years|months|lines|stages|epochs|jobs|"
                        r"items|sequences)\b")  # "1 GPUs", "1 stages" (pipeline stages on the bank's step 2)
BYTES_IN_DIGITS = re.compile(r"\d{1,3}(?:,\d{3}){2,}(?:\.\d+)?\s*B/")
"""A rate of a million bytes or more in raw digits: the Explain panel's inputs read "864,000,000,000 B/s" (864 GB/s)."""
RATIO_SPACED = re.compile(r"\d\s+:\s*1\b")  # "1.00 :1" (step 5's oversubscription): a ratio reads "1.00:1"
COUNT_WORD_GLUED = re.compile(r"[万亿][A-Za-z]+")  # "30 亿tokens", "万GPU": a space before a Latin unit
CODE_WORDS = re.compile(r"\(1 ?= ?yes\)|（1 ?= ?是）|^(?:code|代码)$|\b\d+ code\b|\d+ 代码")


def _spaced_codes() -> frozenset[str]:
    """Vocabulary codes written the way ``code.replace("_", " ")`` shows them: "finetune lora"."""
    vocabularies = (delivery.DELIVERY_MODE, workloads.WORKLOAD_KIND, precision.PRECISION, sizing.SIZED_BY,
                    sizing.BOTTLENECK, training.TRAINING_STACK, training.OPTIMIZER)
    codes = {t.code.replace("_", " ") for v in vocabularies for t in v if "_" in t.code}
    names = {t.en for v in vocabularies for t in v} | {t.en.lower() for v in vocabularies for t in v}
    return frozenset(c for c in codes if c not in names)


SPACED_CODES = _spaced_codes()


@dataclass
class TextRules:
    """What a text must not show. ``lang``: "zh" also forbids English words outside ``allowed``."""

    lang: str
    allowed: set[str] = field(default_factory=set)
    catalog_ids: frozenset[str] = frozenset()  # ids with a "-" (never shown to a user instead of a name)
    snake_names: frozenset[str] = frozenset()
    """snake_case words a catalog name holds: the package a framework list names ('PyTorch (torch_npu)', the Ascend
    rows' training frameworks, in a check of a plan that trains on Ascend), a name, not a code."""
    _verdicts: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # bad_texts' memory

    def problems(self, text: str, keys_allowed: bool = False, user_text: bool = False) -> list[str]:
        return [why for why, _detail in self.explain(text, keys_allowed, user_text)]

    def explain(self, text: str, keys_allowed: bool = False, user_text: bool = False) -> list[tuple[str, str]]:
        """``(rule broken, the part that breaks it)`` for each rule ``text`` breaks."""
        shown = plain(text)
        checks = [("NaN or infinity", NAN_INF), ("scientific notation", SCIENTIFIC),
                  ("a number standing for a category", CODE_WORDS), ("a ratio split by a space", RATIO_SPACED),
                  ("bytes in raw digits", BYTES_IN_DIGITS)]
        if not keys_allowed:
            checks += [("a figure key", FIGURE_KEY), ("a field path", FIELD_PATH), ("a snake_case code", SNAKE)]
        found = [(why, match.group(0)) for why, pattern in checks
                 for match in [next((m for m in pattern.finditer(shown)
                                     if pattern is not SNAKE or m.group(0) not in self.snake_names), None)] if match]
        if not keys_allowed:
            ids = set(re.findall(r"[A-Za-z0-9][A-Za-z0-9\-]*", shown)) & self.catalog_ids
            if ids:
                found.append(("a catalog id", ", ".join(sorted(ids))))
        bare = re.sub(r"^\d+\.\s*", "", shown.strip()).lower()  # "1. llm inference" in a list of workloads
        if bare in SPACED_CODES:
            found.append(("a code written with spaces", bare))
        if self.lang == "en" and (match := PLURAL_ONE.search(shown)):
            found.append(("a plural after one", match.group(0)))
        if self.lang == "zh" and not keys_allowed and (match := GENERIC_SERVER.search(shown)):
            found.append(("an English server name in the Chinese interface", match.group(0)))
        if self.lang == "zh" and not user_text and (match := COUNT_WORD_GLUED.search(shown)):
            found.append(("a Chinese count word glued to a Latin unit", match.group(0)))
        if self.lang == "zh" and not user_text:
            english = english_words(shown, self.allowed)
            if english:
                found.append(("English in the Chinese interface", " ".join(dict.fromkeys(english))))
        return found


def bad_texts(texts: Iterable[tuple[str, str, bool]], rules: TextRules) -> list[Finding]:
    """``(where, text, keys_allowed)`` -> one finding per distinct text that breaks a rule. Text a user typed
    (a line edit's content: plan name, customer, notes) may be in any language."""
    seen: set[str] = set()
    findings = []
    # verdicts kept per ``allowed``: a walk audits mostly the same ~1,000 texts (menus, tool tips) on every step
    verdicts = rules._verdicts.setdefault(frozenset(rules.allowed), {})
    for where, text, keys_allowed in texts:
        if text in seen:
            continue
        seen.add(text)
        key = (text, keys_allowed, where.startswith(USER_TEXT))
        if key not in verdicts:
            verdicts[key] = rules.explain(*key)
        findings += [Finding(where, text, why, detail) for why, detail in verdicts[key]]
    return findings


USER_TEXT = "user text "


CODES_SHOWN = "codes-shown"
"""A widget property: the widget shows codes as secondary detail on purpose — the Explain panel's figure keys in
small print under each label, the catalog browser's row ids and field names (what CSV files and the user
catalog use). Figure keys, snake_case names and catalog ids are allowed there; every other rule applies."""


def _shows_codes(widget: QWidget) -> bool:
    while widget is not None:
        if widget.property(CODES_SHOWN):
            return True
        widget = widget.parentWidget()
    return False


def visible_texts(root: QWidget) -> Iterator[tuple[str, str, bool]]:
    """``(where, text, codes_allowed)`` for every text of ``root``'s tree a user can read."""
    widgets = [root, *root.findChildren(QWidget)]  # once: each findChildren of a window walks ~1,300 widgets
    coded = tuple(w for w in widgets if w.property(CODES_SHOWN))
    for where, text in widget_texts(root, skip=coded, widgets=widgets):
        yield where, text, False
    for widget in coded:
        for where, text in widget_texts(widget):
            yield where, text, True
    for widget in widgets:
        if isinstance(widget, QTextEdit):
            yield f"{type(widget).__name__}#{widget.objectName()}", widget.toPlainText(), _shows_codes(widget)
        elif isinstance(widget, QLineEdit) and not isinstance(widget.parentWidget(), QAbstractSpinBox | QComboBox):
            yield USER_TEXT + f"{type(widget).__name__}#{widget.objectName()}", widget.text(), _shows_codes(widget)
        elif isinstance(widget, QAbstractSpinBox):
            yield f"{type(widget).__name__}#{widget.objectName()}", widget.text(), False
        elif isinstance(widget, ChartView):  # title, axes, legend, notes (``chart_views``: the only such widget)
            for text in widget.visible_texts():
                yield f"{type(widget).__name__}#{widget.objectName()}", text, False


def coded_text_fields(root: QWidget) -> list[Finding]:
    """Input fields a user types a vocabulary code into ("cn" for the region): a field whose codes have names
    (``gpudesk.vocabulary.fields``) is a choice list that shows the names."""
    found = []
    for edit in root.findChildren(QLineEdit):
        field_name = edit.objectName().rsplit(".", 1)[-1]
        if edit.isVisible() and field_name in FIELD_VOCABULARIES:
            found.append(Finding(f"QLineEdit#{edit.objectName()}", edit.text(), "a vocabulary code in a free-text field"))
    return found


def _unset_choice(value: float) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d.]){re.escape(f'{value:g}')} = ")


def bare_zero_choices(root: QWidget, project) -> list[Finding]:
    """Number fields that show a bare 0 (or -1) where the plan's model says it stands for a choice ("0 = none",
    "-1 = not quoted yet"): the form shows what it means or the value used instead (``gpudesk.wizard.defaults``)."""
    found = []
    for spin in root.findChildren(QAbstractSpinBox):
        if not (isinstance(spin, (QSpinBox, QDoubleSpinBox)) and spin.isVisible()
                and spin.value() == spin.minimum() and spin.value() in (0, -1)):
            continue
        if spin.specialValueText() or not spin.objectName():
            continue
        try:
            help_text = str(field_paths.metadata(project, spin.objectName()).get("help", ""))
        except (field_paths.FieldPathError, KeyError, ValueError):
            continue
        if _unset_choice(spin.value()).search(help_text):
            found.append(Finding(f"QSpinBox#{spin.objectName()}", spin.text(), f"a bare {spin.value():g} that stands for a choice"))
    return found


UNIT_FIRST = re.compile(r"^\s*[\d,.]+\s*(level|tier|grade)\s*$")  # English: "level 3", not "3 level"
SINGULAR_AFTER_MANY = re.compile(r"^\s*(?!1\s)[\d,]+(?:\.\d+)?\s+(GPU|node|server|year|month|day|hour|replica|seat|"
                                 r"agent|rack|core|token|person|line)\s*$")


def number_fields(root: QWidget, lang: str) -> list[Finding]:
    """Number fields that read wrong: a share between 0 and 1 with no unit ("0.600" for 60 %); in Chinese money in
    元 from 100,000 up (not 万元) or a count from 10,000,000 up in digits (not 亿 or 万); in English "3 level" or
    a singular unit after a count other than one."""
    found = []
    for spin in root.findChildren(QAbstractSpinBox):
        if not isinstance(spin, (QSpinBox, QDoubleSpinBox)) or not spin.isVisible():
            continue
        where = f"{type(spin).__name__}#{spin.objectName()}"
        shows_special = spin.value() == spin.minimum() and spin.specialValueText()
        if (isinstance(spin, QDoubleSpinBox) and spin.minimum() >= 0 and spin.maximum() <= 1
                and not (spin.suffix() + spin.prefix()).strip() and not shows_special):
            found.append(Finding(where, spin.text(), "a share shown as a fraction, not a percentage"))
        if lang == "zh" and not shows_special and large_money_in_yuan(spin):  # "12,500,000.00 元"
            found.append(Finding(where, spin.text(), "a large amount of money not in 万"))
        if lang == "zh" and not shows_special and large_count_in_digits(spin):  # "300,000,000,000 tokens"
            found.append(Finding(where, spin.text(), "a large count in digits, not in 亿 or 万"))
        if lang == "en" and (match := UNIT_FIRST.search(spin.text())):
            found.append(Finding(where, spin.text(), f"'{match.group(1)}' after its number"))
        if lang == "en" and SINGULAR_AFTER_MANY.search(spin.text()):
            found.append(Finding(where, spin.text(), "a singular unit after a count other than one"))
    return found


UNKNOWN_SHOWN = frozenset({"unknown", "未知"})


def unexplained_unknowns(page, rented: bool, where: str) -> list[Finding]:
    """Figures a step shows as unknown with no reason on screen. Network figures of a rented phase are explained by
    its checks (the provider's network is in the rental price: step 5 read 网络成本 未知 under "本步骤没有警告"), or
    where no check speaks of the network, by the page's lines (a rented Ascend phase without a cloud offer);
    every other unknown by the page's "why some figures are unknown" lines, which name the missing catalog field or
    plan input and how to supply it (an inference plan's checkpoint write time read 未知 with no word why). A
    break-even that never comes reads "never pays back", not unknown."""
    model = page.figures.figure_model
    unknown = [k for k in model.keys() if model.value_text(k) in UNKNOWN_SHOWN]
    network = [k for k in unknown if k.startswith("net.")]
    findings = []
    said = page.unknowns.isVisible() and bool(page.unknowns.text())
    if rented and network and not page.checks.checks() and not said:
        findings.append(Finding(where, ", ".join(network), "an unknown network figure on a rented phase, unexplained"))
    rest = [k for k in unknown if not (rented and k.startswith("net."))]
    if rest and not said:
        findings.append(Finding(where, ", ".join(rest), "an unknown figure with no reason on screen"))
    return findings


# -- the words a plan or the catalog brings (names the user or the catalog chose, allowed in any language) ------
def catalog_words(catalog) -> set[str]:
    values: list[object] = []
    tables = (catalog.accelerators(), catalog.models(), catalog.servers(), catalog.storage_options(),
              catalog.cloud_offers(), catalog.nics(), catalog.switches(), catalog.interconnects(),
              catalog.facility_defaults(), catalog.rows("availability"))
    for rows in tables:
        for row in rows:
            for f in dataclasses.fields(row):
                value = getattr(row, f.name)
                values += [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)] if isinstance(value, tuple) else []
    return words_of(values)


def plan_words(project) -> set[str]:
    values = [project.meta.name, project.meta.customer, project.meta.author]
    for phase in project.phases:
        values.append(phase.name)
        values += [w.name for w in phase.workloads]
    return words_of(values)


USER_TEXT_FIELDS = frozenset({"name", "notes", "description", "customer", "author", "summary"})


def saved_plan_words(path: Path) -> set[str]:
    """Every Latin word of the text a user wrote in a saved plan (names, notes), not its codes or values."""
    texts: list[str] = []

    def collect(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in USER_TEXT_FIELDS and isinstance(item, str):
                    texts.append(item)
                else:
                    collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    collect(json.loads(path.read_text(encoding="utf-8")))
    return words_of(texts)
