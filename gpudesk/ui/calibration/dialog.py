"""Calibrate from a pilot: read its logs, fit the plan's efficiencies, re-project, apply as one edit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpudesk.calibration import (
    Measurement,
    ParseResult,
    PilotStudy,
    UnrecognisedLogError,
    detect_and_parse,
    study_pilot,
)
from gpudesk.catalog.store import Catalog
from gpudesk.project.errors import ProjectValidationError
from gpudesk.session.document import ProjectDocument
from gpudesk.ui.calibration.inputs import PilotSetupForm, TypedMeasurement
from gpudesk.ui.calibration.result_views import (
    ChecksList,
    ComparisonTable,
    MeasurementsTable,
    ProblemsList,
    ReprojectionTable,
    ScalesTable,
    SteadyStateTable,
)
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.ui.widgets.session_text import refusal_words

LOG_FILTER = "Pilot logs (*.log *.txt *.csv *.json *.out);;All files (*)"
MAX_LOG_BYTES = 64 * 1024 * 1024  # a pilot log larger than this is not a pilot's steady-state excerpt


class CalibrationDialog(QDialog):
    """Everything between a pilot's raw logs and ``project.calibration``."""

    def __init__(self, document: ProjectDocument, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Calibrate from a pilot"))
        self.setAcceptDrops(True)
        self.document, self.catalog = document, catalog
        self.inputs: list[ParseResult] = []
        self.typed = ParseResult("manual", self.tr("typed in"), "typed in")
        self.study: PilotStudy | None = None
        self.unreadable: list[str] = []  # inputs no format recognised, with the formats tried
        self.file_dialog: QFileDialog | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(self._source_box())
        layout.addWidget(self._setup_box())
        self.tabs = QTabWidget(self)
        self._build_tabs()
        layout.addWidget(self.tabs, 1)
        self.status = QLabel(self.tr("Drop a pilot log here, open one, paste its text or type a measurement."), self)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        self.refit_button = QPushButton(self.tr("Fit again"), self)
        self.refit_button.clicked.connect(self.refit)
        self.clear_button = QPushButton(self.tr("Clear measurements"), self)
        self.clear_button.clicked.connect(self.clear)
        self.apply_button = QPushButton(self.tr("Apply to plan"), self)
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.apply_to_plan)
        close = QPushButton(self.tr("Close"), self)
        close.clicked.connect(self.reject)
        buttons.addWidget(self.refit_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        fit_to_screen(self, 1280, 860)

    # -- layout ---------------------------------------------------------------
    def _source_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("Pilot measurements"), self)
        row = QHBoxLayout(box)
        left = QVBoxLayout()
        self.open_button = QPushButton(self.tr("Open log…"), box)
        self.open_button.clicked.connect(self.choose_files)
        left.addWidget(self.open_button)
        left.addWidget(QLabel(self.tr("or drop log files on this window"), box))
        left.addStretch(1)
        row.addLayout(left)
        paste = QVBoxLayout()
        self.paste_edit = QPlainTextEdit(box)
        self.paste_edit.setPlaceholderText(self.tr("Paste a training log, a serving benchmark summary, "
                                                   "nvidia-smi CSV or fio output here"))
        self.paste_edit.setMaximumHeight(90)
        self.paste_button = QPushButton(self.tr("Read pasted text"), box)
        self.paste_button.clicked.connect(self.read_pasted)
        paste.addWidget(self.paste_edit)
        paste.addWidget(self.paste_button, 0, Qt.AlignmentFlag.AlignRight)
        row.addLayout(paste, 3)
        self.typed_entry = TypedMeasurement(box)
        self.typed_entry.added.connect(self.add_typed)
        row.addWidget(self.typed_entry, 3)
        return box

    def _setup_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("How the pilot ran (where the log does not say)"), self)
        row = QHBoxLayout(box)
        self.phase_combo = QComboBox(box)
        for i, phase in enumerate(self.document.project.phases):
            self.phase_combo.addItem(f"{i + 1}. {phase.name}", i)
        form = QVBoxLayout()
        form.addWidget(QLabel(self.tr("Compare with phase"), box))
        form.addWidget(self.phase_combo)
        form.addStretch(1)
        row.addLayout(form)
        self.setup_form = PilotSetupForm(box)
        row.addWidget(self.setup_form, 1)
        return box

    def _build_tabs(self) -> None:
        self.measurements_table = MeasurementsTable(self)
        self.problems_list = ProblemsList(self)
        parsed = QSplitter(Qt.Orientation.Vertical, self)
        parsed.addWidget(self.measurements_table)
        parsed.addWidget(self.problems_list)
        parsed.setSizes([500, 140])
        self.steady_table = SteadyStateTable(self)
        self.comparison_table = ComparisonTable(self)
        self.scales_table = ScalesTable(self)
        fit = QSplitter(Qt.Orientation.Vertical, self)
        fit.addWidget(self._titled(self.tr("Measured vs predicted, before and after the fit"), self.comparison_table))
        fit.addWidget(self._titled(self.tr("Constants that moved"), self.scales_table))
        self.checks_list = ChecksList(self)
        self.reprojection_table = ReprojectionTable(self)
        self.explanations = QPlainTextEdit(self)
        self.explanations.setReadOnly(True)
        full = QSplitter(Qt.Orientation.Vertical, self)
        full.addWidget(self.reprojection_table)
        full.addWidget(self.explanations)
        self.tabs.addTab(parsed, self.tr("Parsed measurements and problems"))
        self.tabs.addTab(self.steady_table, self.tr("Steady state"))
        self.tabs.addTab(fit, self.tr("Fit"))
        self.tabs.addTab(self.checks_list, self.tr("Consistency checks"))
        self.tabs.addTab(full, self.tr("Full-scale plan"))

    def _titled(self, title: str, widget: QWidget) -> QWidget:
        holder = QWidget(self)
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 4, 0, 0)
        column.addWidget(QLabel(f"<b>{title}</b>", holder))
        column.addWidget(widget)
        return holder

    # -- reading measurements --------------------------------------------------
    def choose_files(self) -> None:
        dialog = QFileDialog(self, self.tr("Open pilot logs"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.setNameFilter(LOG_FILTER)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.filesSelected.connect(self.import_files)
        self.file_dialog = dialog
        dialog.open()

    def import_files(self, paths: list[str]) -> None:
        for name in paths:
            path = Path(name)
            try:
                if path.stat().st_size > MAX_LOG_BYTES:
                    self._say(self.tr("{0} is larger than 64 MB; cut the steady-state part out of it").format(path.name))
                    continue
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError as exc:
                self._say(self.tr("Cannot read {0}: {1}").format(path.name, exc.strerror or exc))
                continue
            self._read(text, path.name)
        self.refit()

    def read_pasted(self) -> None:
        text = self.paste_edit.toPlainText()
        if text.strip():
            self._read(text, self.tr("pasted text"))
            self.refit()

    def add_typed(self, measurement: Measurement) -> None:
        self.typed.measurements.append(measurement)
        if self.typed not in self.inputs:
            self.inputs.append(self.typed)
        self.refit()

    def _read(self, text: str, name: str) -> None:
        try:
            result = detect_and_parse(text, name)
        except UnrecognisedLogError as exc:
            self.unreadable.append(str(exc))
            self._say(self.tr("Nothing recognisable in {0}; see the problems list.").format(name))
            return
        self.inputs.append(result)

    def clear(self) -> None:
        self.inputs.clear()
        self.typed.measurements.clear()
        self.unreadable.clear()
        self.refit()

    # -- drag and drop -----------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt override)
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt override)
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.import_files(paths)

    # -- fitting and applying -------------------------------------------------------
    def measurements(self) -> list[Measurement]:
        return [m for result in self.inputs for m in result.measurements]

    def refit(self) -> None:
        measurements = self.measurements()
        self.study = None
        if measurements:
            self.study = study_pilot(self.document.project, int(self.phase_combo.currentData() or 0), measurements,
                                     self.catalog, self.setup_form.setup())
        self._show()

    def _show(self) -> None:
        study = self.study
        self.measurements_table.show_inputs(self.inputs)
        self.problems_list.show_inputs(self.inputs, self.unreadable)
        for view in (self.steady_table, self.comparison_table, self.scales_table, self.checks_list,
                     self.reprojection_table):
            view.show_study(study)
        self.explanations.setPlainText("\n".join(study.reprojection.explanations) if study and study.reprojection
                                       else "")
        ready = bool(study and study.calibration is not None and not study.blocked)
        self.apply_button.setEnabled(ready)
        if study is None:
            if not self.unreadable:
                self._say(self.tr("No measurements yet."))
        elif study.error:
            self._say(self.tr("Cannot fit: {0}").format(refusal_words(study.error_reason or study.error)))
        elif study.blocked:
            self._say(self.tr("A measurement is impossible on this accelerator; see Consistency checks. "
                              "Fix the pilot setup or the log before applying."))
        else:
            problems = sum(len(r.problems) for r in self.inputs)
            self._say(self.tr("{0} measurements, {1} problem lines, {2} checks; fitted {3}. "
                              "Apply to plan to use these scales.").format(
                len(self.measurements()), problems, len(study.checks),
                ", ".join(f"{n} = {s.scale:.2f}×" for n, s in study.fit.scales.items()) if study.fit else "—"))
            self.tabs.setCurrentIndex(2)

    def apply_to_plan(self) -> bool:
        """Store measurements, scales and uncertainty as one undoable edit; the main window re-estimates."""
        if self.study is None or self.study.calibration is None or self.study.blocked:
            return False
        try:
            changed = self.document.apply(self.tr("Calibrate from pilot"), [("calibration", self.study.calibration)])
        except ProjectValidationError as exc:  # a fit outside the declared bounds (a scale beyond 0.001–1,000 …)
            self._say(self.tr("Not applied: {0}").format("; ".join(f"{p}: {r}" for p, r in exc.problems[:3])))
            return False
        self._say(self.tr("Applied to the plan: the estimate now rests on the pilot (Edit → Undo removes it).")
                  if changed else self.tr("The plan already holds this calibration."))
        return changed

    def _say(self, text: str) -> None:
        self.status.setText(text)
