"""The two ways reading a plan can fail, with messages a user can act on.

:class:`ProjectFileError` — the file itself cannot be used (missing,
unreadable, not UTF-8, not JSON, too large, too deep, from a newer
gpudesk). :class:`ProjectValidationError` — the file is well-formed JSON
but its content breaks the plan format; ``problems`` lists each
``(path, reason)`` pair, such as
``("phases[0].workloads[1].seq_len", "0 is below the minimum 1 (tokens)")``.
"""

from __future__ import annotations

import re

from gpudesk.refusals import Refusal, refusal

MAX_PROBLEMS_SHOWN = 50
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029\ud800-\udfff]")


def printable(text: str, limit: int = 300) -> str:
    """``text`` safe to show on one line: control characters, line breaks and unpaired surrogates escaped."""
    shown = _CONTROL.sub(lambda m: m.group(0).encode("unicode_escape", "backslashreplace").decode("ascii"), str(text))
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


class ProjectFileError(OSError):
    """A plan file that cannot be read or written; the message says why (``refusal``: its key and values, for the
    wording in other languages; None for a message given as text).

    It is an :class:`OSError`, so callers that already handle file-system
    errors around opening and saving also handle these.
    """

    def __init__(self, reason: str | Refusal) -> None:
        super().__init__(str(reason))
        self.refusal = reason if isinstance(reason, Refusal) else None


class NewerSchemaError(ProjectFileError):
    """A plan saved by a newer gpudesk; it is refused and never modified."""

    def __init__(self, found: int, supported: int) -> None:
        super().__init__(refusal("plan.newer_schema", found=found, supported=supported))
        self.found = found
        self.supported = supported


def display_path(path: str) -> str:
    return path or "(top level)"


class ProjectValidationError(ValueError):
    """Content that breaks the plan format; ``problems`` is a list of (path, reason) in English, ``refusals`` the
    same problems as (path, :class:`Refusal`) for the wording in other languages (a reason given as text is kept as
    text there)."""

    def __init__(self, problems: list[tuple[str, str | Refusal]], note: str | Refusal = "") -> None:
        # Paths and reasons may quote what the file held (a key, a text): each problem stays on one line.
        self.refusals = [(printable(path, 200), reason) for path, reason in problems]
        self.problems = [(path, printable(str(reason))) for path, reason in self.refusals]
        self.note = note
        super().__init__(self._render())

    def _render(self) -> str:
        count = len(self.problems)
        head = str(refusal("plan.problems", count=count))
        if self.note:
            head += f" ({self.note})"
        lines = [head + ":"]
        for path, reason in self.problems[:MAX_PROBLEMS_SHOWN]:
            lines.append(f"  {display_path(path)}: {reason}")
        if count > MAX_PROBLEMS_SHOWN:
            lines.append("  " + str(refusal("plan.more_problems", count=count - MAX_PROBLEMS_SHOWN)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self._render()
