"""A shipped sample plan in the reader's language.

A plan's names and notes are its user's own words, shown as written and never translated silently. The shipped
samples are gpudesk's words, though, and a Chinese architect who opens one should meet it in Chinese. Each sample
file stays the one source of its numbers, codes and English words; ``resources/i18n/samples_<lang>.toml`` holds
the words of each sample in another language, by the sample's file stem and the field path of each text
(``"phases[0].name"``). Opening a sample in the Chinese interface gives an untitled copy whose plan name, customer,
author, phase and workload names, trigger notes and notes are in Chinese; from then on they are the user's words.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path

from gpudesk.paths import samples_dir
from gpudesk.project.model import Project
from gpudesk.session import field_paths
from gpudesk.text_catalogues import catalogue, catalogue_path

SUBJECT = "samples"


def shipped_sample(path: Path) -> str | None:
    """The stem of ``path`` when it is one of the shipped sample plans, else None."""
    try:
        shipped = Path(path).resolve().parent == samples_dir().resolve()
    except OSError:
        return None
    return Path(path).stem if shipped else None


def sample_texts(stem: str, lang: str) -> Mapping[str, str]:
    """The words of sample ``stem`` in ``lang`` by field path; empty in English (the file's own words)."""
    if lang == "en" or not catalogue_path(lang, SUBJECT).exists():
        return {}
    table = catalogue(SUBJECT, lang).get(stem, {})
    return {str(path): str(text) for path, text in table.items()}


def in_language(project: Project, stem: str, lang: str) -> Project:
    """A copy of the shipped sample ``project`` (file stem ``stem``) with its words in ``lang``; the project itself
    when ``lang`` has none for it."""
    texts = sample_texts(stem, lang)
    if not texts:
        return project
    worded = copy.deepcopy(project)
    for path, text in texts.items():
        field_paths.set_value(worded, path, text)
    return worded


def opened_in(path: Path, project: Project, lang: str) -> Project:
    """``project`` as loaded from ``path``: in ``lang`` when ``path`` is a shipped sample, else as it is."""
    stem = shipped_sample(path)
    return project if stem is None else in_language(project, stem, lang)
