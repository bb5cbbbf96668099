"""A memo of configuration searches for the test process: tests that read searched phases but test nothing of the
search's own state share each phase's search and pricing (issue 24's 5-minute suite).

The configuration search of a phase and the ledger pricing of its rows (``results.pipeline.search_steps_for`` and
``pricing_steps_for``) are functions of the phase's estimate and the catalog. Across the suite the same sample phases
were searched again and again: about 36 CPU-s of a run at load 13 repeated a search the same process had already
made (a window opened on the bank sample searches its three phases in every test that opens it).

* **Opt-in per module**: ``pytestmark = pytest.mark.shared_searches``. Only tests so marked read the memo; a module
  opts in after it was checked to test no pending, deferred or sliced search state, no staleness of a cache the
  search feeds, and to patch nothing a search reads (tests/plan/test_search_memo.py lists what was checked).
  The session's ``searched_sample`` records its fresh searches into the memo (it never reads it), so its plans stay
  fresh estimates and the shared phases of the samples are there from the first opted-in test.
* **Keyed on everything the two functions read**: the catalog's content (only a catalog with no user rows and no
  edit: ``revision`` 0; its rows' text hashed once per catalog), the phase, the plan of the phase alone that the
  pricing pins rows into (its phases and calibration: the core and the results read nothing else of a plan but its
  name), the hardware handed over, the calibration's scales, the estimate's attached parts and the
  process's memory mode (``freed_memory_kept``). A key that cannot be made (another catalog) is a miss.
* **Never shared objects**: the search and its priced rows are kept pickled together (as
  ``results.search_workers`` hands them from a worker process) and every hit unpickles a copy of its own, so no test
  can change another's; a hit's search returns at once (no slices) and the pricing of that copy is the stored one.
* ``GPUDESK_SEARCH_MEMO=off`` turns the memo off (side-by-side timing); ``=verify`` also runs the fresh search and
  pricing on every hit and fails when a figure differs (how the opted-in modules were proven, see the test module).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import pickle
import weakref
from collections import OrderedDict
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from typing import Any

MODE = os.environ.get("GPUDESK_SEARCH_MEMO", "on")
LIMIT_BYTES = 160 * 2**20
"""The memo's pickled size at most (per process; a bank phase is 3-5 MB, the five samples' 11 phases about 22 MB)."""

_store: OrderedDict[tuple[object, ...], bytes] = OrderedDict()
_recorded: OrderedDict[int, tuple[object, tuple[object, ...]]] = OrderedDict()  # id(found) -> (found, key): to store
_served: OrderedDict[int, tuple[object, tuple[object, ...], object]] = OrderedDict()  # id(found) -> (found, key, priced)
_pinned: set[tuple[object, ...]] = set()  # the searched samples' phases (``recording``): kept whatever the size
_catalogs: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
_state = {"read": False, "write": False, "installed": False}
stats = {"hits": 0, "misses": 0, "stored": 0, "verified": 0}
_originals: dict[str, Any] = {}


def install() -> None:
    """Wrap the pipeline's two functions (once per process); outside :func:`shared` and :func:`recording` the
    wrappers only call through."""
    if _state["installed"] or MODE == "off":
        return
    from gpudesk.results import pipeline

    _originals["search"], _originals["pricing"] = pipeline.search_steps_for, pipeline.pricing_steps_for
    pipeline.search_steps_for = _search_steps_for  # type: ignore[assignment]
    pipeline.pricing_steps_for = _pricing_steps_for  # type: ignore[assignment]
    _state["installed"] = True


@contextmanager
def shared(read: bool = True) -> Iterator[None]:
    """Searches within read the memo (``read``) and store what they search."""
    install()
    before = dict(_state)
    _state["read"], _state["write"] = read and MODE != "off", MODE != "off"
    try:
        yield
    finally:
        _state["read"], _state["write"] = before["read"], before["write"]


def recording() -> Any:
    """Searches within are fresh and stored (``searched_sample``)."""
    return shared(read=False)


def catalog_key(catalog: Any) -> str | None:
    """The catalog's rows as a digest; None for a catalog with user rows or an edit (never memoised)."""
    from gpudesk.catalog.store import Catalog

    if type(catalog) is not Catalog or catalog.overlay is not None or getattr(catalog, "revision", None) != 0:
        return None
    digest = _catalogs.get(catalog)
    if digest is None:
        rows = sorted((name, sorted(table.items())) for name, table in catalog._tables.items())
        text = repr((rows, sorted(catalog._citations.items()), sorted(catalog._meta.items())))
        digest = hashlib.sha1(text.encode()).hexdigest()
        _catalogs[catalog] = digest
    return digest


