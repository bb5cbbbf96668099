"""`gpudesk report` / `gpudesk compare`: bad input exits 2 with one line; good input writes files."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from report_samples import training_plan, training_project

from gpudesk.cli import report_cmd

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state


def _run(argv):
    parser = argparse.ArgumentParser(prog="gpudesk")
    report_cmd.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


def _fake_estimate(monkeypatch):
    def estimate(path, catalog=None, meanwhile=None, lang=None):
        if "broken" in path:
            raise report_cmd.ReportInputError(f"plan file {path!r} is not valid JSON")
        name = path.rsplit("/", 1)[-1].split(".")[0]
        return training_plan(name), training_project(name), "2025-05-20"
    monkeypatch.setattr(report_cmd, "_estimate", estimate)


def _one_line_error(capsys):
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_missing_plan_file_exits_2(tmp_path, capsys):
    assert _run(["report", str(tmp_path / "nope.gpudesk"), "-o", str(tmp_path / "o.pdf")]) == 2
    assert "not found" in _one_line_error(capsys)


def test_wrong_output_type_and_plan_count_exit_2(tmp_path, capsys):
    plan = tmp_path / "a.gpudesk"
    plan.write_text("{}", encoding="utf-8")
    assert _run(["report", str(plan), "-o", str(tmp_path / "o.docx")]) == 2
    assert "must end in .pdf" in _one_line_error(capsys)
    assert _run(["compare", str(plan), "-o", str(tmp_path / "o.csv")]) == 2
    assert "2 to 4 plan files" in _one_line_error(capsys)
    assert _run(["report", str(plan), "-o", str(tmp_path / "o.pdf"), "--logo", str(tmp_path / "x.png")]) == 2
    assert "x.png does not exist" in _one_line_error(capsys)


@pytest.mark.parametrize("content", [b"", b"\x89PNG\r\n\x1a\n" + bytes(range(200))], ids=["empty", "corrupt"])
def test_a_logo_that_is_no_image_is_refused_not_left_off_the_cover(tmp_path, capsys, content):
    """An empty or corrupt logo.png wrote the proposal without the logo and said nothing (exit 0)."""
    plan, logo = tmp_path / "a.gpudesk", tmp_path / "logo.png"
    plan.write_text("{}", encoding="utf-8")
    logo.write_bytes(content)
    assert _run(["report", str(plan), "-o", str(tmp_path / "o.pdf"), "--logo", str(logo)]) == 2
    assert "logo.png cannot be read as an image" in _one_line_error(capsys)
    assert not (tmp_path / "o.pdf").exists()


@pytest.mark.parametrize("lang, words", [("en", "cannot save {path}: "), ("zh", "无法保存 {path}：")])
def test_an_output_that_cannot_be_written_is_named_by_its_own_path(tmp_path, capsys, monkeypatch, lang, words):
    """Writing into a folder nothing can be created in read "[Errno 2] No such file or directory:
    '/proc/.o.csv.4a3e….gpudesk-tmp'": the staging file's name, in English whatever --lang said."""
    _fake_estimate(monkeypatch)
    target = Path("/proc") / "gpudesk-no-such-output.csv"  # a folder no process may create a file in, root included
    assert _run(["compare", "a.gpudesk", "b.gpudesk", "-o", str(target), "--lang", lang]) == 2
    err = _one_line_error(capsys)
    assert words.format(path=target) in err and "gpudesk-tmp" not in err and "Errno" not in err, err


def test_corrupt_plan_file_exits_2(tmp_path, capsys):
    plan = tmp_path / "bad.gpudesk"
    plan.write_text("{ this is not json", encoding="utf-8")
    assert _run(["report", str(plan), "-o", str(tmp_path / "o.pdf")]) == 2
    _one_line_error(capsys)


def test_estimate_failure_is_one_line(tmp_path, capsys, monkeypatch):
    _fake_estimate(monkeypatch)
    assert _run(["compare", "a.gpudesk", "broken.gpudesk", "-o", str(tmp_path / "o.csv")]) == 2
    assert "not valid JSON" in _one_line_error(capsys)


@pytest.mark.gui
def test_report_and_compare_write_files(tmp_path, capsys, monkeypatch, qapp):
    _fake_estimate(monkeypatch)
    out = tmp_path / "p.pdf"
    assert _run(["report", "plan.gpudesk", "-o", str(out), "--lang", "en", "--company", "Acme"]) == 0
    assert out.read_bytes().startswith(b"%PDF") and "pages, en" in capsys.readouterr().out
    csv_out = tmp_path / "c.csv"
    assert _run(["compare", "a.gpudesk", "b.gpudesk", "c.gpudesk", "-o", str(csv_out)]) == 0
    assert csv_out.read_text(encoding="utf-8-sig").splitlines()[0].startswith("kind,item,unit,better,a,b,c")
    pdf_out = tmp_path / "c.pdf"
    assert _run(["compare", "a.gpudesk", "b.gpudesk", "-o", str(pdf_out), "--lang", "zh"]) == 0
    assert pdf_out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["plan file", "must end in .pdf", "must end in .pdf or .csv", "2 to 4 plan files", "is not an image file",
            "output folder"]),
    ("zh", ["找不到方案文件", "须以 .pdf 结尾", "须以 .pdf 或 .csv 结尾", "比较需要 2 到 4 个方案文件", "不是图片文件",
            "输出文件夹"]),
])
def test_report_and_compare_refuse_in_lang(tmp_path, capsys, lang, words):
    """`report --lang zh` / `compare --lang zh` printed these refusals in English ('plan file … not found', 'output …
    must end in .pdf'): each is keyed and worded in the language asked for, from the refusals' catalogue."""
    import re

    plan = tmp_path / "a.gpudesk"
    plan.write_text("{}", encoding="utf-8")
    flag = ["--lang", lang]
    runs = [["report", str(tmp_path / "nope.gpudesk"), "-o", str(tmp_path / "o.pdf"), *flag],
            ["report", str(plan), "-o", str(tmp_path / "o.docx"), *flag],
            ["compare", str(plan), str(plan), "-o", str(tmp_path / "o.docx"), *flag],
            ["compare", str(plan), "-o", str(tmp_path / "o.csv"), *flag],
            ["report", str(plan), "-o", str(tmp_path / "o.pdf"), "--logo", str(tmp_path / "logo.txt"), *flag],
            ["report", str(plan), "-o", str(tmp_path / "no" / "o.pdf"), *flag]]
    for argv, word in zip(runs, words, strict=True):
        assert _run(argv) == 2, argv
        line = _one_line_error(capsys)
        assert word in line, (argv, line)
        if lang == "zh":  # no English sentence left beside the names
            assert not re.search(r"\b(?:must|needs|not found|does not|is not)\b", line), line
