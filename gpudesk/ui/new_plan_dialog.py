"""File → New plan: the seed's step 1 first — what the customer will run and what they want to achieve — then a
plan with defaults for that kind of work (``gpudesk.wizard.starter``)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gpudesk.catalog.records import display_name
from gpudesk.catalog.store import Catalog
from gpudesk.core.market import AvailabilityIndex
from gpudesk.project.model import Project
from gpudesk.ui.screen_fit import fit_to_screen
from gpudesk.vocabulary.delivery import DELIVERY_MODE
from gpudesk.vocabulary.plan_choices import DOMESTIC_PARTS
from gpudesk.vocabulary.workloads import SCENARIO, WORKLOAD_KIND
from gpudesk.wizard.lifecycle import STAGE_ADVICE, advice_for
from gpudesk.wizard.starter import GOAL_FOR_KIND, MARKETS, PRESETS, domestic_candidates, scenario_hint, starter_plan

KIND_ROLE = Qt.ItemDataRole.UserRole + 1


class NewPlanDialog(QDialog):
    """Asks the workload kind and the customer's goal; ``plan()`` is the plan to open once accepted."""

    def __init__(self, catalog: Catalog, lang: str, currency: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("new-plan-dialog")
        self.setWindowTitle(self.tr("New plan"))
        self.catalog = catalog
        self.lang = lang
        self._availability = AvailabilityIndex.of(catalog)
        intro = QLabel(self.tr("First the task, then the hardware: say what the customer will run and what they "
                               "want to achieve; gpudesk fills a plan with sensible defaults for that work, which "
                               "the seven steps then refine."))
        intro.setWordWrap(True)

        self.kinds = QListWidget()
        self.kinds.setObjectName("new-plan-kinds")
        self.kinds.setAccessibleName(self.tr("What the customer will run"))
        for scenario in SCENARIO:
            header = QListWidgetItem(f"{scenario.name(lang)} — {scenario_hint(scenario.code, lang)}")
            header.setFlags(Qt.ItemFlag.NoItemFlags)
            # not picked, but read: in the theme's disabled colour it was light grey on white (1.9:1)
            header.setForeground(self.kinds.palette().brush(QPalette.ColorGroup.Active, QPalette.ColorRole.Text))
            font = header.font()
            font.setBold(True)
            header.setFont(font)
            self.kinds.addItem(header)
            for kind in scenario.kinds:
                item = QListWidgetItem("    " + WORKLOAD_KIND.name_of(kind, lang))
                item.setData(KIND_ROLE, kind)
                self.kinds.addItem(item)
        self.kinds.setWordWrap(True)
        self.goal = QComboBox()
        self.goal.setObjectName("new-plan-goal")
        self.goal.setAccessibleName(self.tr("The customer's goal for this phase"))
        for advice in STAGE_ADVICE:
            self.goal.addItem(advice.stage_title(lang), advice.stage)
        self.goal_reason = QLabel()
        self.goal_reason.setWordWrap(True)
        self.goal_reason.setObjectName("new-plan-goal-reason")
        self.customer = QLineEdit()
        self.customer.setObjectName("new-plan-customer")
        self.customer.setPlaceholderText(self.tr("e.g. the customer's company"))
        self.market = QComboBox()
        self.market.setObjectName("new-plan-market")
        for market in MARKETS:
            self.market.addItem(market.name(lang), market.code)
        self.market.setCurrentIndex(0 if currency == "CNY" else 1)
        self.domestic = QComboBox()  # 信创, as the delivery step's compliance rows ask it: a China customer only
        self.domestic.setObjectName("new-plan-domestic")
        self.domestic.setAccessibleName(self.tr("Domestic accelerators (信创)"))
        for code in DOMESTIC_PARTS.codes:
            self.domestic.addItem(DOMESTIC_PARTS.name_of(code, lang), code)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setObjectName("new-plan-summary")

        task = QGroupBox(self.tr("1. What will the customer run?"))
        QVBoxLayout(task).addWidget(self.kinds)
        goal = QGroupBox(self.tr("2. What does the customer want to achieve?"))
        goal_layout = QVBoxLayout(goal)
        goal_layout.addWidget(self.goal)
        goal_layout.addWidget(self.goal_reason)
        details = QGroupBox(self.tr("3. For whom, and where"))
        form = QFormLayout(details)
        form.addRow(self.tr("Customer:"), self.customer)
        form.addRow(self.tr("Market:"), self.market)
        form.addRow(self.tr("Domestic accelerators (信创):"), self.domestic)
        self._details = form
        body = QWidget()
        column = QVBoxLayout(body)
        for part in (intro, task, goal, details, self.summary):
            column.addWidget(part)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Create plan"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)

        self.kinds.currentItemChanged.connect(self._on_kind)
        self.goal.currentIndexChanged.connect(self._update)
        self.market.currentIndexChanged.connect(self._update)
        self.domestic.currentIndexChanged.connect(self._update)
        self.select_kind("llm_inference")
        fit_to_screen(self, 720, 760)

    # -- answers ----------------------------------------------------------------
    def kind(self) -> str:
        item = self.kinds.currentItem()
        return item.data(KIND_ROLE) if item is not None and item.data(KIND_ROLE) else "llm_inference"

    def select_kind(self, kind: str) -> None:
        for row in range(self.kinds.count()):
            if self.kinds.item(row).data(KIND_ROLE) == kind:
                self.kinds.setCurrentRow(row)
                return
        raise ValueError(f"unknown workload kind {kind!r}")

    def select_goal(self, stage: str) -> None:
        self.goal.setCurrentIndex(max(0, self.goal.findData(stage)))

    def plan(self) -> Project:
        market = MARKETS[max(0, self.market.currentIndex())]
        return starter_plan(self.kind(), self.goal.currentData(), self.lang, market, self.customer.text().strip(),
                            lambda acc: self._availability.accelerator(acc, market.code).status,
                            self.domestic.currentData() or "none")

    # -- feedback ---------------------------------------------------------------
    def _on_kind(self) -> None:
        self.select_goal(GOAL_FOR_KIND[self.kind()])
        self._update()

    def _update(self) -> None:
        advice = advice_for(self.goal.currentData())
        self.goal_reason.setText(f"<b>{html.escape(advice.form(self.lang))}</b> — {html.escape(advice.reason(self.lang))}")
        plan = self.plan()
        phase = plan.phases[0]
        workload = phase.workloads[0]
        model = self.catalog.model(workload.model_id) if workload.model_id and "model_id" in PRESETS[self.kind()] else None
        accelerator = self.catalog.accelerator(phase.hardware.accelerator_id)
        parts = [WORKLOAD_KIND.name_of(workload.kind, self.lang)]
        if model is not None:
            parts.append(model.name)
        parts += [display_name(accelerator.name, accelerator.name_zh, self.lang),
                  DELIVERY_MODE.name_of(phase.delivery.mode, self.lang)]
        text = self.tr("The plan starts as: {0}. Every default can be changed in the steps.").format(
            " · ".join(html.escape(p) for p in parts))
        china = MARKETS[max(0, self.market.currentIndex())].code == "cn"
        self._details.setRowVisible(self.domestic, china)
        if china and self.domestic.currentData() != "none" and not domestic_candidates(self.kind()):
            text += " " + self.tr("The catalog holds no domestic accelerator for this work, so the plan starts on "
                                  "the part above and its checks say so.")
        self.summary.setText(text)
