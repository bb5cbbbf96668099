"""The catalog rows a plan uses, keyed ``"table/id"``, for its reproducibility snapshot."""

from __future__ import annotations

from typing import Any

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.store import Catalog
from gpudesk.core.plan_resolve import PlanInputError, resolve_model, resolve_phase
from gpudesk.project.model import Project

_TABLE_OF = {
    "Accelerator": "accelerators", "Server": "servers", "StorageOption": "storage_options", "Nic": "nics",
    "Switch": "switches", "CloudOffer": "cloud_offers", "ModelArch": "models", "FacilityDefault": "facility_defaults",
}


def catalog_rows_used(project: Project, catalog: Catalog) -> dict[str, Any]:
    """Every catalog row the plan's phases resolve to (rows that cannot be resolved are skipped)."""
    rows: dict[str, Any] = {}

    def keep(record: Any) -> None:
        if record is not None and type(record).__name__ in _TABLE_OF and not record.provenance.user_row:
            rows[f"{_TABLE_OF[type(record).__name__]}/{record.id}"] = record

    for index, phase in enumerate(project.phases):
        try:
            r = resolve_phase(catalog, phase, f"phases[{index}]")
        except (PlanInputError, CatalogError):
            continue
        for record in (r.accelerator, r.catalog_server or r.server, r.storage, r.nic, r.switch, r.offer,
                       r.rental_offer):
            keep(record)
        for source in (r.pue.source, r.electricity.source, r.grid_co2.source, r.rack_limit_kw.source):
            if source.startswith("catalog facility_defaults/"):
                rid = source.split("/", 1)[1].split(":", 1)[0]
                keep(next((f for f in catalog.facility_defaults() if f.id == rid), None))
        for w_index, workload in enumerate(phase.workloads):
            try:
                keep(resolve_model(catalog, workload, f"phases[{index}].workloads[{w_index}]"))
            except PlanInputError:
                continue
    return rows
