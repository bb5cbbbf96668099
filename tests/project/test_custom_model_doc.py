"""docs/project-format.md documents every key custom_model accepts (the catalog model record's fields)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from gpudesk.catalog.records import ModelArch

DOC = Path(__file__).resolve().parents[2] / "docs" / "project-format.md"


def test_every_model_field_is_documented_for_custom_model():
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## `custom_model`", 1)[1].split("\n## ", 1)[0]
    for f in dataclasses.fields(ModelArch):
        if f.name != "provenance":
            assert f"| `{f.name}` |" in section, f.name
