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

import numpy as np

from gpudesk.core.inference_drain import decode_steps

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


# Server id -> its config's ADP balancer (adp_balancing_timeout_iters, adp_balancing_batching_wait_iters): NVIDIA's
# v5.1 configs (copy ykamiset/inference_results_v5.1, commit e9ccad4, closed/NVIDIA/configs/B200-SXM-180GBx8/Server/
# deepseek-r1.py, GB200-NVL72_GB200-186GB_aarch64x72/Server/deepseek-r1.py, GB300-NVL72_GB300-288GB_aarch64x72_TRT/
# Server/deepseek-r1.py), Dell's and Nebius's v6.0 (copy gbeezybez/inference_results_v6.0, commit ab33b21, closed/Dell/
# configs/XE9780_x86_B300-SXM-270GBx8/Server/deepseek-r1.py, closed/Nebius/configs/GB300-NVL72_GB300-288GB_aarch64x72/
# Server/deepseek-r1.py). Other cases keep TensorRT-LLM's defaults (AttentionDpConfig, gpudesk/vocabulary/serving.py):
# Offline runs have no first-token target; a Server run without a stored config takes RECIPE_BALANCER
ADP_BALANCER = {"mlperf-i51-deepseek-r1-b200x8-server": (9, 3), "mlperf-i51-deepseek-r1-gb200x72-server": (9, 3),
                "mlperf-i51-deepseek-r1-gb300x72-server": (6, 2), "mlperf-i60-deepseek-r1-b300x8-server": (9, 3),
                "mlperf-i60-deepseek-r1-gb300x72-server": (9, 3)}
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


def _systems(by: dict, ids: list[str]) -> str:
    """'v6.0 Google B200'-style names of the cases' systems, each once."""
    names = (f"v{i[8]}.{i[9]} {by[i].citation.split(', ')[1]} {by[i].accelerator_id.upper()}" for i in ids)
    return ", ".join(dict.fromkeys(names))


def _errors(rows: list, by: dict, ids: list[str]) -> str:
    errs = {r.id: r.error for r in rows}
    return ", ".join(f"{by[i].accelerator_id.upper()} {by[i].scenario} {errs[i]:+.0%}" for i in ids if i in errs)


def _drains(by: dict, ids: list[str]) -> dict[str, tuple[float, float, float, float]]:
    """Offline case id -> (gpudesk's steady iteration ms, the drain's cost as a share of the run, the run's
    samples per instance, the share of the run after its P95 completion) at the case's layout
    (core/inference_drain.py via the runner)."""
    from validation_runner import mlperf_figures, offline_run  # the runner imports this module's cases

    out = {}
    for i in ids:
        c = by[i]
        fs = mlperf_figures(c, c.tp)
        run = offline_run(c, c.tp, fs)
        if run:
            per = c.queries * float(fs.value_at("infer.gpus_per_replica", 0)) / c.gpus
            out[i] = (float(fs.value_at("infer.tpot_s", 0)) * 1e3, 1.0 - run.factor, per,
                      run.time_after(per, 0.95) / run.seconds)
    return out


def server_gaps(by: dict) -> dict[str, tuple[float, float, float]]:
    """Server case id -> (sequences an instance held: completed tokens/s per instance × median TPOT, Little's law;
    the log's median TPOT ms; gpudesk's iteration ms at that batch, offline, no latency target)."""
    from validation_runner import mlperf_figures  # the runner imports this module's cases

    out = {}
    for i, tpot in SERVER_TPOT.items():
        c = by[i]
        held = c.total_tokens_per_s / (c.gpus / max(c.ep, c.tp, 1)) * tpot
        fs = mlperf_figures(replace(c, scenario="offline", max_batch=round(held)), c.tp)
        out[i] = (held, tpot * 1e3, float(fs.value_at("infer.tpot_s", 0)) * 1e3)
    return out


def _tails(by: dict, drains: dict) -> str:
    """The share of each logged Offline run spent after its P95 completion: the log's against gpudesk's drain."""
    return ", ".join(f"{by[i].accelerator_id.upper()} v{i[8]}.{i[9]} {(RUNS[i][3] - t[1]) / RUNS[i][3]:.0%} "
                     f"(gpudesk {drains[i][3]:.0%})" for i, t in OFFLINE_TAILS.items() if i in drains)


