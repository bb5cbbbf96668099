"""The parts of the step model and the memory estimate the window's memo keeps from edit to edit (issue 24): within an
active PassMemo an edit of the sequence, the micro-batch or the global batch re-sizes with the data-parallel
collectives, the reduce with its buckets, the layout's terms and the model states of the edit before. Each is keyed
on what it reads: changing anything it does not read leaves its answer as it is (else the key would serve a stale
one), and a sweep estimated within the memo, edit after edit, equals one estimated without it, bit for bit."""

from __future__ import annotations

from dataclasses import fields, replace

import numpy as np
from test_training_samples import H100, MIXTRAL

from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.pass_memo import PassMemo
from gpudesk.core.training import estimate_training
from gpudesk.core.training_comm import _BUCKET_FIELDS, _DP_FIELDS, StepShape, _dp_collectives, bucket_latency
from gpudesk.core.training_inputs import TrainingInputs
from gpudesk.core.training_rows import UNREAD_BY_LAYOUT, _layout_only, _on_every_candidate

COUNTS = 8.0 * 2.0 ** np.arange(6)  # a sizing sweep's GPU counts


def _shape(**changed: object) -> StepShape:
    n = COUNTS.size
    base = dict(tp=np.asarray(2.0), pp=np.asarray(2.0), cp=np.asarray(1.0), ep=np.asarray(2.0), dp=COUNTS / 4.0,
                micro_batch=np.asarray(1.0), seq_len=np.asarray(4096.0), micro_batches=np.full(n, 8.0),
                virtual_stages=np.asarray(1.0), zero_stage=np.asarray(1.0), full_recompute=np.asarray(False),
                layers=32.0, moe_layers=32.0, hidden=4096.0, kv_width=2048.0, experts_per_token=2.0,
                dense_params=1.6e9, expert_params=4.5e10, bucket_params=0.0)
    return StepShape(**{**base, **changed})  # type: ignore[arg-type]


def _garbled(shape: StepShape, read: set[str]) -> StepShape:
    """``shape`` with every field outside ``read`` changed."""
    out = {}
    for f in fields(shape):
        if f.name not in read:
            value = getattr(shape, f.name)
            out[f.name] = value * 3.0 + 1.0 if not isinstance(value, bool) else not value
    return replace(shape, **out)


def _same(a: object, b: object) -> bool:
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    x, y = np.asarray(a), np.asarray(b)
    return x.shape == y.shape and x.dtype == y.dtype and x.tobytes() == y.tobytes()


def test_each_kept_part_reads_nothing_outside_its_key() -> None:
    hw = HardwareArrays.from_accelerators([H100] * COUNTS.size)
    eff, links = _on_every_candidate(hw, "bf16", None, "tensorwise")
    shape = _shape()
    dp_read = set(_DP_FIELDS)
    assert _same(_dp_collectives(shape, links, 2.0, 2.0), _dp_collectives(_garbled(shape, dp_read), links, 2.0, 2.0))
    steps, expert_steps = np.full(COUNTS.size, 1e-5), np.full(COUNTS.size, 2e-5)
    bucket_read = set(_BUCKET_FIELDS)
    assert _same(bucket_latency(shape, steps, expert_steps, np.asarray(3e-5)),
                 bucket_latency(_garbled(shape, bucket_read), steps, expert_steps, np.asarray(3e-5)))
    layout_read = {f.name for f in fields(shape)} - UNREAD_BY_LAYOUT
    for method in ("full", "lora"):
        assert _same(_layout_only(MIXTRAL, method, True, shape, 1.0, hw.hbm_bw, eff.hbm),
                     _layout_only(MIXTRAL, method, True, _garbled(shape, layout_read), 1.0, hw.hbm_bw, eff.hbm))
    # and each does read what its key names (a changed field changes an answer)
    for name in dp_read - {"pp"}:
        assert not _same(_dp_collectives(shape, links, 2.0, 2.0),
                         _dp_collectives(_garbled(shape, dp_read - {name}), links, 2.0, 2.0)), name


