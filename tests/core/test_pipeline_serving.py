"""Pipeline-parallel serving: a token and a prompt pass every stage, and each micro-batch streams its stage's weights.

Until 2026-12-04 a pp-stage replica's decode step streamed one stage's weights once per iteration and its prompt's
prefill took one stage's time, so TP1 x PP4 read as fast per token as TP4 and the serving search recommended
pipeline layouts for latency targets (the bank sample's Ascend phase: TP1 x PP4 at 23 tokens/s per user).
"""

from __future__ import annotations

import numpy as np
import pytest
from test_training_samples import B200, H100, LLAMA3_70B

from gpudesk.core.constants import HBM_EFFICIENCY
from gpudesk.core.efficiency import Efficiencies
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.inference import estimate_inference
from gpudesk.core.inference_inputs import InferenceInputs
from gpudesk.core.inference_step import ReplicaModel
from gpudesk.core.pipeline_stages import stage_hops


def _replica(tp: float, pp: float, acc=H100) -> ReplicaModel:
    hw = HardwareArrays.from_accelerators([acc])
    one = np.ones(1)
    return ReplicaModel.build(LLAMA3_70B, hw, Efficiencies.for_hardware(hw, "fp8", None), one * tp, one * pp, one,
                              "fp8", "fp8", "fp8")


def _at(x) -> float:
    return float(np.ravel(x)[0])


@pytest.mark.parametrize("batch", [1.0, 8.0, 64.0])
def test_a_decode_iteration_streams_every_stage_once_per_micro_batch(batch):
    """TP2 x PP2 streams per GPU what TP2 alone does (the whole model over 2 GPUs), not half of it."""
    one = np.ones(1)
    pipe, flat = _replica(2, 2).decode_step(one * batch, one * 2048), _replica(2, 1).decode_step(one * batch,
                                                                                                  one * 2048)
    assert _at(pipe["gemm_weights"]) == pytest.approx(_at(flat["gemm_weights"]), rel=1e-9)
    weights = 70.6e9  # FP8: one byte a parameter (the input embedding is not streamed, the 16-bit head is)
    bw = 3.35e12 * HBM_EFFICIENCY.value
    assert 0.97 * weights / 2 / bw < _at(pipe["gemm_weights"]) < 1.03 * weights / 2 / bw
    # its FLOPs and KV reads are the batch's over all 4 GPUs, as without stages
    assert _at(pipe["gemm_compute"]) == pytest.approx(_at(_replica(4, 1).decode_step(one * batch,
                                                                                       one * 2048)["gemm_compute"]))


def test_one_token_of_tp1_x_pp4_takes_about_as_long_as_on_one_gpu():
    """Four stages one after another do one GPU's work for one sequence: TP1 x PP4 is no faster per token than a
    single GPU holding the model would be, and slower than TP4 (which splits every layer)."""
    one = np.ones(1)
    pp4 = _at(_replica(1, 4).decode_step(one, one * 2048)["total"])
    tp4 = _at(_replica(4, 1).decode_step(one, one * 2048)["total"])
    tp1 = _at(_replica(1, 1).decode_step(one, one * 2048)["total"])
    assert pp4 > 2.5 * tp4
    assert pp4 == pytest.approx(tp1, rel=0.05)


def test_a_prompt_passes_the_stages_one_after_another():
    """The prompt's prefill (its latency, infer.prefill_s) is pp stage times; the pipeline takes a new prompt every
    stage time (the prefill queue's service)."""
    one = np.ones(1)
    pp4, tp1 = _replica(1, 4), _replica(1, 1)
    prompt = one * 4096
    assert _at(pp4.prefill(prompt, prompt)) == pytest.approx(_at(tp1.prefill(prompt, prompt)), rel=0.02)
    assert _at(pp4.prefill_service(prompt, prompt)) == pytest.approx(_at(pp4.prefill(prompt, prompt)) / 4)
    assert _at(tp1.prefill_service(prompt, prompt)) == _at(tp1.prefill(prompt, prompt))


def test_stage_hand_offs_cost_nothing_without_stages_and_more_across_nodes():
    one = np.ones(1)
    tokens = one * 64
    assert _at(stage_hops(_replica(8, 1), tokens)) == 0.0
    inside = _at(stage_hops(_replica(4, 2), tokens))  # 8 GPUs in one 8-GPU NVLink domain
    across = _at(stage_hops(_replica(8, 2), tokens))  # 16 GPUs: the hand-off crosses the network
    assert 0.0 < inside < across


def test_a_pipeline_layout_is_not_a_free_latency_cut_in_an_estimate():
    """The estimate's time per output token: TP1 x PP4 slower than TP4 at the same batch, TP2 x PP2 in between."""
    hw = HardwareArrays.from_accelerators([B200])
    fs = estimate_inference(InferenceInputs(model=LLAMA3_70B, hardware=hw, tp=[4.0, 2.0, 1.0], pp=[1.0, 2.0, 4.0],
                                            concurrency=16, prompt_tokens=2048, output_tokens=256,
                                            weight_dtype="fp8", kv_dtype="fp8"))
    tpot = [_at(fs.value_at("infer.tpot_s", i)) for i in range(3)]
    ttft = [_at(fs.value_at("infer.prefill_s", i)) for i in range(3)]
    assert tpot[0] < tpot[1] < tpot[2]
    assert ttft[0] < ttft[1] < ttft[2]


def test_a_pipelined_prefill_instance_takes_a_prompt_every_stage_time():
    """Disaggregated: a TP4 x PP2 prefill instance (8 GPUs) shares out each prompt as one stage's time, half its own
    prefill, so it serves twice the prompts of a TP4 instance (4 GPUs): the pool of the pipelined instances is about
    as many GPUs, not twice as many (each prompt charged its whole passage, as until 2026-12-04)."""
    hw = HardwareArrays.from_accelerators([H100])
    fs = estimate_inference(InferenceInputs(model=LLAMA3_70B, hardware=hw, tp=[4.0, 4.0], pp=[1.0, 2.0],
                                            concurrency=64, prompt_tokens=4096, output_tokens=256,
                                            request_rate=20.0, disaggregated=True))
    share = [_at(fs.value_at("infer.prefill_share_s", i)) for i in range(2)]
    latency = [_at(fs.value_at("infer.prefill_s", i)) for i in range(2)]
    assert share[1] == pytest.approx(latency[1] / 2, rel=0.06)  # two 4,096-token prompts an iteration share a weight stream
    assert share[1] == pytest.approx(share[0] / 2, rel=0.15)
    pools = [_at(fs.value_at("infer.disagg_prefill_gpus", i)) for i in range(2)]
    assert pools[1] <= 1.3 * pools[0]
