"""What pipeline stages add to a serving iteration beyond one stage's work (core/inference_step.py).

A pipeline-parallel replica runs its pp stages one after another for each token, and an in-flight-batching engine
keeps pp micro-batches in flight (TensorRT-LLM: ``mNumMicroBatches = getPipelineParallelism()``,
cpp/tensorrt_llm/batch_manager/trtGptModelInflightBatching.cpp), a request sitting in one micro-batch at a time.
Beyond one stage's work (the stage's weights streamed once per micro-batch, each layer's collectives at a
micro-batch's tokens, a prompt's passage through every stage: core/inference_step.py), each micro-batch is handed
from each stage to the next (``stage_hops``).

Not modelled (2026-12-04): the micro-batches circulate through the stages as a ring whose period is pp times its
longest micro-batch's stage time, so a micro-batch carrying a prompt chunk holds the others back. Modelled with
prompts reaching the micro-batches as Poisson (whole prompts, or chunks of the token budget's room), it moved the
Llama 3.1 405B Offline MLPerf rows of TP2 x PP2 from -13…-1% to -20…-9% and left the Server rows (evaluated at the
engine batch, where the micro-batches are nearly full) within 5 points: docs/validation.md, 'Pipeline-parallel
serving'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gpudesk.core.collectives import collective_time
from gpudesk.core.constants import ACTIVATION_COMM_BYTES

if TYPE_CHECKING:
    from gpudesk.core.inference_step import ReplicaModel


def stage_hops(rep: ReplicaModel, tokens: np.ndarray) -> np.ndarray:
    """Seconds of the pp − 1 point-to-point hand-offs of ``tokens`` tokens' hidden states between consecutive
    pipeline stages (each of a stage's t ranks to its peer in the next, in parallel); a hand-off crosses the
    scale-up domain at each of its ⌈g / domain⌉ − 1 boundaries (g the replica's GPUs), inside it elsewhere.
    0 at pp = 1."""
    pp = np.asarray(rep.pp, dtype=np.float64)
    if not np.any(pp > 1):
        return np.zeros(np.broadcast(tokens, pp).shape)
    size = tokens / rep.attention_groups * rep.model.hidden * ACTIVATION_COMM_BYTES.value
    two = np.full(np.shape(pp), 2.0)
    crossing = np.minimum(np.ceil(rep.gpus / rep.links.scaleup_domain) - 1.0, pp - 1.0)
    inside = collective_time("p2p", size, two, two, rep.links)
    across = collective_time("p2p", size, two, np.ones_like(two), rep.links)
    return np.asarray(np.where(pp > 1, (pp - 1.0 - crossing) * inside + crossing * across, 0.0))
