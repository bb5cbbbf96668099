"""The reasons gpudesk refuses a plan or cannot estimate it, as a key and its values, not a finished sentence.

A plan file refused on open (:mod:`gpudesk.untrusted_json`, ``project/io.py``, ``project/schema.py``,
``project/migrations.py``) and a plan the core cannot estimate (``PlanInputError``, catalog lookups) raise their usual
exception types, each carrying a :class:`Refusal`: a stable key of :data:`ENGLISH` and the values its wording needs
(a plan field's path, a number, a limit, a unit, the user's own text, or a nested refusal). ``str(exc)`` is the English
sentence (what the CLI prints and the logs keep); the Chinese is by key in ``resources/i18n/refusals_zh.toml``, worded
by ``gpudesk/report/refusal_text.py``, which also names a plan field by its label in either language. The English
templates are declared here, once; ``tests/report/test_refusal_text.py`` holds the Chinese catalogue to the same keys
and fields. (Top-level and free of gpudesk imports, so every bottom layer can raise with it.)

Values by name: ``field`` is a plan path (worded by its label), ``table`` a catalog table, ``unit`` a unit code;
a nested :class:`Refusal` is worded in the same language; "" leaves an optional part out.
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

ENGLISH: dict[str, str] = {
    # -- a value in a plan file, described (the "got …" of a type mismatch) ---------------------------------------
    "value.null": "null",
    "value.bool": "a boolean ({text})",
    "value.number": "the number {text}",
    "value.text": "the text {text}",
    "value.list": "a list of {count} items",
    "value.list_one": "a list of 1 item",
    "value.object": "an object with {count} keys",
    "value.object_one": "an object with 1 key",
    "value.other": "a {text}",
    # -- reading the file ------------------------------------------------------------------------------------------
    "file.missing": "{path} does not exist",
    "file.cannot_open": "cannot open {path}: {why}",
    "file.cannot_read": "cannot read {path}: {why}",
    "file.cannot_save": "cannot save {path}: {why}",
    "file.not_regular": "{path} is not a regular file",
    "file.too_large": "{path} is too large ({size:,} bytes; a plan file is at most {limit:,} bytes)",
    "file.grew_too_large": "{path} is too large (over {limit:,} bytes)",
    "file.changed": "{path} was changed by another program or window since it was opened; nothing was saved. "
                    "Reload it, or save under another name to keep both versions",
    "file.deleted": "{path} was deleted or cannot be read since it was opened; nothing was saved. "
                    "Reload it, or save under another name to keep both versions",
    "file.save_too_large": "the plan is too large to save ({size:,} bytes; the limit is {limit:,})",
    "os.error": "{text}",
    # -- JSON from outside (gpudesk/untrusted_json.py) --------------------------------------------------------------
    "json.not_utf8": "{name} is not UTF-8 text: invalid byte 0x{byte} at byte offset {offset} ({why})",
    "json.syntax": "{name} is not valid JSON: {what} at line {line}, column {column}",
    "json.unacceptable": "{name} is not acceptable JSON: {why}",
    "json.too_deep": "{name} is nested too deeply ({depth} levels; the limit is {limit})",
    "json.holds": "{name} holds {what}",
    "json.too_many_items": "a list or object of {count:,} entries (the most any field allows is {limit:,})",
    "json.not_finite": "{text} is not allowed; numbers must be finite",
    "json.duplicate_key": "duplicate key {text} in one object",
    "json.long_number": "a number has more than {limit:,} digits",
    "json.parser": "{text}",
    # -- the plan's layout and format version ----------------------------------------------------------------------
    "plan.not_object": "{name} is not a gpudesk plan: the top level is {got}, not an object",
    "plan.newer_schema": "this plan was saved by a newer gpudesk (schema {found}); this version reads up to {supported}",
    "plan.problems": "the plan has {count} problems",
    "plan.problems_one": "the plan has 1 problem",
    "plan.more_problems": "… and {count} more",
    "plan.converted_note": "converted from format {version}; paths refer to the current layout",
    "plan.migrated_note": "migrated from schema {version}; paths refer to the current layout",
    "plan.no_version": "missing: this is not a gpudesk plan (no format version)",
    "plan.not_json_writable": "cannot be written as JSON: {text}",
    # -- one field of the plan (project/schema.py) -------------------------------------------------------------------
    "field.expected_object": "expected an object, got {got}",
    "field.key_not_text": "keys must be text, got {got}",
    "field.unknown": "unknown field",
    "field.unknown_near": "unknown field; did you mean {near}?",
    "field.expected_bool": "expected true or false, got {got}",
    "field.expected_number": "expected a number, got {got}",
    "field.expected_whole": "expected a whole number, got {got}",
    "field.expected_whole_type": "expected a whole number, got {text}",
    "field.not_finite": "{value} is not allowed; numbers must be finite",
    "field.below_min": "{value} is below the minimum {bound}{unit}{allowed}{why}",
    "field.above_max": "{value} is above the maximum {bound}{unit}{allowed}{why}",
    "field.range_unit": " ({unit})",
    "field.range_allowed": "; allowed {lo} … {hi}",
    "field.range_why": " ({text})",
    "field.too_large_number": "{value} is too large for a number",
    "field.expected_text": "expected text, got {got}",
    "field.text_too_long": "text is {length} characters long; the limit is {limit}",
    "field.text_surrogate": "text contains an unpaired surrogate (not valid Unicode)",
    "field.not_choice": "{text} is not one of: {choices}",
    "field.too_many_entries": "{count} entries; the limit is {limit}",
    "field.expected_list": "expected a list, got {got}",
    "field.key_problem": "key: {problem}",
    "field.expected_json": "expected a JSON value, got {got}",
    "field.nested_too_deep": "nested too deeply",
    "field.invalid_key": "invalid key {got}",
}
"""Every refusal's English wording by key; ``<key>_one`` is used when ``count`` is 1."""


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


def refusal(key: str, **values: Any) -> Refusal:
    """A refusal of a declared kind (an undeclared key fails here, at the raise site, not when it is worded)."""
    if key not in ENGLISH:
        raise KeyError(f"undeclared refusal {key!r}; declare its English in gpudesk/refusals.py")
    return Refusal(key, values)


def os_reason(error: OSError) -> Refusal:
    """What the operating system said (``strerror``), with its error code for the wording in other languages."""
    code = errno.errorcode.get(error.errno or 0, "") if isinstance(error.errno, int) else ""
    return Refusal("os.error", {"text": error.strerror or str(error), "code": code})


def reason_of(error: BaseException) -> Refusal | None:
    """The refusal an exception carries (``error.refusal``), if any."""
    found = getattr(error, "refusal", None)
    return found if isinstance(found, Refusal) else None
