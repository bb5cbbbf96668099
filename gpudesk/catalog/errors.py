"""Errors raised by the catalog, each with a message a user can act on."""

from __future__ import annotations

from dataclasses import dataclass


class CatalogError(Exception):
    """A catalog lookup, open or edit failed; the message names what and why."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one row: where (table, row, field) and why."""

    table: str
    row: str  # row id, or "row N" for an import line
    field: str
    reason: str

    def __str__(self) -> str:
        where = f"{self.table}/{self.row}" if self.row else self.table
        if self.field:
            where += f".{self.field}"
        return f"{where}: {self.reason}"


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
