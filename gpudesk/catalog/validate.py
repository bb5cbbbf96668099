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
from gpudesk.catalog.errors import Problem
from gpudesk.catalog.field_rules import FACILITY_RULES, FACILITY_UNITS, rule_for
from gpudesk.catalog.schema import field_kinds

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

    def bad(field_name: str, reason: str) -> None:
        problems.append(Problem(table, rid, field_name, reason))

    if not ID_PATTERN.match(rid):
        bad("id", "use lower-case letters, digits and . _ + - (at most 80 characters)")
    kinds = field_kinds(record.__class__)
    for name in kinds:
        rule = rule_for(table, name)
        if rule is None:
            continue
        reason = rule.check(getattr(record, name))
        if reason:
            bad(name, reason)
    if hasattr(record, "name") and not str(record.name).strip():
        bad("name", "a name is required")

    prov: rec.Provenance = record.provenance
    if not prov.source:
        bad("source", "every row needs a source citation")
    elif prov.source not in citation_ids:
        bad("source", f"citation '{prov.source}' is not defined")
    if not DATE_PATTERN.match(prov.date or ""):
        bad("date", "give the date the values were taken as YYYY-MM-DD")
    else:
        try:
            date.fromisoformat(prov.date)
        except ValueError:
            bad("date", f"'{prov.date}' is not a calendar date")
    for field_name, cit in prov.field_sources.items():
        if field_name not in kinds:
            bad("field_sources", f"'{field_name}' is not a field of {table}")
        if cit not in citation_ids:
            bad("field_sources", f"citation '{cit}' for {field_name} is not defined")
    for field_name in prov.unknown:
        if field_name not in kinds:
            bad("unknown", f"'{field_name}' is not a field of {table}")
        elif not _is_unset(getattr(record, field_name), kinds[field_name]):
            bad("unknown", f"'{field_name}' is listed as unknown but has a value")

    problems.extend(_table_specific(table, record))
    return problems


def _is_unset(value: Any, kind: str) -> bool:
    """Empty for its kind: None/''/() always; 0 only for a non-optional number (its default)."""
    if value in (None, "", ()):
        return True
    return kind in ("int", "float") and value == 0


def _table_specific(table: str, r: Any) -> list[Problem]:
    out: list[Problem] = []

    def bad(field_name: str, reason: str) -> None:
        out.append(Problem(table, r.id, field_name, reason))

    if table == "accelerators":
        bw_range = MEMORY_BW_RANGE_GBS.get(r.memory_type.lower().replace(" ecc", "").strip())
        if bw_range is None:
            bad("memory_type", f"unknown memory type '{r.memory_type}' ({', '.join(MEMORY_BW_RANGE_GBS)})")
        elif not bw_range[0] <= r.mem_bw_gbs <= bw_range[1]:
            bad("mem_bw_gbs", f"{r.mem_bw_gbs:g} GB/s is implausible for {r.memory_type} "
                f"({bw_range[0]:g}–{bw_range[1]:g} GB/s per device)")
        if r.scaleup_domain > 1 and not r.scaleup_link:
            bad("scaleup_link", "a scale-up domain above 1 needs the link named")
        if r.scaleup_topology == "full-mesh" and not r.scaleup_links:
            bad("scaleup_links", "a full-mesh scale-up link needs its peer links per GPU (e.g. 7 on an 8-GPU board)")
        elif r.scaleup_links and r.scaleup_links >= max(r.scaleup_domain, 2):
            bad("scaleup_links", f"{r.scaleup_links} peer links cannot exceed the {r.scaleup_domain} - 1 peers of "
                "the scale-up domain")
        mib_rule = rule_for(table, "usable_memory_mib")
        in_range = mib_rule is None or mib_rule.check(r.usable_memory_mib) is None  # else the range rule said it
        if r.usable_memory_mib is not None and r.memory_gb and in_range:
            ratio = r.usable_memory_mib * MIB / (r.memory_gb * 1e9)
            if not USABLE_TO_MARKETED_RANGE[0] <= ratio <= USABLE_TO_MARKETED_RANGE[1]:
                bad("usable_memory_mib", f"{r.usable_memory_mib:,.0f} MiB is {ratio:.2f}x the marketed "
                    f"{r.memory_gb:g} GB; a driver total is {USABLE_TO_MARKETED_RANGE[0]:g}–"
                    f"{USABLE_TO_MARKETED_RANGE[1]:g}x it (give MiB as nvidia-smi / rocm-smi report them)")
    elif table == "models":
        if r.params_active is not None and r.params_active > r.params_total:
            bad("params_active", "active parameters exceed the total")
        if r.n_kv_heads > r.n_heads:
            bad("n_kv_heads", "more KV heads than attention heads")
        if r.n_experts and not 0 < r.experts_per_token <= r.n_experts:
            bad("experts_per_token", "must be between 1 and n_experts for an MoE model")
        if r.n_sliding_layers > r.n_layers:
            bad("n_sliding_layers", "more sliding-window layers than layers")
        if r.n_sliding_layers and r.sliding_window is None:
            bad("sliding_window", "sliding layers need the window size")
        if r.attention == "mla" and not (r.mla_kv_lora_rank and r.mla_rope_dim):
            bad("mla_kv_lora_rank", "MLA attention needs kv_lora_rank and rope dim")
        if r.kind in ("decoder", "encoder", "encoder-decoder") and not (r.n_layers and r.hidden and r.head_dim):
            bad("head_dim", "transformer models need n_layers, hidden and an explicit head_dim")
    elif table == "servers":
        powers = [p for p in (r.power_idle_kw, r.power_typical_kw, r.power_max_kw) if p is not None]
        if powers != sorted(powers):
            bad("power_typical_kw", "power must rise from idle to typical to max")
        if r.cooling == "air" and r.liquid_heat_share > 0:
            bad("liquid_heat_share", "an air-cooled system sends no heat to liquid")
    elif table == "cloud_offers":
        if r.kind == "cpu-vm" and (r.gpus or r.accelerator_id):
            bad("gpus", "a CPU-only VM has no GPUs")
        if r.kind != "cpu-vm" and not r.accelerator_id:
            bad("accelerator_id", "a GPU offer names its accelerator")
        if r.kind != "cpu-vm" and r.gpus < 1:
            bad("gpus", "a GPU offer rents at least one GPU")
    elif table == "availability":
        if r.effective and not DATE_PATTERN.match(r.effective):
            bad("effective", "give the date the rule took effect as YYYY-MM-DD")
        if not r.rule.strip():
            bad("rule", "name the rule or announcement the status rests on")
    elif table == "facility_defaults":
        rule = FACILITY_RULES.get(r.kind)
        if rule is not None:
            reason = rule.check(r.value)
            if reason:
                bad("value", reason)
            if r.unit not in FACILITY_UNITS[r.kind]:
                bad("unit", f"'{r.unit}' is not a unit for {r.kind} ({', '.join(FACILITY_UNITS[r.kind])})")
    return out


