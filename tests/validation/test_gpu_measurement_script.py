"""The H200 measurement script and its recorded output (docs/validation.md, "Measured here").

The data-file checks always run. The script checks need PyTorch, which the
application's environment does not install: they are skipped there and run
wherever torch is importable (the script's --dry-run is a tiny CPU model).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from pathlib import Path

import pytest
from validation_cases_measured import DATA, HELDOUT_DATA, SERVING_HELDOUT_DATA, catalog_rows

ROOT = Path(__file__).resolve().parents[2]
SCRIPT_DIR = ROOT / "benchmarks" / "gpu"


def _data() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_data_file_records_the_environment_and_every_configuration():
    data = _data()
    env = data["environment"]
    for key in ("torch", "cuda", "gpu", "nvidia_smi", "total_memory_bytes", "context_and_driver_bytes", "attention"):
        assert env[key], key
    assert data["flop_formula"] and data["ceilings"]["bf16_matmul_tflops"] > 0
    assert {r["status"] for r in data["training"]} <= {"ok", "OOM"}
    for row in data["training"]:
        if row["status"] == "ok":
            assert len(row["step_times_s"]) == row["timed_steps"] >= 5 and row["warmup_steps"] >= 2
            assert row["peak_reserved_bytes"] >= row["peak_allocated_bytes"] > row["states_bytes_without_gradients"]
    for row in data["decode"]:
        assert row["graph"] == "captured" and row["graph_step_s"] < row["eager_step_s"]


def test_heldout_file_is_training_only_on_shapes_and_lengths_not_used_before():
    first, held = _data(), json.loads(HELDOUT_DATA.read_text(encoding="utf-8"))
    assert held["plan"]["suite"] == "heldout" and held["environment"]["gpu"] == first["environment"]["gpu"]
    assert not held["prefill"] and not held["decode"]
    assert not {r["model"] for r in held["training"]} & {r["model"] for r in first["training"]}
    assert {r["seq_len"] for r in held["training"]} == {4096}
    assert {r["loss"].split()[0] for r in held["training"]} == {"unfused", "chunked"}
    for row in held["training"]:
        assert row["status"] in ("ok", "OOM")
        if row["status"] == "ok":
            assert len(row["step_times_s"]) == row["timed_steps"] >= 5 and row["warmup_steps"] >= 2
            assert row["peak_reserved_bytes"] >= row["peak_allocated_bytes"] > row["states_bytes_without_gradients"]


def test_serving_file_is_prefill_and_decode_at_points_the_first_run_did_not_measure():
    first, served = _data(), json.loads(SERVING_HELDOUT_DATA.read_text(encoding="utf-8"))
    env = served["environment"]
    assert served["plan"]["suite"] == "serving" and env["gpu"] == first["environment"]["gpu"]
    assert env["context_and_driver_bytes"] > 0 and not served["training"]
    seen = {(r["model"], r["batch"], r["context"]) for r in first["decode"]}
    assert not seen & {(r["model"], r["batch"], r["context"]) for r in served["decode"]}
    assert not {(r["model"], r["prompt"]) for r in first["prefill"]} & {(r["model"], r["prompt"]) for r in
                                                                      served["prefill"]}
    for row in served["decode"]:
        assert row["status"] in ("ok", "OOM"), row
        if row["status"] == "ok":
            assert row["graph"] == "captured" and row["graph_step_s"] <= row["eager_step_s"] * 1.05
    assert all(r["status"] == "ok" for r in served["prefill"])
    assert "sliding window 2,047" in served["attention_by_model"]["phi-3-mini"]


def _script_modules():
    pytest.importorskip("torch")
    sys.path.insert(0, str(SCRIPT_DIR))
    try:
        import decoder_model
        spec = importlib.util.spec_from_file_location("measure_transformer", SCRIPT_DIR / "measure_transformer.py")
        script = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(script)
    finally:
        sys.path.remove(str(SCRIPT_DIR))
    return decoder_model, script


def test_script_shapes_are_the_catalog_rows():
    decoder_model, _ = _script_modules()
    _, models = catalog_rows(set(decoder_model.SHAPES))
    for name, shape in decoder_model.SHAPES.items():
        m = models[name]
        window = (m.sliding_window or 0) if m.n_sliding_layers == m.n_layers else 0  # every layer, or none
        assert (shape.layers, shape.hidden, shape.heads, shape.kv_heads, shape.head_dim, shape.ffn, shape.vocab,
                shape.tied, shape.window) == (m.n_layers, m.hidden, m.n_heads, m.n_kv_heads, m.head_dim,
                                              m.ffn_hidden, m.vocab, m.tied_embeddings, window), name
    params = {r["model"]: r["params"] for r in _data()["training"]}
    for name, count in params.items():
        assert abs(count - models[name].params_total) / models[name].params_total < 0.01, name
    served = json.loads(SERVING_HELDOUT_DATA.read_text(encoding="utf-8"))
    for row in served["prefill"]:  # bf16: 2 B per parameter
        assert abs(row["weight_bytes"] / 2 - models[row["model"]].params_total) / models[row["model"]].params_total \
            < 0.01, row["model"]


@pytest.mark.parametrize("tied", [False, True])
@pytest.mark.parametrize("gqa_native", [True, False])
def test_cached_decode_matches_the_full_forward(tied, gqa_native):
    decoder_model, _ = _script_modules()
    import torch

    shape = dataclasses.replace(decoder_model.DRY_RUN_SHAPE, tied=tied)
    torch.manual_seed(3)
    model = decoder_model.Decoder(shape, 24, gqa_native=gqa_native, dtype=torch.float32).eval()
    tokens = torch.randint(0, shape.vocab, (2, 24))
    with torch.no_grad():
        reference = model(tokens).argmax(-1)
        cache = decoder_model.KVCache(shape, 2, 24, torch.device("cpu"), dtype=torch.float32)
        first = model.prefill(tokens[:, :23], cache)
        last = model.decode(tokens[:, 23:], torch.tensor([23]), cache)
    assert torch.equal(first[:, 0], reference[:, 22]) and torch.equal(last[:, 0], reference[:, 23])


def test_dry_run_writes_every_section(tmp_path):
    _, script = _script_modules()
    assert script.main(["--dry-run", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "measured.json").read_text())
    assert [r["status"] for r in data["training"]] == ["ok", "ok"]
    assert data["prefill"] and all(r["status"] == "ok" for r in data["decode"])
    assert data["environment"]["device"] == "cpu" and data["training"][1]["recompute"] == "full"


def test_chunked_loss_equals_the_unfused_loss():
    decoder_model, script = _script_modules()
    from contextlib import nullcontext

    import torch
    import torch.nn.functional as F

    torch.manual_seed(5)
    model = decoder_model.Decoder(decoder_model.DRY_RUN_SHAPE, 40, dtype=torch.float32)
    tokens = torch.randint(0, decoder_model.DRY_RUN_SHAPE.vocab, (2, 41))
    unfused = F.cross_entropy(model(tokens[:, :-1]).flatten(0, 1), tokens[:, 1:].reshape(-1))
    chunked = script.chunked_loss(model, model.final_hidden(tokens[:, :-1]), tokens[:, 1:], nullcontext())
    assert torch.allclose(unfused, chunked, rtol=1e-5)


def test_heldout_dry_run_marks_the_loss(tmp_path):
    _, script = _script_modules()
    assert script.main(["--dry-run", "--suite", "heldout", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "measured.json").read_text())
    assert [r["loss"].split()[0] for r in data["training"]] == ["unfused", "chunked"]
    assert data["plan"]["suite"] == "heldout" and not data["prefill"]


def test_windowed_decode_attends_over_the_last_window_positions():
    """One layer (its cache holds projections of the embeddings alone): a decode step at position 23 with a
    window of 20 gives the logits of a full-attention forward over tokens 4..23 (rotary scores are relative)."""
    decoder_model, _ = _script_modules()
    import torch

    shape = dataclasses.replace(decoder_model.DRY_RUN_WINDOW_SHAPE, layers=1)
    plain = dataclasses.replace(shape, window=0)
    torch.manual_seed(7)
    model = decoder_model.Decoder(shape, 24, dtype=torch.float32).eval()
    reference_model = decoder_model.Decoder(plain, 24, dtype=torch.float32).eval()
    reference_model.load_state_dict(model.state_dict())
    tokens = torch.randint(0, shape.vocab, (2, 24))
    pos = torch.tensor([23])
    with torch.no_grad():
        cache = decoder_model.KVCache(shape, 2, 24, torch.device("cpu"), dtype=torch.float32)
        model.prefill(tokens[:, :23], cache)
        x = model.blocks[0](model.embed(tokens[:, 23:]), model.cos.index_select(0, pos), model.sin.index_select(0, pos),
                            (cache.k[0], cache.v[0]), pos)
        windowed = model.logits(x)[:, 0]
        reference = reference_model(tokens[:, 24 - shape.window:])[:, -1]
        unwindowed = reference_model(tokens)[:, -1]
    assert torch.allclose(windowed, reference, atol=1e-4)
    assert not torch.allclose(windowed, unwindowed, atol=1e-3)


def test_serving_dry_run_writes_prefill_and_decode_on_a_grid(tmp_path):
    _, script = _script_modules()
    assert script.main(["--dry-run", "--suite", "serving", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "measured.json").read_text())
    plan = data["plan"]
    assert plan["suite"] == "serving" and not data["training"]
    assert [(r["model"], r["prompt"]) for r in data["prefill"]] == [
        (m, p) for m in ("tiny-dry-run", "tiny-dry-run-window") for p in plan["prompts"]]
    assert [(r["batch"], r["context"]) for r in data["decode"]] == [
        (b, c) for _ in range(2) for c in plan["contexts"] for b in plan["batches"]]
    assert {r["status"] for r in data["prefill"] + data["decode"]} == {"ok"}
    assert all(r["ttft_s"] > 0 for r in data["prefill"]) and all(r["eager_step_s"] > 0 for r in data["decode"])
    assert "sliding window 20" in data["attention_by_model"]["tiny-dry-run-window"]


def _kernel_script():
    pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location("kernel_classes", SCRIPT_DIR / "kernel_classes.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)  # the script puts its own folder on sys.path for its helpers
    return script


def test_kernel_classes_dry_run_measures_every_planned_point(tmp_path):
    script = _kernel_script()
    assert script.main(["--dry-run", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "kernels.json").read_text())
    plan = data["plan"]
    assert [(r["precision"], r["shape"], r["m"]) for r in data["gemm"]] == [
        (p, s, m) for p in plan["precisions"] for s in plan["gemm_shapes"] for m in plan["gemm_rows"]]
    assert [r["kind"] for r in data["hbm"]] == ["copy", "sum"]
    assert [(r["batch"], r["context"]) for r in data["decode_attention"]] == [
        (b, c) for c in plan["decode_contexts"] for b in plan["decode_batches"]]
    assert [r["seq"] for r in data["prefill_attention"]] == plan["prefill_seqs"]
    rows = data["gemm"] + data["hbm"] + data["decode_attention"] + data["prefill_attention"]
    assert {r["status"] for r in rows} == {"ok"}
    for r in rows:
        assert len(r["replay_s"]) == plan["replays"] and r["per_call_s"] > 0
    for r in data["gemm"]:  # weights rotate over enough copies to exceed rotate_bytes, each call one copy
        assert r["copies"] * r["weight_bytes"] >= plan["rotate_bytes"] and r["calls_per_replay"] % r["copies"] == 0
        assert r["flops"] == 2 * r["m"] * r["n"] * r["k"]
        assert r["tflops"] == pytest.approx(r["flops"] / r["per_call_s"] / 1e12)


def test_kernel_classes_budget_marks_the_rest_skipped(tmp_path):
    script = _kernel_script()
    import torch

    plan = {**script.DRY_PLAN, "budget_s": -1.0}
    rec = script.KernelRecorder(tmp_path, {"torch": torch.__version__, "cuda": None}, plan)
    script.run_gemms(rec, plan, torch.device("cpu"))
    script.run_prefill_attention(rec, plan, torch.device("cpu"))
    data = json.loads((tmp_path / "kernels.json").read_text())
    assert data["gemm"] and {r["status"] for r in data["gemm"] + data["prefill_attention"]} == {
        "skipped (time budget)"}


def test_kernel_classes_gemm_shapes_are_the_catalog_llama_70b():
    script = _kernel_script()
    _, models = catalog_rows({"llama-3.1-70b"})
    m = models["llama-3.1-70b"]
    assert (script.HIDDEN, script.FFN, script.HEADS, script.KV_HEADS, script.HEAD_DIM) == (
        m.hidden, m.ffn_hidden, m.n_heads, m.n_kv_heads, m.head_dim)
    tp1, tp8 = script.llama70b_gemms(1), script.llama70b_gemms(8)
    layer = sum(n * k for n, k in tp1.values())  # one layer's linear parameters
    assert sum(n * k for n, k in tp8.values()) * 8 == layer
    assert layer * m.n_layers + 2 * m.vocab * m.hidden == pytest.approx(m.params_total, rel=0.01)


def _moe_script():
    pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location("moe_experts", SCRIPT_DIR / "moe_experts.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_moe_experts_dry_run_measures_every_planned_point(tmp_path):
    script = _moe_script()
    import torch

    assert script.main(["--dry-run", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "moe_experts.json").read_text())
    plan = data["plan"]
    assert [(r["precision"], r["shape"], r["experts"], r["m"]) for r in data["experts"]] == [
        (p, s, e, m) for p in plan["precisions"] for s in plan["gemm_shapes"] for e, m in plan["points"]]
    bf16 = [r for r in data["experts"] if r["precision"] == "bf16"]
    assert {r["status"] for r in bf16} == {"ok"}  # the FP8 grouped kernel exists on CUDA only
    for r in bf16:
        assert r["copies"] * r["weight_bytes"] >= plan["rotate_bytes"] and r["calls_per_replay"] % r["copies"] == 0
        assert r["flops"] == 2 * r["experts"] * r["m"] * r["n"] * r["k"]
        assert r["tflops"] == pytest.approx(r["flops"] / r["per_call_s"] / 1e12)
    # the grouped call is the per-expert product: group e's rows times expert e's weights
    w = torch.randn(3, 24, 16, dtype=torch.bfloat16).transpose(-2, -1)
    x = torch.randn(6, 16, dtype=torch.bfloat16)
    offs = torch.tensor([2, 4, 6], dtype=torch.int32)
    y = script.grouped_call("bf16", x, w, offs, ())()
    y = torch.cat(y) if isinstance(y, list) else y
    assert torch.allclose(y[2:4].float(), (x[2:4].float() @ w[1].float()), atol=0.1, rtol=0.02)


def test_moe_experts_budget_marks_the_rest_skipped(tmp_path):
    script = _moe_script()
    import torch

    plan = {**script.DRY_PLAN, "budget_s": -1.0}
    rec = script.KernelRecorder(tmp_path, {"torch": torch.__version__, "cuda": None}, plan,
                                file_name="moe_experts.json", sections=("experts",))
    script.run_experts(rec, plan, torch.device("cpu"))
    data = json.loads((tmp_path / "moe_experts.json").read_text())
    assert data["experts"] and {r["status"] for r in data["experts"]} == {"skipped (time budget)"}


def test_moe_experts_shapes_are_the_catalog_qwen3_235b():
    script = _moe_script()
    _, models = catalog_rows({"qwen3-235b-a22b"})
    m = models["qwen3-235b-a22b"]
    assert (script.HIDDEN, script.EXPERTS, script.TOP_K, script.EXPERT_FFN) == (
        m.hidden, m.n_experts, m.experts_per_token, m.moe_ffn_hidden)
    tp1, tp8 = script.qwen3_expert_gemms(1), script.qwen3_expert_gemms(8)
    assert sum(n * k for n, k in tp8.values()) * 8 == sum(n * k for n, k in tp1.values())
    assert tp8["down tp8"] == (4096, 192) and tp8["gate_up tp8"] == (384, 4096)
