"""The step guide: for each step, what it decides, the questions to answer, rules of thumb,
common mistakes and how the three source cases handled it, as plain data; the words, in Chinese and English, are
``guide.<step>.…`` of the wizard catalogue (resources/i18n/wizard_<lang>.toml, :mod:`gpudesk.wizard.words`).

The content lives in ``step_help_machine`` (steps 1–4) and ``step_help_operations`` (5–7), loaded on first
use; this module holds its shape and renders it as simple HTML (:func:`help_html`). Sources (shared/seeds/):
the seven-step guide «gpu云计算服务器选型7个步骤和3个实际案例» (the seven steps, the pitfalls of its section 五 and the three cases), the AI lifecycle GPU guide and
the training-versus-inference server selection article. Rules gpudesk adds itself say so and name the figure
keys (docs/figures.md) or check ids (gpudesk/core) that implement them.

Notation of the content: a question's inputs are field paths of its step (the ``fields`` of its record in ``gpudesk/wizard/steps/``)
with ``w.`` for the active workload, so the guide prints each input's label exactly as the form does; figures
and checks are space-separated keys; a case note's ``sample`` states values of the shipped sample plan
(resources/samples/) as ``p0.w1.epochs=80`` (phase 0, workload 1), which the tests hold to those files.
"""

from __future__ import annotations

import html
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from gpudesk.wizard.step_record import Text, W
from gpudesk.wizard.steps import STEPS
from gpudesk.wizard.steps import step as step_of


@dataclass(frozen=True)
class Question:
    text: Text
    inputs: tuple[str, ...]  # field paths as in the step record's fields


@dataclass(frozen=True)
class Rule:
    text: Text
    source: str  # a key of SOURCES ("gpudesk": gpudesk's own rule, which names figures or checks)
    figures: tuple[str, ...] = ()  # figure keys that implement or show it (docs/figures.md)
    checks: tuple[str, ...] = ()  # ids of the checks that warn about it


@dataclass(frozen=True)
class CaseNote:
    case: str  # a key of CASES
    text: Text
    sample: tuple[tuple[str, str], ...]  # (project path, value as written) the note states of the case's sample plan


@dataclass(frozen=True)
class Case:
    key: str
    sample_file: str  # under resources/samples/
    title: Text


@dataclass(frozen=True)
class StepHelp:
    step: str  # the step's key
    decides: Text
    questions: tuple[Question, ...]
    rules: tuple[Rule, ...]
    mistakes: tuple[Rule, ...]
    cases: tuple[CaseNote, ...]

    def texts(self) -> list[Text]:
        """Every text of this step's guide (not the headings or the labels of inputs)."""
        return [self.decides, *(q.text for q in self.questions), *(r.text for r in self.rules + self.mistakes),
                *(c.text for c in self.cases)]


SOURCES: dict[str, Text] = {
    "seven": Text("guide.sources.seven"),
    "lifecycle": Text("guide.sources.lifecycle"),
    "train_infer": Text("guide.sources.train_infer"),
    "gpudesk": Text("guide.sources.gpudesk"),
}

CASES: dict[str, Case] = {case.key: case for case in (
    Case("startup", "startup-inspection.gpudesk",
         Text("guide.cases.startup")),
    Case("ecommerce", "ecommerce-recsys.gpudesk",
         Text("guide.cases.ecommerce")),
    Case("manufacturer", "manufacturer-vision-private.gpudesk",
         Text("guide.cases.manufacturer")),
)}

HEADINGS: dict[str, Text] = {
    "decides": Text("guide.headings.decides"),
    "questions": Text("guide.headings.questions"),
    "inputs": Text("guide.headings.inputs"),
    "rules": Text("guide.headings.rules"),
    "mistakes": Text("guide.headings.mistakes"),
    "cases": Text("guide.headings.cases"),
    "source": Text("guide.headings.source"),
    "figures": Text("guide.headings.figures"),
    "checks": Text("guide.headings.checks"),
    "fired": Text("guide.headings.fired"),
    "checked": Text("guide.headings.checked"),
    "sample": Text("guide.headings.sample"),
    "colon": Text("guide.headings.colon"),
}


# -- constructors of the compact notation (used by the content modules) ------------------------------------------
def question(key: str, inputs: str) -> Question:
    return Question(Text(key), tuple(f"{W}.{p[2:]}" if p.startswith("w.") else p for p in inputs.split()))


def rule(key: str, source: str, figures: str = "", checks: str = "") -> Rule:
    return Rule(Text(key), source, tuple(figures.split()), tuple(checks.split()))


def sample_path(short: str) -> str:
    """``p1.w0.dataset_items`` → ``phases[1].workloads[0].dataset_items``; ``p0.costs.staff_fte`` → ``phases[0].costs.staff_fte``."""
    phase, *rest = short.split(".")
    if rest and rest[0][:1] == "w" and rest[0][1:].isdigit():
        rest[0] = f"workloads[{int(rest[0][1:])}]"
    return ".".join([f"phases[{int(phase[1:])}]", *rest])


