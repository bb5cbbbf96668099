"""A serving workload's request lengths: the plan's own mean and spread, or those of the data set it names
(``workload.length_dataset``, vocabulary/request_lengths.py).

The phase is estimated with the data set's moments in the workload's length fields (:func:`with_dataset_lengths`,
applied once where a phase is sized, results/pipeline.py), so every figure that reads a length (the serving model,
the tokens a day, the configuration search, the context check) reads the same one; the serving model records the
data set and its source beside the lengths (core/inference.py), so Explain and ``estimate --json`` show them.
"""

from __future__ import annotations

from dataclasses import replace

from gpudesk.project.model import LLM_SERVING, Phase, Workload
from gpudesk.vocabulary.request_lengths import LENGTH_DATASET

LENGTH_FIELDS = ("prompt_tokens", "prompt_tokens_sd", "output_tokens", "output_tokens_sd")


def dataset_lengths(w: Workload) -> Workload:
    """``w`` with its data set's mean and spread of input and output lengths; ``w`` itself when it names none. The
    lengths it replaces leave its assumed inputs (the data set states them). Only LLM serving reads a data set (the
    wizard offers it there): another kind's (agent hosting's model calls, set in a plan file) is left out, so no
    figure cites a data set whose lengths it did not read."""
    if w.length_dataset == "none":
        return w
    if w.kind not in LLM_SERVING:
        return replace(w, length_dataset="none")
    term = LENGTH_DATASET.term(w.length_dataset)
    return replace(w, prompt_tokens=max(round(term.prompt), 1), prompt_tokens_sd=float(term.prompt_sd),
                   output_tokens=max(round(term.output), 1), output_tokens_sd=float(term.output_sd),
                   assumed_inputs=[name for name in w.assumed_inputs if name not in LENGTH_FIELDS])


def with_dataset_lengths(phase: Phase) -> Phase:
    """``phase`` with every workload's lengths as :func:`dataset_lengths` gives them (``phase`` when none names a
    data set)."""
    if all(w.length_dataset == "none" for w in phase.workloads):
        return phase
    return replace(phase, workloads=[dataset_lengths(w) for w in phase.workloads])
