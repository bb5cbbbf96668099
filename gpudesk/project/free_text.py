"""The user's own words in a plan (names, notes) longer than their declared limit.

A free-text field (``field_declarations.free_text``) declares the most characters an edit may give it and why (the
cover's line, the status bar, the file name suggested). An edit beyond it is refused (``schema.check_field_value``),
but a file that already holds a longer text (written by hand, by a script, by an older gpudesk that allowed more)
opens with the text kept as it is: nothing the user wrote is dropped or cut. ``over_limit`` lists those fields, each
as a warning naming the field, its length and the limit, which ``io.loads_project`` hands to the window and the
command line.
"""

from __future__ import annotations

import re
from typing import Any

from gpudesk.project.field_shapes import fields_of
from gpudesk.refusals import Refusal, refusal


def over_limit(value: Any, path: str = "") -> list[tuple[str, Refusal]]:
    """(plan path, warning) for each free-text field of ``value`` (a Project or any of its parts) over its limit."""
    found: list[tuple[str, Refusal]] = []
    cls: type = type(value)
    for spec in fields_of(cls):
        here = f"{path}.{spec.name}" if path else spec.name
        item = getattr(value, spec.name)
        if spec.meta.get("free_text") and isinstance(item, str) and len(item) > int(spec.meta["max_len"]):
            found.append((here, refusal("plan.text_kept_over_limit", field=here, length=len(item),
                                        limit=int(spec.meta["max_len"]),
                                        why=refusal("field.range_why", text=spec.meta["why"]))))
        elif spec.shape.kind == "dataclass" and item is not None:
            found += over_limit(item, here)
        elif spec.shape.kind == "list" and spec.shape.item_shape.kind == "dataclass":
            for i, element in enumerate(item):
                found += over_limit(element, f"{here}[{i}]")
    return found


def text_limit(cls: type, name: str) -> int:
    """The most characters an edit may give the free-text field ``name`` of the plan dataclass ``cls``."""
    return int(next(spec for spec in fields_of(cls) if spec.name == name).meta["max_len"])


def clipped(text: str, limit: int) -> str:
    """``text`` as a page shows it: whole up to ``limit`` characters, else its first ``limit - 1`` and "…" (the plan
    keeps the whole text; the warning of :func:`over_limit` said so when it was opened)."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def as_shown(cls: type, name: str, text: str) -> str:
    """A one-line free-text field's value (a name, an author) as a page shows it: on one line (a line break or a tab
    pasted into it read as a second line drawn over the cover's next row) and :func:`clipped` at its declared limit."""
    return clipped(" ".join(text.split()), text_limit(cls, name))


_NOT_IN_FILE_NAMES = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')
FILE_STEM_CHARS = 60  # 60 Chinese characters are 180 bytes of UTF-8: under the 255 a file name may have everywhere


def file_stem(name: str, fallback: str = "plan") -> str:
    """The plan's name as the start of a file name gpudesk suggests (Save As, the proposal): without the characters
    no file system takes (a "/" made a folder of it), on one line, at most ``FILE_STEM_CHARS`` characters (a long
    name hit the file system's 255-byte limit); ``fallback`` where nothing is left."""
    stem = " ".join(_NOT_IN_FILE_NAMES.sub(" ", name).split()).strip(" .")
    return clipped(stem, FILE_STEM_CHARS).rstrip("…").strip(" .") or fallback
