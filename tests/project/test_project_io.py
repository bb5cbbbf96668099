"""Opening and saving plan files: clear errors, atomic replace with backup, catalog snapshot and drift."""

from __future__ import annotations

import dataclasses
import json
import os

import pytest

from gpudesk._version import __version__
from gpudesk.catalog.records import Provenance
from gpudesk.paths import samples_dir
from gpudesk.project.assumed import mark_all
from gpudesk.project.io import (
    MAX_FILE_BYTES,
    ProjectFileError,
    ProjectValidationError,
    backup_path_of,
    catalog_drift,
    load_project,
    record_catalog_rows,
    save_project,
)
from gpudesk.project.model import Project


def _saved_as(project: Project) -> Project:
    return dataclasses.replace(project, app_version=__version__)


def test_save_then_load_round_trips(tmp_path, complex_project):
    path = tmp_path / "plan.gpudesk"
    save_project(complex_project, path)
    loaded = load_project(path)
    assert loaded.project == _saved_as(complex_project)
    assert loaded.migrated_from is None and loaded.warnings == []
    assert "阶段 1" in path.read_text(encoding="utf-8"), "Chinese text is stored readable, not escaped"


def test_save_keeps_the_previous_file_as_bak_and_leaves_no_temp_files(tmp_path, complex_project):
    path = tmp_path / "plan.gpudesk"
    first = Project()
    save_project(first, path)
    assert not backup_path_of(path).exists()
    save_project(complex_project, path)
    assert backup_path_of(path).name == "plan.gpudesk.bak"
    assert load_project(backup_path_of(path)).project == _saved_as(first)
    assert load_project(path).project == _saved_as(complex_project)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.gpudesk", "plan.gpudesk.bak"]


def test_save_does_not_modify_the_project(tmp_path, complex_project):
    before = dataclasses.replace(complex_project)
    save_project(complex_project, tmp_path / "p.gpudesk")
    assert complex_project == before and complex_project.app_version == "0.1.0"


def test_invalid_project_is_not_saved_and_the_file_is_untouched(tmp_path):
    path = tmp_path / "plan.gpudesk"
    save_project(Project(), path)
    raw = path.read_bytes()
    bad = Project()
    bad.phases[0].workloads[0].seq_len = -5
    bad.meta.name = float("nan")
    with pytest.raises(ProjectValidationError) as info:
        save_project(bad, path)
    assert any(path == "phases[0].workloads[0].seq_len" and reason.startswith("-5 is below the minimum 1 (tokens)")
               for path, reason in info.value.problems)
    assert path.read_bytes() == raw
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.gpudesk"]


def test_save_into_a_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(ProjectFileError, match="cannot save .*nowhere"):
        save_project(Project(), tmp_path / "nowhere" / "plan.gpudesk")


def _write(tmp_path, raw: bytes):
    path = tmp_path / "input.gpudesk"
    path.write_bytes(raw)
    return path


def test_missing_file(tmp_path):
    with pytest.raises(ProjectFileError, match="absent.gpudesk does not exist"):
        load_project(tmp_path / "absent.gpudesk")


def test_folder_instead_of_file(tmp_path):
    with pytest.raises(ProjectFileError, match="is not a regular file"):
        load_project(tmp_path)


def test_not_utf8_names_the_byte_offset(tmp_path):
    path = _write(tmp_path, b'{"meta": {"name": "caf\xe9"}}')
    with pytest.raises(ProjectFileError, match=r"not UTF-8 text: invalid byte 0xe9 at byte offset 22"):
        load_project(path)


def test_utf16_file_is_refused(tmp_path):
    path = _write(tmp_path, '{"schema_version": 2}'.encode("utf-16"))
    with pytest.raises(ProjectFileError, match="invalid byte 0xff at byte offset 0"):
        load_project(path)


def test_utf8_bom_is_accepted_with_a_warning(tmp_path):
    path = _write(tmp_path, b"\xef\xbb\xbf" + json.dumps({"schema_version": 2}).encode())
    loaded = load_project(path)
    expected = Project()
    mark_all(expected.phases[0].workloads[0])  # the file sets nothing: every essential input is a default
    assert loaded.project == expected and "byte-order mark" in str(loaded.warnings[0])


def test_not_json_names_line_and_column(tmp_path):
    path = _write(tmp_path, b'{\n  "schema_version": 2,\n  "meta": {"name": "x",}\n}')
    with pytest.raises(ProjectFileError, match=r"not valid JSON: .* at line 3, column 24"):
        load_project(path)


