"""Undo, redo, dirty state and field paths, without Qt."""

from __future__ import annotations

import pytest

from gpudesk.project.model import Phase, Project, Workload
from gpudesk.session import field_paths
from gpudesk.session.document import ProjectDocument


def test_field_paths_read_write_and_metadata():
    project = Project()
    assert field_paths.get(project, "phases[0].workloads[0].seq_len") == 4096
    old = field_paths.set_value(project, "phases[0].workloads[0].seq_len", 8192)
    assert old == 4096 and project.phases[0].workloads[0].seq_len == 8192
    meta = field_paths.metadata(project, "phases[0].workloads[0].seq_len")
    assert meta["unit"] == "tokens" and meta["min"] == 1


@pytest.mark.parametrize("bad", ["", "phases[", "phases[0]..x", "phases[x]", "1abc"])
def test_field_paths_reject_malformed(bad):
    with pytest.raises(field_paths.FieldPathError):
        field_paths.get(Project(), bad)


def test_unknown_field_is_named():
    with pytest.raises(field_paths.FieldPathError, match="no field 'nope'"):
        field_paths.get(Project(), "phases[0].nope")


def test_undo_redo_and_dirty_flag():
    doc = ProjectDocument(Project())
    seen = []
    doc.subscribe(seen.append)
    assert not doc.dirty
    assert doc.set("phases[0].hardware.gpus_per_node", 4, label="Set GPUs")
    assert doc.dirty and doc.undo_label == "Set GPUs"
    assert not doc.set("phases[0].hardware.gpus_per_node", 4)  # unchanged: nothing recorded
    doc.undo()
    assert doc.get("phases[0].hardware.gpus_per_node") == 8 and not doc.dirty
    doc.redo()
    assert doc.get("phases[0].hardware.gpus_per_node") == 4 and doc.dirty
    doc.mark_saved()
    assert not doc.dirty
    doc.undo()
    assert doc.dirty  # undoing past the save point is a change too
    assert seen and all(isinstance(p, tuple) for p in seen)


def test_typing_merges_into_one_undo_step():
    doc = ProjectDocument(Project())
    for value in (1, 12, 128):
        doc.set("phases[0].workloads[0].micro_batch", value, label="Micro-batch per GPU", typing=True)
    assert doc.undo_label == "Micro-batch per GPU"  # the words the form shows, not a field path
    doc.undo()
    assert doc.get("phases[0].workloads[0].micro_batch") == 1
    assert not doc.can_undo


def test_only_typing_merges():
    doc = ProjectDocument(Project())
    for value in (2, 12):
        doc.set("phases[0].workloads[0].micro_batch", value, label="Micro-batch per GPU")
    doc.undo()
    assert doc.get("phases[0].workloads[0].micro_batch") == 2 and doc.can_undo


def test_structural_edit_is_one_undoable_step():
    doc = ProjectDocument(Project())
    import copy

    bigger = copy.deepcopy(doc.project)
    bigger.phases.append(Phase(name="Launch", workloads=[Workload(kind="llm_inference")]))
    doc.replace_project(bigger, "Add phase")
    assert len(doc.project.phases) == 2
    doc.undo()
    assert len(doc.project.phases) == 1
    doc.redo()
    assert doc.project.phases[1].name == "Launch"


def test_a_structural_edit_after_undoing_past_the_save_point_is_unsaved():
    """Save, undo, add a phase: the plan differs from the file, so it must read as unsaved (save prompt on close,
    autosave). Before, replace_project kept the saved depth and the window forgot the change."""
    import copy

    doc = ProjectDocument(Project())
    doc.set("phases[0].workloads[0].micro_batch", 2)
    doc.mark_saved()
    assert not doc.dirty
    doc.undo()
    assert doc.dirty
    bigger = copy.deepcopy(doc.project)
    bigger.phases.append(Phase(name="Launch"))
    doc.replace_project(bigger, "Add phase")
    assert doc.dirty and not doc.can_redo
    doc.undo()
    assert doc.dirty  # micro_batch is back to 1; the file holds 2: the saved state is gone for good


def test_differences_lists_changed_paths():
    a, b = Project(), Project()
    b.phases[0].workloads[0].seq_len = 2048
    b.meta.customer = "ACME"
    diffs = {path for path, _, _ in field_paths.differences(a, b)}
    assert diffs == {"phases[0].workloads[0].seq_len", "meta.customer"}
