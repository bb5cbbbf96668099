"""Why a catalog row is refused, in Chinese: every rule a row, an edit or a CSV import breaks is keyed, and its
Chinese wording (the zh catalog browser's row form, import report and source dialog) reads as Chinese, with the
fields by their names, not their codes, and no English sentence.

The sweep builds rows that break each check of ``catalog/validate.py`` and ``field_rules.py``, CSV files that break
each rule of ``csv_io.py``, and edits the store refuses (an existing id, a changed id, a shipped row deleted)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from gpudesk.catalog import records as rec
from gpudesk.catalog.csv_io import parse_csv
from gpudesk.catalog.errors import CatalogError, CatalogImportError, Problem
from gpudesk.catalog.field_rules import FACILITY_RULES, RULES
from gpudesk.catalog.intake import citation_from_mapping, record_from_mapping
from gpudesk.catalog.schema import TABLES, field_kinds, table_spec
from gpudesk.catalog.validate import check_record, cross_check, validate_tables
from gpudesk.refusals import ENGLISH
from gpudesk.report.refusal_text import catalog_problem_cells, refusal_text
from gpudesk.vocabulary.catalog_fields import CATALOG_FIELD

CJK = re.compile(r"[\u3400-\u9fff]")
ENGLISH_WORDS = re.compile(r"\b[a-z]{3,} [a-z]{3,}\b")
"""Two English words in a row: an English sentence left in a Chinese line (codes a user types stand alone)."""
QUOTED = re.compile(r"“[^”]*”|'[^']*'|（可填：[^）]*）")
"""What may stay Latin: the user's own text, quoted, and the codes a field accepts (what the user types)."""

ACCELERATOR = {"id": "acme-x1", "name": "Acme X1", "vendor": "nvidia", "family": "nvidia-hopper", "memory_gb": 80,
               "memory_type": "HBM3", "mem_bw_gbs": 3350, "bf16_tflops": 989, "tdp_w": 700, "form_factor": "SXM",
               "source": "nvidia-h100-datasheet", "date": "2025-01-01"}


def _record(table: str, **changes: Any) -> Any:
    record, problems = record_from_mapping(table, changes, "x", user_row=True)
    assert record is not None, problems
    return record


def _bad_rows() -> list[Problem]:
    acc = _record("accelerators", **ACCELERATOR)
    prov = acc.provenance
    cits = {"nvidia-h100-datasheet"}
    rows: list[tuple[str, Any]] = [
        ("accelerators", replace(acc, id="Bad Id", name=" ", memory_gb=5000, vendor="nvida", memory_type="hbm9",
                                 scaleup_domain=8, scaleup_link="", scaleup_topology="full-mesh", scaleup_links=None,
                                 provenance=replace(prov, source="", date="2025-13-01"))),
        ("accelerators", replace(acc, mem_bw_gbs=900, scaleup_domain=4, scaleup_links=5, usable_memory_mib=40_000,
                                 provenance=replace(prov, source="nowhere", date="soon",
                                                    field_sources={"tdp_w": "nowhere", "zz": "nvidia-h100-datasheet"},
                                                    unknown=("tdp_w", "zz")))),
    ]
    model = _record("models", id="m", name="M", kind="decoder", params_total=8e9, params_active=9e9, n_layers=2,
                    hidden=64, n_heads=4, n_kv_heads=8, vocab=-1, n_experts=4, experts_per_token=0, n_sliding_layers=3,
                    attention="mla", source="nvidia-h100-datasheet", date="2025-01-01")
    rows.append(("models", model))
    problems = [p for table, r in rows for p in check_record(table, r, cits)]
    server = _record("servers", id="s", name="S", vendor="v", accelerator_id="acme-x1", gpus=8, power_idle_kw=5,
                     power_typical_kw=3, power_max_kw=4, cooling="air", liquid_heat_share=0.5,
                     source="nvidia-h100-datasheet", date="2025-01-01")
    offer = _record("cloud_offers", id="o", provider="p", instance="i", kind="cpu-vm", gpus=2,
                    accelerator_id="nope", source="nvidia-h100-datasheet", date="2025-01-01")
    problems += check_record("servers", server, cits) + check_record("cloud_offers", offer, cits)
    problems += cross_check({"accelerators": [acc], "servers": [server, replace(server, accelerator_id="nope")],
                             "cloud_offers": [offer]})
    citation = rec.Citation(id="Bad Id", title="t", accessed="later")
    problems += validate_tables({"accelerators": [acc, acc]}, {"Bad Id": citation})
    problems += citation_from_mapping({"title": "", "kind": "Q", "zz": 1}, "new")[1]
    return problems


