"""Errors raised by the catalog, each with a message a user can act on."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from gpudesk.refusals import Refusal

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def one_line(text: str, limit: int = 400) -> str:
    """``text`` on one line: line breaks and other control characters shown escaped, shortened to ``limit``."""
    flat = _CONTROL.sub(lambda m: m.group(0).encode("unicode_escape").decode("ascii"), str(text))
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class CatalogError(Exception):
    """A catalog lookup, open or edit failed; the message names what and why (``refusal``: its key and values, for
    the wording in other languages; None for a message given as text)."""

    def __init__(self, reason: str | Refusal = "") -> None:
        super().__init__(str(reason))
        self.refusal = reason if isinstance(reason, Refusal) else None


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one row: where (table, row, field) and why."""

    table: str
    row: str  # row id, or "row N" for an import line
    field: str
    reason: str
    keyed: Refusal | None = None  # the reason as a key and values, where its raiser keyed it
    line: int = 0  # the line of an imported file the row is on (``row`` then reads "line N (id)"); 0: none
    file: str = ""  # the source file the row was read from (``accelerators.toml``), where one is named

    @property
    def why(self) -> Refusal | str:
        """The reason, keyed where it was keyed (for the wording in other languages)."""
        return self.keyed if self.keyed is not None else self.reason

    @property
    def where(self) -> str:
        """``table/row.field``, on one line."""
        where = f"{self.table}/{one_line(self.row, 100)}" if self.row else self.table
        where += f".{one_line(self.field, 80)}" if self.field else ""
        return f"{self.file}: {where}" if self.file else where

    def __str__(self) -> str:
        """One line, whatever the cell text held (line breaks in a CSV cell are shown as ``\\n``)."""
        return f"{self.where}: {one_line(self.reason)}"


def keyed_problem(table: str, row: str, field: str, reason: Refusal) -> Problem:
    """A problem whose reason is keyed: its English as ``reason``, the key and values for other languages."""
    return Problem(table, row, field, str(reason), reason)


def at_line(problem: Problem, line: int) -> Problem:
    """``problem`` placed on line ``line`` of an imported file ("line 5 (h100-sxm)")."""
    row = f"line {line} ({problem.row})" if problem.row else f"line {line}"
    return replace(problem, row=row, line=line)


def row_id_of(problem: Problem) -> str:
    """The row's own id (or label) without the import line it was placed on."""
    if not problem.line:
        return problem.row
    inner = problem.row.removeprefix(f"line {problem.line}").strip()
    return inner[1:-1] if inner.startswith("(") and inner.endswith(")") else inner


class CatalogValidationError(CatalogError):
    """Rows failed validation; ``problems`` lists every one."""

    MAX_LISTED = 50

    def __init__(self, problems: list[Problem], context: str = "catalog rows are invalid") -> None:
        self.problems = list(problems)
        listed = "; ".join(str(p) for p in self.problems[: self.MAX_LISTED])
        more = len(self.problems) - self.MAX_LISTED
        if more > 0:
            listed += f"; … and {more} more"
        super().__init__(f"{context} ({len(self.problems)} problem(s)): {listed}")


class CatalogImportError(CatalogValidationError):
    """An import was rejected as a whole; nothing was applied."""

    def __init__(self, problems: list[Problem], context: str = "import rejected, nothing applied") -> None:
        super().__init__(problems, context)