def key(estimate: Any, catalog: Any) -> tuple[object, ...] | None:
    """What the phase's search and its pricing read (None: not memoised)."""
    from gpudesk.process_heap import freed_memory_kept

    digest = catalog_key(catalog)
    ctx = getattr(estimate, "context", None)
    if digest is None or ctx is None:
        return None
    alone = ctx.project  # what the pipeline reads of a plan: its phases and calibration (and its name, for the title)
    plan = None if alone is None else (repr(alone.phases), repr(alone.calibration))
    return (digest, repr(ctx.phase), plan, ctx.index, repr(ctx.carried), repr(ctx.scales),
            estimate.layout_done, estimate.costs_done, tuple(estimate.pending_figures), tuple(estimate.deferred_charts),
            freed_memory_kept())


def _returns(value: Any) -> Generator[Any, None, Any]:
    """A generator of no slices that returns ``value``."""
    return value
    yield  # makes this a generator (never reached)


def _remember(table: OrderedDict[int, Any], obj: object, entry: tuple[object, ...]) -> None:
    table[id(obj)] = entry
    while len(table) > 16:  # a search whose pricing never ran (a window closed mid-search): let it go
        table.popitem(last=False)


def _search_steps_for(estimate: Any, catalog: Any, chunk: int = 4) -> Generator[Any, None, Any]:
    steps = _originals["search"](estimate, catalog, chunk)  # attaches the costs, as it always does
    if not _state["write"]:
        return steps
    k = key(estimate, catalog)
    if k is None:
        stats["misses"] += 1
        return steps
    blob = _store.get(k) if _state["read"] else None
    if blob is None:
        stats["misses"] += 1
        return _record(steps, k)
    steps.close()
    _store.move_to_end(k)
    stats["hits"] += 1
    found, priced = pickle.loads(blob)
    if found is not None:
        _remember(_served, found, (found, k, priced))
    if MODE == "verify":
        _verify(estimate, catalog, found, priced)
    return _returns(found)


def _record(steps: Generator[Any, None, Any], k: tuple[object, ...]) -> Generator[Any, None, Any]:
    found = yield from steps
    if found is None:
        _put(k, (None, None))
    else:
        _remember(_recorded, found, (found, k))
    return found


def _pricing_steps_for(estimate: Any, catalog: Any, found: Any, memo: Any = None) -> Generator[Any, None, Any]:
    served = _served.pop(id(found), None) if found is not None else None
    recorded = _recorded.pop(id(found), None) if found is not None else None
    if served is not None and served[0] is found and served[1] == key(estimate, catalog):
        return _returns(served[2])
    steps = _originals["pricing"](estimate, catalog, found, memo)
    if recorded is not None and recorded[0] is found and _state["write"] and recorded[1] == key(estimate, catalog):
        return _record_priced(steps, recorded[1], found)
    return steps


def _record_priced(steps: Generator[Any, None, Any], k: tuple[object, ...], found: Any) -> Generator[Any, None, Any]:
    priced = yield from steps
    _put(k, (found, priced))
    return priced


def _put(k: tuple[object, ...], value: tuple[Any, Any]) -> None:
    _store[k] = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    stats["stored"] += 1
    if not _state["read"]:
        _pinned.add(k)
    size = sum(len(b) for b in _store.values())
    for old in [k for k in _store if k not in _pinned]:  # the least recently used first
        if size <= LIMIT_BYTES:
            break
        size -= len(_store.pop(old))


def comparable(found: Any, priced: Any) -> bytes:
    """A search and its priced rows as bytes that equal searches share (the search's own CPU time aside): pickled
    once more after a round trip, so that which equal strings are one object is the same in a fresh search (two
    fresh searches of each sample phase pickle to the same bytes) and in a copy the memo served."""
    if found is not None:
        found = dataclasses.replace(found, elapsed_s=0.0)
    return pickle.dumps(pickle.loads(pickle.dumps((found, priced), pickle.HIGHEST_PROTOCOL)), pickle.HIGHEST_PROTOCOL)


def _verify(estimate: Any, catalog: Any, found: Any, priced: Any) -> None:
    from gpudesk.core.stepwise import run_through

    fresh = run_through(_originals["search"](estimate, catalog, 64))
    fresh_priced = run_through(_originals["pricing"](estimate, catalog, fresh)) if fresh is not None else None
    if fresh is None:
        assert found is None, "the memo served a search where a fresh one finds none"
        return
    assert comparable(fresh, fresh_priced) == comparable(found, priced), "the memo served another search"
    stats["verified"] += 1
