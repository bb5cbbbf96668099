"""The spread of DeepSeek-R1's output lengths in MLPerf Inference, read from two submissions' Server logs.

MLCommons publishes the data set's mean output (3,880 tokens) and its cap (20,000), not its spread. A Server run's
``mlperf_log_detail.txt`` prints the per-query latency at the 50th … 99.9th percentile with the mean first-token
latency and the mean time per output token (TPOT). A query's latency is its first token plus O · TPOT, and where
TPOT hardly varies between queries (Dell's run: P50 58.9 ms, P99 60.2 ms) the latency percentiles are the output
length's: O_p = (latency_p − mean TTFT) / mean TPOT. Between the printed levels ln O is taken linear in the normal
score (log-normal pieces; the minimum and maximum sit at the first and last of the data set's 4,388 plotting
positions), every length capped at the benchmark's 20,000 tokens, and the moments are averaged over the 4,388
plotting positions (i − ½)/4,388. The check that the reconstruction holds: its mean must equal the log's own
tokens per query (completed tokens/s ÷ completed samples/s), which nothing here fits to.

Nebius's GB300 run is the cross-check: its TPOT spreads more (P50 63.0 ms, P99 77.9 ms), so its percentiles mix
length with speed; it gives a coefficient of variation within 4% of Dell's.
"""

from __future__ import annotations

import math
from dataclasses import replace
from statistics import NormalDist

SAMPLES = 4388  # DeepSeek-R1's MLPerf data set (qsl_reported_total_count in both logs)
CAP = 20000  # the benchmark's output limit (MLCommons, 'DeepSeek-R1 in MLPerf Inference v5.1': 'maximum output length of 20K')
_LOG = ("MLPerf Inference v6.0 closed, {who}, github.com/mlcommons/inference_results_v6.0 (copy "
        "gbeezybez/inference_results_v6.0, commit ab33b21): closed/{who}/results/{system}/deepseek-r1/Server/"
        "performance/run_1/mlperf_log_detail.txt")

# latency percentiles (s) by level (0 = result_min, 1 = result_max), mean TTFT (s), mean TPOT (s), completed
# tokens/s, completed samples/s
DELL_SERVER = dict(
    citation=_LOG.format(who="Dell", system="XE9780L-B300-SXM-270GBx8_TRT"),
    latency={0.0: 7.729462568, 0.5: 121.681577851, 0.9: 539.723113245, 0.95: 761.058007282, 0.97: 923.539270098,
             0.99: 1170.376364765, 0.999: 1187.752198340, 1.0: 1190.516382462},
    ttft=0.467772398, tpot=0.057583516, tokens_per_s=46510.6, samples_per_s=12.373)
NEBIUS_SERVER = dict(
    citation=_LOG.format(who="Nebius", system="GB300-NVL72_GB300-288GB_aarch64x72_TRT"),
    latency={0.0: 6.648263762, 0.5: 132.572974889, 0.9: 570.992514000, 0.95: 766.038863691, 0.97: 901.281915580,
             0.99: 1127.296965024, 0.999: 1275.293346836, 1.0: 1308.008387822},
    ttft=0.556561782, tpot=0.062550491, tokens_per_s=575580.0, samples_per_s=153.334)


# Each run's own log (where a stored copy holds it): tokens/s, samples/s and, for Offline, the run's duration (its
# result_max_latency: every sample is issued at once, so the last completion ends the run); samples = samples/s ×
# duration, to the whole number of passes over the 4,388-sample data set that LoadGen generates with
# sample_concatenate_permutation (the detail logs' generated_samples_per_query: 48, 91, 16, 24 and 150 passes). v5.1 B200's logs are not stored: its config's
# min_query_count (26,328 = 6 × 4,388) sets the Offline run (at 600 s minimum it binds: 26,328 samples take ~50 min).
_V51_RUN = ("MLPerf Inference v5.1 closed, NVIDIA, github.com/mlcommons/inference_results_v5.1 (copy "
            "ykamiset/inference_results_v5.1, commit e9ccad4): closed/NVIDIA/results/{system}/deepseek-r1/{scenario}/"
            "performance/run_1/mlperf_log_{kind}.txt")
