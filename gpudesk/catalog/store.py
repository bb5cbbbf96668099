"""The catalog as the rest of gpudesk sees it: shipped rows plus the user's overlay.

``Catalog.open()`` reads the shipped ``catalog.db`` (read-only) and the
user's ``user_catalog.db``; a user row with the same id as a shipped one
overrides it. Lookups return frozen records from ``records.py``; a
missing id raises :class:`CatalogError` naming the table, the id and the
nearest ids. Edits go to the overlay only, after validation.
"""

from __future__ import annotations

import difflib
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from gpudesk import paths
from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogError, CatalogValidationError, Problem, one_line
from gpudesk.catalog.intake import record_from_mapping
from gpudesk.catalog.overlay import UserOverlay, sqlite_uri
from gpudesk.catalog.schema import (
    CITATIONS_TABLE,
    META_TABLE,
    TABLES,
    record_as_mapping,
    row_to_citation,
    row_to_record,
    table_spec,
)
from gpudesk.catalog.validate import check_record, cross_check
from gpudesk.refusals import refusal


def _read_shipped(path: Path) -> tuple[dict[str, dict[str, Any]], dict[str, rec.Citation], dict[str, str]]:
    if not path.exists():
        raise CatalogError(refusal("catalog.shipped_missing", path=str(path)))
    try:
        conn = sqlite3.connect(sqlite_uri(path), uri=True)
        conn.row_factory = sqlite3.Row
        try:
            meta = {r["key"]: r["value"] for r in conn.execute(f"select key, value from {META_TABLE}")}
            tables = {
                name: {
                    row["id"]: row_to_record(spec.record_type, dict(row), user_row=False)
                    for row in conn.execute(f"select * from [{name}] order by id")
                }
                for name, spec in TABLES.items()
            }
            citations = {
                row["id"]: row_to_citation(dict(row))
                for row in conn.execute(f"select * from {CITATIONS_TABLE} order by id")
            }
        finally:
            conn.close()
    except (sqlite3.Error, ValueError) as exc:
        raise CatalogError(refusal("catalog.shipped_unreadable", path=str(path), text=str(exc))) from exc
    return tables, citations, meta


