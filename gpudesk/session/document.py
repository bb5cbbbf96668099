"""The open plan: its project, file path, unsaved state and undo history.

Every edit goes through :meth:`ProjectDocument.apply` — the one choke
point for undo, the dirty flag and change notification. Plain Python, so
undo and redo are tested without Qt; the UI only mirrors the state.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpudesk.project.assumed import edit_clearing
from gpudesk.project.errors import ProjectValidationError
from gpudesk.project.model import Project
from gpudesk.project.model_choice import custom_models_released
from gpudesk.project.region_currency import edits_following, unsettled_currencies
from gpudesk.session import field_paths


@dataclass(frozen=True)
class Edit:
    """One user action: one or more (path, old, new) changes undone together."""

    label: str
    changes: tuple[tuple[str, Any, Any], ...]
    typing: bool = False  # a keystroke in a field: merged with the previous keystroke in the same field


Listener = Callable[[tuple[str, ...]], None]


class ProjectDocument:
    def __init__(self, project: Project, path: Path | None = None, disk_stamp: Any = None) -> None:
        self.project = project
        self.path = path
        self.disk_stamp = disk_stamp  # project.io.FileStamp of the file as opened or last saved; None = unknown
        self._undo: list[Edit] = []
        self._redo: list[Edit] = []
        self._clean_depth: int | None = 0
        self._listeners: list[Listener] = []

    # -- observation ------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self, paths: tuple[str, ...]) -> None:
        for listener in list(self._listeners):
            listener(paths)

    # -- editing ------------------------------------------------------------
    def get(self, path: str) -> Any:
        return field_paths.get(self.project, path)

    def set(self, path: str, value: Any, label: str | None = None, typing: bool = False) -> bool:
        """Set one field; returns False (and records nothing) when unchanged. ``label`` names the edit in the
        Undo menu (the surfaces pass words in their language); ``typing``: successive sets of the same field
        make one undo step."""
        return self.apply(label or f"Set {path}", [(path, value)], typing)

    def apply(self, label: str, assignments: list[tuple[str, Any]], typing: bool = False) -> bool:
        """Apply field assignments as one undoable edit.

        Each value is checked against its field's declaration first (type, range, length, choices); any
        problem raises :class:`ProjectValidationError` naming the field, the value and the allowed range,
        and nothing is applied. Setting an essential input that was marked as a default clears the mark
        in the same edit (undo restores both).
        """
        problems = [p for path, value in assignments if field_paths.get(self.project, path) != value  # unchanged: no
                    for p in field_paths.value_problems(self.project, path, value)]  # check (a name kept over limit)
        if problems:
            raise ProjectValidationError(problems)
        extra = list(edits_following(self.project, assignments))  # a region edit moves a currency not chosen
        extra += custom_models_released(self.project, assignments)  # a catalog model replaces the plan's own
        for path, _value in assignments:
            cleared = edit_clearing(self.project, path)
            if cleared is not None and all(p != cleared[0] for p, _ in assignments):
                extra.append(cleared)
        changes = []
        for path, value in [*assignments, *extra]:
            old = field_paths.get(self.project, path)
            if old == value:
                continue
            field_paths.set_value(self.project, path, copy.deepcopy(value))
            changes.append((path, copy.deepcopy(old), copy.deepcopy(value)))
        settled = unsettled_currencies(self.project)  # the plan as its saved file will open: one currency
        for path, value in settled:
            changes.append((path, field_paths.get(self.project, path), value))
            field_paths.set_value(self.project, path, value)
        extra += settled
        if not changes or all(path in {p for p, _ in extra} for path, _o, _n in changes):
            for path, old, _new in reversed(changes):
                field_paths.set_value(self.project, path, old)  # only a mark would change: no edit
            return False
        edit = Edit(label, tuple(changes), typing)
        if self._undo and self._merges(self._undo[-1], edit):
            previous = self._undo.pop()
            edit = Edit(label, ((changes[0][0], previous.changes[0][1], changes[0][2]),), typing)
        self._record(edit)
        return True

    def _record(self, edit: Edit) -> None:
        """Push a new edit: the redo history goes, and with it a saved state that only redo could reach."""
        self._undo.append(edit)
        if self._clean_depth is not None and self._clean_depth >= len(self._undo):
            self._clean_depth = None  # the saved state can no longer be reached by undo
        self._redo.clear()
        self._notify(tuple(p for p, _, _ in edit.changes))

    def typed(self, path: str) -> bool:
        """Whether an edit still in the undo history set ``path`` itself (its first change: the field the user
        edited, not one an edit brought along, such as GPUs per node following a chosen accelerator)."""
        return any(edit.changes and edit.changes[0][0] == path for edit in self._undo)

    def confirm_default(self, path: str, label: str = "Keep default") -> bool:
        """Accept the default of an essential input marked as assumed, without changing its value."""
        cleared = edit_clearing(self.project, path)
        if cleared is None:
            return False
        return self.apply(label, [cleared])

    def _merges(self, last: Edit, new: Edit) -> bool:
        """Typing into one field makes one undo step, not one per keystroke."""
        return (
            len(last.changes) == 1
            and len(new.changes) == 1
            and last.changes[0][0] == new.changes[0][0]
            and last.label == new.label
            and self._clean_depth != len(self._undo)
            and last.typing
            and new.typing
        )

    def replace_project(self, project: Project, label: str) -> None:
        """Structural edits (add a phase, a workload) as one undoable step."""
        old = self.project
        self.project = project
        self._record(Edit(label, (("", old, project),)))

    def _swap(self, edit: Edit, forward: bool) -> None:
        for path, old, new in (edit.changes if forward else reversed(edit.changes)):
            value = copy.deepcopy(new if forward else old)
            if path == "":
                self.project = value
            else:
                field_paths.set_value(self.project, path, value)

    def undo(self) -> str | None:
        return self._step(forward=False)

    def redo(self) -> str | None:
        return self._step(forward=True)

    def _step(self, forward: bool) -> str | None:
        """Undo (``forward`` False) or redo one edit, moving it to the other history: its label, None if none is left."""
        source, target = (self._redo, self._undo) if forward else (self._undo, self._redo)
        if not source:
            return None
        edit = source.pop()
        self._swap(edit, forward=forward)
        target.append(edit)
        self._notify(tuple(p for p, _, _ in edit.changes))
        return edit.label

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undo_label(self) -> str:
        return self._undo[-1].label if self._undo else ""

    @property
    def redo_label(self) -> str:
        return self._redo[-1].label if self._redo else ""

    # -- saved state ------------------------------------------------------
    @property
    def dirty(self) -> bool:
        return self._clean_depth != len(self._undo)

    def mark_saved(self, path: Path | None = None) -> None:
        if path is not None:
            self.path = path
        self._clean_depth = len(self._undo)

    @property
    def title(self) -> str:
        name = self.path.name if self.path else self.project.meta.name
        return f"{name}{' *' if self.dirty else ''}"
