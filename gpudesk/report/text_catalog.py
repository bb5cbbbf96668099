"""Proposal wording in Chinese and English, read from TOML text catalogues.

All headings, labels and sentences of the proposal live in
``resources/i18n/report_<lang>.toml`` (flat tables, dotted keys). Builders
ask :class:`ReportText` for a key; a key missing in the chosen language
raises :class:`MissingTextError` instead of printing a blank, and
``tests/report`` checks that both catalogues hold the same keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gpudesk.text_catalogues import LANGUAGES, catalogue, fill, fill_chinese, flat_catalogue
from gpudesk.vocabulary.fields import REPORT_GROUPS

__all__ = ["LANGUAGES", "MissingTextError", "ReportText", "catalogue", "load_catalogue"]

class MissingTextError(KeyError):
    """A wording key absent from a language's catalogue."""


def load_catalogue(lang: str) -> dict[str, str]:
    return dict(flat_catalogue("report", lang))


class ReportText:
    """Looks up wording for one language; ``get(key, **values)`` fills its ``{name}`` fields."""

    def __init__(self, lang: str, entries: Mapping[str, str] | None = None) -> None:
        self.lang = lang
        self._entries: Mapping[str, str] = dict(entries) if entries is not None else flat_catalogue("report", lang)

    def get(self, key: str, **values: Any) -> str:
        try:
            template = self._entries[key]
        except KeyError:
            raise MissingTextError(f"report text {key!r} is missing from the {self.lang} catalogue") from None
        if not values:
            return template
        if values.get("count") == 1 and f"{key}_one" in self._entries:  # "1 line has", not "1 line(s) have"
            template = self._entries[f"{key}_one"]
        return fill_chinese(template, values) if self.lang == "zh" else fill(template, values)

    def has(self, key: str) -> bool:
        return key in self._entries

    def keys(self) -> set[str]:
        return set(self._entries)

    def choice(self, group: str, value: str) -> str:
        """A translated enumeration value (delivery mode, workload kind …); the raw value if unlisted."""
        vocabulary = REPORT_GROUPS.get(group)
        if vocabulary is not None and value in vocabulary:
            return vocabulary.term(value).name(self.lang)
        key = f"{group}.{value}"
        return self._entries.get(key, value)
