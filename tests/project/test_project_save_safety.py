"""Saving keeps what the user set up around a plan file, and never overwrites blindly.

Permissions and symlinks survive a save; a file changed on disk since it was opened is not overwritten
(``FileChangedError``); every save stages under its own name; a write that falls short (a file-size limit)
fails with a message and leaves the old file; stale staging files are cleaned at start-up (gpudesk's own only).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import time

import pytest

from gpudesk.atomic_files import TEMP_SUFFIX, atomic_write_bytes, clean_stale_staging, is_staging_name
from gpudesk.project.autosave import LOCK_NAME, SUFFIX
from gpudesk.project.cleanup import clean_at_startup
from gpudesk.project.errors import ProjectFileError
from gpudesk.project.io import FileChangedError, FileStamp, load_project, save_project
from gpudesk.project.model import Project

POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions and symlinks")


def _plan(name: str = "plan") -> Project:
    project = Project()
    project.meta.name = name
    return project


@POSIX
def test_a_shared_plan_keeps_its_permissions(tmp_path):
    path = tmp_path / "shared.gpudesk"
    save_project(_plan(), path)
    os.chmod(path, 0o664)
    save_project(_plan("again"), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o664


def test_a_read_only_plan_is_not_overwritten(tmp_path):
    """A plan the user made read-only stays as it is: the rename of a save replaced it (the folder was writable)
    and kept it read-only, so protecting a signed-off plan protected nothing."""
    path = tmp_path / "signed-off.gpudesk"
    save_project(_plan("signed off"), path)
    before = path.read_bytes()
    os.chmod(path, 0o444)
    with pytest.raises(ProjectFileError, match="read-only"):
        save_project(_plan("edited"), path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [path.name]


@POSIX
def test_a_new_plan_gets_the_umask_permissions_not_0600(tmp_path):
    old = os.umask(0o022)
    try:
        save_project(_plan(), tmp_path / "new.gpudesk")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.gpudesk").stat().st_mode) == 0o644


@POSIX
def test_a_symlinked_plan_stays_a_symlink_and_its_target_is_saved(tmp_path):
    real = tmp_path / "store" / "real.gpudesk"
    real.parent.mkdir()
    save_project(_plan("first"), real)
    link = tmp_path / "link.gpudesk"
    link.symlink_to(real)
    save_project(_plan("second"), link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_project(real).project.meta.name == "second"
    assert (real.parent / "real.gpudesk.bak").exists()  # the backup sits beside the real file


def test_a_plan_changed_on_disk_is_not_overwritten(tmp_path):
    path = tmp_path / "plan.gpudesk"
    save_project(_plan("mine"), path)
    opened = load_project(path)
    save_project(_plan("theirs"), path)  # another window saves in between
    with pytest.raises(FileChangedError, match="changed by another program or window"):
        save_project(_plan("mine, edited"), path, expected=opened.stamp)
    assert load_project(path).project.meta.name == "theirs"
    path.unlink()
    with pytest.raises(FileChangedError, match="was deleted"):
        save_project(_plan("mine, edited"), path, expected=opened.stamp)


def test_the_stamp_of_a_save_lets_the_next_save_through(tmp_path):
    path = tmp_path / "plan.gpudesk"
    stamp = save_project(_plan("one"), path)
    assert stamp == FileStamp.of_file(path) == load_project(path).stamp
    stamp = save_project(_plan("two"), path, expected=stamp)
    save_project(_plan("three"), path, expected=stamp)
    assert load_project(path).project.meta.name == "three"


def test_concurrent_saves_each_stage_under_their_own_name(tmp_path):
    path = tmp_path / "busy.gpudesk"
    save_project(_plan(), path)
    errors: list[BaseException] = []

    def saver(n: int) -> None:
        try:
            for i in range(15):
                save_project(_plan(f"writer {n} save {i}"), path)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=saver, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert load_project(path).project.meta.name.startswith("writer ")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(TEMP_SUFFIX)]


@POSIX
def test_a_write_cut_short_by_a_file_size_limit_fails_and_keeps_the_old_file(tmp_path):
    target = tmp_path / "plan.gpudesk"
    target.write_bytes(b"old")
    script = (
        "import resource, sys\n"
        "from gpudesk.atomic_files import atomic_write_bytes\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
        "try:\n"
        f"    atomic_write_bytes({str(target)!r}, b'x' * 100_000)\n"
        "except OSError as exc:\n"
        "    print('refused:', exc); sys.exit(2)\n"
    )
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}  # no .pyc is written under the file-size limit
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2 and "refused" in result.stdout, result.stderr
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["plan.gpudesk"]


def test_stale_staging_files_are_removed_and_nothing_else(tmp_path):
    old = time.time() - 3600
    stale = tmp_path / f".plan.gpudesk.0123456789ab{TEMP_SUFFIX}"
    legacy = tmp_path / f".plan.gpudesk.x8k2j{TEMP_SUFFIX}"
    fresh = tmp_path / f".plan.gpudesk.ba9876543210{TEMP_SUFFIX}"
    foreign = [tmp_path / "plan.gpudesk", tmp_path / ".plan.tmp", tmp_path / f"notes{TEMP_SUFFIX}.txt"]
    for path in (stale, legacy, fresh, *foreign):
        path.write_bytes(b"x")
    for path in (stale, legacy, *foreign):
        os.utime(path, (old, old))
    removed = clean_stale_staging(tmp_path)
    assert sorted(removed) == sorted([stale, legacy])
    assert fresh.exists() and all(p.exists() for p in foreign)
    assert is_staging_name(fresh.name) and not is_staging_name("plan.gpudesk")


def test_startup_clean_up_removes_dead_empty_sessions_and_keeps_recoverable_ones(tmp_path):
    root = tmp_path / "autosave"
    dead_empty = root / ("a" * 32)
    dead_with_autosave = root / ("b" * 32)
    for folder in (dead_empty, dead_with_autosave):
        folder.mkdir(parents=True)
        (folder / LOCK_NAME).write_bytes(b"{}")
    (dead_with_autosave / f"{'c' * 32}{SUFFIX}").write_bytes(b"{}")
    plans = tmp_path / "plans"
    plans.mkdir()
    leftover = plans / f".p.gpudesk.0123456789ab{TEMP_SUFFIX}"
    leftover.write_bytes(b"x")
    os.utime(leftover, (time.time() - 3600,) * 2)
    removed = clean_at_startup(root, [plans])
    assert dead_empty in removed and leftover in removed
    assert not dead_empty.exists() and dead_with_autosave.exists()


def test_atomic_write_refuses_a_folder_that_does_not_exist(tmp_path):
    with pytest.raises(OSError):
        atomic_write_bytes(tmp_path / "missing" / "x.csv", b"data")
    with pytest.raises(ProjectFileError, match="cannot save"):
        save_project(_plan(), tmp_path / "missing" / "x.gpudesk")
