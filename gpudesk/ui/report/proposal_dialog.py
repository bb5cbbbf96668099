"""The proposal dialog: language, company, logo and output file; preview, print or save as PDF."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6 import QtCore, QtWidgets
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog

from gpudesk.logs import internal_error
from gpudesk.pdf.pdf_writer import logo_problem, paint_document
from gpudesk.refusals import os_reason, refusal
from gpudesk.report.document import Branding, ProposalDocument
from gpudesk.report.refusal_text import refusal_text
from gpudesk.ui.report.proposal_export import ExportCancelled, export_pdf
from gpudesk.ui.widgets.session_text import refusal_words, session_language

DocumentFactory = Callable[[str, Branding], ProposalDocument]
LANGUAGE_CHOICES = (("zh", "中文"), ("en", "English"))


class ProposalDialog(QtWidgets.QDialog):
    """Builds the proposal through ``build(lang, branding)`` each time it is shown or saved."""

    saved = QtCore.Signal(str)

    def __init__(self, build: DocumentFactory, default_output: str = "", lang: str = "zh",
                 author: str = "", parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Proposal"))
        self._build = build
        self._author = author
        self.language = QtWidgets.QComboBox()
        for code, name in LANGUAGE_CHOICES:
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(lang)))
        self.company = QtWidgets.QLineEdit()
        self.logo = QtWidgets.QLineEdit()
        self.output = QtWidgets.QLineEdit(default_output)
        self.status = QtWidgets.QLabel("")
        form = QtWidgets.QFormLayout()
        form.addRow(self.tr("Language"), self.language)
        form.addRow(self.tr("Company"), self.company)
        form.addRow(self.tr("Logo"), self._with_browse(self.logo, self._browse_logo))
        form.addRow("PDF", self._with_browse(self.output, self._browse_output))
        self.preview_button = QtWidgets.QPushButton(self.tr("Preview"))
        self.print_button = QtWidgets.QPushButton(self.tr("Print"))
        self.save_button = QtWidgets.QPushButton(self.tr("Save PDF"))
        self.save_button.setDefault(True)
        close = QtWidgets.QPushButton(self.tr("Close"))
        self.preview_button.clicked.connect(self.preview)
        self.print_button.clicked.connect(self.print_document)
        self.save_button.clicked.connect(self.save_pdf)
        close.clicked.connect(self.reject)
        buttons = QtWidgets.QHBoxLayout()
        for button in (self.preview_button, self.print_button, self.save_button, close):
            buttons.addWidget(button)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addLayout(buttons)

    def _with_browse(self, edit: QtWidgets.QLineEdit, handler: Callable[[], None]) -> QtWidgets.QWidget:
        box = QtWidgets.QWidget()
        row = QtWidgets.QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(edit)
        button = QtWidgets.QPushButton("…")
        button.clicked.connect(handler)
        row.addWidget(button)
        return box

    def _browse_logo(self) -> None:
        path, _ = QtWidgets.QFileDialog.getOpenFileName(self, self.tr("Logo"), self.logo.text(),
                                                        self.tr("Images (*.png *.jpg *.jpeg)"))
        if path:
            self.logo.setText(path)

    def _browse_output(self) -> None:
        path, _ = QtWidgets.QFileDialog.getSaveFileName(self, "PDF", self.output.text(), "PDF (*.pdf)")
        if path:
            self.output.setText(path if path.lower().endswith(".pdf") else path + ".pdf")

    def branding(self) -> Branding:
        return Branding(company=self.company.text().strip(), logo_path=self.logo.text().strip(), author=self._author)

    def document(self) -> ProposalDocument:
        return self._build(str(self.language.currentData()), self.branding())

    def logo_refused(self) -> bool:
        """Whether the logo cannot be drawn (the status line says why): a proposal is never made without it unsaid."""
        problem = logo_problem(self.branding().logo_path)
        if problem is not None:
            self.status.setText(refusal_text(problem, session_language()))
        return problem is not None

    def save_pdf(self) -> bool:
        target = self.output.text().strip()
        if not target.lower().endswith(".pdf"):
            self.status.setText(self.tr("Choose an output file ending in .pdf"))
            return False
        if self.logo_refused():
            return False
        try:
            pages = export_pdf(self, self.document(), Path(target))
        except ExportCancelled:
            self.status.setText(self.tr("Cancelled; {0} was not written").format(target))
            return False
        except OSError as exc:  # by the file's own name and the system's reason, in the session's language
            self.status.setText(refusal_words(refusal("file.cannot_save", path=target, why=os_reason(exc))))
            return False
        except Exception as exc:  # noqa: BLE001 - last-resort guard: one line and a log entry; the plan is kept
            self.status.setText(internal_error("writing the proposal", exc, session_language(), "生成方案书"))
            return False
        self.status.setText(self.tr("Saved {0} ({1} pages)").format(target, pages))
        self.saved.emit(target)
        return True

    def make_preview(self) -> QPrintPreviewDialog:
        """A print preview of the proposal as it stands now.

        QPrintPreviewDialog neither owns nor copies its printer (QPrinter is no QObject), so the printer is
        kept on the dialog for as long as the dialog lives: a local printer freed on return crashed the
        preview at its first paint.
        """
        doc = self.document()
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        dialog = QPrintPreviewDialog(printer, self)
        dialog.setObjectName("print-preview")
        dialog.printer_in_use = printer  # type: ignore[attr-defined]  # lives as long as the dialog
        dialog.paintRequested.connect(lambda device: paint_document(doc, device))
        return dialog

    def preview(self) -> None:
        if self.logo_refused():
            return
        dialog = self.make_preview()
        dialog.exec()
        dialog.deleteLater()

    def print_document(self) -> None:
        if self.logo_refused():
            return
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        dialog = QPrintDialog(printer, self)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            paint_document(self.document(), printer)
        dialog.deleteLater()