def _csv_problems() -> list[Problem]:
    head = ",".join(ACCELERATOR)
    row = ",".join(str(v) for v in ACCELERATOR.values())
    files = [b"", b"\x00", b"id,zz,id\n", head.encode() + b"\n" + row.encode() + b",9\n",
             (head + "\n" + row + "\n" + row + "\n").encode(), "名称\n".encode("gb18030"), b'id\n"a']
    found: list[Problem] = []
    for data in files:
        with pytest.raises(CatalogImportError) as caught:
            parse_csv("accelerators", data)
        found += caught.value.problems
    with pytest.raises(CatalogImportError) as caught:
        parse_csv("accelerators", b"id\n", encoding="no-such-encoding")
    return found + caught.value.problems


def _assert_chinese(problems: list[Problem]) -> set[str]:
    keys = set()
    for p in problems:
        assert p.keyed is not None, ("a reason with no key", str(p))
        keys.add(p.keyed.key)
        table, row, field, reason = catalog_problem_cells(p, "zh", file_column=True)
        assert CJK.search(reason), (p.keyed.key, reason)
        assert not ENGLISH_WORDS.search(QUOTED.sub("", reason)), (p.keyed.key, reason)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", QUOTED.sub("", reason)), (p.keyed.key, reason)  # no field code
        assert "line" not in row, row
        assert p.field not in CATALOG_FIELD or CJK.search(field), field  # else the user's own column, as written
        assert refusal_text(p.why, "en") == p.reason  # the English, as before
    return keys


def test_every_rule_a_catalog_row_breaks_reads_as_chinese():
    keys = _assert_chinese(_bad_rows())
    rule_keys = {k for k in ENGLISH if k.startswith("rule.") and k != "rule.why"}
    unreached = rule_keys - keys - {"rule.effective_date_form", "rule.rule_named", "rule.facility_unit",
                                    "rule.no_item", "rule.offer_gpus", "rule.offer_accelerator",
                                    "rule.dependents_unchecked", "rule.dependent_row"}  # the build's: test_typed_sources
    assert not unreached, sorted(unreached)


def test_every_csv_import_problem_reads_as_chinese():
    keys = _assert_chinese(_csv_problems())
    assert len({k for k in keys if k.startswith("csv.")}) >= 9, sorted(keys)


def test_refused_edits_read_as_chinese(tmp_path):
    from gpudesk.catalog.store import Catalog

    catalog = Catalog.open(user_db=tmp_path / "user.sqlite")
    shipped = catalog.accelerators()[0]
    for attempt in (lambda: catalog.add_row("accelerators", {**ACCELERATOR, "id": shipped.id}),
                    lambda: catalog.edit_row("accelerators", shipped.id, {"id": "other"}),
                    lambda: catalog.delete_row("accelerators", shipped.id),
                    lambda: catalog.citation("nvidia-h100-datasheeet")):
        with pytest.raises(CatalogError) as caught:
            attempt()
        assert caught.value.refusal is not None, str(caught.value)
        shown = refusal_text(caught.value.refusal, "zh")
        assert CJK.search(shown) and not ENGLISH_WORDS.search(QUOTED.sub("", shown)), shown


def test_every_catalog_field_and_range_reason_has_chinese():
    for table in TABLES:
        for name in field_kinds(table_spec(table).record_type):
            assert name in CATALOG_FIELD, (table, name)
    rules = [r for table in RULES.values() for r in table.values()] + list(FACILITY_RULES.values())
    assert all(CJK.search(r.why_zh) for r in rules if r.why), [r.why for r in rules if r.why and not r.why_zh]
