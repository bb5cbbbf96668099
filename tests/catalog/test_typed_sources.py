"""The catalog TOML states its types: a number written in quotes is refused by file, table, row, key and unit, and a
refused row is reported once, with the rows that refer to it summarised on one line under it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gpudesk.catalog.errors import CatalogValidationError
from gpudesk.catalog.sources import default_source_dir, load_sources
from gpudesk.report.refusal_text import refusal_text


def _sources_with(tmp_path: Path, file: str, *edits: tuple[str, str]) -> Path:
    src = tmp_path / "src"
    shutil.copytree(default_source_dir(), src)
    text = (src / file).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    (src / file).write_text(text, encoding="utf-8")
    return src


def _problems(src: Path) -> list:
    with pytest.raises(CatalogValidationError) as refused:
        load_sources(src)
    return refused.value.problems


H100_TDP = 'sparsity_factor = 2\ntdp_w = 700\nform_factor = "SXM"'


def test_a_quoted_number_is_refused_naming_file_table_row_key_and_unit(tmp_path: Path) -> None:
    """tdp_w = "700" was taken as 700 W without a word (the loose coercion CSV cells need)."""
    problems = _problems(_sources_with(tmp_path, "accelerators.toml",
                                       (H100_TDP, H100_TDP.replace("tdp_w = 700", 'tdp_w = "700"'))))
    own = [p for p in problems if p.field == "tdp_w"]
    assert len(own) == 1, [str(p) for p in problems]
    line = str(own[0])
    assert line.startswith("accelerators.toml: accelerators/h100-sxm.tdp_w: "), line
    assert "number (W)" in line and "without quotes" in line and "'700'" in line, line
    zh = refusal_text(own[0].why, "zh")
    assert "不加引号的数字" in zh and "W" in zh and "'700'" in zh, zh


@pytest.mark.parametrize("edit, key, expected", [
    (("rt_cores = true", 'rt_cores = "yes"'), "rt_cores", "true or false"),
    (('markets = ["global", "export-controlled"]', 'markets = "global"'), "markets", "list of texts"),
    (("vgpu_profiles_gb = [1, 2, 3, 4, 6, 8, 12, 16, 24, 48]", 'vgpu_profiles_gb = [1, "2"]'), "vgpu_profiles_gb",
     "list of numbers (GB)"),
    (("verified = false", 'verified = "false"'), "verified", "true or false"),
    (("release_year = 2025", "release_year = 2025.5"), "release_year", "a whole number"),
])
def test_every_typed_slip_is_named(tmp_path: Path, edit: tuple[str, str], key: str, expected: str) -> None:
    problems = _problems(_sources_with(tmp_path, "accelerators.toml", edit))
    assert any(p.field == key and expected in p.reason for p in problems), [str(p) for p in problems]


def test_a_refused_row_is_reported_once_and_its_dependents_on_one_line(tmp_path: Path) -> None:
    """One bad accelerator gave 11 lines: its own and one 'accelerator does not exist' for every server, cloud offer
    and availability row that names it."""
    problems = _problems(_sources_with(tmp_path, "accelerators.toml",
                                       (H100_TDP, H100_TDP.replace("tdp_w = 700", 'tdp_w = "seven hundred"'))))
    assert len(problems) == 2, [str(p) for p in problems]
    summary = next(p for p in problems if not p.field)
    assert (summary.table, summary.row) == ("accelerators", "h100-sxm")
    assert summary.keyed is not None and summary.keyed.values["count"] >= 10
    assert "servers/dgx-h100; cloud_offers/" in summary.reason and "and 4 more" in summary.reason, summary.reason
    zh = refusal_text(summary.why, "zh")
    assert "引用此行" in zh and "服务器表 dgx-h100" in zh and "云实例表 aws-p5-48xlarge" in zh, zh
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", zh), zh  # no table or field code in front of a Chinese reader


def test_a_reference_to_a_row_that_never_existed_is_still_named_by_each_row(tmp_path: Path) -> None:
    problems = _problems(_sources_with(tmp_path, "servers.toml",
                                       ('accelerator_id = "h100-sxm"', 'accelerator_id = "h100-smx"')))
    assert [(p.file, p.table, p.field) for p in problems] == [("servers.toml", "servers", "accelerator_id")]
    assert "'h100-smx' does not exist" in problems[0].reason


def test_a_csv_cell_with_its_unit_written_in_is_refused_naming_the_columns_unit() -> None:
    """A CSV cell is text, so '700' reads as 700; '700 W' read "expected a number, got '700 W'", without a word that
    the column is already in W."""
    import tomllib

    from gpudesk.catalog.intake import record_from_mapping

    with (default_source_dir() / "accelerators.toml").open("rb") as fh:
        row = next(r for r in tomllib.load(fh)["accelerators"] if r["id"] == "h100-sxm")
    row = {k: v for k, v in row.items() if k != "notes_zh"} | {"tdp_w": "700 W"}
    _record, problems = record_from_mapping("accelerators", row, "line 2", user_row=True)
    [problem] = problems
    assert problem.field == "tdp_w" and problem.reason == "expected a number (W), got '700 W'", problem.reason
    assert refusal_text(problem.why, "zh") == "应为数字（W），实为 '700 W'"
