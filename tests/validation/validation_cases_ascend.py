"""Ascend 910B training throughput published by MindFormers (Huawei MindSpore's LLM suite), with its configs.

Measured: the training performance column of MindFormers' model list (tokens/s/p = tokens per second per
NPU), each on Atlas 800T A2 (8 × Ascend 910B per server) or Atlas 900 A2 PoDc, with the config the table links:
mindspore-ai/docs ``docs/mindformers/docs/source_zh_cn/start/models.md`` (commit 0995d78). The layout, batch,
sequence length and recompute of each case are read from that config in mindspore-lab/mindformers (commit of
the stored copy in each citation): ``parallel_config`` (data_parallel × model_parallel × pipeline_stage,
micro_batch_num), ``runner_config.batch_size`` (per data-parallel rank; × gradient_accumulation_steps where
set), ``model_config.seq_length`` and ``recompute_config``. ``enable_parallel_optimizer: True`` (MindSpore's
optimizer-state sharding over the data-parallel ranks) is ZeRO-1. Every run computes in its config's ``compute_dtype`` (BF16; FP16 for Baichuan2).

The accelerator is the shipped catalog row ``ascend-910b``, whose peak (353.9 TFLOP/s BF16 dense, 64 GB,
1.6 TB/s) is Huawei's CANN documentation of the Atlas A2 representative configuration (24 AI cores at
1.8 GHz); the 20-core parts (910B3, 910B4) peak at 294.9 TFLOP/s, and the table does not say which part ran,
so the 24-core part is assumed for every case. The scale-out network of Atlas 800T A2 is 8 × 200 GE RoCE
(200 Gb/s per NPU).

The data-parallel gradient reduce is not overlapped with the backward pass (``grad_overlap=False``): MindSpore
overlaps the data-parallel gradient communication with the backward dx computation only when the
``parallel_speed_up_json`` option ``enable_grad_comm_opt`` (renamed ``grad_computation_allreduce_overlap``) is
set, and overlaps the optimizer-parallel weight AllGather with the forward only with ``enable_opt_shard_comm_opt``;
both default to False (mindspore-ai/mindspore ``mindspore/core/utils/ms_context.cc``, commit c88480a,
``InitBoolTypeDefaultValue``: MS_CTX_ENABLE_GRAD_COMM_OPT and MS_CTX_ENABLE_OPT_SHARD_COMM_OPT false; the
``set_context`` documentation of ``ascend_config.parallel_speed_up_json_path``: 默认值 False), and none of the
linked configs sets ``parallel_speed_up_json_path`` (read 2026-12-03). The gradients are reduced in FP32
(``param_init_type: float32``, MindSpore's ``gradient_fp32_sync`` default True), as gpudesk reduces them.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from statistics import median

from validation_cases_training import TrainingCase
from validation_hardware import LLAMA2_7B, LLAMA2_13B, LLAMA2_70B, LLAMA3_8B, LLAMA3_70B, llama

from gpudesk.catalog.records import Accelerator
from gpudesk.catalog.store import Catalog

_LIST = ("MindFormers model list (mindspore-ai/docs docs/mindformers/docs/source_zh_cn/start/models.md, commit "
         "0995d78), training performance on {hw}; config mindspore-lab/mindformers {path} (commit {commit})")
_QWEN = "Qwen-7B/14B config.json (Hugging Face Qwen/Qwen-7B, Qwen/Qwen-14B) and the MindFormers config"
QWEN_7B = llama("qwen-7b", 7.72e9, 4096, 32, 32, 32, 11008, 151936, 8192, _QWEN)
QWEN_14B = llama("qwen-14b", 14.2e9, 5120, 40, 40, 40, 13696, 152064, 8192, _QWEN)
_BAICHUAN = "Baichuan2-7B/13B-Base config.json (Hugging Face baichuan-inc) and the MindFormers config; ALiBi not modelled"
BAICHUAN2_7B = llama("baichuan2-7b", 7.51e9, 4096, 32, 32, 32, 11008, 125696, 4096, _BAICHUAN)
BAICHUAN2_13B = llama("baichuan2-13b", 13.9e9, 5120, 40, 40, 40, 13696, 125696, 4096, _BAICHUAN)


@lru_cache(maxsize=1)
def ascend_910b() -> Accelerator:
    return Catalog.open().accelerator("ascend-910b")


def _case(case_id: str, model, path: str, commit: str, measured: float, n: int, dp: int, tp: int, pp: int,
          micro: int, gbs: int, seq: int, recompute: str, hw: str = "Atlas 800T A2", note: str = "",
          precision: str = "bf16") -> TrainingCase:
    layout = f"DP{dp} TP{tp} PP{pp}, micro-batch {micro}, global batch {gbs} sequences of {seq:,}"
    return TrainingCase(
        id=case_id, citation=_LIST.format(hw=hw, path=path, commit=commit), model=model, accelerator=ascend_910b(),
        n_gpus=n, measured=measured, tp=tp, pp=pp, global_batch=gbs, seq_len=seq, recompute=recompute,
        zero_stage=1, micro_batch=micro, nic_gbps=200.0, precision=precision, grad_overlap=False,
        note=(f"{measured:,.0f} tokens/s/p on {n} Ascend 910B ({hw}); config: {layout}, recompute {recompute}, "
              f"ZeRO-1 (parallel optimizer), {precision.upper()}, flash attention, gradient reduce not overlapped "
              "(MindSpore's default: no parallel_speed_up_json); the 24-core 910B2 assumed" + note))


ASCEND_CASES = [
    _case("mindformers-llama2-7b-pretrain-8npu", LLAMA2_7B, "configs/llama2/pretrain_llama2_7b_bf16.yaml",
          "26e0014", 4160, 8, 8, 1, 1, 1, 64, 4096, "none",
          note="; global batch = batch_size 1 × DP8 × gradient_accumulation_steps 8"),
    _case("mindformers-llama2-13b-finetune-8npu", LLAMA2_13B, "configs/llama2/finetune_llama2_13b_bf16.yaml",
          "0e67b43", 1691, 8, 8, 1, 1, 4, 32, 4096, "full"),
    _case("mindformers-llama2-70b-finetune-32npu", LLAMA2_70B, "configs/llama2/finetune_llama2_70b_bf16_32p.yaml",
          "0e67b43", 337, 32, 1, 4, 8, 1, 256, 4096, "selective",
          note="; sequence parallel, 256 micro-batches, recompute of selected layers in the first three stages "
               "(select_recompute [8,4,4,1,1,1,1,1]: gpudesk's selective recompute stands for it)"),
    _case("mindformers-llama3-8b-finetune-8npu", LLAMA3_8B, "research/llama3/finetune_llama3_8b_8k_800T_A2_64G.yaml",
          "1decbaa", 2581, 8, 8, 1, 1, 1, 8, 8192, "full"),
    _case("mindformers-qwen-7b-finetune-8npu", QWEN_7B, "research/qwen/finetune_qwen_7b_bf16.yaml", "1af2275",
          2955, 8, 8, 1, 1, 2, 16, 2048, "none",
          note="; the list says 8K sequences, the linked config sets seq_length 2048: the config is used"),
    _case("mindformers-qwen-14b-finetune-8npu", QWEN_14B, "research/qwen/finetune_qwen_14b_bf16.yaml", "842a554",
          1106, 8, 8, 1, 1, 1, 8, 2048, "full",
          note="; the list says 8K sequences, the linked config sets seq_length 2048: the config is used"),
    _case("mindformers-llama3.1-70b-finetune-64npu", LLAMA3_70B, "research/llama3_1/finetune_llama3_1_70b.yaml",
          "bd2e956", 337, 64, 1, 8, 8, 1, 256, 8192, "selective", hw="Atlas 900 A2 PoDc",
          note="; sequence parallel, 256 micro-batches, recompute of selected layers in the first five stages "
               "(select_recompute [10,8,6,4,2,0,0,0]: gpudesk's selective recompute stands for it)"),
    _case("mindformers-baichuan2-7b-finetune-8npu", BAICHUAN2_7B, "research/baichuan2/finetune_baichuan2_7b.yaml",
          "3736564", 3164, 8, 8, 1, 1, 1, 8, 4096, "none", precision="fp16"),
    _case("mindformers-baichuan2-13b-finetune-8npu", BAICHUAN2_13B, "research/baichuan2/finetune_baichuan2_13b.yaml",
          "0bcb394", 1465, 8, 8, 1, 1, 1, 8, 4096, "full", precision="fp16"),
]


def _with_scaleup(case: TrainingCase, gbs: float | None) -> TrainingCase:
    return replace(case, accelerator=replace(case.accelerator, scaleup_bw_gbs=gbs))


def findings(results: list) -> list[str]:
    """The 'known large errors' paragraph of docs/validation.md for the Ascend cases, from this run's results."""
    from validation_runner import predict_training  # the runner imports this module

    ids = {c.id for c in ASCEND_CASES}
    rows = {r.id: r for r in results if r.id in ids}
    errs = ", ".join(f"{c.model.id} {rows[c.id].error:+.0%}" for c in ASCEND_CASES)
    hccs = ASCEND_CASES[0].accelerator.scaleup_bw_gbs
    floor = [(predict_training(_with_scaleup(c, None)) - c.measured) / c.measured for c in ASCEND_CASES]
    now = sorted(abs(rows[c.id].error) for c in ASCEND_CASES)
    before = sorted(abs(e) for e in floor)
    return [
        f"* **Ascend 910B** ({len(rows)} MindFormers training results on Atlas 800T A2 / Atlas 900 A2 PoDc, each with "
        "the layout, batch, sequence and recompute of the config the model list links; "
        "`tests/validation/validation_cases_ascend.py`): " + errs + ". The catalog's 910B peak is Huawei's own "
        "figure (CANN ops-nn cross-platform migration guide: Atlas A2, 24 AI cores at 1.8 GHz, Cube 353T BF16/FP16; "
        "CANN's Ascend910B2.ini: 24 × 1.8 GHz × 16³ MAC × 2 = 353.9 TFLOP/s). The HCCS bandwidth is now "
        f"{hccs:g} GB/s per NPU in each direction (2026-12-02): the 8-NPU full mesh of the Atlas 800T A2 device "
        "profile in Huawei's own open-source performance model (Ascend msmodeling, tensor_cast/device.py, commented "
        "'unidirectional'), a Huawei figure but not a datasheet (Huawei publishes no HCCS link rate for the 910B); "
        "it was chosen on the kind of source before these cases were rerun, and it agrees with the secondary "
        "'56 GB/s per link, 392 GB/s over seven links' read as both directions. Before, gpudesk took PCIe Gen4 x16 "
        "(a lower bound) for that traffic, and the same cases were " + ", ".join(f"{e:+.0%}" for e in floor)
        + f" (median |error| {median(before):.0%}, now {median(now):.0%}). Since 2026-12-03 the "
        "cases state that the data-parallel gradient reduce is not overlapped with the backward pass: MindSpore "
        "overlaps it only with the parallel_speed_up_json option enable_grad_comm_opt, which defaults to False "
        "(mindspore-ai/mindspore mindspore/core/utils/ms_context.cc, commit c88480a) and which no linked config "
        "sets. The runs with one micro-batch per step reduce an 8-way group's FP32 gradients once per 2,048-8,192 "
        "tokens per NPU, so the reduce is a large part of their step (before, counted as hidden behind the "
        "backward: Qwen 7B/14B +41%/+42%, Baichuan2 7B +24%, Llama 3 8B +1%). Since 2026-12-02 a group smaller than the node "
        "reaches only the mesh links among its own members, min(k − 1, 7) × 28 GB/s (the TP4 Llama 2 70B run "
        f"moved from +17% to +7%), where gpudesk gave it the whole {hccs:g} GB/s before. One thing the model does "
        "not have: the all-reduce efficiency on HCCS is not measured (the NVLink5 fraction is used). "
        "Which 910B part ran is not stated either; a 20-core part (294.9 TFLOP/s) "
        "would make the compute-bound predictions about 17% slower.",
    ]
