"""The serving engine release each published run used (the plan input ``engine_release``), with where it is stated.

A release is what the plan says was run, not a tuning knob: each mapping below cites what the run's own publication
states. MLPerf Inference submissions state their software in the system description (``systems/<system>.json``,
"framework") or the run's metadata ("tensorrt_version"); a TensorRT-LLM line is known by the TensorRT and CUDA it is
built with (NVIDIA TensorRT-LLM docs/source/release-notes.md: 1.0 on the pytorch:25.06 image, 1.1 on 25.10, 1.2 on
25.12; triton-inference-server/tensorrtllm_backend pull request #820 moved the backend from TensorRT 10.11.0.33 with
CUDA 12.9 to 10.13.3.9 with CUDA 13.0, 2025-11-12).
"""

from __future__ import annotations

# (round, submitter prefix) -> (release, what states it)
_V51_SYS = ("systems description, github.com/mlcommons/inference_results_v5.1 closed/{who}/systems/{system}.json "
            "(copy {copy}): framework '{stack}'")
MLPERF_RELEASES = {
    "v5.0": ("trtllm-0", "MLPerf Inference v5.0 was published 2025-04 (MLCommons, 'MLPerf Inference v5.0 LLM "
                         "benchmarks'), before TensorRT-LLM 1.0 (its systems descriptions are not in the stored copy)"),
    "v5.1": ("trtllm-1.0", _V51_SYS.format(who="NVIDIA", system="GB200-NVL72_GB200-186GB_aarch64x72_TRT",
                                           copy="ykamiset/inference_results_v5.1, commit e9ccad4",
                                           stack="TensorRT 10.11, CUDA 12.9")
             + "; the same for Nebius's B200-SXM-180GBx8_TRT (copy ntuhpc/inference_results_v5.1, commit a634ab7): "
               "the TensorRT-LLM 1.0 line; the round's other TensorRT submissions ran NVIDIA's same harness"),
    "v5.1-gb300": ("trtllm-1.1", _V51_SYS.format(who="NVIDIA", system="GB300-NVL72_GB300-288GB_aarch64x72_TRT",
                                                 copy="ykamiset/inference_results_v5.1, commit e9ccad4",
                                                 stack="TensorRT 10.13, CUDA 13.0")
                   + ": the TensorRT-LLM 1.1 line (release 1.1 added B300/GB300)"),
    "v6.0": ("trtllm-1.2", "run metadata, github.com/mlcommons/inference_results_v6.0 closed/Nebius/results/"
                           "GB300-NVL72_GB300-288GB_aarch64x72_TRT/deepseek-r1/Server/performance/run_1/metadata.json "
                           "(copy gbeezybez/inference_results_v6.0, commit ab33b21): tensorrt_version 10.14.1.48, run "
                           "2026-02-13: the TensorRT-LLM 1.2 line; Google's and Dell's submissions ran NVIDIA's v6.0 "
                           "harness of the same round"),
}
PERF_OVERVIEW_RELEASE = ("trtllm-1.0", "the perf overview's own tables: 'v1.0' (docs/source/performance/"
                                       "perf-overview.md at commit 00f3768)")
DEEPSEEK_BLOG_RELEASE = ("trtllm-0", "the blog's results were reproduced at TensorRT-LLM commit b6261862, on the "
                                     "0.x line (release 0.19's notes point to the blog)")
PERFORMANCE_MD_RELEASE = ("trtllm-0", "TensorRT-LLM docs/source/performance.md at commit 138f96d (the 0.x TensorRT "
                                      "engine flow)")


def mlperf_release(rnd: str, accelerator_id: str) -> tuple[str, str]:
    """(release, what states it) of an MLPerf Inference run of round ``rnd`` on ``accelerator_id``."""
    return MLPERF_RELEASES["v5.1-gb300" if rnd == "v5.1" and accelerator_id == "gb300" else rnd]


def mlperf_release_note(case_id: str, accelerator_id: str) -> str:
    """'engine <release> (<what states it>)' for an MLPerf Inference case by its id (mlperf-i<round>-...)."""
    digits = case_id.split("-")[1][1:]  # "i51" -> "51"
    release, stated = mlperf_release(f"v{digits[0]}.{digits[1:]}", accelerator_id)
    return f"engine {release} ({stated})"
