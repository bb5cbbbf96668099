"""Autosave: a killed session leaves its work to recover; a clean exit or a live session does not."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from project_samples import build_complex_project

from gpudesk.paths import autosave_dir
from gpudesk.project.autosave import AutosaveStore
from gpudesk.project.errors import ProjectFileError
from gpudesk.project.schema import project_to_dict

REPO = Path(__file__).resolve().parents[2]


class _Worker:
    """A separate gpudesk-like process that autosaves one plan and waits."""

    def __init__(self, directory: Path, plan_file: Path, original: str) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("autosave_worker.py")), str(directory), str(plan_file), original],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO, env=env,
        )
        line = self.proc.stdout.readline().split()
        assert line and line[0] == "saved", line
        self.doc_id = line[1]

    def finish(self, how: str) -> None:
        if how == "kill":
            self.proc.send_signal(signal.SIGKILL)
        else:
            self.proc.stdin.write("exit\n")
            self.proc.stdin.flush()
        self.proc.wait(timeout=20)
        self.proc.stdin.close()
        self.proc.stdout.close()


@pytest.fixture
def plan_file(tmp_path):
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(project_to_dict(build_complex_project())), encoding="utf-8")
    return path


@pytest.mark.skipif(os.name == "nt", reason="SIGKILL is POSIX")
def test_killed_session_is_recovered_and_clean_exit_leaves_nothing(tmp_path, plan_file):
    directory = tmp_path / "autosave"
    crashed = _Worker(directory, plan_file, "/plans/银行.gpudesk")
    tidy = _Worker(directory, plan_file, "/plans/tidy.gpudesk")
    with AutosaveStore(directory) as store:
        assert store.pending() == [], "running sessions are not offered for recovery"
        crashed.finish("kill")
        tidy.finish("exit")
        entries = store.pending()
        assert [e.doc_id for e in entries] == [crashed.doc_id]
        entry = entries[0]
        assert entry.problem == "" and entry.original_path == Path("/plans/银行.gpudesk")
        assert entry.plan_name == build_complex_project().meta.name
        now = datetime.now(timezone.utc)
        assert now - timedelta(minutes=5) < entry.saved_at <= now
        recovered = store.recover(entry)
        expected = build_complex_project()
        expected.meta.notes = "second autosave"
        assert project_to_dict(recovered)["phases"] == project_to_dict(expected)["phases"]
        assert recovered.meta.notes == "second autosave"
        store.discard(entry.doc_id)
        assert store.pending() == []
    assert list(directory.iterdir()) == [], "discarded crash folder and closed session are both removed"


def test_own_autosaves_are_not_pending_and_close_removes_them(tmp_path, complex_project):
    directory = tmp_path / "autosave"
    store = AutosaveStore(directory)
    doc = store.new_doc_id()
    path = store.write(doc, complex_project, None)
    assert path.is_file() and store.pending() == []
    with AutosaveStore(directory) as other:
        assert other.pending() == [], "a live session's autosaves belong to it"
    store.close()
    assert store.closed and list(directory.iterdir()) == []
    with pytest.raises(ProjectFileError, match="closed"):
        store.write(doc, complex_project, None)


def test_default_folder_is_under_gpudesk_home(private_home, complex_project):
    with AutosaveStore() as store:
        store.write("doc-1", complex_project, None)
        assert store.session_dir.parent == autosave_dir()
        assert str(autosave_dir()).startswith(str(private_home))


def test_abandoned_session_without_close_is_pending_in_process(tmp_path, complex_project):
    """Releasing the OS lock without close() is what a crash does; the entry then shows up."""
    directory = tmp_path / "autosave"
    crashed = AutosaveStore(directory)
    crashed.write("abc", complex_project, tmp_path / "x.gpudesk")
    crashed._lock_handle.close()  # the OS drops the lock exactly like this when the process dies
    crashed._lock_handle = None
    with AutosaveStore(directory) as store:
        [entry] = store.pending()
        assert entry.doc_id == "abc" and entry.original_path == tmp_path / "x.gpudesk"
        assert store.recover(entry) == store.recover(entry)


def test_corrupt_autosave_is_listed_with_its_problem(tmp_path, complex_project):
    directory = tmp_path / "autosave"
    crashed = AutosaveStore(directory)
    path = crashed.write("bad", complex_project, None)
    crashed._lock_handle.close()
    crashed._lock_handle = None
    path.write_bytes(b'{"format": "gpudesk-autosave", "version": 1, "plan": {"phases": 5}')
    with AutosaveStore(directory) as store:
        [entry] = store.pending()
        assert "not valid JSON" in entry.problem and entry.saved_at is None
        with pytest.raises(ProjectFileError):
            store.recover(entry)
        path.write_bytes(b'{"format": "gpudesk-autosave", "version": 1, "plan": {"phases": 5}}')
        with pytest.raises(ValueError, match="phases: expected a list"):
            store.recover(store.pending()[0])
        store.discard("bad")
        assert store.pending() == [] and [p.name for p in directory.iterdir()] == [store.session_id]


@pytest.mark.parametrize("doc_id", ["", "../evil", "a/b", "x" * 65, "名字"])
def test_unsafe_document_ids_are_refused(tmp_path, complex_project, doc_id):
    with AutosaveStore(tmp_path) as store, pytest.raises(ValueError, match="document id"):
        store.write(doc_id, complex_project, None)
