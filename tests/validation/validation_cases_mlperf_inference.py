"""MLPerf Inference datacenter results (closed division): Llama 3.1 405B and DeepSeek-R1, Offline and Server.

What each case is, and where its numbers come from:

* **Measured**: the submission's tokens/s for the whole system, read from its ``mlperf_log_summary.txt``
  ("Tokens per second" for Offline, "Completed tokens per second" for Server) where the stored copy of the
  round holds the log (v5.0), otherwise from the results table of the submission's ``summary.html`` (v5.1,
  v6.0), which MLCommons generates from the same logs. Per GPU = that / the system's accelerators.
* **Lengths**: MLPerf publishes the mean input and output length of each task's data set, not the spread,
  so a case states the mean and no spread (``prompt_tokens_sd`` = ``output_tokens_sd`` = 0, the plan
  default), except DeepSeek-R1's output, whose spread two v6.0 Server logs print as latency percentiles
  (``mlperf_deepseek_r1``: sd = 1.07 × the mean, from Dell's log; Nebius's gives 1.04). Llama 3.1 405B
  (8,313 samples of LongBench, LongDataCollections, RULER and GovReport): mean input 9,400 and output 680
  tokens (MLCommons, 'MLPerf Inference v5.0 LLM benchmarks', https://mlcommons.org/2025/04/llm-inference-v5, April 2025; the reference README's tokens_per_sample is
  684.68). Where the run's own log is read, the output mean is that run's (tokens/s ÷ samples/s: 647–657).
  DeepSeek-R1 (4,388 samples): mean input 800 and output 3,880 tokens (MLCommons, 'DeepSeek-R1 in MLPerf
  Inference v5.1', https://mlcommons.org/2025/09/deepseek-inference-5-1, September 2025; the round's accuracy
  gate, 90% of the reference tokens per sample, is 3,497.6, i.e. a reference of 3,886). Both blog figures
  were read in verbatim quotes of the pages; the pages themselves are not in the stored copies.
* **Scenario and targets**: Offline (no latency target: ``serving_scenario = offline``); Server at the
  round's P99 targets (405B: TTFT 6 s, TPOT 175 ms; DeepSeek-R1: TTFT 2 s, TPOT 80 ms; the summary logs
  print them); Interactive = Server at 405B's tighter targets (TTFT 4.5 s, TPOT 80 ms). gpudesk's Server figure is
  the highest request rate per replica meeting the P99 targets × the mean output ÷ GPUs per replica
  (``infer.max_rate_per_replica``; a run served disaggregated: one block of its pools, ``infer.disagg_block_rate``
  ÷ the block's GPUs), its Offline figure the output tokens/s per GPU at the derived batch.
* **Precision**: NVIDIA's v5.0 B200 measurements file states ``weight_data_types: fp4`` for 405B; FP4 weights with
  an FP8 KV cache are assumed for every Blackwell submission (the v5.1 and v6.0 measurement files are not in the
  stored copies), FP8 weights and KV cache for H200 (Hopper has no FP4 tensor cores).
* **Layout**: where a stored copy holds the submitter's engine config, the case runs that layout
  (``mlperf_submitted_configs.SUBMITTED``): NVIDIA's v5.1 DeepSeek-R1 configs for 8 B200 and GB200 NVL72 (copy
  ykamiset/inference_results_v5.1, commit e9ccad4; GB300 NVL72's in the folder with the _TRT suffix) and Dell's (8 B300) and Nebius's (GB300 NVL72) v6.0 ones (copy
  gbeezybez/inference_results_v6.0, commit ab33b21), closed/<submitter>/configs/<system>/<scenario>/deepseek-r1.py,
  all set ``enable_attention_dp``, tensor_parallelism 8 and moe_expert_parallelism 8 (attention data-parallel over
  8 GPUs, experts over 8: in gpudesk tensor parallel 1, expert parallel 8), a ``gpu_batch_size`` per rank (v5.1:
  512, GB300 Offline 1,536; v6.0: 640 Server, 1,024-1,536 Offline), FP4 weights and an FP8 KV cache. The DeepSeek-R1
  system whose configs are not stored (v6.0 Google 8 B200) takes that same layout, TensorRT-LLM's own DeepSeek-R1
  throughput recipe (mlperf_deepseek_r1.RECIPE) and its batch cap, fewer where the KV cache holds fewer. A Llama 3.1
  405B run whose config is stored runs its tensor x pipeline layout and engine batch (``SUBMITTED_DENSE``: NVIDIA's
  and Nebius's v5.1, Quanta's v5.1 8 H200 Server, Google's v6.0 8 B200 Server, and NVIDIA's v5.0 from Cisco's and
  Oracle's v5.0 copies of its files). Elsewhere (Llama 3.1 405B without a stored config) gpudesk's best layout is used (the tensor-parallel degree of 1, 2, 4 or 8 that gives it the most
  tokens/s per GPU), as the training cases without a published layout use gpudesk's best layout.
* **An Offline run** is its samples issued at once (the logs' count, or the config's min_query_count), ending with
  its last completion: gpudesk's figure is the whole run's, the end drain included (core/inference_drain.py), where
  the count is known (DeepSeek-R1), else the steady rate. The output mean is the run's own where its log is read.

Not here, and why: Llama 2 70B (the most-submitted task, and the only LLM task of the AMD MI300X/MI325X
submissions in the stored copies) — no mean input length of its 24,576-sample OpenOrca subset is published
(the reference gives the 1,024-token bound and 294.45 output tokens per sample), and a guessed prompt length
would make each case a fit; Mixtral 8x7B — the same for its 15,000-sample mix; Llama 3.1 8B — the mean output
quoted for its CNN/DailyMail set (73 tokens) disagrees with the runs: Intel's v6.1 logs (intel-ai-tce/
inference_results_v6.1, commit 5174fca: 1-node-2S-GNR_128C and 1-node-4x-BMG-B70, llama3_1-8b Offline) give
exactly 128.0 tokens per sample (1,916.74 ÷ 14.9745 and 4,613.28 ÷ 36.0413), the task's output cap, so the quote
describes something else, and its mean input (778) comes from the same secondary summary; no case rests on it."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engine_releases import mlperf_release
from mlperf_deepseek_r1 import DELL_SERVER, as_recipe, as_run, output_cv
from mlperf_deepseek_r1_findings import deepseek_findings
from mlperf_graphs import graph_findings, with_graphs
from mlperf_llama_405b_findings import llama_findings, v50_findings
from mlperf_pipeline import pipeline_findings
from mlperf_server_offline import as_served, interactive_findings, p90_findings, server_offline_findings
from mlperf_submitted_configs import as_submitted, as_submitted_dense
from validation_catalog import catalog

from gpudesk.catalog.records import Accelerator, ModelArch
from gpudesk.vocabulary.serving import ADP_BALANCE_BATCHING_WAIT_ITERS, ADP_BALANCE_TIMEOUT_ITERS

GROUP_MLPERF_INFERENCE = "MLPerf inference throughput"
_V50 = ("MLPerf Inference v5.0 closed, NVIDIA, github.com/mlcommons/inference_results_v5.0 (copy "
        "ntuhpc/mlperf_inference_results_v5.0, commit cf35411): closed/NVIDIA/results/{system}/llama3_1-405b/"
        "{scenario}/performance/run_1/mlperf_log_summary.txt")
_V51 = ("MLPerf Inference v5.1 closed, NVIDIA, github.com/mlcommons/inference_results_v5.1 (copy "
        "ntuhpc/inference_results_v5.1, commit a634ab7): closed/NVIDIA/results/{system}/summary.html, results table")
_V60_ANY = ("MLPerf Inference v6.0 closed, {who}, github.com/mlcommons/inference_results_v6.0 (copy gbeezybez/"
            "inference_results_v6.0, commit ab33b21): closed/{who}/results/{{system}}/summary.html, results table")
_V60, _V60_DELL, _V60_NEBIUS = (_V60_ANY.format(who=who) for who in ("Google", "Dell", "Nebius"))

# task -> (catalog model, mean input, mean output (blog), Server TTFT P99 s, Server TPOT P99 s)
TASKS = {"llama3.1-405b": ("llama-3.1-405b", 9400, 680, 6.0, 0.175),
         "deepseek-r1": ("deepseek-v3", 800, 3880, 2.0, 0.080)}
INTERACTIVE = {"llama3.1-405b": (4.5, 0.080)}
OUTPUT_CV = {"deepseek-r1": output_cv(DELL_SERVER)}  # task -> output length's sd / mean where a log prints it
LAYOUTS = (1, 2, 4, 8)


@dataclass(frozen=True)
class MLPerfInferenceCase:
    id: str
    citation: str
    task: str
    accelerator_id: str
    gpus: int
    scenario: str  # offline | server | interactive
    total_tokens_per_s: float
    weight_dtype: str
    kv_dtype: str
    output: float  # mean output tokens (the run's own where its log was read)
    note: str
    tp: int = 0  # the submission's layout where its config is stored (mlperf_submitted_configs); 0 = gpudesk's best layout
    ep: int = 0
    max_batch: int = 0  # the engine's sequences per replica (0 = derived by gpudesk)
    output_sd: float = 0.0  # standard deviation of the output length (0 = none published)
    pp: int = 0  # pipeline stages of the submission's engine (0 = 1)
    queries: int = 0  # samples of an Offline run, all issued at once (0 = not known: the steady rate)
    output_cap: float = math.inf  # the benchmark's output limit (tokens)
    adp_balance: bool = False  # the engine holds new prompts until every attention data-parallel rank has one
    adp_iters: tuple[int, int] = (ADP_BALANCE_TIMEOUT_ITERS, ADP_BALANCE_BATCHING_WAIT_ITERS)  # timeout, wait
    release: str = "current"  # the serving engine release the submission ran (engine_releases.py)
    prefill_tp: int = 0  # served disaggregated: prefill instances' tp; pools (prefill, decode) GPUs, (0, 0) aggregated
    pools: tuple[int, int] = (0, 0)
    max_tokens: int = 0  # the config's max_num_tokens per micro-batch iteration (InferenceInputs.max_tokens_per_iteration)
    fp8_context: bool = False  # the config's use_fp8_context_fmha (InferenceInputs.fp8_context_attention)

    @property
    def measured(self) -> float:
        return self.total_tokens_per_s / self.gpus

    @property
    def model_id(self) -> str:
        return TASKS[self.task][0]

    @property
    def prompt(self) -> int:
        return TASKS[self.task][1]

    @property
    def targets(self) -> tuple[float, float]:
        """(TTFT P99 s, TPOT P99 s); (0, 0) offline."""
        if self.scenario == "offline":
            return 0.0, 0.0
        if self.scenario == "interactive":
            return INTERACTIVE[self.task]
        return TASKS[self.task][3], TASKS[self.task][4]

    @property
    def moe(self) -> bool:
        return self.task == "deepseek-r1"

    def model(self) -> ModelArch:
        return catalog().model(self.model_id)

    def accelerator(self) -> Accelerator:
        return catalog().accelerator(self.accelerator_id)


def _case(rnd: str, cite: str, system: str, task: str, acc: str, gpus: int, scenario: str, total: float,
          samples_per_s: float = 0.0) -> MLPerfInferenceCase:
    dtype = "fp8" if acc.startswith("h") else "fp4"
    output = total / samples_per_s if samples_per_s else float(TASKS[task][2])
    ttft, tpot = INTERACTIVE[task] if scenario == "interactive" else TASKS[task][3:5]
    ttft_tpot = "" if scenario == "offline" else f" at P99 TTFT {ttft:g} s and TPOT {tpot * 1e3:g} ms"
    length = (f"mean output {output:.0f} tokens = {total:,.2f} tokens/s ÷ {samples_per_s:g} samples/s (this log)"
              if samples_per_s else f"mean output {output:.0f} tokens (MLCommons blog)")
    cv = OUTPUT_CV.get(task, 0.0)
    spread = (f"output spread sd {cv * output:,.0f} tokens ({cv:.2f} × the mean, from the latency percentiles of "
              f"{DELL_SERVER['citation']}; log-normal shape assumed), no input spread published (0 assumed)" if cv
              else "no spread published (0 assumed)")
    note = (f"{total:,.2f} tokens/s on {gpus} {acc.upper()}; {scenario}{ttft_tpot}; mean input {TASKS[task][1]:,} "
            f"tokens (MLCommons blog), {length}, {spread}; weights {dtype.upper()}, KV cache "
            "FP8" + (" (measurements file: fp4)" if rnd == "v5.0" and dtype == "fp4" else " (assumed)")
            + "; tensor parallel: gpudesk's best layout" + ("; expert parallel = tensor parallel" if task ==
                                                            "deepseek-r1" else ""))
    return MLPerfInferenceCase(
        id=f"mlperf-i{rnd[1:].replace('.', '')}-{task.replace('.', '')}-{acc.split('-')[0]}x{gpus}-{scenario}",
        citation=cite.format(system=system, scenario=scenario.capitalize()), task=task, accelerator_id=acc,
        gpus=gpus, scenario=scenario, total_tokens_per_s=total, weight_dtype=dtype, kv_dtype="fp8", output=output,
        note=note, output_sd=cv * output, release=mlperf_release(rnd, acc)[0])


_H200, _B200 = "H200-SXM-141GBx8_TRT", "B200-SXM-180GBx8_TRT"
_GB200_50, _GB200, _GB300 = ("GB200-NVL72_GB200-186GB_aarch64x72_TRT_Triton", "GB200-NVL72_GB200-186GB_aarch64x72_TRT",
                             "GB300-NVL72_GB300-288GB_aarch64x72_TRT")
MLPERF_INFERENCE_CASES = [
    # v5.0: the run logs (Offline "Tokens per second", Server "Completed tokens per second")
    _case("v5.0", _V50, _H200, "llama3.1-405b", "h200-sxm", 8, "offline", 560.651, 0.863357),
    _case("v5.0", _V50, _H200, "llama3.1-405b", "h200-sxm", 8, "server", 291.37, 0.45),
    _case("v5.0", _V50, _B200, "llama3.1-405b", "b200", 8, "offline", 1526.29, 2.32353),
    _case("v5.0", _V50, _B200, "llama3.1-405b", "b200", 8, "server", 845.82, 1.29),
    _case("v5.0", _V50, _GB200_50, "llama3.1-405b", "gb200", 72, "offline", 13886.4, 21.1733),
    _case("v5.0", _V50, _GB200_50, "llama3.1-405b", "gb200", 72, "server", 8850.10, 13.46),
    # v5.1: results tables
    _case("v5.1", _V51, _B200, "llama3.1-405b", "b200", 8, "offline", 1624.11),
    _case("v5.1", _V51, _B200, "llama3.1-405b", "b200", 8, "server", 1240.42),
    _case("v5.1", _V51, _B200, "llama3.1-405b", "b200", 8, "interactive", 751.37),
    _case("v5.1", _V51, _GB200, "llama3.1-405b", "gb200", 72, "offline", 14774.30),
    _case("v5.1", _V51, _GB200, "llama3.1-405b", "gb200", 72, "server", 11614.30),
    _case("v5.1", _V51, _GB200, "llama3.1-405b", "gb200", 72, "interactive", 9921.02),
    _case("v5.1", _V51, _GB300, "llama3.1-405b", "gb300", 72, "offline", 16104.10),
    _case("v5.1", _V51, _GB300, "llama3.1-405b", "gb300", 72, "server", 12248.40),
    _case("v5.1", _V51, _B200, "deepseek-r1", "b200", 8, "offline", 33379.00),
    _case("v5.1", _V51, _B200, "deepseek-r1", "b200", 8, "server", 18592.20),
    _case("v5.1", _V51, _GB200, "deepseek-r1", "gb200", 72, "offline", 289712.00),
    _case("v5.1", _V51, _GB200, "deepseek-r1", "gb200", 72, "server", 167578.00),
    _case("v5.1", _V51, _GB300, "deepseek-r1", "gb300", 72, "offline", 420659.00),
    _case("v5.1", _V51, _GB300, "deepseek-r1", "gb300", 72, "server", 209328.00),
    # v6.0: Google's DGX B200 (NVIDIA's TensorRT-LLM harness)
    _case("v6.0", _V60, _B200, "llama3.1-405b", "b200", 8, "offline", 1350.24),
    _case("v6.0", _V60, _B200, "llama3.1-405b", "b200", 8, "server", 983.626),
    _case("v6.0", _V60, _B200, "deepseek-r1", "b200", 8, "offline", 57116.90),
    _case("v6.0", _V60, _B200, "deepseek-r1", "b200", 8, "server", 41027.90),
    # v6.0: Dell's PowerEdge XE9780L (8 × B300) and Nebius's GB300 NVL72, NVIDIA's TensorRT-LLM harness
    _case("v6.0", _V60_DELL, "XE9780L-B300-SXM-270GBx8_TRT", "deepseek-r1", "b300", 8, "offline", 66287.90),
    _case("v6.0", _V60_DELL, "XE9780L-B300-SXM-270GBx8_TRT", "deepseek-r1", "b300", 8, "server", 46510.60),
    _case("v6.0", _V60_NEBIUS, _GB300, "deepseek-r1", "gb300", 72, "offline", 673936.00),
    _case("v6.0", _V60_NEBIUS, _GB300, "deepseek-r1", "gb300", 72, "server", 575580.00),
]
# v5.1 Llama 3.1 405B runs of NVIDIA's TensorRT-LLM harness whose logs are stored (copy ntuhpc/inference_results_v5.1,
# commit a634ab7): tokens/s and samples/s of each mlperf_log_summary.txt (Server: samples/s to two decimals, as
# printed). Nebius's 8 H200, 8 B200 and 4 GB200 (one NVL72 tray; configs in mlperf_submitted_configs), Cisco's 16 and
# 32 H100 (two and four HGX nodes) and 16 H200 (two C885A M8), Quanta's 8 H200 (D74U-7U)
_V51_LOG = ("MLPerf Inference v5.1 closed, {who}, github.com/mlcommons/inference_results_v5.1 (copy "
            "ntuhpc/inference_results_v5.1, commit a634ab7): closed/{who}/results/{{system}}/{task}/{{scenario}}/"
            "performance/run_1/mlperf_log_summary.txt")
MLPERF_INFERENCE_CASES += [
    replace(c, id=c.id.replace("mlperf-i51-", f"mlperf-i51-{who.split('_')[0].lower()}-"))
    for who, task, system, acc, gpus, rows in (
        ("Nebius", "llama3.1-405b", _H200, "h200-sxm", 8,
         (("offline", 552.749, 0.856236), ("server", 295.36, 0.45), ("interactive", 202.78, 0.31))),
        ("Nebius", "llama3.1-405b", _B200, "b200", 8,
         (("offline", 1659.5, 2.54066), ("server", 1279.53, 1.95), ("interactive", 770.67, 1.18))),
        ("Nebius", "llama3.1-405b", "GB200-NVL72_GB200-186GB_aarch64x4_TRT", "gb200", 4,
         (("offline", 855.82, 1.30864), ("server", 596.11, 0.91))),
        ("Cisco", "llama3_1-405b", "HGX-H100_H100-SXM-80GBx16_TRT", "h100-sxm", 16,
         (("offline", 783.131, 1.22004), ("server", 563.36, 0.90))),
        ("Cisco", "llama3_1-405b", "HGX-H100_H100-SXM-80GBx32_TRT", "h100-sxm", 32,
         (("offline", 1561.57, 2.43329), ("server", 1126.94, 1.80))),
        ("Cisco", "llama3_1-405b", "C885A_M8_H200_SXM_141GBx16_TRT", "h200-sxm", 16,
         (("offline", 1086.01, 1.66996), ("server", 584.29, 0.90))),
        ("Quanta_Cloud_Technology", "llama3.1-405b", "D74U-7U_H200-SXM-141GBx8_TRT", "h200-sxm", 8,
         (("offline", 550.106, 0.86817), ("server", 295.52, 0.45))))
    for c in (_case("v5.1", _V51_LOG.format(who=who, task=task), system, "llama3.1-405b", acc, gpus, scenario, total,
                    samples) for scenario, total, samples in rows)
]


MLPERF_INFERENCE_CASES = [as_served(with_graphs(as_submitted_dense(as_submitted(c)))) for c in MLPERF_INFERENCE_CASES]
MLPERF_INFERENCE_CASES = [as_run(as_recipe(c) if c.task == "deepseek-r1" and not c.tp else c,
                                 lambda c: c.gpus // ((max(c.tp, c.ep) or 1) * (c.pp or 1)))
                          for c in MLPERF_INFERENCE_CASES]


def findings(results: list) -> list[str]:
    """The 'known large errors' paragraph of docs/validation.md for this group, from the results of this run."""
    rows = [r for r in results if r.group == GROUP_MLPERF_INFERENCE]
    by = {c.id: c for c in MLPERF_INFERENCE_CASES}
    parts = []
    for task, name in (("llama3.1-405b", "Llama 3.1 405B"), ("deepseek-r1", "DeepSeek-R1")):
        for scenario in ("offline", "server", "interactive"):
            errs = sorted(r.error for r in rows if by[r.id].task == task and by[r.id].scenario == scenario)
            if errs:
                parts.append(f"{name} {scenario} {errs[0]:+.0%} to {errs[-1]:+.0%} ({len(errs)})")
    return [
        f"* **MLPerf Inference** ({len(rows)} results: v5.0, v5.1 and v6.0 closed division; NVIDIA, Google, Dell, "
        "Nebius, Cisco and Quanta; H100, H200, B200, B300, GB200 NVL72 and GB300 NVL72; Llama 3.1 405B and DeepSeek-R1, Offline, Server and Interactive; "
        "`tests/validation/validation_cases_mlperf_inference.py`): each case is the plan a user would write: the "
        "data set's published mean input and output length (or the run's own output mean where its log is read), "
        "the round's P99 TTFT/TPOT targets, the serving "
        "scenario, and the layout: the submission's where its engine config is stored (DeepSeek-R1: NVIDIA's v5.1 on "
        "8 B200 and 72 GB200, Dell's and Nebius's v6.0 on 8 B300 and 72 GB300; Llama 3.1 405B: NVIDIA's v5.1 on 8 B200 "
        "and 72 GB200, closed/NVIDIA/configs/<system>/<scenario>/llama3_1-405b.py in the same copy: Offline TP2 x PP2 "
        "with at most 128 (B200) or 2,048 (GB200) sequences per engine, Server and Interactive TP4 with 256 or "
        "2,048; on 72 GB300 Offline and Server TP2 with 2,048; Nebius's v5.1 on 8 B200 and 4 GB200, the same, and on 8 H200, Offline TP4 x PP2 with 512, Server "
        "and Interactive TP8 with 64, copy ntuhpc/inference_results_v5.1, commit a634ab7; Google's v6.0 8 B200 Server, TP4 "
        "with 256, copy gbeezybez/inference_results_v6.0, commit ab33b21; NVIDIA's v5.0 on 8 H200, 8 B200 and 72 "
        "GB200 from Cisco's and Oracle's v5.0 copies of its files, item below; Quanta's v5.1 8 H200 Server, TP8 with 64, "
        "its server_target_qps its log's 0.45), gpudesk's best tensor-parallel degree elsewhere (Quanta's 8 H200 "
        "Offline, whose config is not stored; Cisco's 16 and 32 H100 and 16 H200: their logs ask 0.9 Offline and 0.45 "
        "Server queries/s per 8 GPUs, target_qps 1.8 and 0.9 on 16, 3.6 and 1.8 on 32, where Cisco's stored v5.1 405B "
        "configs, closed/Cisco/configs/llama3_1-405b/<scenario>/__init__.py, set 0.8 and 0.42 for 8 H100 and 0.42 for "
        "the 8 H200 Server, so the files are not these runs' settings), and for the two "
        "DeepSeek-R1 systems without a stored config TensorRT-LLM's throughput recipe (next item). By task and scenario: "
        + "; ".join(parts) + ". "
        "The DeepSeek-R1 cases: next item. "
        "The v6.0 submissions serve 70-85% of their Offline rate at the same targets, with engine changes the stored copies "
        "do not describe. The same hardware and task moved "
        "between rounds by more than gpudesk's error (DeepSeek-R1 Offline on 8 B200: 33,379 tokens/s in v5.1, "
        "57,117 in v6.0; Llama 3.1 405B Server on 8 B200: 846 in v5.0, 1,240 in v5.1, with other layouts, token budgets "
        "and asked rates, item below): software a plan cannot "
        "name sets part of each figure (DeepSeek-R1 Offline on 72 GB300: 420,659 tokens/s in v5.1, 673,936 in v6.0). Llama 2 70B, the most-submitted task (and the only LLM task of AMD's "
        "MI300X/MI325X submissions in the stored copies), has no case: no mean input length of its 24,576-sample "
        "OpenOrca subset is published (the reference gives the 1,024-token bound and 294.45 output tokens per "
        "sample), and a guessed one would make each case a fit, not a test; Mixtral 8x7B likewise. Llama 3.1 8B has "
        "none either: the mean output quoted for its data set (73 tokens) disagrees with the runs (Intel's v6.1 "
        "logs: exactly 128.0 tokens per sample, the output cap), and its mean input comes from the same quote.",
        deepseek_findings(rows, by),
        llama_findings(results, by), v50_findings(rows, by), pipeline_findings(rows, by),
        *graph_findings(results, by), server_offline_findings(rows, by), interactive_findings(rows, by), p90_findings(results, by),
    ]
