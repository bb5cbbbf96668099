"""Interface language through Qt's translation system.

The language is chosen at start-up (command line ``--lang``, else the
preference ``preferences/language``, else the system locale): Qt's translators for gpudesk (``resources/i18n/
gpudesk_zh_CN.qm``) and for Qt's own dialogs and buttons (``qtbase_zh_CN.qm``
from the PySide6 package) are installed before any window is built, and the
default :class:`QLocale` is set so numbers, currency and dates follow the
language. Changing the language in the preferences takes effect at once:
``gpudesk/ui/language_switch.py`` swaps the translators and rebuilds the main
window around the open plan (see ``docs/i18n.md``).

The translators are owned by the :class:`InstalledLanguage` the caller keeps
(the application object holds them while they are installed); nothing here is
global state.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QLibraryInfo, QLocale, QTranslator

from gpudesk.paths import project_root, resource_path
from gpudesk.vocabulary.counts import counted

LANGUAGES = ("zh", "en")
# interface language -> Qt locale name of the .qm files and of number/date formatting
LOCALE_NAMES = {"zh": "zh_CN", "en": "en_US"}
CATALOGUE = "gpudesk"  # resources/i18n/gpudesk_<locale>.ts / .qm
SOURCE_LANGUAGE = "en"  # the texts in the code are English; English needs no translator
CURRENCY_SYMBOLS = {"USD": "US$", "CNY": "¥"}


def system_language(locale: QLocale | None = None) -> str:
    """``"zh"`` when the (system) locale is any Chinese, else ``"en"``."""
    locale = locale or QLocale.system()
    return "zh" if locale.language() == QLocale.Language.Chinese else "en"


def choose_language(command_line: str | None, preference: str, system: str) -> str:
    """The session's language: the command line wins, then the preference unless it is "system"."""
    for candidate in (command_line, None if preference == "system" else preference, system):
        if candidate in LANGUAGES:
            return candidate
    return SOURCE_LANGUAGE


def locale_for(lang: str) -> QLocale:
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} not in {LANGUAGES}")
    return QLocale(LOCALE_NAMES[lang])


def ts_path(lang: str = "zh") -> Path:
    return resource_path("i18n", f"{CATALOGUE}_{LOCALE_NAMES[lang]}.ts")


def qm_path(lang: str = "zh") -> Path:
    return resource_path("i18n", f"{CATALOGUE}_{LOCALE_NAMES[lang]}.qm")


def qt_translations_dir() -> str:
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


@dataclass
class InstalledLanguage:
    """The language of this session and the translators installed for it."""

    lang: str
    translators: list[QTranslator] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # catalogues that could not be loaded

    @property
    def locale(self) -> QLocale:
        return locale_for(self.lang)

    def uninstall(self) -> None:
        for translator in self.translators:
            QCoreApplication.removeTranslator(translator)
        self.translators.clear()


def install_language(app: QCoreApplication, lang: str) -> InstalledLanguage:
    """Install gpudesk's and Qt's translators for ``lang`` and make its locale the default.

    Must run before any widget is built: texts are translated when widgets are
    created. A catalogue that cannot be loaded is listed in ``missing`` and the
    texts stay English; the app still starts.
    """
    installed = InstalledLanguage(lang)
    QLocale.setDefault(locale_for(lang))
    if lang == SOURCE_LANGUAGE:
        return installed
    locale_name = LOCALE_NAMES[lang]
    sources = (
        (f"{CATALOGUE}_{locale_name}", str(resource_path("i18n"))),
        (f"qtbase_{locale_name}", qt_translations_dir()),
    )
    for name, folder in sources:
        translator = QTranslator(app)
        if translator.load(name, folder) and QCoreApplication.installTranslator(translator):
            installed.translators.append(translator)
        else:
            installed.missing.append(f"{folder}/{name}.qm")
    return installed


