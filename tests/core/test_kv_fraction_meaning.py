"""The serving memory fraction means what the plan's engine means by it (vocabulary/serving.py ENGINE_RELEASE
``kv_of_free``): TensorRT-LLM takes it of the memory free once the model has loaded, all of it KV cache, KV budget
f·(C − F); vLLM, SGLang and the current engine take it of the device total, KV budget f·C − F (F: what the replica
holds whatever its batch). Until 2026-12-04 every release read the second, so TensorRT-LLM plans held (1 − f)·F less
KV cache than their engine gives them. The estimate, the serving search and the fewest-GPUs search read one budget.

F is taken from the figures as the total less the batch's per-sequence bytes (mem.total − b · mem.per_sequence),
not from the function that sizes the budget."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.memory import MemoryInputs, estimate_memory
from gpudesk.core.plan_resolve import resolve_model
from gpudesk.core.search_serving import Context, _kv_capacity
from gpudesk.core.serving_load import serving_inputs
from gpudesk.project.model import Project, Workload
from gpudesk.report.formula_text import formula_text

FREE = ("trtllm-0", "trtllm-1.0", "trtllm-1.1", "trtllm-1.2")
TOTAL = ("current", "vllm-v1-sync", "pytorch-cudagraph")
SHARE = 0.8  # not the 0.9 default: a test of the share, not of a constant
TP = 2


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open(user_db=None)


def _workload(release: str) -> Workload:
    w = Project().phases[0].workloads[0]
    w.kind, w.model_id, w.weight_dtype, w.kv_dtype = "llm_inference", "llama-3.1-70b", "fp8", "fp8"
    w.prompt_tokens, w.output_tokens, w.prompt_tokens_sd, w.output_tokens_sd = 2000, 1000, 0.0, 0.0
    w.parallel.tp, w.concurrency, w.serving_scenario = TP, 0, "offline"
    w.serving_memory_fraction, w.engine_release = SHARE, release
    return w


def _parts(catalog: Catalog, release: str, micro_batch: float = 4.0, tp: int = TP
           ) -> tuple[MemoryInputs, dict[str, float]]:
    w = _workload(release)
    hw = HardwareArrays.from_accelerators([catalog.accelerator("h200-sxm")])
    inp = MemoryInputs(model=resolve_model(catalog, w, "w"), mode="inference", weight_dtype="fp8", kv_dtype="fp8",
                       seq_len=3000, micro_batch=micro_batch, tp=tp, serving_fraction=SHARE, engine_release=release,
                       **hw.memory_fields())
    fs = estimate_memory(inp)
    return inp, {k: float(np.asarray(fs[k], dtype=float).reshape(-1)[0]) for k in (
        "mem.capacity", "mem.total", "mem.per_sequence", "mem.kv_budget", "mem.usable", "mem.max_concurrency",
        "mem.min_gpus")}


def _expected_budget(release: str, fig: dict[str, float], micro_batch: float) -> float:
    fixed = fig["mem.total"] - micro_batch * fig["mem.per_sequence"]
    capacity = fig["mem.capacity"]
    return SHARE * (capacity - fixed) if release in FREE else SHARE * capacity - fixed


@pytest.mark.parametrize("release", FREE + TOTAL)
def test_the_estimate_budgets_the_kv_cache_as_the_engine_does(catalog, release) -> None:
    _inp, fig = _parts(catalog, release)
    expected = _expected_budget(release, fig, 4.0)
    assert fig["mem.kv_budget"] == pytest.approx(expected, rel=1e-9)
    assert fig["mem.max_concurrency"] == math.floor(expected / fig["mem.per_sequence"])
    # the same budget at another batch: F does not depend on it
    _inp, other = _parts(catalog, release, micro_batch=64.0)
    assert other["mem.kv_budget"] == pytest.approx(fig["mem.kv_budget"], rel=1e-9)


def test_tensorrt_llm_holds_one_minus_f_of_the_fixed_bytes_more(catalog) -> None:
    _inp, free = _parts(catalog, "trtllm-1.0")
    _inp, total = _parts(catalog, "current")
    fixed = total["mem.total"] - 4.0 * total["mem.per_sequence"]
    assert free["mem.kv_budget"] - total["mem.kv_budget"] == pytest.approx((1 - SHARE) * fixed, rel=1e-9)
    assert free["mem.usable"] <= free["mem.capacity"]


def _serving_estimate(catalog: Catalog, release: str) -> dict[str, float]:
    w = _workload(release)
    hw = HardwareArrays.from_accelerators([catalog.accelerator("h200-sxm")])
    fs = estimate_inference(serving_inputs(resolve_model(catalog, w, "w"), w, hw, 1.0))
    keys = ("infer.max_concurrency_kv", "mem.kv_budget", "mem.per_sequence", "mem.total", "mem.capacity",
            "mem.in.micro_batch")
    return {k: float(np.asarray(fs[k], dtype=float).reshape(-1)[0]) for k in keys}


def _searched_capacity(catalog: Catalog, release: str) -> float:
    w = _workload(release)
    hw = HardwareArrays.from_accelerators([catalog.accelerator("h200-sxm")])
    ctx = Context(model=resolve_model(catalog, w, "w"), workload=w, phase=Project().phases[0], units=(), rate=1.0,
                  min_bits=16, gpus_per_node=8, hardware=hw)
    return float(_kv_capacity(ctx, hw, "fp8", "fp8", np.array([[TP, 1, 1]], dtype=float))[0])


@pytest.mark.parametrize("release", ("trtllm-1.0", "current", "vllm-v1-sync"))
def test_the_serving_estimate_and_the_search_read_the_same_kv_budget(catalog, release) -> None:
    est = _serving_estimate(catalog, release)
    b = est["mem.in.micro_batch"]
    expected = _expected_budget(release, est, b)
    assert est["mem.kv_budget"] == pytest.approx(expected, rel=1e-9)
    assert est["infer.max_concurrency_kv"] == math.floor(expected / est["mem.per_sequence"])
    assert _searched_capacity(catalog, release) == est["infer.max_concurrency_kv"]


def test_the_search_gives_tensorrt_llm_the_larger_kv_cache(catalog) -> None:
    assert _searched_capacity(catalog, "trtllm-1.0") > _searched_capacity(catalog, "current")


def test_the_fewest_gpus_follow_the_engines_meaning(catalog) -> None:
    """A batch that fits one H200 under TensorRT-LLM's budget and not under a share of the total: the fewest GPUs
    search (mem.min_gpus) answers 1 for the one and 2 for the other, as the fit at t = 1 does."""
    _inp, free = _parts(catalog, "trtllm-1.0", tp=1)
    fixed = free["mem.total"] - 4.0 * free["mem.per_sequence"]
    batch = math.floor(SHARE * (free["mem.capacity"] - fixed) / free["mem.per_sequence"])
    assert batch * free["mem.per_sequence"] > SHARE * free["mem.capacity"] - fixed  # the meanings disagree here
    for release, gpus in (("trtllm-1.0", 1.0), ("trtllm-1.2", 1.0), ("current", 2.0), ("vllm-v1-sync", 2.0)):
        inp, fig = _parts(catalog, release, micro_batch=float(batch), tp=1)
        assert fig["mem.min_gpus"] == gpus, release
        fits = float(np.asarray(estimate_memory(inp)["mem.fits"]).reshape(-1)[0])
        assert fits == (1.0 if gpus == 1.0 else 0.0), release


@pytest.mark.parametrize("release,said", (("trtllm-1.0", "memory free once the model has loaded"),
                                          ("current", "share of the device total")))
def test_the_usable_memory_says_which_meaning_applied_in_both_languages(catalog, release, said) -> None:
    inp, _fig = _parts(catalog, release)
    fs = estimate_memory(inp)
    english = fs.formula("mem.usable")
    assert said in english
    chinese = formula_text("zh").formula(english)
    assert ("空闲显存" if release in FREE else "设备总显存") in chinese
    assert "fraction" not in chinese and "capacity" not in chinese
