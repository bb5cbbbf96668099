"""Recent files: newest first, at most ten, missing files pruned, corrupt list tolerated."""

from __future__ import annotations

import json

import pytest

from gpudesk.paths import user_data_dir
from gpudesk.project.recent import MAX_RECENT, RecentFiles


def _plans(tmp_path, count):
    paths = []
    for i in range(count):
        path = tmp_path / f"plan{i}.gpudesk"
        path.write_text("{}", encoding="utf-8")
        paths.append(path)
    return paths


def test_newest_first_moved_not_duplicated_and_capped(tmp_path, private_home):
    recent = RecentFiles()
    assert recent.list_path.parent == user_data_dir() and str(recent.list_path).startswith(str(private_home))
    assert recent.files() == []
    plans = _plans(tmp_path, 12)
    for plan in plans:
        recent.add(plan)
    assert recent.files() == list(reversed(plans))[:MAX_RECENT]
    recent.add(plans[5])
    files = RecentFiles().files()
    assert files[0] == plans[5] and len(files) == MAX_RECENT and len(set(files)) == MAX_RECENT


def test_missing_files_are_pruned_on_read(tmp_path):
    recent = RecentFiles(tmp_path / "recent.json")
    a, b = _plans(tmp_path, 2)
    recent.add(a)
    recent.add(b)
    a.unlink()
    assert recent.files() == [b]
    assert recent.remove(b) == [] and recent.files() == []


@pytest.mark.parametrize("content", [
    b"", b"\xff\xfe", b"not json", b"[1, 2]", b'{"format": "other", "files": []}',
    b'{"format": "gpudesk-recent", "files": 5}', b"[" * 10_000,
    b'{"format": "gpudesk-recent", "files": [5, null, "", "\\ud800", "a\\u0000b"]}',
])
def test_corrupt_list_reads_as_empty_and_is_replaced(tmp_path, content):
    list_path = tmp_path / "recent.json"
    list_path.write_bytes(content)
    recent = RecentFiles(list_path)
    assert recent.files() == []
    [plan] = _plans(tmp_path, 1)
    assert recent.add(plan) == [plan]
    assert json.loads(list_path.read_text(encoding="utf-8"))["files"] == [str(plan)]


def test_clear(tmp_path):
    recent = RecentFiles(tmp_path / "recent.json")
    recent.add(_plans(tmp_path, 1)[0])
    recent.clear()
    assert recent.files() == []