def _text(fs) -> list[tuple[str, str, bytes]]:  # type: ignore[no-untyped-def]
    return [(k, fs.formula(k), np.asarray(fs[k]).tobytes()) for k in fs.keys()]


def test_a_sweep_edited_within_the_memo_equals_a_fresh_one() -> None:
    hw = HardwareArrays.from_accelerators([H100]).take(np.zeros(COUNTS.size, dtype=int))
    memo = PassMemo()
    for edit in ({}, {"seq_len": 8192}, {"micro_batch": 2}, {"global_batch": 512}, {"tp": 4}):
        given = {"tp": 2, "pp": 2, "ep": 2, "global_batch": 1024, "seq_len": 4096, "zero_stage": 1, **edit}
        train = TrainingInputs(model=MIXTRAL, hardware=hw, n_gpus=COUNTS, **given)  # type: ignore[arg-type]
        mem = MemoryInputs(model=MIXTRAL, mode="train", gpu_memory_gb=hw.memory_gb, tp=train.tp, pp=2, ep=2,
                           dp=COUNTS / (2 * train.tp), seq_len=train.seq_len, micro_batch=train.micro_batch,
                           zero_stage=1, micro_batches_per_step=np.full(COUNTS.size, 4.0))
        with memo.active():
            kept = (_text(estimate_training(train)), _text(estimate_memory(mem)))
        assert kept == (_text(estimate_training(train)), _text(estimate_memory(mem))), edit
    assert memo.hits > 0


def test_stacked_parts_choose_as_the_running_comparison(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A sweep's or one configuration's step parts are stacked for np.argmax (training_parts.largest_parts): the
    same indices, NaN and ties included, as the running comparison a large batch takes."""
    from gpudesk.core import training_parts

    rng = np.random.default_rng(7)
    for shape in ((), (17,), (3, 5)):
        parts = [np.round(rng.random(shape) * 3.0) for _ in range(10)]  # ties
        for k in (0, 1, 4):
            parts[k] = np.where(rng.random(shape) < 0.2, np.nan, parts[k])
        parts[3] = 1.0  # a scalar part
        stacked = training_parts.largest_parts(parts)
        monkeypatch.setattr(training_parts, "STACKED_MAX_ROWS", 0)
        running = training_parts.largest_parts(parts)
        monkeypatch.undo()
        assert all(a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b) for a, b in zip(stacked, running))


def test_edit_path_helpers_answer_as_numpy_and_dataclasses_do() -> None:
    """arrays.replaced and broadcast_view skip numpy's and dataclasses' general machinery on the edit's path: the same
    object, the same view; a dataclass that runs code in __init__ still goes through it."""
    import dataclasses

    from gpudesk.core.arrays import broadcast_view, replaced

    shape, seq = _shape(), np.asarray(8192.0)
    fast, slow = replaced(shape, dp=COUNTS, seq_len=seq), replace(shape, dp=COUNTS, seq_len=seq)
    assert type(fast) is StepShape and all(getattr(fast, f.name) is getattr(slow, f.name) for f in fields(StepShape))

    @dataclasses.dataclass
    class Checked:
        x: float
        doubled: float = 0.0

        def __post_init__(self) -> None:
            self.doubled = 2.0 * self.x

    assert replaced(Checked(1.0), x=3.0).doubled == 6.0
    try:
        replaced(shape, no_such_field=1.0)
    except TypeError:
        pass
    else:
        raise AssertionError("an unknown field must raise as dataclasses.replace does")
    for value in (np.asarray(3.5), np.asarray(True), np.asarray(7, dtype=np.int64)):
        view, reference = broadcast_view(value, (17,)), np.broadcast_to(value, (17,))
        assert (view.shape, view.strides, view.dtype, view.tobytes()) == \
            (reference.shape, reference.strides, reference.dtype, reference.tobytes())
        assert not view.flags.writeable
