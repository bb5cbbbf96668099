"""The layouts MLPerf Inference submissions ran in, from their stored engine configs: a case of
validation_cases_mlperf_inference.py whose submitter's config is in a stored copy of the round runs that config's
layout and engine batch (``as_submitted``: DeepSeek-R1, attention data-parallel x expert parallel;
``as_submitted_dense``: Llama 3.1 405B, tensor x pipeline parallel), its note citing the config."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mlperf_deepseek_r1 import ADP_BALANCER

if TYPE_CHECKING:  # the cases module applies these to its cases
    from validation_cases_mlperf_inference import MLPerfInferenceCase

_V51_CONFIG = ("NVIDIA's engine config, github.com/mlcommons/inference_results_v5.1 (copy "
               "ykamiset/inference_results_v5.1, commit e9ccad4): closed/NVIDIA/configs/{system}/{scenario}/deepseek-r1.py")
_V60_CONFIG = ("{who}'s engine config, github.com/mlcommons/inference_results_v6.0 (copy gbeezybez/inference_results_v6.0, "
               "commit ab33b21): closed/{who}/configs/{system}/{scenario}/deepseek-r1.py")
_B200_CFG, _GB200_CFG = "B200-SXM-180GBx8", "GB200-NVL72_GB200-186GB_aarch64x72"
_B300_CFG, _GB300_CFG = "XE9780L-B300-SXM-270GBx8", "GB300-NVL72_GB300-288GB_aarch64x72"
_GB300_V51_CFG = "GB300-NVL72_GB300-288GB_aarch64x72_TRT"  # NVIDIA's v5.1 GB300 configs: the results' folder
# id -> (the stored config, tp, ep, sequences per replica): every one runs attention data-parallel over 8 GPUs
# (enable_attention_dp, tensor_parallelism 8) x moe_expert_parallelism 8; sequences = gpu_batch_size per rank x 8
# (NVIDIA's v5.1 GB300 NVL72 configs sit in the folder with the results' _TRT suffix, as its 405B ones do)
SUBMITTED = {
    "mlperf-i51-deepseek-r1-b200x8-offline": (_V51_CONFIG.format(system=_B200_CFG, scenario="Offline"), 1, 8, 4096),
    "mlperf-i51-deepseek-r1-b200x8-server": (_V51_CONFIG.format(system=_B200_CFG, scenario="Server"), 1, 8, 4096),
    "mlperf-i51-deepseek-r1-gb200x72-offline": (_V51_CONFIG.format(system=_GB200_CFG, scenario="Offline"), 1, 8, 4096),
    "mlperf-i51-deepseek-r1-gb200x72-server": (_V51_CONFIG.format(system=_GB200_CFG, scenario="Server"), 1, 8, 4096),
    "mlperf-i51-deepseek-r1-gb300x72-offline": (_V51_CONFIG.format(system=_GB300_V51_CFG, scenario="Offline"), 1, 8, 12288),
    "mlperf-i51-deepseek-r1-gb300x72-server": (_V51_CONFIG.format(system=_GB300_V51_CFG, scenario="Server"), 1, 8, 4096),
    "mlperf-i60-deepseek-r1-b300x8-offline": (_V60_CONFIG.format(who="Dell", system=_B300_CFG, scenario="Offline"),
                                              1, 8, 8192),
    "mlperf-i60-deepseek-r1-b300x8-server": (_V60_CONFIG.format(who="Dell", system=_B300_CFG, scenario="Server"),
                                             1, 8, 5120),
    "mlperf-i60-deepseek-r1-gb300x72-offline": (_V60_CONFIG.format(who="Nebius", system=_GB300_CFG, scenario="Offline"),
                                                1, 8, 12288),
    "mlperf-i60-deepseek-r1-gb300x72-server": (_V60_CONFIG.format(who="Nebius", system=_GB300_CFG, scenario="Server"),
                                               1, 8, 5120),
}


def as_submitted(case: MLPerfInferenceCase) -> MLPerfInferenceCase:
    """The case in the layout its stored engine config sets (SUBMITTED), the note saying so."""
    if case.id not in SUBMITTED:
        return case
    where, tp, ep, batch = SUBMITTED[case.id]
    note = case.note.replace(
        "KV cache FP8 (assumed); tensor parallel: gpudesk's best layout; expert parallel = tensor parallel",
        f"KV cache FP8 (the config); layout from the submission's config ({where}): attention data-parallel over "
        f"{ep} GPUs (enable_attention_dp, tensor_parallelism {ep}) x expert parallel {ep}, {batch // ep} sequences per "
        f"rank (gpu_batch_size), {batch:,} per {ep}-GPU instance; ADP balancing on (the config sets "
        "attention_dp_config enable_balance: new prompts wait for every rank to have one, up to its timeout"
        + (", timeout {} and batching wait {} iterations)".format(*ADP_BALANCER[case.id]) if case.id in ADP_BALANCER
           else ")"))
    assert note != case.note, case.id
    return replace(case, tp=tp, ep=ep, max_batch=batch, note=note, adp_balance=True,
                   adp_iters=ADP_BALANCER.get(case.id, case.adp_iters))


_V51_DENSE_CONFIG = ("NVIDIA's engine config, github.com/mlcommons/inference_results_v5.1 (copy "
                     "ykamiset/inference_results_v5.1, commit e9ccad4): closed/NVIDIA/configs/{system}/{scenario}/"
                     "llama3_1-405b.py")
# id -> (the stored config, tensor_parallelism, pipeline_parallelism, gpu_batch_size = the engine's maximum batch,
# runtime max_num_tokens = the chunked-context token budget of one iteration); NVIDIA's v5.1 Llama 3.1 405B configs
# (GB300 NVL72's folder carries the results' _TRT suffix: configs/GB300-NVL72_GB300-288GB_aarch64x72_TRT/...)
SUBMITTED_DENSE = {
    f"mlperf-i51-llama31-405b-{sys_id}-{scenario}": (
        _V51_DENSE_CONFIG.format(system=cfg, scenario=scenario.capitalize()), tp, pp, batch, tokens)
    for sys_id, cfg, rows in (
        ("b200x8", _B200_CFG, (("offline", 2, 2, 128, 1536), ("server", 4, 1, 256, 2048),
                               ("interactive", 4, 1, 256, 1536))),
        ("gb200x72", _GB200_CFG, (("offline", 2, 2, 2048, 1536), ("server", 4, 1, 256, 2048),
                                  ("interactive", 4, 1, 2048, 1024))),
        ("gb300x72", _GB300_V51_CFG, (("offline", 2, 1, 2048, 1536), ("server", 2, 1, 2048, 1536))))
    for scenario, tp, pp, batch, tokens in rows
}
# Nebius's v5.1 configs (closed/Nebius/configs/<system>/<scenario>/llama3_1-405b.py): B200 as NVIDIA's; H200 Offline
# TP4 x PP2 with gpu_batch_size 512, Server and Interactive TP8 with the runtime max_batch_size 64 (below 512)
_V51_NEBIUS_CONFIG = ("Nebius's engine config, github.com/mlcommons/inference_results_v5.1 (copy "
                      "ntuhpc/inference_results_v5.1, commit a634ab7): closed/Nebius/configs/{system}/{scenario}/"
                      "llama3_1-405b.py")
SUBMITTED_DENSE.update({
    f"mlperf-i51-nebius-llama31-405b-{sys_id}-{scenario}": (
        _V51_NEBIUS_CONFIG.format(system=cfg, scenario=scenario.capitalize()), tp, pp, batch, tokens)
    for sys_id, cfg, rows in (
        ("b200x8", _B200_CFG, (("offline", 2, 2, 128, 1536), ("server", 4, 1, 256, 2048),
                               ("interactive", 4, 1, 256, 1536))),
        ("h200x8", "H200-SXM-141GBx8", (("offline", 4, 2, 512, 1536), ("server", 8, 1, 64, 2560),
                                        ("interactive", 8, 1, 64, 2560))),
        ("gb200x4", "GB200-NVL72_GB200-186GB_aarch64x4", (("offline", 2, 2, 2048, 1536), ("server", 4, 1, 256, 2048))))
    for scenario, tp, pp, batch, tokens in rows
})

# Google's v6.0 8 B200 Server config (NVIDIA's harness): TP4, gpu_batch_size 256, runtime max_num_tokens 2,048
SUBMITTED_DENSE["mlperf-i60-llama31-405b-b200x8-server"] = (
    "Google's engine config, github.com/mlcommons/inference_results_v6.0 (copy gbeezybez/inference_results_v6.0, "
    "commit ab33b21): closed/Google/configs/B200-SXM-180GBx8/Server/llama3_1-405b.py", 4, 1, 256, 2048)

# Quanta's v5.1 8 H200 Server config (NVIDIA's harness; its server_target_qps 0.45 is its log's target_qps): TP8, the
# runtime max_batch_size 64 (gpu_batch_size 512), max_num_tokens 2,560; no Offline 405B config is stored for it
SUBMITTED_DENSE["mlperf-i51-quanta-llama31-405b-h200x8-server"] = (
    "Quanta's engine config, github.com/mlcommons/inference_results_v5.1 (copy ntuhpc/inference_results_v5.1, commit "
    "a634ab7): closed/Quanta_Cloud_Technology/configs/D74U-7U_H200-SXM-141GBx8/Server/llama3_1-405b.py", 8, 1, 64, 2560)

# NVIDIA's v5.0 configs (one file per scenario, a class per system) are not in NVIDIA's stored folder, but two partners
# that ran NVIDIA's v5.0 harness shipped the files whole: Cisco's Offline and Server, Oracle's Server (the same values)
# and the base (use_graphs False). They are NVIDIA's runs' own: each class's offline_expected_qps / server_target_qps,
# times its engine count, is the target_qps the run's log prints (V50_TARGET_QPS). B200 and GB200 run TP2 x PP2
# engines of 4 GPUs (2 and 18 of them), H200 Offline TP4 x PP2, Server TP8 with the runtime max_batch_size 64
_V50_DENSE_CONFIG = ("NVIDIA's v5.0 engine config as shipped in Cisco's v5.0 submission (NVIDIA's harness), "
                     "github.com/mlcommons/inference_results_v5.0 (copy ntuhpc/mlperf_inference_results_v5.0, commit "
                     "cf35411): closed/Cisco/configs/llama3_1-405b/{scenario}/__init__.py, class {cls}"
                     "{oracle}; base closed/Oracle/configs/llama3_1-405b/__init__.py")
_ORACLE_SERVER = " (the same in Oracle's copy, closed/Oracle/configs/llama3_1-405b/Server/__init__.py)"
# case id -> (the config's expected or target queries/s per engine, engines; the run log's target_qps)
V50_TARGET_QPS = {"mlperf-i50-llama31-405b-h200x8-offline": (0.9, 1, 0.9),
                  "mlperf-i50-llama31-405b-h200x8-server": (0.45, 1, 0.45),
                  "mlperf-i50-llama31-405b-b200x8-offline": (1.09, 2, 2.18),
                  "mlperf-i50-llama31-405b-b200x8-server": (0.65, 2, 1.3),
                  "mlperf-i50-llama31-405b-gb200x72-offline": (1.17, 18, 21.06),
                  "mlperf-i50-llama31-405b-gb200x72-server": (0.75, 18, 13.5)}
SUBMITTED_DENSE.update({
    f"mlperf-i50-llama31-405b-{sys_id}-{scenario}": (
        _V50_DENSE_CONFIG.format(scenario=scenario.capitalize(), cls=cls,
                                 oracle=_ORACLE_SERVER if scenario == "server" else ""), tp, pp, batch, tokens)
    for sys_id, scenario, cls, tp, pp, batch, tokens in (
        ("h200x8", "offline", "H200_SXM_141GBx8_TP4PP2", 4, 2, 512, 1536),
        ("h200x8", "server", "H200_SXM_141GBx8_TP8PP1", 8, 1, 64, 2560),
        ("b200x8", "offline", "B200_SXM_180GB_TP2PP2x2", 2, 2, 128, 1536),
        ("b200x8", "server", "B200_SXM_180GB_TP2PP2x2", 2, 2, 128, 1024),
        ("gb200x72", "offline", "GB200_NVL_186GB_ARM_TP2PP2x18_Triton", 2, 2, 128, 1536),
        ("gb200x72", "server", "GB200_NVL_186GB_ARM_TP2PP2x18_Triton", 2, 2, 128, 1024))
})


# what a config's gpu_batch_size is to the engine, and how many sequences a pipeline-parallel engine holds
HARNESS_BATCH = ("NVIDIA's LLM harness, LLMServer.__init__: 'we ignore trtllm_build_flags['max_batch_size'] if given, "
                 "use legacy field gpu_batch_size instead', and the runtime max_batch_size is gpu_batch_size unless "
                 "the config sets one")
MICRO_BATCHES = ("TensorRT-LLM trtGptModelInflightBatching.cpp: mNumMicroBatches = getPipelineParallelism(), "
                 "CapacityScheduler(getMaxBatchSize() * mNumMicroBatches), each micro-batch scheduled up to "
                 "max_batch_size")
# Every stored 405B config above sets use_fp8_context_fmha 'enable' (the v5.0 ones in their Hopper and Blackwell base
# classes); these do not set the fused GEMM + all-reduce (gemm_allreduce_plugin): v5.0 B200 and GB200 (commented out
# in Cisco's copy, 'Disable to prevent intermittent failures'; gemm_plugin fp4), v5.1 GB200 NVL72 Interactive and
# GB300 NVL72 Offline (gemm_plugin fp4). Every other one sets gemm_allreduce_plugin 'float16'
NO_GEMM_ALLREDUCE = {"mlperf-i50-llama31-405b-b200x8-offline", "mlperf-i50-llama31-405b-b200x8-server",
                     "mlperf-i50-llama31-405b-gb200x72-offline", "mlperf-i50-llama31-405b-gb200x72-server",
                     "mlperf-i51-llama31-405b-gb200x72-interactive", "mlperf-i51-llama31-405b-gb300x72-offline"}


def as_submitted_dense(case: MLPerfInferenceCase) -> MLPerfInferenceCase:
    """A dense case in the tensor- and pipeline-parallel layout and engine batch its stored config sets."""
    if case.id not in SUBMITTED_DENSE:
        return case
    where, tp, pp, batch, tokens = SUBMITTED_DENSE[case.id]
    stated = " (measurements file: fp4)" if " (measurements file: fp4)" in case.note else " (assumed)"
    note = case.note.replace(
        f"KV cache FP8{stated}; tensor parallel: gpudesk's best layout",
        f"KV cache FP8 (the config{'; weights FP4: the measurements file' if 'fp4' in stated else ''}); layout from the submission's config ({where}): tensor_parallelism {tp}, "
        f"pipeline_parallelism {pp} ({tp * pp} GPUs per engine, {case.gpus // (tp * pp)} engine"
        f"{'s' if case.gpus > tp * pp else ''}), at most {batch:,} sequences per "
        + (f"micro-batch and {batch * pp:,} per engine ({pp} micro-batches: {MICRO_BATCHES}) " if pp > 1 else "engine ")
        + f"(gpu_batch_size, or the runtime max_batch_size where lower: {HARNESS_BATCH}), chunked context of at "
        f"most {tokens:,} tokens per iteration and "
        "micro-batch (max_num_tokens: core/token_budget.py), FP8 context attention (use_fp8_context_fmha: the plan's "
        "fp8_context_attention, core/context_attention.py: the prompt's attention at FlashAttention-3's FP8 rate on "
        "Hopper, its 16-bit rate elsewhere, where no FP8 attention rate is published), "
        + ("no fused GEMM + all-reduce (gemm_plugin fp4)" if case.id in NO_GEMM_ALLREDUCE else
           "fused GEMM + all-reduce (gemm_allreduce_plugin float16; not modelled: no published share of the "
           "all-reduce it hides, docs/validation.md 'Why Llama 3.1 405B Offline reads slow')"))
    assert note != case.note, case.id
    return replace(case, tp=tp, pp=pp, max_batch=batch * pp, note=note, max_tokens=tokens,
                   fp8_context=True)
