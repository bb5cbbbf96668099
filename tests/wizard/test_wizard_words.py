"""The wizard's records hold keys, never words: every key they use has its words in both wizard catalogues
(resources/i18n/wizard_{en,zh}.toml), and the catalogues hold nothing no record uses.

Both catalogues holding the same keys, and no Chinese entry left in English, are checked for every catalogue by
tests/report/test_text_catalogues.py.
"""

from __future__ import annotations

import pytest

from gpudesk.text_catalogues import flat_catalogue
from gpudesk.vocabulary.workloads import SCENARIO
from gpudesk.wizard.defaults import NAMED_BY_VOCABULARY, USED_VALUES, ZERO_MEANS
from gpudesk.wizard.fields import OTHER_FIELDS
from gpudesk.wizard.lifecycle import STAGE_ADVICE
from gpudesk.wizard.starter import MARKETS, NAMES
from gpudesk.wizard.step_help import CASES, HEADINGS, SOURCES, guide
from gpudesk.wizard.steps import STEPS
from gpudesk.wizard.words import word


def used_keys() -> set[str]:
    keys = {f"field.{row.path}" for step in STEPS for row in step.fields}
    keys |= {text.key for step in STEPS for text in (step.intro, step.no_figures) if text is not None}
    keys |= {text.key for entry in guide() for text in entry.texts()}
    keys |= {text.key for text in (*SOURCES.values(), *HEADINGS.values(), *(case.title for case in CASES.values()))}
    keys |= {f"lifecycle.{a.stage}.{part}" for a in STAGE_ADVICE for part in ("title", "form", "reason")}
    keys |= {f"input.chosen_by.{used.chosen_by}" for used in USED_VALUES.values()}
    keys |= {f"input.zero_means.{path}" for path in ZERO_MEANS if path not in NAMED_BY_VOCABULARY}
    keys |= {f"field.{path}" for path in OTHER_FIELDS} | {"path.phase", "path.workload"}
    keys |= {f"starter.scenario.{term.code}" for term in SCENARIO} | {f"starter.market.{m.code}" for m in MARKETS}
    keys |= {f"starter.{name}" for name in NAMES}
    return keys


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_key_the_records_use_has_its_words(lang: str) -> None:
    words = flat_catalogue("wizard", lang)
    missing = sorted(used_keys() - set(words))
    assert not missing, f"wizard_{lang}.toml lacks {missing[:20]}"
    assert all(word(key, lang).strip() for key in used_keys())


def test_the_catalogue_holds_nothing_no_record_uses() -> None:
    unused = sorted(set(flat_catalogue("wizard", "en")) - used_keys())
    assert not unused, f"wizard catalogue keys no record uses: {unused[:20]}"


def test_a_missing_key_raises() -> None:
    with pytest.raises(KeyError):
        word("field.no_such_field", "zh")
