"""Format versions: every migration step on a stored fixture; newer plans refused untouched."""

from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path

import pytest

from gpudesk.project.errors import NewerSchemaError, ProjectValidationError
from gpudesk.project.io import load_project
from gpudesk.project.migrations import MIGRATIONS, migrate
from gpudesk.project.model import SCHEMA_VERSION

FIXTURES = Path(__file__).parent / "fixtures"


def _fixture(name: str):
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def test_every_version_step_has_a_migration_and_a_stored_fixture():
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION))
    for version in MIGRATIONS:
        sample = FIXTURES / f"v{version}_sample.gpudesk"
        assert sample.is_file(), f"migration {version}->{version + 1} needs the fixture {sample.name}"
        assert _fixture(sample.name)["schema_version"] == version


def test_v1_step_builds_the_phased_layout():
    v1 = _fixture("v1_sample.gpudesk")
    before = copy.deepcopy(v1)
    v2 = MIGRATIONS[1](v1)
    assert v2 == _fixture("v1_expected_v2.json")
    assert v1 == before, "a migration must not modify its input"


def test_migrate_reports_the_original_version():
    current, migrated_from = migrate(_fixture("v1_sample.gpudesk"))
    assert migrated_from == 1 and current["schema_version"] == SCHEMA_VERSION
    data = {"schema_version": SCHEMA_VERSION}
    assert migrate(data) == (data, None)


def test_loading_the_v1_file_gives_a_phased_project():
    path = FIXTURES / "v1_sample.gpudesk"
    before = path.read_bytes()
    loaded = load_project(path)
    assert path.read_bytes() == before
    assert loaded.migrated_from == 1
    assert any("format 1" in w for w in loaded.warnings)
    project = loaded.project
    assert project.schema_version == SCHEMA_VERSION
    assert project.meta.name == "智算中心一期 — 推理集群"
    assert len(project.phases) == 1
    phase = project.phases[0]
    assert [w.kind for w in phase.workloads] == ["llm_inference"]
    assert phase.workloads[0].parallel.tp == 4 and phase.workloads[0].kv_dtype == "fp8"
    assert phase.hardware.candidates == ["h20", "l20", "910b"]
    assert phase.delivery.utilisation.hours_per_day == 18.0
    assert phase.costs.currency == "CNY" and phase.costs.gpu_price_override == 110000.0
    assert project.calibration.measurements == [] and project.revisions == []


def test_bad_v1_content_is_reported_with_current_paths(tmp_path):
    data = _fixture("v1_sample.gpudesk")
    data["workload"]["seq_len"] = 0
    path = tmp_path / "old.gpudesk"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ProjectValidationError) as info:
        load_project(path)
    [(path, reason)] = info.value.problems
    assert path == "phases[0].workloads[0].seq_len" and reason.startswith("0 is below the minimum 1 (tokens)")
    assert "converted from format 1" in str(info.value)


@pytest.mark.parametrize("version", [SCHEMA_VERSION + 1, 7, 10**6])
def test_newer_plan_is_refused_and_left_byte_identical(tmp_path, version):
    path = tmp_path / "future.gpudesk"
    raw = json.dumps({"schema_version": version, "phases": "a future layout", "hologram": {}}).encode()
    path.write_bytes(raw)
    stamp = os.stat(path).st_mtime_ns
    with pytest.raises(NewerSchemaError) as info:
        load_project(path)
    assert str(info.value) == (
        f"this plan was saved by a newer gpudesk (schema {version}); this version reads up to {SCHEMA_VERSION}"
    )
    assert path.read_bytes() == raw and os.stat(path).st_mtime_ns == stamp
    assert sorted(p.name for p in tmp_path.iterdir()) == ["future.gpudesk"]


def test_plan_without_a_version_is_refused(tmp_path):
    path = tmp_path / "noversion.gpudesk"
    path.write_text('{"meta": {}}', encoding="utf-8")
    with pytest.raises(ProjectValidationError, match="schema_version: missing"):
        load_project(path)


def test_v2_step_names_the_batching_mode_and_the_pipeline_schedule():
    v2 = _fixture("v2_sample.gpudesk")
    before = copy.deepcopy(v2)
    v3 = MIGRATIONS[2](v2)
    assert v3 == _fixture("v2_expected_v3.json")
    assert v2 == before, "a migration must not modify its input"
    serving, training = v3["phases"][0]["workloads"]
    assert serving["batching"] == "disaggregated" and "disaggregated" not in serving
    assert serving["parallel"]["pipeline_schedule"] == "interleaved"  # virtual_stages 4
    assert training["batching"] == "continuous" and training["parallel"]["pipeline_schedule"] == "1f1b"