def check_unique(table: str, ids: Iterable[str]) -> list[Problem]:
    seen: set[str] = set()
    out: list[Problem] = []
    for rid in ids:
        if rid in seen:
            out.append(Problem(table, rid, "id", "duplicate id"))
        seen.add(rid)
    return out


def cross_check(tables: Mapping[str, Sequence[Any]]) -> list[Problem]:
    """Checks between tables: references resolve, servers can power their GPUs."""
    out: list[Problem] = []
    accelerators = {a.id: a for a in tables.get("accelerators", ())}
    for s in tables.get("servers", ()):
        acc = accelerators.get(s.accelerator_id)
        if acc is None:
            out.append(Problem("servers", s.id, "accelerator_id", f"accelerator '{s.accelerator_id}' does not exist"))
        elif acc.tdp_w is not None and s.power_max_kw is not None and acc.tdp_w * s.gpus > s.power_max_kw * 1000:
            out.append(Problem(
                "servers", s.id, "power_max_kw",
                f"{s.gpus} x {acc.tdp_w:g} W GPU TDP = {acc.tdp_w * s.gpus / 1000:.1f} kW exceeds the "
                f"server maximum of {s.power_max_kw:g} kW",
            ))
    for o in tables.get("cloud_offers", ()):
        if o.accelerator_id and o.accelerator_id not in accelerators:
            out.append(Problem("cloud_offers", o.id, "accelerator_id", f"accelerator '{o.accelerator_id}' does not exist"))
    ids = {name: {r.id for r in tables.get(name, ())} for name in ("accelerators", "servers")}
    for a in tables.get("availability", ()):
        if a.item_table in ids and a.item_id not in ids[a.item_table]:
            out.append(Problem("availability", a.id, "item_id", f"{a.item_table} has no row '{a.item_id}'"))
    return out


def validate_tables(
    tables: Mapping[str, Sequence[Any]], citations: Mapping[str, rec.Citation]
) -> list[Problem]:
    """All row, uniqueness and cross-table problems of a whole catalog."""
    problems: list[Problem] = []
    for cid, c in citations.items():
        if not ID_PATTERN.match(cid):
            problems.append(Problem("citations", cid, "id", "use lower-case letters, digits and . _ + -"))
        if c.accessed and not DATE_PATTERN.match(c.accessed):
            problems.append(Problem("citations", cid, "accessed", "give the access date as YYYY-MM-DD"))
    for table, rows in tables.items():
        problems.extend(check_unique(table, (r.id for r in rows)))
        for r in rows:
            problems.extend(check_record(table, r, citations))
    problems.extend(cross_check(tables))
    return problems