# -- numbers, money and dates per locale ------------------------------------------------
def format_number(value: float, decimals: int = 0, locale: QLocale | None = None) -> str:
    """``1234567.5`` -> ``"1,234,567.5"`` with the locale's group and decimal separators."""
    locale = locale or QLocale()
    return locale.toString(float(value), "f", decimals)


def format_money(value: float, currency: str, decimals: int = 0, locale: QLocale | None = None) -> str:
    """An amount with its currency symbol in the locale's format: ``"¥1,234,567"``, ``"US$1,234"``."""
    locale = locale or QLocale()
    symbol = CURRENCY_SYMBOLS.get(currency, currency)
    return locale.toCurrencyString(float(value), symbol, decimals)


def format_date(value: date | datetime, locale: QLocale | None = None) -> str:
    """A date (or date and time) in the locale's short format: ``"2025/3/7"``, ``"3/7/25"``."""
    locale = locale or QLocale()
    fmt = QLocale.FormatType.ShortFormat
    if isinstance(value, datetime):
        return locale.toString(QDateTime(value), fmt)
    return locale.toString(QDate(value.year, value.month, value.day), fmt)


# -- the catalogue: extract texts into the .ts, keep translations, compile the .qm ------------
# Folders whose Python files hold visible texts (``self.tr("…")``, ``QCoreApplication.translate``).
SOURCE_FOLDERS = ("gpudesk/ui", "gpudesk/plotting", "gpudesk/pdf", "gpudesk/wizard")
# pyside6-lupdate names the context of ``w.tr("…")`` after the variable; at run time PySide6 uses
# the class of the object, so these variables are mapped to the class they hold.
CONTEXT_OF_VARIABLE = {"w": "MainWindow", "window": "MainWindow", "parent": "MainWindow", "": "MainWindow",
                       "dialog": "QDialog"}


def table_texts() -> dict[str, list[str]]:
    """Texts kept in data tables and translated at run time with ``tr(variable)``, by context.

    lupdate sees only literals inside ``tr()``; these tables are read here so
    their texts reach the catalogue in the context where the UI translates them.
    """
    from gpudesk.catalog import schema
    from gpudesk.ui import actions, phase_editor, preferences_dialog, settings
    from gpudesk.ui.catalog_browser import citation_dialog, detail_pane, field_editors
    from gpudesk.ui.widgets import figure_table

    menus = [actions.FILE, actions.EDIT, actions.PLAN, actions.CATALOG, actions.VIEW, actions.HELP]
    specs = actions.SPECS
    table_titles = [spec.title for spec in schema.TABLES.values()]
    field_help = ["empty = unknown"]  # the field rules' reasons carry their Chinese (catalog/field_rules.py)
    return {
        "MainWindow": menus + [s.text for s in specs] + [s.description for s in specs] + [s.button for s in specs if s.button],
        "PreferencesDialog": [s.title for s in settings.SETTINGS if s.preference] + list(preferences_dialog.CHOICE_TEXT.values()),
        "PhaseDialog": list(phase_editor.TRIGGER_COLUMNS),
        "CitationDialog": [label for _code, label in citation_dialog.KIND_LABELS],
        "DetailPane": table_titles + list(detail_pane.CITATION_KINDS.values()),
        "RowFormDialog": table_titles,
        field_editors.HELP_CONTEXT: field_help,
        field_editors.CHOICE_CONTEXT: list(field_editors.CHOICE_WORDS),
        "FigureTableModel": list(figure_table.FigureTableModel.HEADERS),
    }


def source_files(root: Path | None = None) -> list[Path]:
    root = root or project_root()
    return sorted(p for folder in SOURCE_FOLDERS for p in (root / folder).rglob("*.py"))


def _tool(name: str) -> str:
    return str(Path(sys.executable).with_name(name))


