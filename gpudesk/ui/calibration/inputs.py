"""Input widgets of the calibration dialog: the pilot's setup and a typed-in measurement."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gpudesk.calibration.measurement import Measurement
from gpudesk.calibration.pilot_model import PilotSetup
from gpudesk.ui.widgets.money_spin import TrimmedSpinBox
from gpudesk.ui.widgets.session_text import session_text

# (PilotSetup field, largest value); 0 means "from the log, else from the plan"
SETUP_FIELDS = (
    ("gpus", 100_000), ("global_batch", 10_000_000), ("seq_len", 10_000_000), ("micro_batch", 100_000),
    ("tp", 1024), ("pp", 1024), ("concurrency", 1_000_000), ("prompt_tokens", 10_000_000),
    ("output_tokens", 10_000_000),
)

# (metric, measurement kind, unit shown, factor from the shown unit to the stored unit)
TYPED_METRICS = (
    ("step_time_s", "train_step", "s", 1.0),
    ("tokens_per_s_per_gpu", "train_step", "tokens/s", 1.0),
    ("mfu", "train_step", "%", 0.01),
    ("tflops_per_gpu", "train_step", "TFLOP/s", 1.0),
    ("tpot_median_s", "inference", "ms", 0.001),
    ("ttft_median_s", "inference", "ms", 0.001),
    ("output_tokens_per_s", "inference", "tokens/s", 1.0),
    ("goodput", "manual", "%", 0.01),
)


class PilotSetupForm(QWidget):
    """How the pilot ran where the logs do not say; 0 = from the log, else from the plan."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spins: dict[str, QSpinBox] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        labels = {
            "gpus": self.tr("GPUs in the pilot"), "global_batch": self.tr("Global batch (sequences)"),
            "seq_len": self.tr("Sequence length (tokens)"), "micro_batch": self.tr("Micro-batch"),
            "tp": self.tr("Tensor parallel"), "pp": self.tr("Pipeline parallel"),
            "concurrency": self.tr("Serving concurrency"), "prompt_tokens": self.tr("Prompt tokens"),
            "output_tokens": self.tr("Output tokens"),
        }
        for i, (name, maximum) in enumerate(SETUP_FIELDS):
            spin = QSpinBox(self)
            spin.setRange(0, maximum)
            spin.setSpecialValueText(self.tr("from log / plan"))
            spin.setObjectName(f"setup_{name}")
            spin.valueChanged.connect(self.changed)
            self.spins[name] = spin
            row, col = divmod(i, 3)
            grid.addWidget(QLabel(labels[name], self), row, 2 * col)
            grid.addWidget(spin, row, 2 * col + 1)

    def setup(self) -> PilotSetup:
        return PilotSetup(**{name: spin.value() for name, spin in self.spins.items()})


class TypedMeasurement(QWidget):
    """Type one measured figure (from a dashboard, an email, a colleague's notes)."""

    added = Signal(object)  # Measurement

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        labels = {
            "step_time_s": self.tr("Training step time"), "tokens_per_s_per_gpu": self.tr("Training tokens/s per GPU"),
            "mfu": self.tr("Training MFU"), "tflops_per_gpu": self.tr("Training TFLOP/s per GPU"),
            "tpot_median_s": self.tr("Serving TPOT (median)"), "ttft_median_s": self.tr("Serving TTFT (median)"),
            "output_tokens_per_s": self.tr("Serving output tokens/s"),
            "goodput": self.tr("Job goodput (productive share of wall time)"),
        }
        self.metric_box = QComboBox(self)
        for metric, _kind, unit, _factor in TYPED_METRICS:
            self.metric_box.addItem(f"{labels[metric]} [{session_text().unit(unit)}]", metric)  # 秒, not s, in zh
        self.value = TrimmedSpinBox(self)  # '1,250.5', not '1,250.5000'
        self.value.setDecimals(4)
        self.value.setRange(0.0, 1e12)
        self.value.setObjectName("typed_value")
        self.add_button = QPushButton(self.tr("Add"), self)
        self.add_button.clicked.connect(self._add)
        self.count = 0
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(QLabel(self.tr("<b>or type a measurement</b>"), self))
        form.addRow(self.tr("Measured"), self.metric_box)
        value_row = QHBoxLayout()
        value_row.addWidget(self.value, 1)
        value_row.addWidget(self.add_button)
        form.addRow(self.tr("Value"), value_row)

    def _add(self) -> None:
        if self.value.value() <= 0:
            return
        metric, kind, _unit, factor = TYPED_METRICS[self.metric_box.currentIndex()]
        self.count += 1
        self.added.emit(Measurement(kind, {metric: self.value.value() * factor}, {}, "typed in", self.count, "manual"))
