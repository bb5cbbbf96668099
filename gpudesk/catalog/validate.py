"""Data-quality checks for catalog rows, used by the build, the overlay, imports, tests and the CLI.

Per row: units and ranges (``field_rules``), id form, a cited source that
exists, an ISO date, field-level sources that exist, ``unknown`` naming
fields that really are empty. Across rows: unique ids, servers and cloud
offers naming accelerators that exist, GPU TDP x count within a server's
maximum power, memory bandwidth plausible for the memory type.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import date
from typing import Any

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import Problem, keyed_problem
from gpudesk.catalog.field_rules import FACILITY_RULES, FACILITY_UNITS, rule_for
from gpudesk.catalog.schema import field_kinds
from gpudesk.refusals import ListedReasons, Refusal, refusal

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._+-]{0,79}$")
DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}$")

# Per-device bandwidth a memory type can deliver, GB/s. Bounds come from the
# pin rates and bus widths of the standards as shipped: GDDR6 up to 20 Gb/s x
# 384 bit = 960 GB/s; GDDR6X 24 Gb/s x 384 bit = 1,152; GDDR7 32 Gb/s x 512 bit
# = 2,048; HBM2 ~2.4 Gb/s x 1024 bit x up to 6 stacks (A100: 1,555 on 5);
# HBM2e ~3.6 Gb/s x 8 stacks (Gaudi 3: 3,700); HBM3 6.4 Gb/s x 8 stacks
# (MI300X: 5,300); HBM3e ~9.6 Gb/s x 8 stacks (B200: 8,000).
MEMORY_BW_RANGE_GBS: dict[str, tuple[float, float]] = {
    "gddr6": (100, 1_100),
    "gddr6x": (400, 1_200),
    "gddr7": (400, 2_100),
    "hbm2": (250, 2_100),
    "hbm2e": (400, 4_000),
    "hbm3": (1_000, 6_600),
    "hbm3e": (2_000, 10_000),
    "lpddr5": (50, 700),  # LPDDR5 6.4 Gb/s x up to 768 bit (Cambricon MLU370-X8: 614.4 GB/s on two chips)
    "lpddr5x": (50, 600),
}

MIB = float(2**20)
# Driver total (MiB x 2^20) over marketed GB x 1e9. The published totals in the catalog run from 1.006 (T4:
# 15,360 MiB for 16 GB) to 1.074 (MI300X: 196,592 MiB for 192 GB); the lower bound leaves room for parts that
# carve memory out (ECC, firmware). A value entered in MB, GB or GiB instead of MiB lands far outside.
USABLE_TO_MARKETED_RANGE = (0.85, 1.15)


def check_record(table: str, record: Any, citation_ids: Collection[str]) -> list[Problem]:
    """Every problem with one row on its own (no cross-row checks)."""
    problems: list[Problem] = []
    rid = record.id

    def bad(field_name: str, reason: Refusal) -> None:
        problems.append(keyed_problem(table, rid, field_name, reason))

    if not ID_PATTERN.match(rid):
        bad("id", refusal("rule.id_form"))
    kinds = field_kinds(record.__class__)
    for name in kinds:
        rule = rule_for(table, name)
        if rule is None:
            continue
        reason = rule.check(getattr(record, name))
        if reason:
            bad(name, reason)
    if hasattr(record, "name") and not str(record.name).strip():
        bad("name", refusal("rule.name_required"))

    prov: rec.Provenance = record.provenance
    if not prov.source:
        bad("source", refusal("rule.source_required"))
    elif prov.source not in citation_ids:
        bad("source", refusal("rule.no_citation", id=prov.source))
    if not DATE_PATTERN.match(prov.date or ""):
        bad("date", refusal("rule.date_form"))
    else:
        try:
            date.fromisoformat(prov.date)
        except ValueError:
            bad("date", refusal("rule.not_a_date", text=prov.date))
    for field_name, cit in prov.field_sources.items():
        if field_name not in kinds:
            bad("field_sources", refusal("rule.not_a_field", column=field_name, table=table))
        if cit not in citation_ids:
            bad("field_sources", refusal("rule.field_citation", id=cit, column=field_name))
    for field_name in prov.unknown:
        if field_name not in kinds:
            bad("unknown", refusal("rule.not_a_field", column=field_name, table=table))
        elif not _is_unset(getattr(record, field_name), kinds[field_name]):
            bad("unknown", refusal("rule.unknown_has_value", column=field_name))

    problems.extend(_table_specific(table, record))
    return problems


def _is_unset(value: Any, kind: str) -> bool:
    """Empty for its kind: None/''/() always; 0 only for a non-optional number (its default)."""
    if value in (None, "", ()):
        return True
    return kind in ("int", "float") and value == 0


def _table_specific(table: str, r: Any) -> list[Problem]:
    out: list[Problem] = []

    def bad(field_name: str, reason: Refusal) -> None:
        out.append(keyed_problem(table, r.id, field_name, reason))

    if table == "accelerators":
        bw_range = MEMORY_BW_RANGE_GBS.get(r.memory_type.lower().replace(" ecc", "").strip())
        if bw_range is None:
            bad("memory_type", refusal("rule.memory_type", text=r.memory_type, choices=", ".join(MEMORY_BW_RANGE_GBS)))
        elif not bw_range[0] <= r.mem_bw_gbs <= bw_range[1]:
            bad("mem_bw_gbs", refusal("rule.memory_bw", value=r.mem_bw_gbs, text=r.memory_type, low=bw_range[0],
                                      high=bw_range[1]))
        if r.scaleup_domain > 1 and not r.scaleup_link:
            bad("scaleup_link", refusal("rule.scaleup_link"))
        if r.scaleup_topology == "full-mesh" and not r.scaleup_links:
            bad("scaleup_links", refusal("rule.full_mesh_links"))
        elif r.scaleup_links and r.scaleup_links >= max(r.scaleup_domain, 2):
            bad("scaleup_links", refusal("rule.too_many_links", links=r.scaleup_links, domain=r.scaleup_domain))
        mib_rule = rule_for(table, "usable_memory_mib")
        in_range = mib_rule is None or mib_rule.check(r.usable_memory_mib) is None  # else the range rule said it
        if r.usable_memory_mib is not None and r.memory_gb and in_range:
            ratio = r.usable_memory_mib * MIB / (r.memory_gb * 1e9)
            if not USABLE_TO_MARKETED_RANGE[0] <= ratio <= USABLE_TO_MARKETED_RANGE[1]:
                bad("usable_memory_mib", refusal("rule.usable_memory", mib=r.usable_memory_mib, ratio=ratio,
                                                 gb=r.memory_gb, low=USABLE_TO_MARKETED_RANGE[0],
                                                 high=USABLE_TO_MARKETED_RANGE[1]))
    elif table == "models":
        if r.params_active is not None and r.params_active > r.params_total:
            bad("params_active", refusal("rule.active_params"))
        if r.n_kv_heads > r.n_heads:
            bad("n_kv_heads", refusal("rule.kv_heads"))
        if r.n_experts and not 0 < r.experts_per_token <= r.n_experts:
            bad("experts_per_token", refusal("rule.experts_per_token"))
        if r.n_sliding_layers > r.n_layers:
            bad("n_sliding_layers", refusal("rule.sliding_layers"))
        if r.n_sliding_layers and r.sliding_window is None:
            bad("sliding_window", refusal("rule.sliding_window"))
        if r.attention == "mla" and not (r.mla_kv_lora_rank and r.mla_rope_dim):
            bad("mla_kv_lora_rank", refusal("rule.mla"))
        if r.kind in ("decoder", "encoder", "encoder-decoder") and not (r.n_layers and r.hidden and r.head_dim):
            bad("head_dim", refusal("rule.transformer_shape"))
    elif table == "servers":
        powers = [p for p in (r.power_idle_kw, r.power_typical_kw, r.power_max_kw) if p is not None]
        if powers != sorted(powers):
            bad("power_typical_kw", refusal("rule.power_order"))
        if r.cooling == "air" and r.liquid_heat_share > 0:
            bad("liquid_heat_share", refusal("rule.air_liquid"))
    elif table == "cloud_offers":
        if r.kind == "cpu-vm" and (r.gpus or r.accelerator_id):
            bad("gpus", refusal("rule.cpu_vm_gpus"))
        if r.kind != "cpu-vm" and not r.accelerator_id:
            bad("accelerator_id", refusal("rule.offer_accelerator"))
        if r.kind != "cpu-vm" and r.gpus < 1:
            bad("gpus", refusal("rule.offer_gpus"))
    elif table == "availability":
        if r.effective and not DATE_PATTERN.match(r.effective):
            bad("effective", refusal("rule.effective_date_form"))
        if not r.rule.strip():
            bad("rule", refusal("rule.rule_named"))
    elif table == "facility_defaults":
        rule = FACILITY_RULES.get(r.kind)
        if rule is not None:
            reason = rule.check(r.value)
            if reason:
                bad("value", reason)
            if r.unit not in FACILITY_UNITS[r.kind]:
                bad("unit", refusal("rule.facility_unit", text=r.unit, kind=r.kind, units=", ".join(FACILITY_UNITS[r.kind])))
    return out


def check_unique(table: str, ids: Iterable[str]) -> list[Problem]:
    seen: set[str] = set()
    out: list[Problem] = []
    for rid in ids:
        if rid in seen:
            out.append(keyed_problem(table, rid, "id", refusal("rule.duplicate_id")))
        seen.add(rid)
    return out


MAX_DEPENDENTS_NAMED = 6  # the rows named in the one line that stands for every row referring to a refused row


class _References:
    """The cross-table problems, with a reference to a row that was itself refused (its own problems already said
    why) gathered under that row: one line naming the rows that refer to it, instead of a line for each."""

    def __init__(self, refused: Mapping[str, Collection[str]]) -> None:
        self.refused = refused
        self.out: list[Problem] = []
        self.dependents: dict[tuple[str, str], list[Refusal]] = {}

    def missing(self, table: str, row: str, column: str, target: str, target_id: str, reason: Refusal) -> None:
        if target_id in self.refused.get(target, ()):
            self.dependents.setdefault((target, target_id), []).append(refusal("rule.dependent_row", table=table,
                                                                                  id=row))
        else:
            self.out.append(keyed_problem(table, row, column, reason))

    def problems(self) -> list[Problem]:
        for (target, target_id), rows in self.dependents.items():
            named = ListedReasons(tuple(rows[:MAX_DEPENDENTS_NAMED]))
            more = refusal("plan.more_problems", count=len(rows) - MAX_DEPENDENTS_NAMED) \
                if len(rows) > MAX_DEPENDENTS_NAMED else ""
            self.out.append(keyed_problem(target, target_id, "", refusal(
                "rule.dependents_unchecked", count=len(rows), rows=named, more=more)))
        return self.out


def cross_check(tables: Mapping[str, Sequence[Any]],
                refused: Mapping[str, Collection[str]] | None = None) -> list[Problem]:
    """Checks between tables: references resolve, servers can power their GPUs. ``refused``: table -> ids of rows
    that were refused before they became records (a quoted number, a missing field); the rows referring to one are
    summarised on one line under it rather than each reported as naming a row that does not exist."""
    refs = _References(refused or {})
    out = refs.out
    accelerators = {a.id: a for a in tables.get("accelerators", ())}
    for s in tables.get("servers", ()):
        acc = accelerators.get(s.accelerator_id)
        if acc is None:
            refs.missing("servers", s.id, "accelerator_id", "accelerators", s.accelerator_id,
                         refusal("rule.no_accelerator", id=s.accelerator_id))
        elif acc.tdp_w is not None and s.power_max_kw is not None and acc.tdp_w * s.gpus > s.power_max_kw * 1000:
            out.append(keyed_problem("servers", s.id, "power_max_kw", refusal(
                "rule.server_power", gpus=s.gpus, tdp=acc.tdp_w, total=acc.tdp_w * s.gpus / 1000,
                most=s.power_max_kw)))
    for o in tables.get("cloud_offers", ()):
        if o.accelerator_id and o.accelerator_id not in accelerators:
            refs.missing("cloud_offers", o.id, "accelerator_id", "accelerators", o.accelerator_id,
                         refusal("rule.no_accelerator", id=o.accelerator_id))
    ids = {name: {r.id for r in tables.get(name, ())} for name in ("accelerators", "servers")}
    for a in tables.get("availability", ()):
        if a.item_table in ids and a.item_id not in ids[a.item_table]:
            refs.missing("availability", a.id, "item_id", a.item_table, a.item_id,
                         refusal("rule.no_item", table=a.item_table, id=a.item_id))
    return refs.problems()


def validate_tables(
    tables: Mapping[str, Sequence[Any]], citations: Mapping[str, rec.Citation],
    refused: Mapping[str, Collection[str]] | None = None,
) -> list[Problem]:
    """All row, uniqueness and cross-table problems of a whole catalog (``refused``: see :func:`cross_check`)."""
    problems: list[Problem] = []
    for cid, c in citations.items():
        if not ID_PATTERN.match(cid):
            problems.append(keyed_problem("citations", cid, "id", refusal("rule.citation_id_form")))
        if c.accessed and not DATE_PATTERN.match(c.accessed):
            problems.append(keyed_problem("citations", cid, "accessed", refusal("rule.access_date_form")))
    for table, rows in tables.items():
        problems.extend(check_unique(table, (r.id for r in rows)))
        for r in rows:
            problems.extend(check_record(table, r, citations))
    problems.extend(cross_check(tables, refused))
    return problems
