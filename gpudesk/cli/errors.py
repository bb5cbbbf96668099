"""One-line failures for the headless commands (exit status 2, no traceback), worded in the command's ``--lang``.

The words are the refusals' own (:mod:`gpudesk.refusals` in English, ``resources/i18n/refusals_zh.toml`` in Chinese,
worded by ``report/refusal_text.py``): ``estimate``, ``report`` and ``compare`` read them here, none keeps its own."""

from __future__ import annotations

from typing import TextIO


def fail(err: TextIO, reason: str) -> int:
    line = " ".join(str(reason).split())
    print(f"gpudesk: {line}", file=err)
    return 2


def one_line(exc: BaseException, lang: str | None = None) -> str:
    """Why the command failed, on one line: in Chinese for ``--lang zh`` (a plan field by its form's label), else in
    English with the plan path (what a script matches)."""
    from gpudesk.refusals import refusal

    if lang == "zh":
        return _one_line_zh(exc)
    problems = getattr(exc, "problems", None)
    if problems:
        path, reason = problems[0]
        more = str(refusal("plan.and_more", count=len(problems) - 1)) if len(problems) > 1 else ""
        return f"{path or '(top level)'}: {reason}{more}"
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


def _one_line_zh(exc: BaseException) -> str:
    from gpudesk.project.errors import ProjectValidationError
    from gpudesk.refusals import refusal
    from gpudesk.report.refusal_text import error_text, problem_lines, refusal_text
    from gpudesk.wizard.fields import describe_path

    if isinstance(exc, ProjectValidationError) and exc.refusals:
        more = len(exc.refusals) - 1
        first = problem_lines(exc, "zh", describe_path)[0]
        return first + (refusal_text(refusal("plan.and_more", count=more), "zh") if more else "")
    lines = [line.strip() for line in error_text(exc, "zh", describe_path).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__