_V60_RUN = _LOG.replace("/Server/", "/{scenario}/")
_GB200, _GB300 = "GB200-NVL72_GB200-186GB_aarch64x72_TRT", "GB300-NVL72_GB300-288GB_aarch64x72_TRT"
_DELL, _GOOGLE_B200 = "XE9780L-B300-SXM-270GBx8_TRT", "B200-SXM-180GBx8_TRT"
# case id -> (log citation, tokens/s, samples/s, Offline duration s (0: Server))
RUNS = {
    "mlperf-i51-deepseek-r1-gb200x72-offline": (_V51_RUN.format(system=_GB200, scenario="Offline", kind="detail"),
                                                289712.0, 77.995, 2700.479),
    "mlperf-i51-deepseek-r1-gb200x72-server": (_V51_RUN.format(system=_GB200, scenario="Server", kind="summary"),
                                               167578.06, 44.76, 0.0),
    "mlperf-i51-deepseek-r1-gb300x72-offline": (_V51_RUN.format(system=_GB300, scenario="Offline", kind="summary"),
                                                420659.0, 115.017, 3471.726),
    "mlperf-i51-deepseek-r1-gb300x72-server": (_V51_RUN.format(system=_GB300, scenario="Server", kind="summary"),
                                               209327.68, 56.95, 0.0),
    "mlperf-i60-deepseek-r1-b200x8-offline": (_V60_RUN.format(who="Google", system=_GOOGLE_B200, scenario="Offline"), 57116.9, 15.2288, 4610.226),
    "mlperf-i60-deepseek-r1-b200x8-server": (_V60_RUN.format(who="Google", system=_GOOGLE_B200, scenario="Server"), 41027.9, 10.9558, 0.0),
    "mlperf-i60-deepseek-r1-b300x8-offline": (_V60_RUN.format(who="Dell", system=_DELL, scenario="Offline"),
                                              66287.9, 17.6909, 5952.894),
    "mlperf-i60-deepseek-r1-b300x8-server": (DELL_SERVER["citation"], 46510.6, 12.373, 0.0),
    "mlperf-i60-deepseek-r1-gb300x72-offline": (_V60_RUN.format(who="Nebius", system=_GB300, scenario="Offline"), 673936.0, 179.593, 3664.946),
    "mlperf-i60-deepseek-r1-gb300x72-server": (NEBIUS_SERVER["citation"], 575580.0, 153.334, 0.0),
}
# Offline case id -> the run's completion time (s) at its P90, P95 and P99 sample (result_*_percentile_latency_ns of
# the same logs): every sample is issued at t = 0, so these are the times by which that share of the run had ended
OFFLINE_TAILS = {
    "mlperf-i51-deepseek-r1-gb200x72-offline": (1704.832, 1896.711, 2269.050),
    "mlperf-i51-deepseek-r1-gb300x72-offline": (2475.781, 2787.225, 3162.127),
    "mlperf-i60-deepseek-r1-b200x8-offline": (3781.349, 3991.077, 4332.021),
    "mlperf-i60-deepseek-r1-b300x8-offline": (4681.001, 4966.292, 5495.267),
    "mlperf-i60-deepseek-r1-gb300x72-offline": (2820.980, 3034.534, 3393.416),
}
# Server case id -> the run's median time per output token (s), result_time_per_output_token_50.00_percentile of
# the logs in RUNS (Dell's and Nebius's to 0.1 ms, as read for the output spread)
SERVER_TPOT = {
    "mlperf-i51-deepseek-r1-gb200x72-server": 0.061287759,
    "mlperf-i51-deepseek-r1-gb300x72-server": 0.066141093,
    "mlperf-i60-deepseek-r1-b200x8-server": 0.057133642,
    "mlperf-i60-deepseek-r1-b300x8-server": 0.0589,
    "mlperf-i60-deepseek-r1-gb300x72-server": 0.0630,
}
CONFIG_QUERIES = {"mlperf-i51-deepseek-r1-b200x8-offline": 26328}  # v5.1 B200 Offline config's min_query_count
# The layout of the runs without a stored engine config: TensorRT-LLM's own DeepSeek-R1 throughput recipe, the
# layout of every stored DeepSeek-R1 MLPerf config (attention data-parallel over 8 GPUs x expert parallel 8)
RECIPE = ("TensorRT-LLM's DeepSeek-R1 throughput recipe, github.com/NVIDIA/TensorRT-LLM (commit 8558be9): "
          "examples/configs/deepseek-r1-throughput.yaml (tensor_parallel_size 8, moe_expert_parallel_size 8, "
          "enable_attention_dp true, max_batch_size 1024 per rank), the layout of every stored DeepSeek-R1 MLPerf "
          "config")
