"""Published cases written as plans in the documented format (docs/project-format.md), for the check that a plan can
say what the runs were (issue 18): the same figure through `estimate_plan` as through the validation runner, which
calls the core's models directly.

A case is expressible where the catalog holds its accelerator and model rows as the case uses them (46 of the 150
training cases on 2026-12-03; the rest run validation-only records, e.g. torchtitan's H100 96 GB HBM2e); every MLPerf
Inference case is.
"""

from __future__ import annotations

import json

from validation_cases_mlperf_inference import TASKS, MLPerfInferenceCase
from validation_cases_training import TrainingCase

from gpudesk.project.model import Project
from gpudesk.project.schema import project_from_dict, project_to_dict

TRAINING_KIND = {"full": "pretrain", "lora": "finetune_lora", "qlora": "finetune_qlora"}


def through_the_file_format(project: Project) -> Project:
    """The plan as a saved file reads it back: every input goes through the documented JSON and its validator."""
    return project_from_dict(json.loads(json.dumps(project_to_dict(project))))


def training_plan(case: TrainingCase) -> Project:
    """A given-layout training case: the layout, the data-parallel degree (GPUs / tp·pp·cp), schedule, overlap
    switches, low-precision recipe, stack and power limit as the run stated them."""
    project = Project()
    phase, w = project.phases[0], project.phases[0].workloads[0]
    w.kind, w.model_id, w.compute_dtype, w.weight_dtype = TRAINING_KIND[case.method], case.model.id, case.precision, "bf16"
    w.seq_len, w.micro_batch, w.global_batch, w.lora_rank = case.seq_len, case.micro_batch, case.global_batch, case.lora_rank
    w.low_precision_recipe = case.recipe
    if case.train_tokens:
        w.train_tokens = case.train_tokens
    p = w.parallel
    p.tp, p.pp, p.cp, p.ep, p.zero_stage, p.recompute = case.tp, case.pp, case.cp, case.ep, case.zero_stage, case.recompute
    p.virtual_stages, p.dp = case.virtual_stages, case.n_gpus // (case.tp * case.pp * case.cp)
    p.pipeline_schedule = case.schedule if case.schedule != "auto" else (
        "interleaved" if case.virtual_stages > 1 else "1f1b")
    p.tp_comm_overlap, p.moe_a2a_overlap, p.overlap_grad_reduce = case.tp_overlap, case.a2a_overlap, case.grad_overlap
    p.training_stack, p.torch_compile, p.flash_attention = case.training_stack, case.torch_compile, case.flash_attention
    p.expert_gemm_loop = case.expert_gemm_loop
    phase.hardware.accelerator_id, phase.hardware.gpus_per_node = case.accelerator.id, case.gpus_per_node
    phase.hardware.gpu_power_limit_w = case.power_limit_w
    return through_the_file_format(project)


def mlperf_inference_plan(case: MLPerfInferenceCase, tp: int) -> Project:
    """An MLPerf Inference case at tensor parallel ``tp``: the data set's mean lengths and output spread, the
    scenario, the round's P99 targets (no median target; an Offline case has none, and a plan's targets must be at
    least 1 ms), the engine batch, the layout, the prompt balance, the engine release and its FP8 context attention."""
    project = Project()
    phase, w = project.phases[0], project.phases[0].workloads[0]
    w.kind, w.model_id, w.batching = "llm_inference", TASKS[case.task][0], "continuous"
    w.compute_dtype = w.weight_dtype = case.weight_dtype
    w.kv_dtype = case.kv_dtype
    w.prompt_tokens, w.output_tokens, w.output_tokens_sd = int(case.prompt), int(case.output), float(case.output_sd)
    w.concurrency = int(case.max_batch)
    w.parallel.tp, w.parallel.pp, w.parallel.ep = tp, case.pp or 1, case.ep or (tp if case.moe else 1)
    w.serving_scenario = case.scenario  # MLPerf's Interactive: the Server scenario at tighter P99 targets
    if case.scenario != "offline":  # offline: no target binds (the plan's own stay, unread)
        ttft, tpot = case.targets
        w.latency_percentile, w.ttft_ms, w.ttft_p50_ms, w.tpot_ms = "p99", ttft * 1000.0, 0.0, tpot * 1000.0
    w.attention_dp_balance, w.engine_release = case.adp_balance, case.release  # the engine the run used
    w.attention_dp_timeout_iters, w.attention_dp_batching_wait_iters = case.adp_iters
    w.fp8_context_attention = case.fp8_context  # the config's use_fp8_context_fmha
    phase.hardware.accelerator_id = case.accelerator_id
    return through_the_file_format(project)
