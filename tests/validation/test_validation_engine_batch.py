"""The perf overview's serving rows are held at the batch cap their engine ran with: trtllm-bench's own
max_batch_size (validation_cases_serving.bench_engine_settings), per rank with attention data-parallel."""

from __future__ import annotations

from validation_cases_serving import SERVING_CASES, bench_engine_settings, checkpoint_parameter_count, engine_batch_cap
from validation_catalog import catalog


def _engine(case):
    """(max_batch_size, max_num_tokens) of the row's trtllm-bench command: the column's TP (tp x ep in gpudesk's
    terms for the MoE rows, whose tp is 1 and ep the column's TP)."""
    return bench_engine_settings(case.model(), case.accelerator(), max(case.tp, case.ep), case.weight_dtype,
                                 case.prompt, case.output)


def test_dense_rows_take_the_heuristics_batch_as_their_cap():
    dense = [c for c in SERVING_CASES if not c.model().is_moe]
    assert dense
    for c in dense:
        batch, tokens = _engine(c)
        assert c.max_batch == batch and c.max_tokens == tokens, c.id
        assert f"max_batch_size {batch:,} (the case's batch cap)" in c.note, c.id


def test_moe_rows_hold_the_heuristics_batch_on_every_attention_rank():
    """--max_batch_size holds per attention data-parallel rank: the replica of ep ranks holds ep times it."""
    moe = [c for c in SERVING_CASES if c.model().is_moe]
    assert moe and all(c.ep == 8 and c.tp == 1 for c in moe)
    for c in moe:
        batch, _ = _engine(c)
        assert c.max_batch == batch * c.ep == engine_batch_cap(batch, attention_ranks=c.ep), c.id
        assert f"max_batch_size {batch:,} per rank, {batch * c.ep:,} over the {c.ep} attention ranks" in c.note


def test_the_heuristics_rounding_and_cap():
    """finetune_setting: the batch rounds up to 32 below 256 (at least 64), 128 below 1,024, else 256, capped at
    4,096 over pp; so the caps the rows take are multiples of 32 and no row's exceeds 4,096 per micro-batch."""
    seen = set()
    for c in SERVING_CASES:
        batch, tokens = _engine(c)
        step = 32 if batch <= 256 else 128 if batch <= 1024 else 256
        assert batch >= 64 and batch % step == 0 and batch <= 4096, c.id
        assert tokens >= max(2048, c.prompt + batch), c.id  # chunked prefill off: at least isl + max_batch_size
        seen.add(batch)
    assert len(seen) > 3  # the heuristic sets different caps for different lengths, not one assumed figure


def test_an_nvfp4_checkpoint_counts_two_block_weights_a_byte_and_keeps_its_embeddings():
    """trtllm-bench weighs the safetensors element count at 0.5 B for NVFP4: the count is 1/2 + 1/16 of the block
    weights (packed FP4, an FP8 scale per 16) plus the 16-bit embeddings and head; FP8 counts every weight once."""
    for model_id in ("llama-3.1-70b", "llama-3.1-405b", "qwen3-235b-a22b"):
        m = catalog().model(model_id)
        assert checkpoint_parameter_count(m, "fp8") == m.params_total
        fp4 = checkpoint_parameter_count(m, "fp4")
        assert 9 / 16 * m.params_total < fp4 < 0.6 * m.params_total, model_id
    small = catalog().model("llama-3.1-8b")  # its embeddings are 13% of it: the count is well above 9/16
    assert checkpoint_parameter_count(small, "fp4") > 0.6 * small.params_total