RECIPE_BATCH = 8 * 1024  # the recipe's max_batch_size per attention data-parallel rank x 8 ranks


def as_run(case, replicas_of):
    """The case with its run's own output mean and, for Offline, its length in samples (RUNS, CONFIG_QUERIES);
    ``replicas_of(case)``: the engine instances the system holds (the samples are shared among them)."""
    if case.id in RUNS:
        where, tokens, samples, duration = RUNS[case.id]
        output = tokens / samples
        note = case.note.replace(f"mean output {case.output:.0f} tokens (MLCommons blog)",
                                 f"mean output {output:,.0f} tokens = {tokens:,.2f} tokens/s ÷ {samples:g} samples/s "
                                 f"(the run's log: {where})")
        queries = SAMPLES * round(samples * duration / SAMPLES)  # whole passes over the data set (module note)
    elif case.id in CONFIG_QUERIES:
        output, note, queries = case.output, case.note, CONFIG_QUERIES[case.id]
    else:
        return case
    sd = case.output_sd / case.output * output
    note = note.replace(f"output spread sd {case.output_sd:,.0f} tokens", f"output spread sd {sd:,.0f} tokens")
    if queries:
        note += (f"; the run: {queries:,} samples issued at once"
                 + (f", {queries / replicas_of(case):,.0f} per {case.ep or 8}-GPU instance" if replicas_of(case) > 1
                    else "") + f", outputs capped at {CAP:,} tokens (end drain modelled, core/inference_drain.py)")
    return replace(case, output=output, output_sd=sd, note=note, queries=queries,
                   output_cap=float(CAP))


# Case id -> its config's ADP balancer (adp_balancing_timeout_iters, adp_balancing_batching_wait_iters): NVIDIA's
# v5.1 configs (copy ykamiset/inference_results_v5.1, commit e9ccad4, closed/NVIDIA/configs/B200-SXM-180GBx8/<scenario>/
# deepseek-r1.py, GB200-NVL72_GB200-186GB_aarch64x72/<scenario>/deepseek-r1.py, GB300-NVL72_GB300-288GB_aarch64x72_TRT/
# <scenario>/deepseek-r1.py), Dell's and Nebius's v6.0 (copy gbeezybez/inference_results_v6.0, commit ab33b21, closed/
# Dell/configs/XE9780_x86_B300-SXM-270GBx8/<scenario>/deepseek-r1.py, closed/Nebius/configs/GB300-NVL72_GB300-288GB_
# aarch64x72/<scenario>/deepseek-r1.py). The Offline settings count since 2026-12-04 (core/adp_release.py: the
# releases' imbalance). Other cases keep TensorRT-LLM's defaults (AttentionDpConfig, gpudesk/vocabulary/serving.py);
# a Server run without a stored config takes RECIPE_BALANCER
ADP_BALANCER = {"mlperf-i51-deepseek-r1-b200x8-server": (9, 3), "mlperf-i51-deepseek-r1-gb200x72-server": (9, 3),
                "mlperf-i51-deepseek-r1-gb300x72-server": (6, 2), "mlperf-i60-deepseek-r1-b300x8-server": (9, 3),
                "mlperf-i60-deepseek-r1-gb300x72-server": (9, 3),
                "mlperf-i51-deepseek-r1-b200x8-offline": (500, 10), "mlperf-i51-deepseek-r1-gb200x72-offline": (50, 10),
                "mlperf-i51-deepseek-r1-gb300x72-offline": (6, 2), "mlperf-i60-deepseek-r1-b300x8-offline": (500, 10),
                "mlperf-i60-deepseek-r1-gb300x72-offline": (6, 2)}
RECIPE_BALANCER = (9, 3)  # a Server run without a stored config: the balancer most stored Server configs set