def case_note(key: str, case: str, sample: str) -> CaseNote:
    facts = tuple((sample_path(k), v) for k, _, v in (item.partition("=") for item in sample.split()))
    return CaseNote(case, Text(key), facts)


# -- access and rendering -------------------------------------------------------------------------------------
def guide() -> tuple[StepHelp, ...]:
    """The guides of the steps that have one, in step order (the content modules are imported on first use)."""
    from gpudesk.wizard.step_help_machine import GUIDE_MACHINE
    from gpudesk.wizard.step_help_operations import GUIDE_OPERATIONS

    by_step = {entry.step: entry for entry in GUIDE_MACHINE + GUIDE_OPERATIONS}
    return tuple(by_step[s.key] for s in STEPS if s.key in by_step)


def help_for(step: str) -> StepHelp:
    for entry in guide():
        if entry.step == step:
            return entry
    raise KeyError(f"no guide for step {step!r}")


def input_labels(step: str, paths: tuple[str, ...], lang: str) -> list[str]:
    """The labels the step's form shows for ``paths``; KeyError for a path the step does not ask."""
    rows = {row.path: row for row in step_of(step).fields}
    return [rows[path].label(lang) for path in paths]


def _refs(keys: Collection[str], lang: str, labels: Mapping[str, str]) -> str:
    """The rule's figures this plan has, by their labels, each a link that explains it (keys never shown)."""
    shown = [f"<a href='fig:{html.escape(k)}'>{html.escape(labels[k])}</a>" for k in keys if k in labels]
    if not shown:
        return ""
    sep = "、" if lang == "zh" else ", "
    return f" · {html.escape(HEADINGS['figures'].get(lang))}{HEADINGS['colon'].get(lang)}" + sep.join(shown)


def _checks(ids: Collection[str], lang: str, fired: Mapping[str, str]) -> str:
    """The rule's checks: the titles of those that fired on this plan, else that gpudesk checks it."""
    if not ids:
        return ""
    titles = [html.escape(fired[i]) for i in ids if i in fired]
    if titles:
        sep = "、" if lang == "zh" else "; "
        return f" · <b>{html.escape(HEADINGS['fired'].get(lang))}{HEADINGS['colon'].get(lang)}{sep.join(titles)}</b>"
    return f" · {html.escape(HEADINGS['checked'].get(lang))}"


def _rules(rules: tuple[Rule, ...], lang: str, labels: Mapping[str, str], fired: Mapping[str, str]) -> str:
    items, colon = [], HEADINGS["colon"].get(lang)
    for r in rules:
        source = f"{html.escape(HEADINGS['source'].get(lang))}{colon}{html.escape(SOURCES[r.source].get(lang))}"
        refs = _refs(r.figures, lang, labels) + _checks(r.checks, lang, fired)
        items.append(f"<li>{html.escape(r.text.get(lang))}<br><small style='color:gray'>{source}{refs}</small></li>")
    return "<ul>" + "".join(items) + "</ul>"


def help_html(step: str, lang: str, figure_labels: Mapping[str, str] | None = None,
              fired_checks: Mapping[str, str] | None = None) -> str:
    """The guide of ``step`` as simple rich text in ``lang`` ("zh" or "en").

    ``figure_labels``: figure key -> its label in ``lang``, for the figures the current estimate has; each cited
    figure among them is a ``fig:KEY`` link named by its label (the others are left out: this plan has no such
    figure). ``fired_checks``: check id -> title of the checks the estimate raised; a rule names those, else
    says gpudesk checks it. Figure keys and check ids are never shown.
    """
    named, fired = figure_labels or {}, fired_checks or {}
    entry = help_for(step)
    h = {key: html.escape(text.get(lang)) for key, text in HEADINGS.items()}
    record = step_of(step)
    parts = [f"<h3>{record.number}. {html.escape(record.title(lang))}</h3>",
             f"<p><b>{h['decides']}</b><br>{html.escape(entry.decides.get(lang))}</p>",
             f"<h4>{h['questions']}</h4><ol>"]
    for q in entry.questions:
        labels = "、".join if lang == "zh" else ", ".join
        inputs = labels(f"<b>{html.escape(label)}</b>" for label in input_labels(step, q.inputs, lang))
        parts.append(f"<li>{html.escape(q.text.get(lang))}<br><small>{h['inputs']}{h['colon']}{inputs}</small></li>")
    parts += ["</ol>", f"<h4>{h['rules']}</h4>", _rules(entry.rules, lang, named, fired),
              f"<h4>{h['mistakes']}</h4>", _rules(entry.mistakes, lang, named, fired), f"<h4>{h['cases']}</h4>"]
    for note in entry.cases:
        case = CASES[note.case]
        parts.append(f"<p><b>{html.escape(case.title.get(lang))}</b> <small style='color:gray'>({h['sample']}{h['colon']}"
                     f"{html.escape(case.sample_file)})</small><br>{html.escape(note.text.get(lang))}</p>")
    return "".join(parts)
