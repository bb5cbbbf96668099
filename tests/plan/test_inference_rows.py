"""The serving replicas a pricing pass computes together (core/inference_rows.py) are each the same, bit for bit, as
the replica's own call (the prices they give are the samples' goldens and the reconciliation's, unchanged)."""

from __future__ import annotations

import dataclasses

import numpy as np

from gpudesk.core import inference_rows
from gpudesk.core.inference import _kept_replica
from gpudesk.core.inference_rows import _same, kept_rows
from gpudesk.core.pass_memo import PassMemo
from gpudesk.results.pipeline import phase_ledger
from gpudesk.results.search_pricing import PriceCache, context_key, replica_wanted, shown_points

RUN = _kept_replica.__wrapped__  # type: ignore[attr-defined]


def _wanted(searched_sample, stem: str, phase_index: int):  # type: ignore[no-untyped-def]
    plan, _project = searched_sample(stem)
    phase = plan.phases[phase_index]
    ctx = phase.context
    catalog = searched_sample.catalog
    points = list({p.index: p for p in [*(phase.found.find(c.point) for c in phase.candidates if c.point >= 0),
                                         *shown_points(phase.found)] if p is not None}.values())
    memo, cache, context = PassMemo(), PriceCache(), context_key(ctx.project, ctx.index, ctx.carried)
    calls = [replica_wanted(p, context, ctx.project, ctx.index, catalog,
                            lambda p, i: phase_ledger(p, i, catalog, ctx.carried), cache, memo) for p in points]
    return [call.call_args[0] for call in calls if call is not None]


def test_every_row_of_a_batch_is_the_replicas_own_call(searched_sample) -> None:
    inputs = _wanted(searched_sample, "bank-llm-assistant", 1)
    rows = kept_rows(inputs)
    handed = [(inp, row) for inp, row in zip(inputs, rows, strict=True) if row is not None]
    assert len(handed) >= 20, f"{len(handed)} of {len(inputs)} replicas computed together"
    for inp, row in handed:
        assert _same(RUN(inp), row), (inp.hardware.ids, inp.tp, inp.pp, inp.concurrency)
    one, other = handed[0][1], handed[-1][1]  # the comparison sees a difference where there is one
    assert not _same(one, other)


def test_a_batch_whose_first_row_is_not_its_own_call_is_not_handed_out(searched_sample, monkeypatch) -> None:
    inputs = _wanted(searched_sample, "bank-llm-assistant", 1)
    stacked = inference_rows._stacked

    def off_by_one(group):  # type: ignore[no-untyped-def]
        batch = stacked(group)
        return dataclasses.replace(batch, concurrency=np.asarray(batch.concurrency) + 1.0)

    monkeypatch.setattr(inference_rows, "_stacked", off_by_one)
    assert kept_rows(inputs) == [None] * len(inputs)
