"""Disaggregated serving: a prefill pool and a decode pool, each of its own instances.

A disaggregated deployment runs prompts on prefill instances and hands their KV cache to decode instances, which
then only decode (no prompt shares their iterations). The two pools need not share a layout: NVIDIA's MLPerf
Inference v5.1 GB200 NVL72 Llama 3.1 405B Interactive run fed 2 generation servers of TP8 from 14 context servers
of TP4 (closed/NVIDIA/code/llama3_1-405b/tensorrt/run_disagg_405B/README.md, github.com/mlcommons/
inference_results_v5.1). A plan states:

* ``prefill_tp``: each prefill instance's tensor parallel degree (0 = the plan's ``tp``, the decode instances');
  pipeline and expert parallel are the plan's for both;
* ``prefill_pool_gpus`` and ``decode_pool_gpus``: one block of the deployment, repeated whole until the rate is
  served (both 0: each pool is sized from the rate on its own). Each must hold a whole number of its instances (the
  plan layer refuses one that does not, core/plan_workload.py; a search's layout that does not gets no block: NaN).

Reads nothing but its arguments (core/inference.py and core/inference_load.py call it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from gpudesk.core.explain import FigureSet
from gpudesk.core.inference_step import ReplicaModel

if TYPE_CHECKING:
    from gpudesk.core.inference import InferenceInputs


def pools_stated(inp: InferenceInputs) -> bool:
    """Whether the plan states one block's two pools (both sizes above 0)."""
    return float(inp.prefill_pool_gpus) > 0 and float(inp.decode_pool_gpus) > 0


def prefill_instance(fs: FigureSet, inp: InferenceInputs, a: dict[str, np.ndarray], decode: ReplicaModel,
                     build: Callable[[np.ndarray], ReplicaModel]) -> ReplicaModel:
    """The prefill pool's instance (``build`` at its tensor parallel degree; the decode instance itself where the
    degree is the same), its inputs and its GPUs recorded."""
    tp = np.where(np.asarray(inp.prefill_tp, dtype=float) > 0, np.asarray(inp.prefill_tp, dtype=float), a["tp"])
    fs.input("infer.in.prefill_tp", np.asarray(inp.prefill_tp, dtype=float) * np.ones_like(a["tp"]), "GPUs",
             "tensor parallel of each prefill instance (0 = the decode instances')")
    fs.input("infer.in.prefill_pool_gpus", float(inp.prefill_pool_gpus), "GPUs",
             "prefill pool of one block (0 = sized from the rate)")
    fs.input("infer.in.decode_pool_gpus", float(inp.decode_pool_gpus), "GPUs",
             "decode pool of one block (0 = sized from the rate)")
    pre = decode if np.array_equal(tp, a["tp"]) else build(tp)
    fs.add("infer.prefill_gpus_per_instance", pre.gpus * np.ones_like(a["tp"]), "GPUs", "GPUs per prefill instance",
           "max(prefill t, e) · p (prefill t = the decode instances' t where not stated)",
           ["infer.in.prefill_tp", "infer.in.tp", "infer.in.ep", "infer.in.pp"])
    return pre


def pool_sizes(fs: FigureSet, inp: InferenceInputs, rate: np.ndarray, pre_rate: np.ndarray, lam_max: np.ndarray,
               pre_gpus: np.ndarray, dec_gpus: np.ndarray, deps: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(prefill instances, decode instances) serving ``rate``: whole blocks of the stated pools, else each pool on
    its own; the pools' GPUs as figures."""
    fs.add("infer.max_prefill_rate_per_instance", pre_rate, "requests/s", "highest rate per prefill instance",
           "largest rate whose prompts' waits on one prefill instance (one prompt at a time) stay within the TTFT "
           "budgets less the KV transfer (M/G/1)", ["infer.prefill_s", "infer.kv_transfer_s", *deps])
    deps = [*deps, "infer.max_prefill_rate_per_instance"]
    with np.errstate(divide="ignore", invalid="ignore"):
        if pools_stated(inp):
            n_pre, n_dec = float(inp.prefill_pool_gpus) / pre_gpus, float(inp.decode_pool_gpus) / dec_gpus
            whole = (n_pre == np.floor(n_pre)) & (n_dec == np.floor(n_dec))  # else no such block (the plan refuses it)
            block = fs.add("infer.disagg_block_rate", np.where(whole, np.minimum(n_pre * pre_rate, n_dec * lam_max),
                                                               np.nan), "requests/s",
                           "highest rate one block of the stated pools serves",
                           "min(prefill pool / GPUs per prefill instance · max prefill rate per instance, decode "
                           "pool / GPUs per replica · max rate per decode replica)",
                           [*deps, "infer.max_rate_per_replica", "infer.in.prefill_pool_gpus", "infer.in.decode_pool_gpus",
                            "infer.prefill_gpus_per_instance", "infer.gpus_per_replica"])
            blocks = np.where(rate > 0, np.ceil(rate / block), 1.0)
            pre_inst, dec_inst = blocks * n_pre, blocks * n_dec
            how = "⌈rate / block rate⌉ · {} pool of a block"
        else:
            pre_inst = np.where(rate > 0, np.ceil(rate / pre_rate), 1.0)
            dec_inst = np.where(rate > 0, np.ceil(rate / lam_max), 1.0)
            how = ""
    fs.add("infer.disagg_prefill_gpus", pre_inst * pre_gpus, "GPUs", "prefill pool (disaggregated)",
           how.format("prefill") or "⌈rate / max prefill rate per instance⌉ · GPUs per prefill instance",
           [*deps, "infer.prefill_gpus_per_instance"])
    fs.add("infer.disagg_decode_gpus", dec_inst * dec_gpus, "GPUs", "decode pool (disaggregated)",
           how.format("decode") or "⌈rate / max rate per decode replica⌉ · GPUs per replica", deps)
    return pre_inst, dec_inst


def kv_transfer_gpus(pre: ReplicaModel, decode: ReplicaModel) -> Any:
    """GPUs whose scale-out links carry one prompt's KV cache: the smaller instance's."""
    return np.minimum(pre.gpus, decode.gpus)