def lupdate_messages(files: Iterable[Path], root: Path | None = None) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """``(context, source) -> [(file, line)]`` for every literal text pyside6-lupdate finds, contexts mapped."""
    root = root or project_root()
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "raw.ts"
        subprocess.run([_tool("pyside6-lupdate"), *map(str, files), "-locations", "absolute", "-ts", str(raw)],
                       check=True, capture_output=True)
        tree = ET.parse(raw)
    found: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        name = CONTEXT_OF_VARIABLE.get(name, name)
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            places = found.setdefault((name, source), [])
            for loc in message.iter("location"):
                file = Path(loc.get("filename", ""))
                file = file if file.is_absolute() else (raw.parent / file)
                places.append((file.resolve().relative_to(root.resolve()).as_posix(), loc.get("line", "")))
    return found


def read_translations(ts: Path) -> dict[tuple[str, str], str]:
    """``(context, source) -> translation`` for every finished translation in ``ts``."""
    if not ts.exists():
        return {}
    done: dict[tuple[str, str], str] = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            element = message.find("translation")
            if element is not None and element.get("type") not in ("unfinished", "obsolete", "vanished") and element.text:
                done[(name, message.findtext("source") or "")] = element.text
    return done


def extract(root: Path | None = None) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Every visible text of the interface: lupdate's literals plus :func:`table_texts`."""
    messages = lupdate_messages(source_files(root), root)
    for context, texts in table_texts().items():
        for text in texts:
            messages.setdefault((context, text), [])
    return messages


def write_ts(messages: dict[tuple[str, str], list[tuple[str, str]]], translations: dict[tuple[str, str], str],
             ts: Path, lang: str = "zh") -> list[tuple[str, str]]:
    """Write the catalogue; returns the ``(context, source)`` pairs still untranslated."""
    by_source: dict[str, set[str]] = {}
    for (_context, source), text in translations.items():
        by_source.setdefault(source, set()).add(text)
    root = ET.Element("TS", version="2.1", language=LOCALE_NAMES[lang], sourcelanguage=LOCALE_NAMES[SOURCE_LANGUAGE])
    untranslated: list[tuple[str, str]] = []
    for context in sorted({c for c, _s in messages}):
        element = ET.SubElement(root, "context")
        ET.SubElement(element, "name").text = context
        for (c, source), places in sorted(messages.items()):
            if c != context:
                continue
            message = ET.SubElement(element, "message")
            for file, line in places:
                ET.SubElement(message, "location", filename=f"../../{file}", line=line)
            ET.SubElement(message, "source").text = source
            known = translations.get((c, source))
            if known is None and len(by_source.get(source, ())) == 1:
                known = next(iter(by_source[source]))  # the same text translated the same way elsewhere
            translation = ET.SubElement(message, "translation")
            if known is None:
                translation.set("type", "unfinished")
                untranslated.append((c, source))
            else:
                translation.text = known
    ET.indent(root)
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                  + ET.tostring(root, encoding="unicode") + "\n", encoding="utf-8")
    return untranslated


def compile_qm(ts: Path, qm: Path) -> None:
    """Compile ``ts`` into ``qm`` as a new file moved into place. Qt reads a loaded .qm through a memory map of the
    file: lrelease writing the same file in place made every running app (or test) that had loaded it answer each
    tr() in English from then on; a moved-in file leaves the mapped one as it was."""
    with tempfile.TemporaryDirectory(dir=qm.parent) as folder:
        made = Path(folder) / qm.name
        subprocess.run([_tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(made)], check=True,
                       capture_output=True)
        os.replace(made, qm)


def update_catalogue(lang: str = "zh") -> list[tuple[str, str]]:
    """Re-extract the texts into ``resources/i18n/gpudesk_<locale>.ts`` keeping its translations, compile the .qm.

    Returns the texts that still need a translation.
    """
    ts = ts_path(lang)
    untranslated = write_ts(extract(), read_translations(ts), ts, lang)
    compile_qm(ts, qm_path(lang))
    return untranslated


if __name__ == "__main__":
    missing = update_catalogue()
    for context, source in missing:
        print(f"untranslated [{context}] {source!r}")
    print(f"{ts_path()}: {counted(len(missing), 'text')} to translate; {qm_path()} compiled")
