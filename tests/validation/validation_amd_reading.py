"""What AMD's MI300X throughput figure is: output tokens/s, read against two published checks (issue 18).

AMD's 'Performance Results' page gives one 'Throughput (tokens/s)' per row (validation_amd_builds.BUILDS). Until
2026-12-04 it was read as vLLM's tokens_per_second, prompt + output tokens (ROCm/MAD's ``throughput_tot``), so an
output rate of figure x output / (input + output). Two published checks, neither using gpudesk, say it is the
output rate (the rate ROCm/MAD's report files as ``throughput_gen``; the figure TensorRT-LLM's perf overview, whose
wording the page copies, reports as 'Total Output Throughput'):

* Azure's AI benchmarking guide ran the same workloads on 8 MI300X with vLLM (validation_amd_builds.AZURE:
  rocm/vllm-dev:20241121-tuned, 1,000 prompts each, the 'output tokens/s' field of vLLM's Throughput line). Read as
  output, AMD's figures are Azure's within a few percent on all three 70B rows and on 405B 128 + 2,048; read as
  prompt + output, the 2,048-token prompt rows would be half of Azure's a year-older build's, the ratio falling
  exactly as output / (input + output).
* The page's own rows bound each other. The 70B rows at 128 + 4,096 and 2,048 + 2,048 hold the same 1,500
  sequences; the second carries 1,500 x 2,048 / 2,048 = 1,500 prompt tokens a step more (every prompt is
  prefilled once in its output's steps). A prompt token costs no more than a decode token (the same linear layers;
  attention over the 1,024 tokens before it on average, where a decode token reads its whole context), and the
  second row's decode tokens read 3,072 tokens of context on average against 2,176: its linear layers take twice
  the first row's, its attention at most (3,072 + 1,024) / 2,176 = 1.88 times, so its step is at most twice the
  first row's. Read as prompt + output it is 2.8x; read as output, 1.5x.
"""

from __future__ import annotations

from validation_amd_builds import AZURE, cited
from validation_cases_serving import ServingCase


def output_share(case: ServingCase) -> float:
    """output / (input + output): the figure's share that is output tokens were it prompt + output."""
    return case.output / (case.prompt + case.output)


def azure_pairs(cases: list[ServingCase]) -> list[tuple[ServingCase, float, float]]:
    """(row, AMD's figure, Azure's output tokens/s) for every row Azure ran with the same model and lengths."""
    out = []
    for case, figure in zip(cases, cited().totals, strict=True):
        for isl, osl, rate in AZURE.get(("mi300x", case.model_id, case.tp), ()):
            if (isl, osl) == (case.prompt, case.output):
                out.append((case, figure, float(rate)))
    return out


def step_s(case: ServingCase, figure: float, share: float) -> float:
    """Seconds per output step with all ``case.requests`` in flight: requests / (figure x the output share)."""
    return case.requests / (figure * share)


def prompt_bound(cases: list[ServingCase]) -> dict[str, float]:
    """The 70B 2,048 + 2,048 row's step over the 128 + 4,096 row's (same 1,500 sequences) under each reading."""
    short, long = cases[1], cases[3]
    a, b = cited().totals[1], cited().totals[3]
    return {"output": step_s(long, b, 1.0) / step_s(short, a, 1.0),
            "total": step_s(long, b, output_share(long)) / step_s(short, a, output_share(short))}


def reading_record(cases: list[ServingCase]) -> str:
    """The docs/validation.md record of how the figure is read and why."""
    pairs = azure_pairs(cases)
    as_output = [f / az for _, f, az in pairs]
    as_total = [f * output_share(c) / az for c, f, az in pairs]
    rows = "; ".join(f"{c.model_id.removeprefix('llama-3.1-').upper()} {c.prompt:,} + {c.output:,}: "
                     f"{f / az:.2f} and {f * output_share(c) / az:.2f}" for c, f, az in pairs)
    bound = prompt_bound(cases)
    return (
        "**What the page's figure is** (2026-12-04): AMD's single 'Throughput (tokens/s)' is read as output "
        "tokens/s (the rate ROCm/MAD's report files as `throughput_gen`; the page copies the wording of "
        "TensorRT-LLM's perf overview, whose metric is 'Total Output Throughput'), where until now it was read as "
        "vLLM's prompt + output "
        "tokens_per_second. Two published checks, neither using gpudesk: (i) Azure's AI benchmarking guide ran "
        f"{len(pairs)} of the rows' workloads on 8 MI300X with vLLM (rocm/vllm-dev:20241121-tuned, 1,000 prompts, "
        "the 'output tokens/s' field of vLLM's Throughput line): AMD's figure over Azure's, read as output and as "
        f"prompt + output: {rows}; read as output they agree within {max(abs(r - 1.0) for r in as_output):.0%} "
        f"(median {sorted(as_output)[len(as_output) // 2]:.2f}), read as prompt + output the ratio falls with the "
        f"prompt's share to {min(as_total):.2f}, a 2025 build at half the rate of a 2024 one on the same part; "
        "(ii) the page's 70B rows at 128 + 4,096 and 2,048 + 2,048 hold the same 1,500 sequences, the second "
        "carrying 1,500 prompt tokens a step more, each costing no more than a decode token (the same linear "
        "layers; attention over the 1,024 tokens before it on average, where a decode token reads its whole "
        "context, and the decode tokens' 3,072 tokens of context against 2,176 add at most 41% to the attention), "
        "so its step is at most twice the first's: read as "
        f"output it is {bound['output']:.2f}x, read as prompt + output {bound['total']:.2f}x. The 'prompt cost "
        "five times a decode token's' of the vLLM V1 record below came from the old reading; with it gone, what "
        "stays is the per-step gap the same page's latency table shows at batches 1 to 128."
    )
