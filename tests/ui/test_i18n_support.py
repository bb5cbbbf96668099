"""Helpers for the translation tests (no tests here): collect every visible text of a window, find English in it.

A text passes when every Latin word in it is allowed: a word of
:data:`ALLOWED_WORDS` (product names, units, technical abbreviations), a
token with a digit (GPU and model names, sizes: H100, 70B, BF16), a dotted or
underscored token (file names, figure keys), or a word of the plan's own
content or of the catalog's values (names the user or the catalog chose).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator

from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

import gpudesk.ui  # noqa: F401 - applies the PySide6 refcount guard first

# Explicit and short: what stays Latin in a Chinese interface.
ALLOWED_WORDS = frozenset(
    # product and vendor names, software
    "gpudesk NVIDIA DGX HGX AMD Intel Huawei Ascend CUDA ROCm CANN NVLink InfiniBand RoCE Ethernet FlashAttention ZeRO LoRA "
    "QLoRA English nvidia smi fio Megatron LM NeMo PyTorch AMP Hugging Face DeepSpeed Transformer NCCL RCCL Adam TCP vLLM arXiv "
    "ViT DDN Blackwell Grace Serverless DALI ImageNet MLPerf TensorRT torchtitan DeepSeek DualPipe SGLang Enterprise "
    "Ada Lovelace Hopper Ampere Volta Turing CDNA "  # GPU architecture names, written in Latin in Chinese as Blackwell is
    # technical abbreviations
    "GPU GPUs CPU CPUs vCPU vCPUs vGPU VDI TCO PUE KV TTFT TPOT MFU NVMe PCIe RAM HBM SXM MIG LLM AI MoE MLA RoPE FFN MLP "
    "RT TDP TFLOPS TFLOP TOPS IO RDMA NIC NICs SSD CSV PDF PNG JPEG URL ID Agent token tokens P50 P99 "
    "IT HFU PDU PDUs API CAPEX OPEX FSDP TP PP CP EP DP CNN GQA QK Spine Leaf CO "  # CO: CO₂ (its ₂ is no Latin)
    # functions of the formulas (written as in Chinese textbooks)
    "min max "
    # optimizer names (algorithms, written in Latin in Chinese papers and frameworks)
    "AdamW SGD Adafactor "
    # keys printed on the keyboard, in shortcut hints
    "Ctrl Shift Alt Del Up Down PgUp PgDown "
    # units and currencies
    "GB TB MB kB MiB GiB TiB Gb Gbps kW W kWh ms s h µs kg USD CNY YYYY MM DD BTU FLOP kFLOP MFLOP GFLOP PFLOP EFLOP".split()
)
TOKEN = re.compile(r"[A-Za-z0-9_.+\-]+")
TAG = re.compile(r"<[^>]+>")


def plain(text: str) -> str:
    """Rich text as the user reads it: tags dropped, entities decoded, mnemonics (&F) gone, zero-width spaces (line-break
    hints the reader does not see, e.g. in Explain's figure keys) gone."""
    text = html.unescape(TAG.sub(" ", text)) if "<" in text else text
    return text.replace("&&", "").replace("&", "").replace("\u200b", "")


def english_words(text: str, allowed: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The Latin words of ``text`` that are not allowed."""
    bad = []
    for token in TOKEN.findall(plain(text)):
        if any(c.isdigit() for c in token) or "." in token.strip(".") or "_" in token:
            continue
        for word in re.findall(r"[A-Za-z]+", token):
            if len(word) > 1 and word not in ALLOWED_WORDS and word not in allowed:
                bad.append(word)
    return bad


def words_of(values: Iterable[object]) -> set[str]:
    """Every Latin word in ``values`` (catalog values, plan content), for the per-run allow-list."""
    found: set[str] = set()
    for value in values:
        found.update(re.findall(r"[A-Za-z]+", str(value)))
    return found


def model_texts(model: QAbstractItemModel | None, cells: bool) -> Iterator[str]:
    if model is None:
        return
    root = QModelIndex()
    columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(root)
    rows = model.rowCount(root)
    for orientation, count in ((Qt.Orientation.Horizontal, columns), (Qt.Orientation.Vertical, 0)):
        for section in range(count):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.headerData(section, orientation, role)
                if isinstance(value, str):
                    yield value
    if cells:
        for row in range(min(rows, 60)):
            for column in range(columns):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):  # a cell's tip is read too
                    value = model.data(model.index(row, column), role)
                    if isinstance(value, str):
                        yield value


def action_texts(action: QAction, read: dict[int, object] | None = None) -> Iterator[str]:
    """An action's texts, and its menu's and their actions'. ``read``: the actions already read in this walk, by id
    (one action sits in the menu bar, its menu, the window and a toolbar): each is read once, as its texts are the
    same wherever it sits. The dictionary holds each action, so no id is reused by another object during the walk."""
    if read is not None:
        if id(action) in read:
            return
        read[id(action)] = action
    yield from (action.text(), action.toolTip(), action.statusTip(), action.iconText())
    menu = action.menu()
    if isinstance(menu, QMenu):
        yield menu.title()
        for sub in menu.actions():
            yield from action_texts(sub, read)


def widget_texts(root: QWidget, cells: bool = True, skip: tuple[QWidget, ...] = (),
                 widgets: list[QWidget] | None = None) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every text a user can see in ``root`` and its children, hidden ones included.

    ``cells``: also the display text and tool tip of item views' cells (lists of choices, tables of labels).
    ``skip``: widgets whose texts (their own and their children's) are left out.
    ``widgets``: ``[root, *root.findChildren(QWidget)]`` when the caller has it already.
    """
    skipped = {id(w) for w in skip} | {id(c) for w in skip for c in w.findChildren(QWidget)}
    # A model or an action shown in several places (a choice list and its popup view; an action in the menu bar, its
    # menu and the window) has the same texts in each: read once per walk, at the first place the walk meets it, the
    # place a finding names (callers report a text where it is first seen).
    read_models: dict[int, object] = {}  # held, so that no id is reused by another object during the walk
    read_actions: dict[int, object] = {}
    for widget in [root, *root.findChildren(QWidget)] if widgets is None else widgets:
        if id(widget) in skipped:
            continue
        where = f"{type(widget).__name__}#{widget.objectName()}"
        texts: list[str] = [widget.toolTip(), widget.statusTip()]
        if widget.isWindow() or isinstance(widget, QDockWidget):
            texts.append(widget.windowTitle())
        if isinstance(widget, QLabel):
            texts.append(widget.text())
        elif isinstance(widget, QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QTabWidget):
            texts += [widget.tabText(i) for i in range(widget.count())]
            texts += [widget.tabToolTip(i) for i in range(widget.count())]
        elif isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
            texts.append(widget.placeholderText())
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QAbstractItemView) and id(model := widget.model()) not in read_models:
            read_models[id(model)] = model
            texts += list(model_texts(model, cells))
        for action in widget.actions():
            texts += list(action_texts(action, read_actions))
        for text in texts:
            if text and text.strip():
                yield where, text


def untranslated(texts: Iterable[tuple[str, str]], allowed: set[str]) -> dict[str, str]:
    """``text -> where`` for the texts that still hold English words."""
    found: dict[str, str] = {}
    for where, text in texts:
        if text not in found and english_words(text, allowed):
            found[text] = where
    return found
