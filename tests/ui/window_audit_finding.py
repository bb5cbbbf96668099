"""One finding of the window audit: where, the text shown, why it reads wrong (and a detail)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Finding:
    where: str
    text: str
    why: str

    detail: str = ""

    def __str__(self) -> str:
        detail = f" [{self.detail}]" if self.detail else ""
        return f"{self.why}{detail}: {self.where}: {self.text[:160]!r}"