@pytest.mark.parametrize(("raw", "message"), [
    (b"[]", "the top level is a list of 0 items, not an object"),
    (b'"plan"', "the top level is the text 'plan', not an object"),
    (b"null", "the top level is null, not an object"),
    (b"", "is empty: it holds no text at all"),  # it read 'not valid JSON: Expecting value at line 1, column 1'
    (b" \r\n\t", "is empty: it holds no text at all"),
    (b'{"a": "open', "not valid JSON: Unterminated string starting at line 1, column 7"),
    (b'{"schema_version": 2, "x": NaN}', "NaN is not allowed"),
    (b'{"schema_version": 2, "x": -Infinity}', "-Infinity is not allowed"),
    (b'{"schema_version": 2, "schema_version": 1}', "duplicate key 'schema_version'"),
    (b'{"n": ' + b"9" * 5000 + b"}", "not acceptable JSON"),
])
def test_malformed_content(tmp_path, raw, message):
    with pytest.raises(ProjectFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_project(_write(tmp_path, raw))


def test_too_deep_is_refused_before_parsing(tmp_path):
    path = _write(tmp_path, b"[" * 200_000 + b"]" * 200_000)
    with pytest.raises(ProjectFileError, match=r"nested too deeply \(200000 levels; the limit is 64\)"):
        load_project(path)


def test_too_large_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.gpudesk"
    with open(path, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: refused from its size, never read
    with pytest.raises(ProjectFileError, match=r"is too large \(20,000,001 bytes"):
        load_project(path)


def test_saved_by_newer_app_warns(tmp_path):
    path = _write(tmp_path, json.dumps({"schema_version": 2, "app_version": "99.0"}).encode())
    assert any("newer than this version" in str(w) for w in load_project(path).warnings)


def test_the_opening_warnings_are_said_where_the_plan_is_opened(tmp_path):
    """A byte-order mark (dropped on saving) and a plan saved by a newer gpudesk were warned of in English strings
    that neither the window (status bar) nor the CLI (stderr) showed: both kept only keyed warnings. Now they are
    keyed, so `gpudesk estimate` prints them and the window words them in its language."""
    import argparse
    import io

    from gpudesk.cli import estimate_cmd
    from gpudesk.refusals import Refusal
    from gpudesk.report.refusal_text import refusal_text

    plan = json.loads((samples_dir() / "startup-inspection.gpudesk").read_text(encoding="utf-8"))
    plan["app_version"], plan["meta"]["language"] = "99.0", "en"  # the CLI words them in the plan's language
    path = _write(tmp_path, b"\xef\xbb\xbf" + json.dumps(plan).encode())
    warnings = load_project(path).warnings
    assert len(warnings) == 2 and all(isinstance(w, Refusal) for w in warnings), warnings
    assert [refusal_text(w, "zh") for w in warnings] == [
        "文件以 UTF-8 字节顺序标记（BOM）开头；保存时将不再写入该标记", f"此方案由更新版本的 gpudesk 99.0 保存，比本版本（{__version__}）新"]
    out, err = io.StringIO(), io.StringIO()
    namespace = argparse.Namespace(plan=path, json=False, explain="plan.gpus", phase=0, lang=None)
    assert estimate_cmd.run(namespace, out, err) == 0, err.getvalue()
    lines = err.getvalue().splitlines()
    assert any("byte-order mark" in line for line in lines) and any("newer than this version" in line for line in
                                                                    lines), lines


@dataclasses.dataclass(frozen=True)
class _Row:
    id: str
    memory_gb: float
    price_usd: float | None
    tags: tuple[str, ...]
    provenance: Provenance


def test_catalog_snapshot_is_stored_and_drift_is_described(tmp_path):
    row = _Row("h100-sxm", 80.0, 30000.0, ("hopper",), Provenance(source="nvidia-ds", date="2024-01-01"))
    project = Project()
    record_catalog_rows(project, {"accelerators/h100-sxm": row, "servers/dgx": {"id": "dgx", "gpus": 8}}, "2025.01")
    path = tmp_path / "plan.gpudesk"
    save_project(project, path)
    reopened = load_project(path).project
    assert reopened.catalog_version == "2025.01"
    assert reopened.catalog_snapshot["accelerators/h100-sxm"]["tags"] == ["hopper"]
    assert catalog_drift(reopened, {"accelerators/h100-sxm": row, "servers/dgx": {"id": "dgx", "gpus": 8}}) == []
    moved = dataclasses.replace(row, price_usd=25000, provenance=Provenance(source="nvidia-ds", date="2025-03-01"))
    drift = catalog_drift(reopened, {"accelerators/h100-sxm": moved, "models/new": {"id": "x"}})
    assert drift == [
        "accelerators/h100-sxm: price_usd was 30000.0, now 25000",
        "accelerators/h100-sxm: provenance.date was '2024-01-01', now '2025-03-01'",
        "servers/dgx: no longer in the catalog",
    ]


def test_a_field_the_records_gained_since_is_drift_only_where_filled():
    """A plan saved before accelerators had ``name_zh`` reopens without "name_zh is new" for every row; a row that
    fills the new field says so."""
    project = Project()
    project.catalog_snapshot = {"accelerators/h100-sxm": {"id": "h100-sxm", "memory_gb": 80.0},
                                "accelerators/gb200": {"id": "gb200", "memory_gb": 186.0}}
    today = {"accelerators/h100-sxm": {"id": "h100-sxm", "memory_gb": 80.0, "name_zh": ""},
             "accelerators/gb200": {"id": "gb200", "memory_gb": 186.0, "name_zh": "NVIDIA GB200（…）"}}
    assert catalog_drift(project, today) == ["accelerators/gb200: name_zh is new: 'NVIDIA GB200（…）'"]


def test_catalog_rows_must_be_json_data():
    with pytest.raises(ValueError, match="not a finite number"):
        record_catalog_rows(Project(), {"a/b": {"x": float("inf")}}, "v")
    with pytest.raises(TypeError, match="cannot be stored"):
        record_catalog_rows(Project(), {"a/b": {"x": object()}}, "v")


def test_loading_never_writes(tmp_path, complex_project):
    path = tmp_path / "plan.gpudesk"
    save_project(complex_project, path)
    os.remove(backup_path_of(path)) if backup_path_of(path).exists() else None
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    load_project(path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
