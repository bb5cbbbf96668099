"""Figures that explain themselves.

A :class:`FigureSet` holds named values (numpy arrays or scalars, broadcast
over candidates) together with how each was obtained: inputs carry a unit,
a label and a source (user input, catalog row, tuning constant); derived
figures carry a formula and the names of the figures they were computed
from. ``explain(key, index)`` turns one element into an :class:`Explanation`
that the UI, the CLI and the proposal all show the same way.

The bookkeeping is per figure, not per candidate, so a sweep over a
million candidates pays for it once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gpudesk.core.arrays import Gathered, whole
from gpudesk.core.constants import Constant
from gpudesk.core.explanation import Explanation, Quantity, format_value
from gpudesk.core.figure_blocks import Rows
from gpudesk.core.figure_entry import Entry, Index, make_entry, months_of, new_entry, pick
from gpudesk.vocabulary.terms import Term, Vocabulary

__all__ = ["Explanation", "FigureSet", "Index", "Quantity", "Rows", "as_array", "format_value"]

SERIES_OVER = ("month", "month_total")
"""What a figure's 1-D value runs over when it is not candidates: ``month`` a value for each month of the phase (a
cost per month, a demand multiplier), ``month_total`` a running total by month. Its explanation carries every month
(``Explanation.series``) and each surface states its basis: the Explain panel showed the first month alone (a
cumulative cost read 179,965 CNY, its first month, where the 3-month total is 539,896)."""


@dataclass
class FigureSet:
    """Named figures with their provenance; values broadcast over candidates."""

    _entries: dict[str, Entry] = field(default_factory=dict)
    _rows: Rows | None = field(default=None, repr=False, compare=False)  # keep_in_blocks

    # -- building -------------------------------------------------------
    def input(self, key: str, value: Any, unit: str, label: str, source: str = "user input",
              awaiting: tuple[str, ...] = (), vocabulary: Vocabulary[Term] | None = None) -> Any:
        """Record an input. ``awaiting``: a money figure's cost lines that have no price yet, which its value leaves
        out (the value is the priced part; every surface shows the lines beside it, never the part as the whole);
        ``vocabulary``: a chosen setting's codes, which every surface names in its language, as for :meth:`add`."""
        self._entries[key] = make_entry(Entry, (key, label, unit, value, "", (), source, "", True, vocabulary, awaiting,
                                                  ""))
        return value

    def constant(self, key: str, const: Constant, value: Any | None = None) -> Any:
        """Record a tuning constant (or a value chosen from a family of them)."""
        used = const.value if value is None else value
        self._entries[key] = make_entry(Entry, (key, const.label, const.unit, used, "", (), f"constant {const.name}: "
                                                                                    f"{const.source}", "", True, None, (), ""))
        return used

    def add(
        self,
        key: str,
        value: Any,
        unit: str,
        label: str,
        formula: str,
        depends_on: Sequence[str] = (),
        note: str = "",
        source: str = "",
        vocabulary: Vocabulary[Term] | None = None,
        awaiting: tuple[str, ...] = (),
        over: str = "",
    ) -> Any:
        """Record a derived figure. A categorical one holds codes of ``vocabulary`` (strings, never numbers),
        which each surface words in its language (:meth:`vocabulary`); ``awaiting`` as for :meth:`input`; ``over``
        one of ``SERIES_OVER`` for a value per month of the phase."""
        if over and over not in SERIES_OVER:
            raise ValueError(f"figure {key!r}: over must be one of {SERIES_OVER}, not {over!r}")
        entries = self._entries
        for d in depends_on:
            if d not in entries:
                missing = [d for d in depends_on if d not in entries]
                raise KeyError(f"figure {key!r} depends on unknown figures {missing}")
        rows = self._rows
        if (rows is not None and isinstance(value, np.ndarray) and value.shape == rows.shape and value.flags.owndata
                and value.dtype == np.float64):  # numbers (codes of a categorical figure copy slower than they fault)
            value = rows.keep(value)
        self._entries[key] = make_entry(Entry, (key, label, unit, value, formula, tuple(depends_on), source, note,
                                                False, vocabulary, awaiting, over))
        return value

    def over(self, key: str) -> str:
        """What figure ``key`` runs over when it is a series over the phase's months (``SERIES_OVER``), else ""."""
        entry = self._entries.get(key)
        return "" if entry is None else entry.over

    def keep_in_blocks(self, length: int | None) -> None:
        """Keep each figure of a flat batch of ``length`` candidates that is an array of its own in a row of a
        block (:class:`Rows`): what :meth:`add` returns is that row (bind it, and the array can go); None: stop
        (the rows not used are let go). The caller leaves it out in a process that keeps freed memory (the search
        processes: gpudesk/process_heap.py; TrainingInputs.figures_in_blocks): there each figure's own array takes
        back freed pages, and the copy only costs."""
        self._rows = Rows(length) if length is not None else None

    def merge(self, other: FigureSet, prefix: str = "") -> None:
        if not prefix:  # entries are never changed once made: share them (a merge per workload, per edit)
            self._entries.update(other._entries)
            return
        for key, entry in other._entries.items():
            new_key = prefix + key
            deps = tuple(prefix + d for d in entry.depends_on)
            self._entries[new_key] = new_entry(
                new_key, entry.label, entry.unit, entry.value, entry.formula, deps,
                entry.source, entry.note, entry.is_input, entry.vocabulary, entry.awaiting, entry.over,
            )

    def insert_after(self, anchor: str, other: FigureSet, prefix: str = "") -> None:
        """``other``'s figures (their keys prefixed as :meth:`merge` prefixes them) placed right after ``anchor``: the
        order a set that made them there holds (a figure left to idle time, attached later)."""
        placed = FigureSet()
        placed.merge(other, prefix)
        if anchor not in self._entries:
            raise KeyError(f"no figure {anchor!r} to place {list(placed._entries)} after")
        entries: dict[str, Entry] = {}
        for key, entry in self._entries.items():
            if key not in placed._entries:
                entries[key] = entry
            if key == anchor:
                entries.update(placed._entries)
        self._entries = entries

    def only(self, *keys: str) -> FigureSet:
        """These figures' ``keys`` alone (entries shared)."""
        out = FigureSet()
        out._entries = {k: self._entries[k] for k in keys}
        return out

    def without(self, *keys: str) -> FigureSet:
        """These figures less ``keys`` (entries shared, as :meth:`merge` shares them)."""
        out = FigureSet()
        out._entries = {k: e for k, e in self._entries.items() if k not in keys} if keys else self._entries.copy()
        return out

    def row(self, index: int, length: int) -> FigureSet:
        """The figures of candidate ``index`` of a sweep over ``length`` candidates (arrays along their first
        axis), as a one-candidate call would have made them: each array of that length becomes its ``index``
        element as an array of one; scalars and constants are shared."""
        out = FigureSet()
        entries = out._entries
        for key, entry in self._entries.items():
            value = entry.value
            kind = type(value)
            if kind is float or kind is int or kind is str:  # a scalar: shared (most inputs and constants)
                pass
            elif kind is Gathered or isinstance(value, Gathered):
                if value.size == length:
                    entry = new_entry(key, entry.label, entry.unit, value.values[value.inverse[index:index + 1]],
                                   entry.formula, entry.depends_on, entry.source, entry.note, entry.is_input,
                                   entry.vocabulary, entry.awaiting)
            elif (kind is np.ndarray or isinstance(value, np.ndarray)) and value.ndim == 1 and value.shape[0] == length:
                entry = new_entry(key, entry.label, entry.unit, value[index:index + 1].copy(), entry.formula,
                               entry.depends_on, entry.source, entry.note, entry.is_input, entry.vocabulary,
                               entry.awaiting)
            entries[key] = entry
        return out

    def spread(self, inverse: np.ndarray, count: int, originals: dict[int, Any]) -> None:
        """Figures computed on ``count`` distinct candidates given to every candidate: each array of that length
        becomes ``value[inverse]`` (:class:`arrays.Gathered`: gathered when first read whole), or the caller's own
        array where ``originals`` maps it (by id: an input)."""
        for key, entry in self._entries.items():  # new entries: another set may share these (merge)
            value = entry.value
            if id(value) in originals:
                value = originals[id(value)]
            elif isinstance(value, np.ndarray) and value.ndim == 1 and value.shape[0] == count:
                value = Gathered(value, inverse)
            elif isinstance(value, Gathered) and value.size == count:  # spread once already
                value = Gathered(value.values, np.take(value.inverse, inverse, mode="wrap"))
            else:
                continue
            self._entries[key] = new_entry(key, entry.label, entry.unit, value, entry.formula, entry.depends_on,
                                        entry.source, entry.note, entry.is_input, entry.vocabulary, entry.awaiting)

    # -- reading --------------------------------------------------------
    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __getitem__(self, key: str) -> Any:
        return whole(self._entries[key].value)

    def held(self, key: str) -> Any:
        """The figure as held: a flat batch's may be :class:`arrays.Gathered` (its values per distinct row)."""
        return self._entries[key].value

    def keys(self, include_inputs: bool = True) -> list[str]:
        return list(self._entries) if include_inputs else [k for k, e in self._entries.items() if not e.is_input]

    def last_key(self) -> str:
        """The key of the figure made last (``keys()[-1]`` without the list)."""
        return next(reversed(self._entries))

    def unit(self, key: str) -> str:
        return self._entries[key].unit

    def label(self, key: str) -> str:
        return self._entries[key].label

    def formula(self, key: str) -> str:
        """The figure's formula as ``explain(key).formula`` gives it, without reading its inputs' values."""
        entry = self._entries[key]
        return entry.formula or ("input" if entry.is_input else "")

    def source(self, key: str) -> str:
        """The figure's source as ``explain(key).source`` gives it, without reading its inputs' values."""
        return self._entries[key].source

    def is_input(self, key: str) -> bool:
        return self._entries[key].is_input

    def awaiting(self, key: str) -> tuple[str, ...]:
        """The cost lines awaiting a quote that money figure ``key`` leaves out; () when its value is whole."""
        entry = self._entries.get(key)
        return entry.awaiting if entry is not None else ()

    def shown(self, key: str) -> tuple[str, str, float | str, Vocabulary[Term] | None, tuple[str, ...]] | None:
        """(label, unit, value, vocabulary, awaiting) of figure ``key`` read at once, as a table row shows it; None
        when absent (a step's table reads 57 figures at every edit: one call each instead of five)."""
        entry = self._entries.get(key)
        return None if entry is None else (entry.label, entry.unit, pick(entry.value, None), entry.vocabulary,
                                           entry.awaiting)

    def vocabulary(self, key: str) -> Vocabulary[Term] | None:
        """The vocabulary whose codes a categorical figure holds; None for a number."""
        return self._entries[key].vocabulary if key in self._entries else None

    def word(self, key: str, lang: str, index: Index = None) -> str | None:
        """A categorical figure's value named in ``lang``; None for a figure that is not categorical."""
        vocabulary = self.vocabulary(key)
        return None if vocabulary is None else vocabulary.name_of(str(self.value_at(key, index)), lang)

    def value_at(self, key: str, index: Index = None) -> float | str:
        return pick(self._entries[key].value, index)

    def number(self, key: str, default: float = float("nan"), index: Index = None) -> float:
        """The figure as a finite float; ``default`` when it is absent, not a number, NaN or infinite."""
        entry = self._entries.get(key)
        if entry is None:
            return default
        value = entry.value
        if type(value) is not float:  # a float as it is (what pick answers for one)
            value = pick(value, index)
        return value if isinstance(value, float) and math.isfinite(value) else default

    def explain(self, key: str, index: Index = None) -> Explanation:
        entry = self._entries[key]
        inputs = tuple(
            Quantity(
                dep,
                self._entries[dep].label,
                pick(self._entries[dep].value, index),
                self._entries[dep].unit,
                self._entries[dep].source or ("derived: " + self._entries[dep].formula if self._entries[dep].formula else ""),
                self._entries[dep].vocabulary,
                *months_of(self._entries[dep]),
            )
            for dep in entry.depends_on
        )
        return Explanation(
            key=key,
            label=entry.label,
            value=pick(entry.value, index),
            unit=entry.unit,
            formula=entry.formula or ("input" if entry.is_input else ""),
            inputs=inputs,
            source=entry.source,
            note=entry.note,
            vocabulary=entry.vocabulary,
            awaiting=entry.awaiting,
            series=months_of(entry)[0],
            over=entry.over,
        )

    def sources_behind(self, key: str, index: Index = None) -> list[Quantity]:
        """Every leaf input (user, catalog, constant) the figure rests on."""
        seen: dict[str, Quantity] = {}
        stack = [key]
        while stack:
            current = stack.pop()
            entry = self._entries[current]
            if entry.is_input:
                if current not in seen:
                    seen[current] = Quantity(current, entry.label, pick(entry.value, index), entry.unit, entry.source)
                continue
            stack.extend(entry.depends_on)
        return sorted(seen.values(), key=lambda q: q.key)

    def to_json(self, index: Index = None, keys: Iterable[str] | None = None) -> dict[str, Any]:
        """Every figure at one candidate, with unit, formula and inputs."""
        wanted = list(keys) if keys is not None else list(self._entries)
        out: dict[str, Any] = {}
        for key in wanted:
            exp = self.explain(key, index)
            out[key] = {
                "value": exp.value,
                "unit": exp.unit,
                "label": exp.label,
                "formula": exp.formula,
                "source": exp.source,
                "inputs": [q.key for q in exp.inputs],
            }
            if exp.awaiting:  # the value is the priced part: these lines have no price yet
                out[key]["awaiting_quotes"] = list(exp.awaiting)
        return out


def as_array(value: Any) -> np.ndarray:
    return np.asarray(value, dtype=np.float64)
