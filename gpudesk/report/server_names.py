"""A server's name as the reader's language says it.

Vendor products keep their catalog names (product names are not translated), in Chinese the row's ``name_zh``
where the English name describes the product in words ("NVIDIA GB200 NVL72 rack"). A generic chassis, one the catalog
lists under vendor ``various`` ("Generic 8 × L40S server") or one the core derives for an accelerator no catalog
server holds (vendor ``generic``), is named through the pattern ``server_name.generic`` / ``server_name.derived``
of ``resources/i18n/names_<lang>.toml``: its GPU count and the accelerator's product name, in the reader's words.
Those names have a catalogue of their own, apart from the proposal's wording (``report_<lang>.toml``): the window's
summary line names the chassis with the first results, and reading the 32 KB proposal catalogue for it took ~13 ms of
CPU on that path (bank sample).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from gpudesk.catalog.records import display_name
from gpudesk.catalog.sources import chinese_texts
from gpudesk.report.text_catalog import ReportText
from gpudesk.text_catalogues import flat_catalogue

if TYPE_CHECKING:
    from gpudesk.core.sized_configuration import SizedConfiguration

GENERIC_VENDORS = {"various": "server_name.generic", "generic": "server_name.derived"}


@lru_cache(maxsize=4)
def names_text(lang: str) -> ReportText:
    """The catalogue of names, ``resources/i18n/names_<lang>.toml`` (read once per process)."""
    return ReportText(lang, flat_catalogue("names", lang))


def server_display_name(name: str, vendor: str, gpus: int, accelerator: str, lang: str, name_zh: str = "") -> str:
    """A vendor's product by its catalog name in ``lang`` (``name_zh``: :func:`gpudesk.catalog.records.display_name`);
    the language's pattern for a generic or derived chassis (``accelerator`` already in the reader's words)."""
    key = GENERIC_VENDORS.get(vendor)
    if key is None or not accelerator or gpus <= 0:
        return display_name(name, name_zh, lang)
    return names_text(lang).get(key, gpus=gpus, accelerator=accelerator)


def storage_display_name(name: str, lang: str) -> str:
    """A catalog storage class ("DDN / WEKA / GPFS class appliance (DDN AI400X2, per appliance)") in the reader's
    words (``storage_name.<name>``); a name the catalogue does not list stays as it is."""
    text = names_text(lang)
    return text.get(f"storage_name.{name}") if text.has(f"storage_name.{name}") else name


def configured_server_name(config: SizedConfiguration, lang: str) -> str:
    """The chassis of a phase's sized configuration (:class:`~gpudesk.core.sized_configuration.SizedConfiguration`)."""
    return server_display_name(config.server_name, config.server_vendor, config.gpus_per_server,
                               config.accelerator_named(lang), lang, config.server_name_zh)


def catalog_names(catalog: Any, lang: str = "en") -> dict[str, str]:
    """Product names by catalog id (accelerators, servers, models, cloud offers, storage, NICs, switches); a generic
    server in the reader's language."""
    if catalog is None:
        return {}
    names: dict[str, str] = {}
    for rows in (catalog.nics(), catalog.switches()):
        names.update({row.id: str(row.name) for row in rows})
    names.update({row.id: display_name(row.name, row.name_zh, lang) for rows in (catalog.accelerators(),
                                                                                catalog.models()) for row in rows})
    names.update({s.id: storage_display_name(s.name, lang) for s in catalog.storage_options()})
    names.update({s.id: server_display_name(s.name, s.vendor, s.gpus, names.get(s.accelerator_id, ""), lang,
                                            s.name_zh) for s in catalog.servers()})
    names.update({o.id: offer_display_name(o, lang) for o in catalog.cloud_offers()})
    return names


def offer_display_name(offer: Any, lang: str) -> str:
    """A cloud offer as a list names it: provider, instance, region, in ``lang`` (阿里云, "H100 SXM（按卡计，典型价）")
    for a shipped row (:meth:`gpudesk.catalog.sources.ChineseTexts.offer_named`); a user's own row as written."""
    name = f"{offer.provider} {offer.instance} ({offer.region})"
    return name if offer.provenance.user_row else chinese_texts().offer_named(name, offer.id, lang)
