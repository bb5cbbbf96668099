"""The user's own words (plan name, customer, author, phase and workload names, notes) have limits declared once in
the plan model, with why: an edit beyond one is refused naming the field and the limit (zh and en); a file holding a
longer text opens with it kept whole and a warning, saves it back whole, and every page shows it clipped."""

from __future__ import annotations

import json

import pytest

from gpudesk.paths import samples_dir
from gpudesk.project.errors import ProjectValidationError
from gpudesk.project.free_text import file_stem, over_limit, text_limit
from gpudesk.project.io import dumps_project, loads_project
from gpudesk.project.model import Phase, Project, ProjectMeta
from gpudesk.refusals import Refusal
from gpudesk.report.refusal_text import error_text, refusal_text
from gpudesk.session.document import ProjectDocument
from gpudesk.wizard.fields import describe_path

SAMPLE = samples_dir() / "startup-inspection.gpudesk"
LONG_AUTHOR = "作者" * 10_000  # 20,000 characters


def _sample_with(**meta: str) -> bytes:
    data = json.loads(SAMPLE.read_bytes())
    data["meta"].update(meta)
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def test_the_limits_are_declared_once_with_their_reason() -> None:
    assert (text_limit(ProjectMeta, "name"), text_limit(ProjectMeta, "customer"), text_limit(ProjectMeta, "author"),
            text_limit(Phase, "name")) == (120, 120, 60, 80)


def test_a_file_with_a_20000_character_author_opens_whole_with_a_warning_and_saves_whole() -> None:
    loaded = loads_project(_sample_with(author=LONG_AUTHOR))
    assert loaded.project.meta.author == LONG_AUTHOR  # never dropped, never cut
    [warning] = [w for w in loaded.warnings if isinstance(w, Refusal)]
    en, zh = (refusal_text(warning, lang, describe_path) for lang in ("en", "zh"))
    assert "20,000 characters" in en and "60" in en and "kept whole" in en, en
    assert "编制人" in zh and "20,000 个字符" in zh and "60 个字符" in zh and "meta." not in zh, zh
    assert json.loads(dumps_project(loaded.project))["meta"]["author"] == LONG_AUTHOR


def test_an_edit_over_the_limit_is_refused_naming_the_field_and_the_limit() -> None:
    """A pasted 20,000-character author was taken (up to 300) and broke the cover."""
    document = ProjectDocument(loads_project(SAMPLE.read_bytes()).project)
    before = document.project.meta.author
    with pytest.raises(ProjectValidationError) as refused:
        document.set("meta.author", "B" * 61)
    assert document.project.meta.author == before and not document.can_undo
    zh = error_text(refused.value, "zh", describe_path)
    assert "编制人" in zh and "61 个字符" in zh and "上限 60 个字符" in zh and "封面" in zh, zh
    assert "limit is 60" in error_text(refused.value, "en", describe_path)
    document.set("meta.author", "B" * 60)  # at the limit: taken


def test_a_name_kept_over_its_limit_does_not_block_another_edit() -> None:
    """The phase dialog sends every field back: an unchanged long name must not refuse a changed duration."""
    project = loads_project(SAMPLE.read_bytes()).project
    project.phases[0].name = "P" * 300
    document = ProjectDocument(project)
    document.apply("edit phase", [("phases[0].name", "P" * 300), ("phases[0].duration_months", 7)])
    assert document.project.phases[0].duration_months == 7 and document.project.phases[0].name == "P" * 300


def test_over_limit_walks_phases_workloads_and_revisions() -> None:
    project = Project()
    project.phases[0].workloads[0].name = "w" * 101
    project.phases[0].notes = "n" * 100_000  # at its limit
    assert [path for path, _ in over_limit(project)] == ["phases[0].workloads[0].name"]


@pytest.mark.parametrize(("name", "stem"), [("a/b:c", "a b c"), ("", "plan"), ("..", "plan"), ("x\ny", "x y")])
def test_the_file_name_suggested_from_a_plan_name_is_one_a_file_system_takes(name: str, stem: str) -> None:
    assert file_stem(name) == stem
    assert len(file_stem("银行" * 200).encode("utf-8")) + len(".gpudesk") <= 255
