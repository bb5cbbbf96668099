"""Input editors generated from the project model's field declarations.

Each editor is bound to a field path; its range, unit, tooltip and choices
come from the dataclass metadata, so the form, the validator and the JSON
Schema never disagree. Edits go through the document (undo, dirty flag);
document changes (undo, redo, load) flow back into the editors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gpudesk.project.assumed import ASSUMED_FIELD, is_assumed
from gpudesk.project.errors import ProjectValidationError
from gpudesk.report.display_text import DisplayText
from gpudesk.report.display_units import after_number, plain_number, range_text
from gpudesk.report.number_format import WAN
from gpudesk.session import field_paths
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.widgets.count_spin import ZH_SCALES
from gpudesk.ui.widgets.field_editors import make_editor
from gpudesk.ui.widgets.field_units import FRACTION, FieldUnits
from gpudesk.ui.widgets.int_list import ListRefused, format_int_list, parse_int_list
from gpudesk.ui.widgets.money_spin import NOT_QUOTED, WanSpinBox, in_wan
from gpudesk.ui.widgets.notes_edit import NotesEdit
from gpudesk.ui.widgets.session_text import session_text
from gpudesk.wizard.fields import describe_path

UNKNOWN_ITEM = "unknown-item"  # combo property: the index of the entry showing a code the list does not hold

ChoiceProvider = Callable[[], Sequence[tuple[str, str]]]  # (value, display label)
Following = Callable[[str, Any], list[tuple[str, Any]]]  # (path, value) -> what the edit brings along


def touched(path: str, changed: Sequence[str]) -> bool:
    """Whether an edit of the ``changed`` paths may change what the editor of ``path`` shows: its own path, one
    above it (a workload replaced: ``""`` is the whole plan) or below it (an item of its list); its workload's list
    of inputs left at their defaults (the editor's "default" mark); a phase's currency (money editors name it).
    Choice lists follow the catalog, which rebuilds the form when it changes (``MainWindow.catalog_changed``)."""
    for other in changed:
        if other.endswith("." + ASSUMED_FIELD):
            other = other.removesuffix("." + ASSUMED_FIELD)
        elif other.endswith("currency"):
            return True
        if not other or other == path or path.startswith((other + ".", other + "[")) \
                or other.startswith((path + ".", path + "[")):
            return True
    return False


class FieldForm(QWidget):
    """A form of bound editors. ``add(path)`` creates the right editor for the field."""

    def __init__(self, document: ProjectDocument, parent: QWidget | None = None, text: DisplayText | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.text = text or session_text()  # choices, units and help in the session language
        self.units = FieldUnits(document, self.text)  # each editor's unit, count word and suffix
        self.layout_ = QFormLayout(self)
        self.layout_.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.editors: dict[str, QWidget] = {}
        self.labels: dict[str, tuple[QLabel, str, str]] = {}  # path -> (caption, label text, editor tool tip)
        self._providers: dict[str, ChoiceProvider] = {}
        self._undo_labels: dict[str, str] = {}  # path -> the field in words, as the Undo menu names an edit of it
        self._refused = ""  # the path whose editor shows the estimate's refusal
        self.following: Following | None = None  # e.g. results/pinning.hardware_following: one undoable edit

    # -- building ---------------------------------------------------------
    def add(self, path: str, label: str, choices: ChoiceProvider | None = None) -> QWidget:
        """Add the editor the field's declaration calls for, bound to ``path``."""
        value = self.document.get(path)
        meta = field_paths.metadata(self.document.project, path)
        declared = field_paths.declared_type(self.document.project, path)
        editor = make_editor(self, path, value, meta, choices, declared)
        unit = self.units.unit_text(path)
        help_text = self.text.field_help(meta.get("help", ""))
        tip = label + (f" ({unit})" if unit else "") + (f": {help_text}" if help_text else "")
        if "min" in meta:
            range_label = self.tr("Range")
            word = self.units.count_word(path, meta)  # 亿, 万: the range in the unit typed
            scale = 100 if meta.get("unit") == FRACTION else 1 / WAN if in_wan(meta, self.text.lang) else \
                1 / ZH_SCALES[word] if word else 1
            # money in 万 whose least value is "not quoted yet" (-1, its help says so): the amounts it takes, not -0.0001
            least = 0.0 if scale != 1 and meta["min"] == NOT_QUOTED and in_wan(meta, self.text.lang) else meta["min"]
            low, high = plain_number(least * scale), plain_number(meta["max"] * scale)
            shown = range_text(meta["min"], meta["max"], unit, self.text.lang) if scale == 1 else \
                f"{low} – {high}{after_number(unit)}"  # a count typed in 亿 or 万, money in 万, a share in %
            tip += f"\n{range_label}: {shown}"
            if meta.get("why"):
                tip += f"\n{self.text.bound_reason(meta['why'])}"
        editor.setToolTip(tip)
        editor.setAccessibleName(label)
        editor.setObjectName(path)
        caption = QLabel(label + ":")
        caption.setObjectName(f"label:{path}")
        self.layout_.addRow(caption, editor)
        self.editors[path] = editor
        self.labels[path] = (caption, label, tip)
        self._mark_default(path)
        if choices:
            self._providers[path] = choices
        return editor

    def _commit_list(self, path: str, editor: QLineEdit) -> None:
        meta = field_paths.metadata(self.document.project, path)
        try:
            values = parse_int_list(editor.text(), int(meta.get("item_min", 0)), int(meta.get("item_max", 10**9)),
                                    str(meta.get("item_unit", "")))
        except ListRefused as exc:  # in the session's language, as a refused plan value reads
            from gpudesk.report.refusal_text import refusal_text

            editor.setToolTip(refusal_text(exc.reason, self.text.lang))
            editor.setStyleSheet("border: 1px solid #c0392b")
            return
        editor.setStyleSheet("")
        self._commit(path, values)

    # -- inputs left at gpudesk's defaults ------------------------------------------
    def _mark_default(self, path: str) -> None:
        """Mark an essential input the plan never set: its label says "default" until it is edited or kept."""
        caption, label, tip = self.labels[path]
        editor = self.editors[path]
        marked = is_assumed(self.document.project, path)
        if caption.property("assumed") == marked:
            return
        caption.setProperty("assumed", marked)
        note = self.tr("Not set in the plan: gpudesk's default is used. Change it, or right-click and keep the default.")
        caption.setText(label + (self.tr(" (default)") if marked else "") + ":")
        caption.setStyleSheet("color: #b9770e; font-style: italic" if marked else "")
        caption.setToolTip(note if marked else "")
        editor.setToolTip(f"{tip}\n{note}" if marked else tip)
        editor.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu if marked
                                    else Qt.ContextMenuPolicy.DefaultContextMenu)
        for action in editor.actions():
            editor.removeAction(action)
        if marked:
            keep = QAction(self.tr("Keep the default"), editor)
            keep.triggered.connect(lambda _checked=False, p=path: self.document.confirm_default(p))
            editor.addAction(keep)

    def mark_refused(self, path: str, reason: str) -> None:
        """The editor of ``path`` shows why the estimate refuses the plan (red border, the reason as its tip); the
        mark of the previous refusal goes. ``path`` "" or not on this form: no editor is marked."""
        if self._refused in self.editors and self._refused != path:
            editor = self.editors[self._refused]
            editor.setStyleSheet("")
            editor.setToolTip(self.labels[self._refused][2])
        self._refused = path if path in self.editors else ""
        if self._refused:
            editor = self.editors[path]
            editor.setStyleSheet("border: 1px solid #c0392b")
            editor.setToolTip(f"{reason}\n\n{self.labels[path][2]}")

    # -- syncing ------------------------------------------------------------
    def _commit(self, path: str, value: Any) -> None:
        try:
            # the Undo menu names the field as the form does: "Phase 1 · workload 1 · TTFT target (P99)"; worded once
            # per field, not at each typed value (0.3 ms of each edit: the steps' rows searched for the path; issue 24)
            label = self._undo_labels.get(path) or self._undo_labels.setdefault(path, describe_path(path, self.text.lang))
            extra = self.following(path, value) if self.following is not None else []
            if extra:  # the accelerator chosen: its server and GPUs per node follow, undone together
                self.document.apply(label, [(path, value), *extra])
            else:
                self.document.set(path, value, label=label, typing=True)
        except ProjectValidationError as exc:  # the editors keep to the declared range; a typed value may not
            editor = self.editors.get(path)
            if editor is not None:
                from gpudesk.report.refusal_text import refusal_text  # only when a value is refused, not at start-up

                editor.setToolTip("; ".join(refusal_text(reason, self.text.lang) for _path, reason in exc.refusals))
                editor.setStyleSheet("border: 1px solid #c0392b")
            return
        editor = self.editors.get(path)
        if editor is not None and editor.styleSheet():
            editor.setStyleSheet("")

    def refresh(self, changed: Sequence[str] | None = None) -> None:
        """Show the document's current values (after undo, redo or a load); ``changed``: only the paths an edit
        changed are read again (``touched``), not every editor's value, mark, suffix and choice list (1.1 ms of
        the 23-editor step-2 form on every edit of a field elsewhere, issue 24)."""
        editors = self.editors if changed is None else {p: e for p, e in self.editors.items() if touched(p, changed)}
        for path, editor in editors.items():
            try:
                value = self.document.get(path)
                self._mark_default(path)
            except field_paths.FieldPathError:
                continue
            # Each setter runs only when the editor shows something else: a no-op set still re-lays out
            # and repaints the editor, and every input change refreshes every built page.
            with QSignalBlocker(editor):
                if isinstance(editor, QComboBox):
                    if path in self._providers:
                        self._refill(editor, self._providers[path])
                    self._select(editor, value)
                elif isinstance(editor, QCheckBox):
                    if editor.isChecked() != bool(value):
                        editor.setChecked(bool(value))
                elif isinstance(editor, WanSpinBox):
                    suffix = self.units.suffix(path, value)
                    if editor.suffix() != suffix:
                        editor.setSuffix(suffix)
                    editor.set_amount(float(value))
                elif isinstance(editor, QDoubleSpinBox) and editor.property(FRACTION):
                    if abs(editor.value() - value * 100) > 1e-9:
                        editor.setValue(value * 100)
                elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
                    suffix = self.units.suffix(path, value)  # the phase's currency may have changed
                    if editor.suffix() != suffix:
                        editor.setSuffix(suffix)
                    if editor.value() != value:
                        editor.setValue(value)
                elif isinstance(editor, QLineEdit):
                    text = format_int_list(value) if isinstance(value, list) else str(value)
                    if editor.text() != text:
                        editor.setText(text)
                        if not editor.hasFocus():
                            editor.setCursorPosition(0)
                elif isinstance(editor, NotesEdit) and editor.toPlainText() != str(value):
                    editor.setPlainText(str(value))

    def _select(self, combo: QComboBox, value: Any) -> None:
        """Show ``value``; a code the list does not hold (an older plan's region, a catalog row since removed) is
        shown as it is, marked, and kept: never silently replaced by the list's first entry."""
        index = combo.findData(value)
        if index < 0:
            unknown = combo.property(UNKNOWN_ITEM)
            if unknown is not None and 0 <= int(unknown) < combo.count():
                combo.removeItem(int(unknown))
            combo.addItem(self.tr("{code} (not in the list: kept as the plan holds it)").format(code=value), value)
            index = combo.count() - 1
            combo.setProperty(UNKNOWN_ITEM, index)
            combo.setItemData(index, self.tr("The plan holds “{code}”, which is not one of the choices gpudesk knows. "
                                             "It is kept as written until you pick another.").format(code=value),
                              Qt.ItemDataRole.ToolTipRole)
        if combo.currentIndex() != index:
            combo.setCurrentIndex(index)

    @staticmethod
    def _refill(combo: QComboBox, provider: ChoiceProvider) -> None:
        items = list(provider())
        held = [combo.itemData(i) for i in range(combo.count()) if i != combo.property(UNKNOWN_ITEM)]
        if held == [code for code, _ in items]:
            return
        combo.clear()
        combo.setProperty(UNKNOWN_ITEM, None)
        for code, text in items:
            combo.addItem(text, code)

    def set_zero_text(self, path: str, text: str) -> None:
        """What a numeric field shows while it holds its unset value, 0 (or -1 where 0 is a value and -1 its
        minimum): "let gpudesk choose", the value used instead, "not quoted yet"."""
        editor = self.editors.get(path)
        scale = editor.SCALE if isinstance(editor, WanSpinBox) else 1
        if isinstance(editor, (QSpinBox, QDoubleSpinBox)) and round(editor.minimum() * scale, 6) in (0, -1) \
                and editor.specialValueText() != text:
            editor.setSpecialValueText(text)

    def set_row_visible(self, path: str, visible: bool) -> None:
        editor = self.editors[path]
        self.layout_.setRowVisible(editor, visible)