def _merge(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``changes``; a field given a value stops being listed as unknown."""
    merged = {**base, **changes}
    if "unknown" not in changes:
        merged["unknown"] = tuple(
            f for f in base.get("unknown", ()) if f not in changes or changes[f] in (None, "", ())
        )
    return merged


class Catalog:
    def __init__(
        self,
        shipped: dict[str, dict[str, Any]],
        shipped_citations: dict[str, rec.Citation],
        meta: dict[str, str],
        overlay: UserOverlay | None,
    ) -> None:
        self._shipped = shipped
        self._shipped_citations = shipped_citations
        self._meta = meta
        self.overlay = overlay
        self._overlay_path: Path | None = None
        self._refresh()

    @classmethod
    def open(cls, shipped_db: Path | None = None, user_db: Path | None = None) -> Catalog:
        shipped, cits, meta = _read_shipped(Path(shipped_db) if shipped_db else paths.shipped_catalog_path())
        path = Path(user_db) if user_db else paths.user_catalog_path()
        # No user catalog yet: create it on the first edit, not at start-up.
        catalog = cls(shipped, cits, meta, UserOverlay(path) if path.exists() else None)
        catalog._overlay_path = path
        return catalog

    def close(self) -> None:
        """Release the user overlay's database connection."""
        if self.overlay is not None:
            self.overlay.close()

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _refresh(self) -> None:
        # Counts every change of the rows (user edits, imports): estimates cached against this catalog
        # are keyed on it, so an edit in the browser re-estimates instead of showing the old figures.
        self.revision = getattr(self, "revision", -1) + 1
        self._tables = {name: dict(rows) for name, rows in self._shipped.items()}
        self._sorted: dict[str, tuple[Any, ...]] = {}  # rows in id order, per table, until the next change
        self._derived: dict[str, Any] = {}  # see derived()
        self._citations = dict(self._shipped_citations)
        if self.overlay is not None:
            for name in TABLES:
                for r in self.overlay.rows(name):
                    self._tables[name][r.id] = r
            for c in self.overlay.citations():
                self._citations[c.id] = c

    # -- identity ------------------------------------------------------
    @property
    def version(self) -> str:
        return self._meta.get("catalog_version", "")

    @property
    def built(self) -> str:
        return self._meta.get("built", "")

    @property
    def schema_version(self) -> int:
        return int(self._meta.get("schema_version", "0"))

    @property
    def recovery(self) -> list[str]:
        return list(self.overlay.recovery) if self.overlay else []

    # -- generic access --------------------------------------------------
    def rows(self, table: str) -> list[Any]:
        """The table's rows in id order (a new list each call; sorted once per revision: an estimate reads
        the same tables dozens of times)."""
        cached = self._sorted.get(table)
        if cached is None:
            table_spec(table)
            rows = self._tables[table]
            cached = self._sorted[table] = tuple(rows[k] for k in sorted(rows))
        return list(cached)

    def derived(self, name: str, build: Callable[[Catalog], Any]) -> Any:
        """``build(self)``, computed once and kept until the rows change (an index the core reads on every
        estimate, such as availability by part). ``build`` must read only this catalog's rows."""
        if name not in self._derived:
            self._derived[name] = build(self)
        return self._derived[name]

    def forget_derived(self) -> None:
        """Drop the sorted rows and derived indexes (a copy whose rows were replaced; see catalog/pinned)."""
        self._sorted = {}
        self._derived = {}

    def row(self, table: str, rid: str) -> Any:
        table_spec(table)
        try:
            return self._tables[table][rid]
        except KeyError:
            if not str(rid).strip():  # a plan field left empty: "no row '' in catalog table models" said nothing
                raise CatalogError(refusal("catalog.no_id", table=table)) from None
            near = difflib.get_close_matches(str(rid)[:200], list(self._tables[table]), n=3, cutoff=0.5)
            names = "、".join(self.row_name(table, n) for n in near)
            hint = refusal("catalog.near", ids=", ".join(near), names=names) if near else ""
            raise CatalogError(refusal("catalog.no_row", id=one_line(str(rid), 100), table=table, near=hint)) from None

    def row_name(self, table: str, rid: str) -> str:
        """The row's name for a reader ("Qwen2.5 7B" for "qwen2.5-7b"); the id where the table lacks the row."""
        row = self._tables.get(table, {}).get(rid)
        return str(getattr(row, "name", "") or rid)

    def tables(self) -> dict[str, list[Any]]:
        return {name: self.rows(name) for name in TABLES}

    def citations(self) -> dict[str, rec.Citation]:
        return dict(sorted(self._citations.items()))

    def citation(self, cid: str) -> rec.Citation:
        try:
            return self._citations[cid]
        except KeyError:
            near = difflib.get_close_matches(cid, list(self._citations), n=3, cutoff=0.5)
            hint = refusal("edit.citation_near", ids=", ".join(near)) if near else ""
            raise CatalogError(refusal("edit.no_citation", id=cid, near=hint)) from None

    # -- typed access ----------------------------------------------------
    def accelerators(self) -> list[rec.Accelerator]: return self.rows("accelerators")
    def accelerator(self, rid: str) -> rec.Accelerator: return cast("rec.Accelerator", self.row("accelerators", rid))
    def models(self) -> list[rec.ModelArch]: return self.rows("models")
    def model(self, rid: str) -> rec.ModelArch: return cast("rec.ModelArch", self.row("models", rid))
    def servers(self) -> list[rec.Server]: return self.rows("servers")
    def server(self, rid: str) -> rec.Server: return cast("rec.Server", self.row("servers", rid))
    def interconnects(self) -> list[rec.Interconnect]: return self.rows("interconnects")
    def interconnect(self, rid: str) -> rec.Interconnect: return cast("rec.Interconnect", self.row("interconnects", rid))
    def switches(self) -> list[rec.Switch]: return self.rows("switches")
    def switch(self, rid: str) -> rec.Switch: return cast("rec.Switch", self.row("switches", rid))
    def nics(self) -> list[rec.Nic]: return self.rows("nics")
    def nic(self, rid: str) -> rec.Nic: return cast("rec.Nic", self.row("nics", rid))
    def storage_options(self) -> list[rec.StorageOption]: return self.rows("storage_options")
    def storage_option(self, rid: str) -> rec.StorageOption: return cast("rec.StorageOption", self.row("storage_options", rid))
    def cloud_offers(self) -> list[rec.CloudOffer]: return self.rows("cloud_offers")
    def cloud_offer(self, rid: str) -> rec.CloudOffer: return cast("rec.CloudOffer", self.row("cloud_offers", rid))
    def facility_defaults(self) -> list[rec.FacilityDefault]: return self.rows("facility_defaults")

    def facility_default(self, kind: str, region: str) -> rec.FacilityDefault:
        """The first row (in id order) of ``kind`` for ``region``, through an index kept per revision (every
        estimate and every priced configuration reads four of them)."""
        found = cast("dict[tuple[str, str], rec.FacilityDefault]",
                     self.derived("facility_defaults.by_kind_region", _facility_index)).get((kind, region))
        if found is None:
            regions = sorted({f.region for f in self.facility_defaults() if f.kind == kind})
            raise CatalogError(refusal("catalog.no_facility_default", kind=kind, region=region,
                                       regions=", ".join(regions) or "none"))
        return found

    # -- user overlay edits ----------------------------------------------
    def _require_overlay(self) -> UserOverlay:
        if self.overlay is None and self._overlay_path is not None:
            self.overlay = UserOverlay(self._overlay_path)
        if self.overlay is None:
            raise CatalogError(refusal("edit.no_overlay"))
        return self.overlay

    def check_user_rows(
        self, rows: Mapping[str, Sequence[Any]], citations: Sequence[rec.Citation] = ()
    ) -> list[Problem]:
        """Problems the given rows would have once stored (no change is made)."""
        cit_ids = set(self._citations) | {c.id for c in citations}
        merged = {name: dict(v) for name, v in self._tables.items()}
        problems: list[Problem] = []
        for table, records in rows.items():
            table_spec(table)
            for r in records:
                problems.extend(check_record(table, r, cit_ids))
                merged[table][r.id] = r
        changed = {(t, r.id) for t, records in rows.items() for r in records}
        problems.extend(
            p for p in cross_check({t: list(v.values()) for t, v in merged.items()}) if (p.table, p.row) in changed
        )
        return problems

    def apply_user_rows(
        self, rows: Mapping[str, Sequence[Any]], citations: Sequence[rec.Citation] = ()
    ) -> None:
        """Validate and store rows (all or nothing) in the overlay."""
        overlay = self._require_overlay()
        problems = self.check_user_rows(rows, citations)
        if problems:
            raise CatalogValidationError(problems, "the change was not saved")
        overlay.write({t: [replace(r, provenance=replace(r.provenance, user_row=True)) for r in v]
                       for t, v in rows.items()}, citations)
        self._refresh()

    def add_row(self, table: str, data: Mapping[str, Any] | Any) -> Any:
        record = self._as_record(table, data)
        if record.id in self._tables[table]:
            raise CatalogError(refusal("edit.row_exists", table=table, id=record.id))
        self.apply_user_rows({table: [record]})
        return self.row(table, record.id)

    def edit_row(self, table: str, rid: str, changes: Mapping[str, Any]) -> Any:
        base = record_as_mapping(self.row(table, rid))
        if "id" in changes and changes["id"] != rid:
            raise CatalogError(refusal("edit.id_fixed"))
        record = self._as_record(table, _merge(base, changes))
        self.apply_user_rows({table: [record]})
        return self.row(table, rid)

    def duplicate_row(self, table: str, rid: str, new_id: str, changes: Mapping[str, Any] | None = None) -> Any:
        base = record_as_mapping(self.row(table, rid))
        return self.add_row(table, {**_merge(base, changes or {}), "id": new_id})

    def delete_row(self, table: str, rid: str) -> None:
        overlay = self._require_overlay()
        self.row(table, rid)
        if not overlay.has(table, rid):
            raise CatalogError(refusal("edit.shipped_row", table=table, id=rid))
        overlay.write({}, (), [(table, rid)])
        self._refresh()

    def add_citation(self, citation: rec.Citation) -> None:
        from gpudesk.catalog.intake import citation_from_mapping
        from gpudesk.catalog.schema import citation_to_row

        checked, problems = citation_from_mapping(citation_to_row(citation), citation.id)
        if problems or checked is None:
            raise CatalogValidationError(problems, "the citation was not saved")
        self._require_overlay().write({}, [checked])
        self._refresh()

    def _as_record(self, table: str, data: Mapping[str, Any] | Any) -> Any:
        spec = table_spec(table)
        if isinstance(data, spec.record_type):
            return data
        if not isinstance(data, Mapping):
            raise CatalogError(refusal("edit.not_a_row", text=spec.record_type.__name__))
        record, problems = record_from_mapping(table, data, str(data.get("id", "new row")), user_row=True)
        if problems:
            raise CatalogValidationError(problems, "the change was not saved")
        return record


def _facility_index(catalog: Catalog) -> dict[tuple[str, str], rec.FacilityDefault]:
    """Facility defaults by (kind, region), the first in id order where several match."""
    index: dict[tuple[str, str], rec.FacilityDefault] = {}
    for row in catalog.facility_defaults():
        index.setdefault((row.kind, row.region), row)
    return index
