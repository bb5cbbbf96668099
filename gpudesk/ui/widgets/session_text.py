"""The session's interface language, as the widgets read it.

``install_language`` (``gpudesk/ui/i18n.py``) sets the default ``QLocale`` to the
session's language before any widget is built (at start-up, and again before a
language switch rebuilds the main window); widgets that show the
core's text (figure labels, units, check titles, choice codes) read the language
from there, so it matches the Qt translators of the same session.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLocale

from gpudesk.report.display_text import DisplayText, display_text


def session_language() -> str:
    """``"zh"`` when the session's default locale is Chinese, else ``"en"``."""
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


def session_text() -> DisplayText:
    return display_text(session_language())


def error_words(error: BaseException) -> str:
    """Why a plan was refused or cannot be estimated, in the session's language, each plan field named by the label
    its form shows ("阶段 1 · 服务器型号：…"); a message nobody keyed keeps its text, its plan paths worded."""
    from gpudesk.report.refusal_text import error_text
    from gpudesk.wizard.fields import describe_path, worded_paths

    lang = session_language()
    return worded_paths(error_text(error, lang, describe_path), lang)


def refusal_words(reason: Any) -> str:
    """One refusal (a :class:`~gpudesk.refusals.Refusal` kept by whoever caught it, or a text) in the session's
    language, a plan field by its form's label."""
    from gpudesk.report.refusal_text import refusal_text
    from gpudesk.wizard.fields import describe_path, worded_paths

    lang = session_language()
    return worded_paths(refusal_text(reason, lang, describe_path), lang)
