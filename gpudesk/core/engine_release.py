"""What a serving engine release changes in the step model: the plan's ``engine_release`` (vocabulary/serving.py
``ENGINE_RELEASE``, each release with its date and source).

One mechanism today: before TensorRT-LLM 1.2 every iteration of an attention data-parallel replica (expert parallel
wider than tensor parallel) paid host-side work the GPUs waited for. TensorRT-LLM names it (tech blog 8, 'Scaling
Expert Parallelism in TensorRT LLM, Part 2', Host Overhead Optimization: with attention data-parallel the batch of
one iteration scales with the GPUs, its requests and responses put 'huge pressure on Python threads' under the GIL,
and 'the GPU could be idle waiting for the CPU'); NVIDIA's MLPerf Inference v6.0 submissions, on the 1.2 line, no
longer show it, where the v5.1 ones (1.0 and 1.1 lines) and the 1.0 perf overview's MoE rows do (docs/validation.md).
No published figure sets its size: ``ADP_HOST_ITERATION_S`` is fitted on the fit half of the validation corpus.
The current release, and every tensor-parallel replica, pays nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gpudesk.core.constants import serving as SV
from gpudesk.vocabulary.serving import ENGINE_RELEASE


def pays_adp_host(release: str) -> bool:
    """The release pays the attention data-parallel host cost per iteration (refuses an unknown release)."""
    return bool(ENGINE_RELEASE.term(release).adp_host)


def host_iteration_s(release: str, tp: Any, ep: Any) -> np.ndarray:
    """Seconds of host work one decode iteration of a replica waits for: ``ADP_HOST_ITERATION_S`` where the release
    pays it and the replica's attention runs data-parallel (max(t, e) / t > 1), else 0."""
    tp_, ep_ = np.asarray(tp, dtype=np.float64), np.asarray(ep, dtype=np.float64)
    cost = SV.ADP_HOST_ITERATION_S.value if pays_adp_host(release) else 0.0
    return np.asarray(np.where(np.maximum(tp_, ep_) > tp_, cost, 0.0))
