"""The log file, and the last-resort guard every face puts around its work (Qt-free).

``configure_logging()`` writes ``gpudesk.log`` in the user log folder.
``internal_error(action, exc)`` is what a face does with an exception that
none of gpudesk's input errors explains: the full report (traceback,
versions) goes to the log, and the user gets one line that says what
failed, the exception in a few words and where the details are. The CLI
prints it and exits with :data:`EXIT_INTERNAL`; the window shows it where
the results would be and keeps the plan open and unchanged.
"""

from __future__ import annotations

import datetime as _dt
import logging
import platform
import traceback
from pathlib import Path
from types import TracebackType

from gpudesk import __version__

log = logging.getLogger("gpudesk")

EXIT_INTERNAL = 3
"""Exit status of a headless command that hit an internal error (2 is bad input)."""


def log_path() -> Path:
    from gpudesk.paths import user_log_dir

    return user_log_dir() / "gpudesk.log"


def configure_logging() -> Path:
    """Log to ``gpudesk.log`` in the user log folder (moving the handler if that folder changed)."""
    path = log_path()
    root = logging.getLogger("gpudesk")
    for handler in [h for h in root.handlers if isinstance(h, logging.FileHandler)]:
        if Path(handler.baseFilename) == path.resolve():
            return path
        root.removeHandler(handler)
        handler.close()
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return path


def crash_report(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> str:
    lines = traceback.format_exception(exc_type, exc, tb)
    return (
        f"gpudesk {__version__} — {_dt.datetime.now().isoformat(timespec='seconds')}\n"
        f"Python {platform.python_version()} on {platform.platform()}\n\n" + "".join(lines)
    )


def one_line(text: str, limit: int = 300) -> str:
    """Text on one line (line breaks and runs of spaces become one space), shortened to ``limit`` characters."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def internal_error(action: str, exc: BaseException, lang: str = "en", action_zh: str = "") -> str:
    """Log ``exc`` with its traceback and return the one line a user sees.

    ``lang="zh"`` gives the line in Chinese (the window's faces pass the session language and ``action_zh``,
    the action in Chinese); the log entry stays in English with the exception's own text.
    """
    written = True
    where = "the log"
    try:
        where = str(configure_logging())
        log.error("internal error while %s\n%s", action, crash_report(type(exc), exc, exc.__traceback__))
    except OSError:  # the log folder cannot be written: the message still says what failed
        written = False
        where = "the log (which could not be written)"
    summary = one_line(f"{type(exc).__name__}: {exc}", 160)
    if lang == "zh":
        place = where if written else "日志（无法写入）"
        return f"{action_zh or action}时发生内部错误（{summary}）；未做任何更改；详情见 {place}"
    return f"internal error while {action} ({summary}); nothing was changed; details are in {where}"
