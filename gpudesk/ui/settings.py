"""Preferences and remembered window state, declared once and typed.

Every setting is one row of :data:`SETTINGS` (key, type, default, title,
limits). :class:`AppSettings` reads and writes them through a QSettings
object handed in by the caller — the app passes one backed by an INI file
in the per-user data folder (redirected by ``GPUDESK_HOME``), tests pass
one in a temporary folder — so nothing reaches the real user settings by
accident. A stored value of the wrong type or out of range reads as the
default, never as an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QLocale, QSettings

from gpudesk.paths import user_data_dir
from gpudesk.project.commercial_terms import CURRENCIES
from gpudesk.project.free_text import text_limit
from gpudesk.project.model import ProjectMeta
from gpudesk.report.document import COMPANY_MAX_CHARS
from gpudesk.wizard.steps import STEPS

LANGUAGES = ("system", "zh", "en")
THEMES = ("system", "light", "dark")


@dataclass(frozen=True)
class Setting:
    key: str  # QSettings key, "group/name"
    type: type  # str, int, bool or bytes
    default: Any
    title: str  # shown in the preferences dialog
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_len: int = 1000  # the longest value read back as valid (a longer stored one falls back to the default)
    edit_len: int = 0  # the longest a new value may be typed (0: max_len); the dialog refuses, in words, beyond it
    preference: bool = True  # False: remembered UI state, not shown in the dialog
    default_in: tuple[tuple[str, Any], ...] = ()  # (interface language, default) where it differs from ``default``

    def default_now(self) -> Any:
        """The default in the interface language now installed (``QLocale``'s default, set by install_language)."""
        lang = "zh" if QLocale().language() == QLocale.Language.Chinese else "en"
        return dict(self.default_in).get(lang, self.default)

    def valid(self, value: Any) -> bool:
        if self.type is bool:
            return isinstance(value, bool)
        if self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                return False
            return (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum)
        if self.type is bytes:
            return isinstance(value, bytes)
        if not isinstance(value, str) or len(value) > self.max_len:
            return False
        return not self.choices or value in self.choices

    def coerce(self, raw: Any) -> Any:
        """A stored value (INI files give back strings) as this setting's type, or the default."""
        value = raw
        if self.type is int and isinstance(raw, str):
            try:
                value = int(raw)
            except ValueError:
                return self.default_now()
        elif self.type is bool and isinstance(raw, str):
            value = {"true": True, "false": False}.get(raw.lower(), raw)
        elif self.type is bytes and isinstance(raw, QByteArray):
            value = bytes(raw.data())
        return value if self.valid(value) else self.default_now()


SETTINGS: tuple[Setting, ...] = (
    Setting("preferences/language", str, "system", "Interface language", choices=LANGUAGES),
    Setting("preferences/theme", str, "system", "Theme", choices=THEMES),
    # a name stored by an older gpudesk (up to 300) is kept; a new one is held to what the proposal shows
    Setting("preferences/company_name", str, "", "Company name (proposal cover)", max_len=300,
            edit_len=COMPANY_MAX_CHARS),
    Setting("preferences/company_logo", str, "", "Company logo (PNG or JPEG)", max_len=4096),
    Setting("preferences/author", str, "", "Author (proposals and revisions)", max_len=300,
            edit_len=text_limit(ProjectMeta, "author")),
    # a Chinese interface starts new plans in the China market, in yuan (the guided start offered a Chinese user the
    # US market and dollars until the preference was changed); a currency the user picked is kept in either language
    Setting("preferences/default_currency", str, "USD", "Currency of new plans", choices=CURRENCIES,
            default_in=(("zh", "CNY"),)),
    Setting("preferences/autosave_interval_s", int, 30, "Autosave every (seconds)", minimum=1, maximum=3600),
    Setting("window/geometry", bytes, b"", "Window geometry", preference=False),
    Setting("window/state", bytes, b"", "Window layout", preference=False),
    Setting("ui/last_folder", str, "", "Last folder", max_len=4096, preference=False),
    Setting("ui/last_step", int, 1, "Last step", minimum=1, maximum=len(STEPS), preference=False),
)
_BY_KEY = {s.key: s for s in SETTINGS}


def default_settings_path() -> Path:
    return user_data_dir() / "settings.ini"


def open_qsettings(path: Path | None = None) -> QSettings:
    """An INI-backed QSettings at ``path`` (default: the per-user settings file)."""
    return QSettings(str(path or default_settings_path()), QSettings.Format.IniFormat)


class AppSettings:
    """Typed access to :data:`SETTINGS` over an injected QSettings."""

    def __init__(self, store: QSettings) -> None:
        self.store = store

    @staticmethod
    def spec(key: str) -> Setting:
        return _BY_KEY[key]

    def get(self, key: str) -> Any:
        spec = _BY_KEY[key]
        if not self.store.contains(key):
            return spec.default_now()
        return spec.coerce(self.store.value(key))

    def set(self, key: str, value: Any) -> None:
        spec = _BY_KEY[key]
        if not spec.valid(value):
            raise ValueError(f"{spec.title}: {value!r} is not a valid value")
        self.store.setValue(key, QByteArray(value) if spec.type is bytes else value)

    def reset(self, key: str) -> None:
        self.store.remove(key)

    def sync(self) -> None:
        self.store.sync()

    def preferences(self) -> dict[str, Any]:
        return {s.key: self.get(s.key) for s in SETTINGS if s.preference}

    # -- the values other parts of the app ask for ------------------------------
    def language(self, system_language: str) -> str:
        chosen = self.get("preferences/language")
        return system_language if chosen == "system" else chosen

    @property
    def autosave_interval_ms(self) -> int:
        return int(self.get("preferences/autosave_interval_s")) * 1000