def as_recipe(case):
    """A DeepSeek-R1 case without a stored engine config in the recipe's layout (RECIPE), its batch derived."""
    note = case.note.replace("tensor parallel: gpudesk's best layout; expert parallel = tensor parallel",
                             f"layout: no engine config stored; {RECIPE}: attention data-parallel over 8 GPUs x "
                             f"expert parallel 8, at most {RECIPE_BATCH:,} sequences per instance (fewer where the KV "
                             "cache holds fewer); not the recipe's MTP speculative decoding, which no stored "
                             "DeepSeek-R1 Offline or Server config sets; ADP balancing on, as every stored "
                             "DeepSeek-R1 MLPerf config sets it (the recipe sets none)"
                             + ("; its timeout and batching wait 9 / 3 iterations, as four of the five stored Server "
                                "configs set them (ADP_BALANCER)"
                                if case.scenario != "offline" else ""))
    assert note != case.note, case.id
    held = RECIPE_BALANCER if case.scenario != "offline" else case.adp_iters
    return replace(case, tp=1, ep=8, max_batch=RECIPE_BATCH, note=note, adp_balance=True, adp_iters=held)


def output_quantiles(log: dict) -> dict[float, float]:
    """Output tokens at each printed latency level: (latency − mean TTFT) / mean TPOT."""
    return {p: (s - log["ttft"]) / log["tpot"] for p, s in log["latency"].items()}


def output_moments(log: dict) -> tuple[float, float]:
    """(mean, standard deviation) of the output length the log's percentiles imply (module docstring)."""
    nd = NormalDist()
    edge = nd.inv_cdf(0.5 / SAMPLES)
    points = sorted((edge if p == 0 else -edge if p == 1 else nd.inv_cdf(p), math.log(q))
                    for p, q in output_quantiles(log).items())
    total = square = 0.0
    for i in range(SAMPLES):
        z = nd.inv_cdf((i + 0.5) / SAMPLES)
        k = next((j for j in range(1, len(points)) if z <= points[j][0]), len(points) - 1)
        (z0, l0), (z1, l1) = points[k - 1], points[k]
        length = min(math.exp(l0 + (l1 - l0) * (min(max(z, z0), z1) - z0) / (z1 - z0)), CAP)
        total += length
        square += length * length
    mean = total / SAMPLES
    return mean, math.sqrt(max(square / SAMPLES - mean * mean, 0.0))


def tokens_per_query(log: dict) -> float:
    """The log's own mean output: completed tokens/s ÷ completed samples/s."""
    return log["tokens_per_s"] / log["samples_per_s"]


def output_cv(log: dict = DELL_SERVER) -> float:
    """Standard deviation / mean of DeepSeek-R1's output length (Dell's log, the one whose TPOT barely varies)."""
    mean, sd = output_moments(log)
    return sd / mean


def server_gaps(by: dict) -> dict[str, tuple[float, float, float]]:
    """Server case id -> (sequences an instance held: completed tokens/s per instance × median TPOT, Little's law;
    the log's median TPOT ms; gpudesk's iteration ms at that batch, offline, no latency target)."""
    from mlperf_inference_prediction import mlperf_figures  # it imports this module's cases

    out = {}
    for i, tpot in SERVER_TPOT.items():
        c = by[i]
        held = c.total_tokens_per_s / (c.gpus / max(c.ep, c.tp, 1)) * tpot
        fs = mlperf_figures(replace(c, scenario="offline", max_batch=round(held)), c.tp)
        out[i] = (held, tpot * 1e3, float(fs.value_at("infer.tpot_s", 0)) * 1e3)
    return out


# v5.1 Server case id -> what its summary log (RUNS) prints: LoadGen's target_qps, scheduled samples/s, first token
# P50 and P99 (s), TPOT P99 (s); and its config's ADP balancing timeout (iterations; SUBMITTED's config)
SERVER_LIMITS = {
    "mlperf-i51-deepseek-r1-gb200x72-server": (45.0, 45.06, 0.641437563, 1.245960713, 0.064452775, 9),
    "mlperf-i51-deepseek-r1-gb300x72-server": (60.0, 60.08, 0.746324709, 1.939676236, 0.070849584, 6),
}
