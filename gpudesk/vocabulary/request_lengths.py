"""Named request-length distributions a serving plan can say its requests look like (``workload.length_dataset``).

Each data set gives the mean and standard deviation of its input (prompt) and output lengths in tokens, every figure
with the source it was read from; core/request_lengths.py puts them in the plan's place (lengths are taken as
log-normal with these moments, core/inference_lengths.py). A spread that no source publishes is 0 and the source says
so (every request that long), as for a plan that states no spread.
"""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

_LLAMA_405B_BLOG = ("MLCommons, 'MLPerf Inference v5.0 LLM benchmarks', https://mlcommons.org/2025/04/llm-inference-v5 "
                    "(April 2025): mean input 9,400 and output 680 tokens")
_DEEPSEEK_R1_BLOG = ("MLCommons, 'DeepSeek-R1 in MLPerf Inference v5.1', "
                     "https://mlcommons.org/2025/09/deepseek-inference-5-1 (September 2025): mean input 800 and output "
                     "3,880 tokens")

# DeepSeek-R1's output spread: sd / mean 1.0716, the output lengths the latency percentiles of Dell's v6.0 Server log
# imply (MLPerf Inference v6.0 closed, Dell, closed/Dell/results/XE9780L-B300-SXM-270GBx8_TRT/deepseek-r1/Server/
# performance/run_1/mlperf_log_detail.txt; tests/validation/mlperf_deepseek_r1.py output_cv), times the blog's mean.
DEEPSEEK_R1_OUTPUT_CV = 1.0716
# Llama 3.1 405B's output spread: (P90 − P50) / 1.2816 of the output lengths four Server logs imply (NVIDIA v5.0 8 B200
# and 8 H200, Nebius v5.1 8 B200 and 8 H200: 186, 291, 205 and 284 tokens; tests/validation/mlperf_llama_405b.py
# output_lengths over SERVER_LOGS), their mean.
LLAMA_405B_OUTPUT_SD = 242.0


def _dataset(code: str, en: str, zh: str, prompt: float, prompt_sd: float, output: float, output_sd: float,
             source: str) -> Term:
    return Term(code, en, zh, {"prompt": prompt, "prompt_sd": prompt_sd, "output": output, "output_sd": output_sd,
                               "source": source})


LENGTH_DATASET: Vocabulary[Term] = Vocabulary("request length data set", (
    _dataset("none", "None: the plan's own mean and spread", "不指定：使用方案自己的均值与离散度", 0.0, 0.0, 0.0, 0.0,
             "user input"),
    _dataset("mlperf-llama3.1-405b", "MLPerf Inference Llama 3.1 405B (long documents: LongBench, RULER, GovReport)",
             "MLPerf 推理基准 Llama-3.1-405B 任务数据集（长文档）", 9400.0, 0.0, 680.0,
             LLAMA_405B_OUTPUT_SD,
             f"{_LLAMA_405B_BLOG}; output sd {LLAMA_405B_OUTPUT_SD:g} tokens: (P90 − P50) / 1.2816 of the output "
             "lengths four MLPerf Inference Server logs imply (NVIDIA v5.0, Nebius v5.1; 8 B200 and 8 H200), "
             "averaged; input spread not published (0: every prompt the mean length)"),
    _dataset("mlperf-deepseek-r1", "MLPerf Inference DeepSeek-R1 (reasoning: long answers)",
             "MLPerf 推理基准 DeepSeek-R1 任务数据集（推理模型：长回答）", 800.0, 0.0, 3880.0,
             round(DEEPSEEK_R1_OUTPUT_CV * 3880.0),
             f"{_DEEPSEEK_R1_BLOG}; output sd {DEEPSEEK_R1_OUTPUT_CV:g} × the mean, from the latency percentiles of "
             "Dell's MLPerf Inference v6.0 Server log (XE9780L 8 B300, mlperf_log_detail.txt); input spread not "
             "published (0: every prompt the mean length)"),
))
