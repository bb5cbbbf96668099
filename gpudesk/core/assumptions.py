"""One assumption of a phase, worded in English and Chinese from a key and its values."""

from __future__ import annotations

from typing import Any

from gpudesk.core.pitfalls_zh import assumption_text


class Assumption(str):
    """One assumption of a phase: its English sentence (the ``str`` value, so JSON output and
    older consumers print it as before), plus ``key`` and ``values`` so the proposal can word
    it in Chinese (``pitfalls_zh.ASSUMPTION_TEMPLATES``). A plain ``str`` in
    ``PhaseEstimate.assumptions`` (a note typed by hand) is printed as it is."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, values: dict[str, Any]) -> Assumption:
        self = super().__new__(cls, assumption_text(key, values, "en"))
        self.key = key
        self.values = dict(values)
        return self

    def text(self, language: str = "en") -> str:
        return assumption_text(self.key, self.values, language)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "text": str(self), "values": dict(self.values)}