def deepseek_findings(rows: list, by: dict) -> str:
    """The DeepSeek-R1 paragraph of docs/validation.md's MLPerf Inference findings, from this run's results."""
    q = output_quantiles(DELL_SERVER)
    mean, sd = output_moments(DELL_SERVER)
    cv, cv_nebius = sd / mean, output_cv(NEBIUS_SERVER)
    out, prompt = 3880.0, 800.0
    context = prompt + (out * out + (cv * out) ** 2) / (2.0 * out)
    ds = {i: c for i, c in by.items() if c.task == "deepseek-r1"}
    recipe = [i for i, c in ds.items() if RECIPE in c.note]
    v51 = [i for i in ds if i.startswith("mlperf-i51") and i not in recipe]
    v60 = [i for i in ds if i.startswith("mlperf-i60") and i not in recipe]
    drains = _drains(by, [i for i, c in ds.items() if c.queries])
    means = sorted(c.output for i, c in ds.items() if i in RUNS)
    err = {r.id: r.error for r in rows}
    b200, b300 = "mlperf-i51-deepseek-r1-b200x8-offline", "mlperf-i60-deepseek-r1-b300x8-offline"
    m51 = 4096 / (by[b200].measured * 8) * 1e3
    m60 = 8192 / (by[b300].measured * 8) * 1e3
    share = sorted(d[1] for d in drains.values())
    from validation_runner import mlperf_inputs  # the runner imports this module's cases

    one = float(decode_steps(mlperf_inputs(by[b200], 1))(np.ones(1), np.full(1, context))[0]) * 1e3
    gaps = server_gaps(by)

    def gap(rnd: int) -> str:
        ms = sorted(t - g for i, (_, t, g) in gaps.items() if i.startswith(f"mlperf-i{rnd}"))
        return f"{ms[0]:.0f}-{ms[-1]:.0f}"
    return (
        "* **DeepSeek-R1 in MLPerf Inference** (`tests/validation/mlperf_deepseek_r1.py`). Layout: NVIDIA's v5.1 "
        "configs (closed/NVIDIA/configs/<system>/<scenario>/deepseek-r1.py, copy ykamiset/inference_results_v5.1, "
        "commit e9ccad4) run attention data-parallel over 8 GPUs x EP8 with 512 sequences per rank (4,096 per "
        "instance; GB300 Offline 1,536), FP4 weights, an FP8 KV cache and ADP balancing (waiting 3-9 iterations for "
        "Server, 2-6 on GB300, 10-50 or 10-500 for Offline, 2-6 on GB300), as do Dell's and Nebius's v6.0 configs "
        "(640 sequences per rank for Server, 1,024 and 1,536 for Offline); those cases take that layout (since "
        "2026-12-02; v5.1 GB300's since 2026-12-03, when its configs were found in the folder with the results' _TRT "
        "suffix, closed/NVIDIA/configs/GB300-NVL72_GB300-288GB_aarch64x72_TRT/: it read +45% offline and +195% server "
        f"in the recipe's layout). The runs whose config is not stored ({_systems(by, recipe)}) take {RECIPE}, its "
        "batch capped by the KV cache (since 2026-12-03); they took gpudesk's best tensor-parallel layout (TP4, ep = "
        "tp) before, where B200 read -52% (offline) and -41% (server) and GB300 -19% and +48%. **The output spread** "
        "(2026-12-03): "
        "MLCommons publishes the data set's mean output, not its spread, and the cases stated none, so gpudesk took "
        "every request at the mean. A Server log prints each query's latency at its percentiles, and in Dell's v6.0 "
        f"run ({DELL_SERVER['citation']}) the time per output token barely varies (P50 58.9 ms, P99 60.2 ms), so "
        "the latency percentiles are the output length's, (latency − mean TTFT) / mean TPOT: median "
        f"{q[0.5]:,.0f} tokens, P90 {q[0.9]:,.0f}, P95 {q[0.95]:,.0f}, P99 at the 20,000-token cap; over the data "
        f"set's 4,388 positions that is a mean of {mean:,.0f} (the log's own tokens per query: "
        f"{tokens_per_query(DELL_SERVER):,.0f}, so the reconstruction holds) and a standard deviation of "
        f"{sd:,.0f}, {cv:.2f}x the mean (Nebius's GB300 log: {cv_nebius:.2f}x; its TPOT spreads more). The cases "
        f"now state that spread ({cv:.2f}x the mean output). Under in-flight batching a sequence stays in the batch "
        "in proportion to its output, so a decode step reads a mean context of I + (O² + sd²)/(2·O) (the law was in "
        f"the model; core/inference_lengths.py): {context:,.0f} tokens, not {prompt + out / 2:,.0f}, and the KV "
        "cache holds fewer sequences at the percentile. Nothing was fitted. **Each run's own output** (2026-12-03): "
        f"where a stored copy holds the run's log, the case takes its tokens per sample ({means[0]:,.0f} to "
        f"{means[-1]:,.0f}, not the blog's 3,880, which only v5.1 B200, whose logs are not stored, keeps). **The "
        "end of an Offline run** (2026-12-03, core/inference_drain.py): LoadGen issues every sample at once and the "
        "run ends with its last completion; once the last sample is admitted the batch only shrinks, each slot "
        "finishing the rest of its request (the renewal excess, mean E[O²]/(2·E[O])), the longest up to the 20,000-"
        "token cap, at decode steps that cost nearly as much at a few sequences as at thousands (every step reads "
        "every expert), and the survivors are the long requests late in their output, whose context grows (from "
        "I + E[O²]/(2·E[O]) to twice that and more). The samples per run are the logs' (210,624 to 658,200: whole passes over the data set, "
        "shared by the system's 8-GPU instances) or, for v5.1 B200, its config's min_query_count (26,328); at "
        f"gpudesk's own step the drain costs {share[0]:.0%} to {share[-1]:.0%} of a run ("
        + ", ".join(f"{by[i].accelerator_id.upper()} v{i[8]}.{i[9]} {d[1]:.0%} at "
                    f"{d[2]:,.0f} samples" for i, d in drains.items()) + "). Nothing was fitted. The logs time the drains: every sample is "
        "issued at t = 0, so a latency percentile of an Offline log is the time by which that share of the run had "
        "ended, and after its P95 completion each run spent " + _tails(by, drains) + " of its time: the real drains "
        "are longer than gpudesk's, their iterations at a few sequences slower against the full batch's than "
        f"gpudesk's step, which there is the weight stream and the kernel boundaries ({one:.0f} ms on 8 B200), most of all "
        "in v5.1: a cost per iteration that does not shrink with the batch, the additive gap the DeepSeek-R1 recipes' "
        "and Qwen3 rows' iterations also show (above), which no published figure sets; not modelled. The Server logs "
        "measure it at a known batch: an instance held completed tokens/s x median TPOT sequences (Little's law), and "
        "the logged median TPOT exceeds gpudesk's iteration at that batch by " + ", ".join(
            f"{by[i].accelerator_id.upper()} v{i[8]}.{i[9]} {t - g:.0f} ms ({t:.1f} against {g:.1f} at {n:,.0f})"
            for i, (n, t, g) in gaps.items()) + f": {gap(51)} ms in the v5.1 engine, {gap(60)} ms in the v6.0 one, a "
        "per-iteration cost of the engine release that no input of a plan names. Now: v5.1 as "
        f"configured (NVIDIA, 8 B200, 72 GB200 and 72 GB300): {_errors(rows, by, v51)}; v6.0 as configured (Dell 8 "
        f"B300, Nebius 72 GB300): {_errors(rows, by, v60)}; the recipe's layout ({_systems(by, recipe)}): "
        f"{_errors(rows, by, recipe)}. What is left is the v5.1 engine: at its 4,096 sequences the B200 Offline "
        f"run averages {m51:.0f} ms per iteration over its whole run where gpudesk's steady iteration is "
        f"{drains[b200][0]:.0f} ms (its run {err[b200]:+.0%} with the drain), while Dell's v6.0 B300 run holds "
        f"8,192 sequences in {m60:.0f} ms on average (gpudesk {drains[b300][0]:.0f} ms, run {err[b300]:+.0%}): "
        "the v6.0 engine ran twice the batch in the same iteration on a part of the same HBM bandwidth (8 TB/s; "
        "B300's FP4 peak is 1.5x B200's). Its config "
        "changes the MoE backend (WIDEEP -> CUTEDSL), captures CUDA graphs from 1 to 1,024 sequences (v5.1: 128-512) "
        "and sets TRTLLM_SERVER_DISABLE_GC (the host's Python garbage collector off), and NVIDIA credits the round's "
        "DeepSeek-R1 gains to software, faster fused kernels and attention data-parallel load balancing ('NVIDIA "
        "Extreme Co-Design Delivers New MLPerf Inference Records', NVIDIA, 2026-04-01, in the summary at "
        "aissential.tech; GB300 Server 2,907 -> 7,994 tokens/s per GPU on the same hardware): software a plan cannot "
        "name. At the Server scenario's 80 ms TPOT the v5.1 B200 run held at most about 1,500 sequences (18,592 "
        "tokens/s x 80 ms), its full-batch iteration being slower than the target, while gpudesk's iteration at "
        "4,096 meets it. The busiest-group wait a TTFT target forces (TensorRT-LLM tech blog 10, 'ADP Balance "
        "Strategy': 25,664 against 34,140 tokens/s on 8 GB200 with the MLPerf-like 803/3,653-token mix) is "
        "modelled (0.89 of the synchronised rate on the blog's setup, against 0.75 measured), and the band of MoE "
        f"attention data-parallel serving holds the {len(ds)} cases of that layout."
    )


