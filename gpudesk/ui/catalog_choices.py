"""Choice lists for catalog-backed fields (models, accelerators, servers, …)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from gpudesk.catalog.records import display_name
from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Workload
from gpudesk.report.server_names import offer_display_name, server_display_name, storage_display_name
from gpudesk.ui.widgets.session_text import session_language

Provider = Callable[[], Sequence[tuple[str, str]]]


def accelerator_choice_text(name: str, memory_gb: float) -> str:
    """An accelerator as its choice list names it: its name and its memory, the memory left out where the name already
    states it (the list read "Huawei Ascend 910B 64GB · 64 GB" and "NVIDIA L4 24GB · 24 GB")."""
    states_it = re.search(rf"(?<![\d.]){re.escape(f'{memory_gb:g}')}\s*GB\b", name, re.IGNORECASE)
    return name if states_it else f"{name} · {memory_gb:g} GB"


class CatalogChoices:
    """Builds (id, display text) lists from the open catalog; user rows marked."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def provider(self, name: str) -> Provider:
        return {
            "models": self.models,
            "accelerators": self.accelerators,
            "servers": self.servers,
            "storage": self.storage,
            "cloud_offers": self.cloud_offers,
            "nics": self.nics,
            "switches": self.switches,
        }[name]

    @staticmethod
    def _mark(name: str, user_row: bool) -> str:
        return f"{name} ★" if user_row else name

    def models(self) -> list[tuple[str, str]]:
        lang = session_language()
        return [(m.id, self._mark(display_name(m.name, m.name_zh, lang), m.provenance.user_row))
                for m in self.catalog.models()]

    def models_of(self, workload: Callable[[], Workload | None]) -> Provider:
        """The catalog's models for one workload's model row: while the workload defines its own model
        (``custom_model``), that model stands in for the entry of the ``model_id`` the estimate leaves unread, named
        as the plan names it; choosing any other entry replaces it (project/model_choice.py)."""
        def items() -> list[tuple[str, str]]:
            rows, shown = self.models(), workload()
            if shown is None or not shown.custom_model:
                return rows
            name = str(shown.custom_model.get("name") or "").strip()
            label = (QCoreApplication.translate("CatalogChoices", "Custom model: {name} (defined in the plan)")
                     .format(name=name) if name else
                     QCoreApplication.translate("CatalogChoices", "Custom model (defined in the plan)"))
            return [(shown.model_id, label)] + [(code, text) for code, text in rows if code != shown.model_id]
        return items

    def accelerators(self) -> list[tuple[str, str]]:
        lang = session_language()
        return [
            (a.id, self._mark(accelerator_choice_text(display_name(a.name, a.name_zh, lang), a.memory_gb),
                              a.provenance.user_row))
            for a in self.catalog.accelerators()
        ]

    def servers(self) -> list[tuple[str, str]]:
        return [("", QCoreApplication.translate("CatalogChoices", "— derived from accelerator —"))] + [
            (s.id, self._mark(server_name_in_language(self.catalog, s), s.provenance.user_row)) for s in self.catalog.servers()
        ]

    def storage(self) -> list[tuple[str, str]]:
        # a catalog storage class in the session language, as the proposal names it (并行文件存储一体机（DDN / WEKA /
        # GPFS 一类…）, not "DDN / WEKA / GPFS class appliance"); a name the catalogue does not list as it is
        lang = session_language()
        return [(s.id, self._mark(storage_display_name(s.name, lang), s.provenance.user_row))
                for s in self.catalog.storage_options()]

    def cloud_offers(self) -> list[tuple[str, str]]:
        return [("", QCoreApplication.translate("CatalogChoices", "— cheapest matching offer —"))] + [
            (o.id, self._mark(offer_display_name(o, lang), o.provenance.user_row))
            for lang in [session_language()] for o in self.catalog.cloud_offers()
        ]

    def nics(self) -> list[tuple[str, str]]:
        return [("", QCoreApplication.translate("CatalogChoices", "— from server —"))] + [(n.id, self._mark(n.name, n.provenance.user_row)) for n in self.catalog.nics()]

    def switches(self) -> list[tuple[str, str]]:
        return [("", QCoreApplication.translate("CatalogChoices", "— chosen for the fabric —"))] + [
            (s.id, self._mark(s.name, s.provenance.user_row)) for s in self.catalog.switches()
        ]


def server_name_in_language(catalog: Catalog, server) -> str:
    """A server row's name in the session language: a generic chassis through the language's pattern."""
    lang = session_language()
    names = {a.id: display_name(a.name, a.name_zh, lang) for a in catalog.accelerators()}
    return server_display_name(server.name, server.vendor, server.gpus, names.get(server.accelerator_id, ""), lang,
                               server.name_zh)


ID_FIELDS = {"model_id": "model", "accelerator_id": "accelerator", "server_id": "server", "cloud_offer_id": "cloud_offer",
             "option_id": "storage_option", "nic_id": "nic", "switch_id": "switch"}
"""Plan fields that hold a catalog row's id, by the catalog accessor that finds the row."""


def catalog_name(catalog: Catalog, field: str, value: str) -> str | None:
    """The product name a plan field's catalog id stands for ("hgx-h20-8" → "NVIDIA HGX H20 8-GPU"); None when
    the field holds no catalog id or the catalog lacks the row."""
    accessor = ID_FIELDS.get(field)
    if accessor is None or not value:
        return None
    getters: dict[str, Callable[[], Sequence[Any]]] = {
        "model": catalog.models, "accelerator": catalog.accelerators, "server": catalog.servers,
        "cloud_offer": catalog.cloud_offers, "storage_option": catalog.storage_options, "nic": catalog.nics,
        "switch": catalog.switches}
    rows = getters[accessor]()
    for row in rows:
        if row.id == value:
            if accessor == "cloud_offer":
                return offer_display_name(row, session_language())
            if accessor == "server":
                return server_name_in_language(catalog, row)
            if accessor == "storage_option":
                return storage_display_name(row.name, session_language())
            return str(row.name)
    return None
