"""Which editor a plan field gets in a :class:`~gpudesk.ui.widgets.field_form.FieldForm`, from its value and its
declaration (choices, range, unit, length), each bound to commit its edits through the form."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QLineEdit, QSpinBox, QWidget

from gpudesk.ui.widgets.count_spin import CountSpinBox
from gpudesk.ui.widgets.elided_combo import ElidedComboBox
from gpudesk.ui.widgets.field_units import FRACTION, UNITS_BEFORE
from gpudesk.ui.widgets.int_list import format_int_list
from gpudesk.ui.widgets.money_spin import TrimmedSpinBox, WanSpinBox, in_wan
from gpudesk.ui.widgets.notes_edit import LONG_TEXT, NotesEdit

if TYPE_CHECKING:
    from gpudesk.ui.widgets.field_form import ChoiceProvider, FieldForm

INT_MAX = 2_147_483_647
COMBO_MIN_CHARACTERS = 16
"""A choice list is at least this many characters wide; longer names are elided in the closed box only."""


def _decimals_for(hi: float) -> int:
    """Counts in the billions (tokens, items per day) need no decimals; sizes, prices and ratios do."""
    if hi >= 1e9:
        return 0
    return 3 if hi <= 10 else 2


def make_editor(form: FieldForm, path: str, value: Any, meta: dict[str, Any], choices: ChoiceProvider | None,
                declared: str = "") -> QWidget:
    """The editor the field at ``path`` gets in ``form`` for its value and declaration, bound to commit each edit
    through the form: a choice list, a check box, a count in 亿/万, a whole or decimal number, money in 万, a share
    in percent, long text, a list of whole numbers or a line of text."""
    if choices is not None or "choices" in meta or "suggested" in meta:
        combo = ElidedComboBox(form)
        name = path.rsplit(".", 1)[-1]
        codes = meta.get("choices") or meta.get("suggested", ())
        items = list(choices()) if choices else [(c, form.text.choice(name, c)) for c in codes]
        for code, text in items:
            combo.addItem(text, code)
        form._select(combo, value)
        # Long catalog names (models, accelerators) must not widen the form past its column: the closed
        # combo shrinks to COMBO_MIN_CHARACTERS and elides with … (tool tip: the whole name); its open list
        # still shows whole names.
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(COMBO_MIN_CHARACTERS)
        combo.currentIndexChanged.connect(lambda _i, p=path, c=combo: form._commit(p, c.currentData()))
        return combo
    if isinstance(value, bool):
        box = QCheckBox(form)
        box.setChecked(value)
        box.toggled.connect(lambda on, p=path: form._commit(p, bool(on)))
        return box
    integer = declared == "int" if declared in ("int", "float") else isinstance(value, int)
    if isinstance(value, (int, float)) and "min" in meta and (word := form.units.count_word(path, meta, value)):
        count = CountSpinBox(word, float(meta["min"]), float(meta["max"]), float(value),
                             form.text.unit(str(meta.get("unit", ""))), integer, form)
        count.setSuffix(form.units.suffix(path, value))
        count.valueChanged.connect(lambda _v, p=path, c=count: form._commit(p, c.amount()))
        return count
    if integer and not isinstance(value, bool) and "min" in meta:
        spin = QSpinBox(form)
        spin.setRange(int(max(meta["min"], -INT_MAX)), int(min(meta["max"], INT_MAX)))
        spin.setValue(int(value))
        spin.setSuffix(form.units.suffix(path, value))
        if form.units.unit_text(path) in UNITS_BEFORE:
            spin.setPrefix(f"{form.units.unit_text(path)} ")
        spin.setGroupSeparatorShown(True)
        spin.valueChanged.connect(lambda v, p=path, s=spin: s.setSuffix(form.units.suffix(p, v)))
        spin.valueChanged.connect(lambda v, p=path: form._commit(p, int(v)))
        return spin
    if isinstance(value, (int, float)) and "min" in meta and in_wan(meta, form.text.lang):
        money = WanSpinBox(float(meta["min"]), float(meta["max"]), float(value), form)
        money.setSuffix(form.units.suffix(path, value))
        money.valueChanged.connect(lambda _v, p=path, m=money: form._commit(p, m.amount()))
        return money
    if isinstance(value, (int, float)) and "min" in meta and meta.get("unit") == FRACTION:
        return _percent_editor(form, path, float(value), meta)
    if isinstance(value, (int, float)) and "min" in meta:
        decimal = TrimmedSpinBox(form)
        decimal.setDecimals(_decimals_for(float(meta["max"])))
        decimal.setRange(float(meta["min"]), float(meta["max"]))
        decimal.setValue(float(value))
        decimal.setSuffix(form.units.suffix(path, value))
        decimal.setGroupSeparatorShown(True)
        decimal.valueChanged.connect(lambda v, p=path, s=decimal: s.setSuffix(form.units.suffix(p, v)))
        decimal.valueChanged.connect(lambda v, p=path: form._commit(p, float(v)))
        return decimal
    if isinstance(value, str) and int(meta.get("max_len", 0)) >= LONG_TEXT:
        notes = NotesEdit(form)  # reasoning for the proposal: paragraphs, not one clipped line
        notes.setPlainText(value)
        notes.editing_finished.connect(lambda p=path, e=notes: form._commit(p, e.toPlainText()))
        return notes
    line = QLineEdit(form)
    if isinstance(value, list):  # a list of whole numbers, e.g. peak months "10, 11"
        line.setText(format_int_list(value))
        line.editingFinished.connect(lambda p=path, e=line: form._commit_list(p, e))
        return line
    if "max_len" in meta and not meta.get("free_text"):  # before the text: setMaxLength sets the text again and
        line.setMaxLength(int(meta["max_len"]))  # puts the cursor at its end; a free text is not cut (a longer
        # name a file held, a paste over the limit): the edit check refuses it, in words, and the text stays
    line.setText(str(value))
    line.setCursorPosition(0)  # a long name shows its beginning, not its end
    line.editingFinished.connect(lambda p=path, e=line: form._commit(p, e.text()))
    return line

def _percent_editor(form: FieldForm, path: str, value: float, meta: dict[str, Any]) -> QDoubleSpinBox:
    """A share held as 0..1 shown and typed as a percentage ("60 %", not "0.600")."""
    percent = TrimmedSpinBox(form)
    percent.setDecimals(1)
    percent.setRange(float(meta["min"]) * 100, float(meta["max"]) * 100)
    percent.setValue(value * 100)
    percent.setSuffix(" %")
    percent.setProperty(FRACTION, True)
    percent.valueChanged.connect(lambda v, p=path: form._commit(p, round(float(v) / 100, 6)))
    return percent
