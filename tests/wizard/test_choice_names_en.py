"""The English names of a plan's choices are display names, as a choice list shows them: "Continuous batching, …",
"Public cloud, on demand", "BF16" (gpudesk/vocabulary, the one declaration every surface reads); inside a sentence
a name loses its capital (vocabulary.terms.in_sentence: "16 GPUs rented (public cloud, on demand)")."""

from __future__ import annotations

from gpudesk.vocabulary.fields import FIELD_VOCABULARIES
from gpudesk.vocabulary.terms import in_sentence


def spelled_as_a_product(word: str) -> bool:
    """A first word with a capital or digit after its first letter keeps its own spelling ("vLLM", "TensorRT-LLM")."""
    return any(ch.isupper() or ch.isdigit() for ch in word[1:])


def test_every_english_choice_name_starts_with_a_capital() -> None:
    lower = sorted({f"{field}: {term.code} -> {term.en!r}" for field, vocabularies in FIELD_VOCABULARIES.items()
                    for vocabulary in vocabularies for term in vocabulary
                    if term.en[:1].islower() and not spelled_as_a_product(term.en.split(" ", 1)[0])})
    assert not lower, lower


def test_a_name_inside_a_sentence_loses_its_capital_but_not_an_acronym() -> None:
    assert in_sentence("Public cloud, on demand", "en") == "public cloud, on demand"
    assert in_sentence("BF16", "en") == "BF16"
    assert in_sentence("TensorRT-LLM 1.2", "en") == "TensorRT-LLM 1.2"
    assert in_sentence("vLLM V1 engine", "en") == "vLLM V1 engine"
    assert in_sentence("公有云按需", "zh") == "公有云按需"
