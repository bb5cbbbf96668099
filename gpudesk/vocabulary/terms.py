"""A term (a code with its English and Chinese names) and a vocabulary (an ordered set of terms)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

LANGUAGES = ("zh", "en")


@dataclass(frozen=True)
class Term:
    """One code, e.g. ``"cloud_on_demand"``, and how a person reads it in each language."""

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
