"""Proposal wording in Chinese and English, read from TOML text catalogues.

All headings, labels and sentences of the proposal live in
``resources/i18n/report_<lang>.toml`` (flat tables, dotted keys). Builders
ask :class:`ReportText` for a key; a key missing in the chosen language
raises :class:`MissingTextError` instead of printing a blank, and
``tests/report`` checks that both catalogues hold the same keys.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from gpudesk.paths import resource_path
from gpudesk.vocabulary.fields import REPORT_GROUPS

LANGUAGES = ("zh", "en")


class MissingTextError(KeyError):
    """A wording key absent from a language's catalogue."""


def catalogue_path(lang: str, subject: str = "report") -> Path:
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} not in {LANGUAGES}")
    return resource_path("i18n", f"{subject}_{lang}.toml")


@lru_cache(maxsize=16)
def catalogue(subject: str, lang: str) -> Mapping[str, Any]:
    """The text catalogue ``resources/i18n/<subject>_<lang>.toml`` as read (nested tables), once per process; the
    one reader of every catalogue: ``report`` (the proposal's wording), ``checks`` (the Chinese wording of every
    check id), ``reasons`` (why a ranked alternative is where it is), ``formulas`` and ``figures`` (formulas, figure
    labels, units and help in Chinese). Shared between callers: never change what it returns."""
    with catalogue_path(lang, subject).open("rb") as handle:
        return tomllib.load(handle)


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


def load_catalogue(lang: str) -> dict[str, str]:
    return dict(_catalogue(lang))


@lru_cache(maxsize=4)
def _catalogue(lang: str) -> dict[str, str]:
    """Read once per process: the catalogues are resources that do not change while gpudesk runs."""
    return _flatten(catalogue("report", lang))


class ReportText:
    """Looks up wording for one language; ``get(key, **values)`` fills its ``{name}`` fields."""

    def __init__(self, lang: str, entries: Mapping[str, str] | None = None) -> None:
        self.lang = lang
        self._entries = dict(entries) if entries is not None else _catalogue(lang)

    def get(self, key: str, **values: Any) -> str:
        try:
            template = self._entries[key]
        except KeyError:
            raise MissingTextError(f"report text {key!r} is missing from the {self.lang} catalogue") from None
        return template.format(**values) if values else template

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