def test_loading_the_v2_file_keeps_what_it_says():
    loaded = load_project(FIXTURES / "v2_sample.gpudesk")
    assert loaded.migrated_from == 2
    serving, training = loaded.project.phases[0].workloads
    assert serving.batching == "disaggregated" and serving.parallel.pipeline_schedule == "interleaved"
    assert serving.parallel.virtual_stages == 4
    assert training.parallel.pipeline_schedule == "1f1b" and training.parallel.tp == 8


def test_v3_step_states_the_quotation_lines_a_format_3_plan_was_quoted_without():
    v3 = _fixture("v3_sample.gpudesk")
    before = copy.deepcopy(v3)
    v4 = MIGRATIONS[3](v3)
    assert v3 == before, "a migration must not modify its input"
    assert v4["schema_version"] == 4
    for phase in v4["phases"]:
        costs = phase["costs"]
        assert costs["vat_goods_pct"] == costs["vat_services_pct"] == 0.0  # no tax line: its totals stay
        assert costs["installation_per_server"] == -1.0 and costs["licence"] == "none"
        assert costs["services_once"] == 0.0 and costs["licence_per_unit_year"] == 0.0
    broken = {"schema_version": 3, "phases": [7, {"costs": "x"}, {}]}
    assert MIGRATIONS[3](broken)["phases"] == [7, {"costs": "x"}, {"costs": dict(
        vat_goods_pct=0.0, vat_services_pct=0.0, installation_per_server=-1.0, services_once=0.0, licence="none",
        licence_per_unit_year=0.0)}]  # what validation must name is left for it


def test_an_older_china_plan_keeps_its_totals_after_loading():
    """The manufacturer's plan (CNY, China) saved in format 3: no VAT line appears, so its totals do not move."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.results.pipeline import estimate_plan

    loaded = load_project(FIXTURES / "v3_sample.gpudesk")
    assert loaded.migrated_from == 3
    plan = estimate_plan(loaded.project, Catalog.open())
    assert not [line for p in plan.phases for line in p.ledger.lines if line.category == "tax"]


def test_v4_step_holds_the_p99_target_at_the_p99_percentile():
    v4 = _fixture("v4_sample.gpudesk")
    before = copy.deepcopy(v4)
    v5 = MIGRATIONS[4](v4)
    assert v5 == _fixture("v4_expected_v5.json")
    assert v4 == before, "a migration must not modify its input"
    serving = v5["phases"][0]["workloads"][0]
    assert "ttft_p99_ms" not in serving
    assert serving["ttft_ms"] == v4["phases"][0]["workloads"][0]["ttft_p99_ms"] == 2500
    assert serving["latency_percentile"] == "p99" and serving["ttft_p50_ms"] == 800
    assert serving["concurrency"] == 256  # the stated value, now the engine's maximum batch
    assert serving["batching"] == "disaggregated"  # format 3's own step is kept through format 4


def test_v4_workload_without_targets_keeps_the_former_defaults():
    v5 = MIGRATIONS[4]({"schema_version": 4, "phases": [{"workloads": [{"kind": "llm_inference"}]}]})
    w = v5["phases"][0]["workloads"][0]
    assert (w["ttft_ms"], w["ttft_p50_ms"], w["concurrency"], w["latency_percentile"]) == (3000.0, 1000.0, 32, "p99")


def test_a_v2_plan_migrates_through_every_step():
    loaded = load_project(FIXTURES / "v2_sample.gpudesk")
    serving = loaded.project.phases[0].workloads[0]
    assert loaded.migrated_from == 2 and serving.batching == "disaggregated"
    assert serving.latency_percentile == "p99" and serving.ttft_ms == 2500


@pytest.mark.parametrize("version, got_en, got_zh", [
    (None, "got null", "实为空值 null"), (5.5, "got the number 5.5", "实为数字 5.5"),
    ("5", "got the text '5'", "实为文本 '5'"), (True, "got a boolean (true)", "实为布尔值 true"),
])
def test_a_format_version_of_the_wrong_type_is_described_as_any_field_is(tmp_path, version, got_en, got_zh):
    """A plan whose format version was not a whole number read 'expected a whole number, got NoneType' (zh:
    '实为 NoneType 类型的值'): Python's type name in front of the user, where every other field says what it got."""
    from gpudesk.report.refusal_text import error_text

    path = tmp_path / "typed.gpudesk"
    path.write_text(json.dumps({"schema_version": version, "meta": {}}), encoding="utf-8")
    with pytest.raises(ProjectValidationError) as info:
        load_project(path)
    english, chinese = error_text(info.value, "en"), error_text(info.value, "zh")
    assert f"schema_version: expected a whole number, {got_en}" in str(info.value), str(info.value)
    assert got_zh in chinese and "类型的值" not in chinese, chinese
    for text in (english, chinese):
        assert not re.search(r"\b(NoneType|float|str|bool)\b", text), text
