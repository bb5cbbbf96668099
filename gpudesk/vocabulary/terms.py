"""A term (a code with its English and Chinese names) and a vocabulary (an ordered set of terms)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

LANGUAGES = ("zh", "en")


def in_sentence(name: str, lang: str) -> str:
    """A term's name inside a running English sentence: a name is written as a list or a table shows it ("Public
    cloud, on demand"), and loses its capital after a sentence's start ("16 GPUs rented (public cloud, on
    demand)"); a first word that is an acronym or a product's own spelling ("BF16", "TensorRT-LLM") keeps it.
    Chinese has no capitals."""
    first = name.split(" ", 1)[0]
    if lang != "en" or not first[:1].isupper() or any(ch.isupper() or ch.isdigit() for ch in first[1:]):
        return name
    return name[:1].lower() + name[1:]


@dataclass(frozen=True)
class Term:
    """One code, e.g. ``"cloud_on_demand"``, and how a person reads it in each language: ``en`` as a choice list,
    a table or a heading shows it (sentence case: "Continuous batching, …"; :func:`in_sentence` inside a sentence)."""

    code: str
    en: str
    zh: str
    traits: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def name(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en

    def __getattr__(self, trait: str) -> Any:
        traits = self.__dict__.get("traits", {})
        if trait in traits:
            return traits[trait]
        raise AttributeError(f"term {self.__dict__.get('code')!r} has no trait {trait!r}")


T = TypeVar("T", bound=Term)


class Vocabulary(Generic[T]):
    """An ordered, closed set of terms; unknown codes raise a ValueError naming the valid ones."""

    def __init__(self, name: str, terms: tuple[T, ...]) -> None:
        codes = [t.code for t in terms]
        if len(set(codes)) != len(codes):
            raise ValueError(f"vocabulary {name}: duplicate codes")
        self.name = name
        self._terms = {t.code: t for t in terms}

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(self._terms)

    def __iter__(self) -> Iterator[T]:
        return iter(self._terms.values())

    def __contains__(self, code: object) -> bool:
        return code in self._terms

    def __len__(self) -> int:
        return len(self._terms)

    def term(self, code: str) -> T:
        try:
            return self._terms[code]
        except KeyError:
            raise ValueError(f"unknown {self.name} {code!r}; valid: {', '.join(self._terms)}") from None

    def name_of(self, code: str, lang: str) -> str:
        """The code's name in ``lang``; an unknown code is returned as it is (never an empty label)."""
        term = self._terms.get(code)
        return term.name(lang) if term is not None else code

    def where(self, **traits: Any) -> tuple[str, ...]:
        """Codes whose traits equal every given value, in declaration order."""
        return tuple(t.code for t in self._terms.values()
                     if all(t.traits.get(k) == v for k, v in traits.items()))
