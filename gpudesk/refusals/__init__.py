"""The reasons gpudesk refuses a plan or cannot estimate it, as a key and its values, not a finished sentence.

A plan file refused on open (:mod:`gpudesk.untrusted_json`, ``project/io.py``, ``project/schema.py``,
``project/migrations.py``) and a plan the core cannot estimate (``PlanInputError``, catalog lookups) raise their usual
exception types, each carrying a :class:`Refusal`: a stable key of :data:`ENGLISH` and the values its wording needs
(a plan field's path, a number, a limit, a unit, the user's own text, or a nested refusal). ``str(exc)`` is the English
sentence (what the CLI prints and the logs keep); the Chinese is by key in ``resources/i18n/refusals_zh.toml``, worded
by ``gpudesk/report/refusal_text.py``, which also names a plan field by its label in either language. The English
templates are declared once, by subject, in this package's modules (``files``, ``plan``, ``catalog``, ``estimate``)
and joined here into :data:`ENGLISH`; ``tests/report/test_refusal_text.py`` holds the Chinese catalogue to the same
keys and fields. (The bottom layer: it imports nothing else of gpudesk, so every layer can raise with it.)

Values by name: ``field`` is a plan path (worded by its label), ``table`` a catalog table, ``unit`` a unit code;
a nested :class:`Refusal` is worded in the same language; "" leaves an optional part out.
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from gpudesk.refusals.catalog import CATALOG_REFUSALS
from gpudesk.refusals.estimate import ESTIMATE_REFUSALS
from gpudesk.refusals.files import FILE_REFUSALS
from gpudesk.refusals.plan import PLAN_REFUSALS


def _declared_once(*subjects: dict[str, str]) -> dict[str, str]:
    """The subjects' refusals as one table; a key declared under two subjects is refused here, on import."""
    english: dict[str, str] = {}
    for subject in subjects:
        if clash := english.keys() & subject.keys():
            raise ValueError(f"refusals declared twice: {sorted(clash)}")
        english.update(subject)
    return english


ENGLISH: dict[str, str] = _declared_once(FILE_REFUSALS, PLAN_REFUSALS, CATALOG_REFUSALS, ESTIMATE_REFUSALS)
"""Every refusal's English wording by key; ``<key>_one`` is used when ``count`` is 1."""

MORE_VALUES: dict[str, tuple[str, ...]] = {
    "os.error": ("code",),  # the error's code (ENOSPC), by which the other languages word what the system said
    "catalog.near": ("names",),  # the rows' names ("Llama 3.1 8B"), where the English names their ids
    "catalog.snapshot_problem": ("table", "row", "column"),  # where, in parts: the table by its name
    "rule.why": ("text_zh",),
    "field.unknown_near": ("near_field",),  # the plan path of the field meant, named by its label
    "input.mixed_currency": ("currency_zh", "first_zh"),  # the currencies by their Chinese names (人民币（CNY）)
    "input.custom_model_problem": ("column",),  # the custom model's key: a models-table field, by its name  # what a catalog field's range covers, in Chinese (declared beside the English)
}
"""Values a refusal carries beyond those its English names, for the wording in other languages."""


@dataclass(frozen=True)
class Refusal:
    """Why something was refused: a key of :data:`ENGLISH` and the values its wording fills."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        key = self.key
        if self.values.get("count") == 1 and f"{key}_one" in ENGLISH:
            key = f"{key}_one"
        return ENGLISH[key].format(**self.values)

    def __str__(self) -> str:
        return self.english()

    def __format__(self, spec: str) -> str:
        return format(self.english(), spec)


@dataclass(frozen=True)
class Amount:
    """A number a refusal states (a field's bound, the value refused): grouped in English, exactly ('10,000,000',
    '0.001', '-1'); worded in the reader's own counting by ``report/refusal_text.py`` (Chinese: '1,000 万'). A plan's
    range bounds read '10000000' and '1e+15' in both languages (a figure in plain digits, never in front of a user)."""

    value: float

    def __str__(self) -> str:
        text = format(Decimal(repr(float(self.value))).normalize(), ",f")
        return "0" if text in ("-0", "0E+0") else text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True)
class ListedReasons:
    """Several reasons given as one value ("a; b"), each worded in the reader's language."""

    items: tuple[Refusal | str, ...]

    def __str__(self) -> str:
        return "; ".join(str(item) for item in self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True)
class Choices:
    """The codes a choice field of a plan allows, given as one value: listed as codes in English, by their
    vocabulary's names in another language (``field`` is the field's name in the project model)."""

    field: str
    codes: tuple[str, ...]

    def __str__(self) -> str:
        return ", ".join(self.codes)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True)
class PartName:
    """A catalog part (an accelerator, a server) named in a refusal, given as one value: by its catalog name in
    English; in Chinese by the row's ``name_zh``, and a generic or derived server (vendor ``various`` or ``generic``)
    by the language's pattern with its GPU count and ``accelerator`` (report/server_names.py), as every other surface
    names it ("Generic 4 × L40S server" read so in a Chinese refusal)."""

    name: str
    name_zh: str = ""
    vendor: str = ""
    gpus: int = 0
    accelerator: PartName | None = None

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def refusal(key: str, **values: Any) -> Refusal:
    """A refusal of a declared kind (an undeclared key fails here, at the raise site, not when it is worded)."""
    if key not in ENGLISH:
        raise KeyError(f"undeclared refusal {key!r}; declare its English in a module of gpudesk/refusals/")
    return Refusal(key, values)


def os_reason(error: OSError) -> Refusal:
    """What the operating system said (``strerror``), with its error code for the wording in other languages."""
    code = errno.errorcode.get(error.errno or 0, "") if isinstance(error.errno, int) else ""
    return Refusal("os.error", {"text": error.strerror or str(error), "code": code})


def reason_of(error: BaseException) -> Refusal | None:
    """The refusal an exception carries (``error.refusal``), if any."""
    found = getattr(error, "refusal", None)
    return found if isinstance(found, Refusal) else None


def cause_of(error: BaseException) -> Refusal | str:
    """What a caught error says, keyed where its raiser keyed it, else its text."""
    return reason_of(error) or str(error)