# v5.1 Server case id -> what its summary log (RUNS) prints: LoadGen's target_qps, scheduled samples/s, first token
# P50 and P99 (s), TPOT P99 (s); and its config's ADP balancing timeout (iterations; SUBMITTED's config)
SERVER_LIMITS = {
    "mlperf-i51-deepseek-r1-gb200x72-server": (45.0, 45.06, 0.641437563, 1.245960713, 0.064452775, 9),
    "mlperf-i51-deepseek-r1-gb300x72-server": (60.0, 60.08, 0.746324709, 1.939676236, 0.070849584, 6),
}


def server_limit_findings(rows: list, by: dict) -> str:
    """What limited the v5.1 DeepSeek-R1 Server runs, read from their logs, against what bounds gpudesk's rate."""
    from validation_runner import mlperf_figures  # the runner imports this module's cases

    err = {r.id: r.error for r in rows}
    gaps = server_gaps(by)
    parts = []
    for i, (qps, scheduled, p50, p99, tpot99, timeout) in SERVER_LIMITS.items():
        c = by[i]
        instances = c.gpus // max(c.ep, c.tp, 1)
        held, tpot_ms, step = gaps[i]
        fs = mlperf_figures(c, c.tp)
        bound = str(np.ravel(fs.value_at("infer.rate_bound", 0))[0])
        flight = float(fs.value_at("infer.server_in_flight", 0))
        ttft = float(fs.value_at("infer.server_ttft_tail_s", 0))
        arrivals, hold = scheduled / instances * tpot_ms / 1e3, timeout * tpot_ms / 1e3
        ttft_target, tpot_target = c.targets
        parts.append(
            f"{c.accelerator_id.upper()} NVL72 ({err[i]:+.0%}) scheduled {scheduled:g} queries/s for LoadGen's "
            f"target_qps {qps:g} ({scheduled / instances:.1f} per 8-GPU instance) with its first token at P99 "
            f"{p99:.2f} s of {ttft_target:g} s and TPOT at P99 {tpot99 * 1e3:.1f} ms of {tpot_target * 1e3:g}; an "
            f"instance held {held:,.0f} sequences at a median TPOT of {tpot_ms:.1f} ms, where gpudesk's iteration "
            f"at that batch is {step:.1f} ms, so gpudesk raises the rate until {bound} binds at {flight:,.0f} in "
            f"flight, with a P99 first token of {ttft:.2f} s (the balancer's hold included); of its median first "
            f"token, {p50:.2f} s, the ADP "
            f"balancer's hold can be {hold:.2f} s: at {arrivals:.2f} new prompts per iteration per instance the 8 "
            f"ranks wait past its timeout of {timeout} iterations for one each")
    b200, gb200 = (by[f"mlperf-i51-deepseek-r1-{s}-server"] for s in ("b200x8", "gb200x72"))
    asked = 5.0 * gb200.output / 8  # the configs' server_target_qps, 5 per 8-GPU instance, x GB200's log's output
    return (
        "* **What limits the v5.1 DeepSeek-R1 Server runs** (2026-12-03, their summary logs in RUNS; v5.1 B200's is "
        "not stored, its config asks 5 queries/s): " + "; ".join(parts) + ". Neither target bound the GB200 run: "
        "its rate is the one its submitter asked for (server_target_qps 5 per instance) below what its TPOT target "
        f"allowed, and 8 B200, whose config asks the same 5, served {b200.measured:,.0f} tokens/s per GPU against "
        f"GB200's {gb200.measured:,.0f} (5 queries/s of its log's {gb200.output:,.0f} tokens: {asked:,.0f}): both "
        "measure the asked rate, not the engine's limit. The GB300 run met its first-token target with 3% to spare. "
        "In both logged runs the latencies name the v5.1 "
        "engine's iteration at the batch held (the per-iteration cost above, graphs captured) and the balancer's "
        "hold, not the rate gpudesk's bound reaches; the balancer's hold, modelled since 2026-12-04 (**The ADP "
        "balancer's hold**, below), leaves gpudesk's rates where they are (its P99 first token stays under 2 s and "
        "the TPOT target binds)."
    )
