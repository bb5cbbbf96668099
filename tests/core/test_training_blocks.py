"""Whether a flat batch's training figures are copied into blocks (explain.Rows) is the caller's to say
(TrainingInputs.figures_in_blocks): the search processes keep freed memory (gpudesk/process_heap.py) and pass
False, so the core reads no process-wide flag (pyproject's import-linter contract forbids the import). Both ways
give the same figures; only where their memory lives differs."""

from __future__ import annotations

import dataclasses

import numpy as np

from gpudesk.core import explain
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.training import estimate_training
from gpudesk.core.training_inputs import TrainingInputs
from tests.core.test_flat_distinct import ACCELERATORS, _configurations
from tests.core.test_memory_fastpath import LLAMA_70B


def test_the_caller_says_whether_figures_go_in_blocks(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    c = _configurations(4)
    hw = HardwareArrays.from_accelerators(ACCELERATORS).take(c["hw"].astype(int))
    inp = TrainingInputs(model=LLAMA_70B, hardware=hw, n_gpus=c["n"], tp=c["tp"], pp=c["pp"], cp=c["cp"], ep=c["ep"],
                         micro_batch=c["mb"], global_batch=c["gb"], seq_len=c["seq"], zero_stage=c["zero"],
                         virtual_stages=c["v"], recompute=c["rec"], train_tokens=1e11)
    made: list[int] = []
    real = explain.Rows
    monkeypatch.setattr(explain, "Rows", lambda length: made.append(length) or real(length))
    blocks = estimate_training(inp)
    assert made == [c["n"].size]
    made.clear()
    own = estimate_training(dataclasses.replace(inp, figures_in_blocks=False))
    assert made == []  # no block: each figure keeps its own array
    for key in blocks.keys():
        a, b = blocks[key], own[key]
        if isinstance(a, np.ndarray) and a.dtype.kind == "f":
            np.testing.assert_array_equal(a, b, err_msg=key)
