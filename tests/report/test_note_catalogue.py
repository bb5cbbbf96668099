"""Every note the core, the results and the calibration can write on a figure has Chinese words (issue 21).

The samples' walk (tests/ui/test_figure_notes_zh.py) reads the notes their estimates carry; this reads the source:
each text given as ``note=`` to a FigureSet (directly or through a variable named ``*note*``) must be found in
formulas_<lang>.toml ``[note]``, so a note no sample happens to raise is not left in English either. A note built
with an f-string would carry values the catalogue cannot key: refused (a number in it goes in ``{0}``)."""

from __future__ import annotations

import ast
from pathlib import Path

from gpudesk.report.formula_text import formula_text

ROOT = Path(__file__).resolve().parents[2] / "gpudesk"
WRITERS = ("core", "results", "calibration")


def note_texts() -> dict[str, list[str]]:
    """Each note text written in the writers' modules -> where (``path:line``)."""
    found: dict[str, list[str]] = {}
    for path in sorted(p for folder in WRITERS for p in (ROOT / folder).rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "note=" not in source:
            continue
        tree = ast.parse(source)
        assigned: dict[str, list[ast.expr]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and "note" in node.targets[0].id:
                assigned.setdefault(node.targets[0].id, []).append(node.value)

        def texts(expr: ast.expr) -> list[str]:
            out: list[str] = []
            for part in ast.walk(expr):
                if isinstance(part, ast.JoinedStr):
                    out.append(ast.unparse(part))
                elif isinstance(part, ast.Constant) and isinstance(part.value, str) and " " in part.value.strip():
                    out.append(part.value)  # a sentence (codes such as "lora" in the condition have no space)
                elif isinstance(part, ast.Name) and part.id in assigned:
                    out += [text for value in assigned[part.id] for text in texts(value)]
            return out

        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    if keyword.arg == "note":
                        for text in texts(keyword.value):
                            found.setdefault(text, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_note_the_code_writes_has_chinese() -> None:
    notes = note_texts()
    assert len(notes) >= 12, sorted(notes)  # the walk finds them: power, tco, memory, training, what-if, calibration
    zh = formula_text("zh")
    built = {text: where for text, where in notes.items() if text.startswith("f'") or text.startswith('f"')}
    assert not built, f"notes built with an f-string (key them with {{0}} instead): {built}"
    missing = {text: where for text, where in notes.items() if zh.lookup_note(text) is None}
    assert not missing, f"notes without Chinese in formulas_zh.toml [note]: {missing}"
