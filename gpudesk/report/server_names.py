"""A server's name as the reader's language says it.

Vendor products keep their catalog names (product names are not translated). A generic chassis, one the catalog
lists under vendor ``various`` ("Generic 8 x L40S server") or one the core derives for an accelerator no catalog
server holds (vendor ``generic``), is named through the pattern ``server_name.generic`` / ``server_name.derived``
of ``resources/i18n/names_<lang>.toml``: its GPU count and the accelerator's product name, in the reader's words.
Those names have a catalogue of their own, apart from the proposal's wording (``report_<lang>.toml``): the window's
summary line names the chassis with the first results, and reading the 32 KB proposal catalogue for it took ~13 ms of
CPU on that path (bank sample).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from gpudesk.report.text_catalog import ReportText
from gpudesk.text_catalogues import flat_catalogue

if TYPE_CHECKING:
    from gpudesk.core.sized_configuration import SizedConfiguration

GENERIC_VENDORS = {"various": "server_name.generic", "generic": "server_name.derived"}


@lru_cache(maxsize=4)
def names_text(lang: str) -> ReportText:
    """The catalogue of names, ``resources/i18n/names_<lang>.toml`` (read once per process)."""
    return ReportText(lang, flat_catalogue("names", lang))


def server_display_name(name: str, vendor: str, gpus: int, accelerator: str, lang: str) -> str:
    """``name`` for a vendor's product; the language's pattern for a generic or derived chassis."""
    key = GENERIC_VENDORS.get(vendor)
    if key is None or not accelerator or gpus <= 0:
        return name
    return names_text(lang).get(key, gpus=gpus, accelerator=accelerator)


def storage_display_name(name: str, lang: str) -> str:
    """A catalog storage class ("DDN / WEKA / GPFS class appliance (DDN AI400X2, per appliance)") in the reader's
    words (``storage_name.<name>``); a name the catalogue does not list stays as it is."""
    text = names_text(lang)
    return text.get(f"storage_name.{name}") if text.has(f"storage_name.{name}") else name


def configured_server_name(config: SizedConfiguration, lang: str) -> str:
    """The chassis of a phase's sized configuration (:class:`~gpudesk.core.sized_configuration.SizedConfiguration`)."""
    return server_display_name(config.server_name, config.server_vendor, config.gpus_per_server,
                               config.accelerator_name, lang)
