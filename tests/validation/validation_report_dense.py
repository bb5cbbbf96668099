"""docs/validation.md 'Known large errors': dense tensor-parallel serving (issue 18, Llama 3.1 405B on TP4/TP8).

Figures measured with `tests/validation/generate_validation_report.py` before and after the change named, and the
per-iteration comparison with `tests/validation/dense_tp_iterations.py`.
"""

from __future__ import annotations

TP_ALLREDUCE_PROTOCOL = (
    "* **The TP all-reduce's protocol** (2026-12-03): a serving step's two all-reduces per layer took NCCL's LL "
    "latency (3.6 µs + 0.47 µs per NVLink step: 10 µs on 8 GPUs) with its bytes at the full bus bandwidth, a "
    "protocol no NCCL call runs: LL moves an all-reduce's bytes at a quarter of the bus bandwidth, Simple at all of "
    "it after 8.4 µs + 3.4 µs per step (NVIDIA/nccl src/graph/tuning.cc, ncclTopoTuneModel; NCCL times each protocol "
    "as latency + bytes / bandwidth and runs the fastest). Llama 3.1 405B at 1,134 sequences on TP8 all-reduces "
    "37 MB, 252 times a step: 56 µs of latency each, not 10. The engine's own all-reduce agrees with the Simple "
    "latency: TensorRT-LLM 1.2.0rc1's on 4 H100 takes 30 µs + bytes / rate from 8 to 537 MB (ai-dynamo/aiconfigurator "
    "src/aiconfigurator/systems/data/h100_sxm/trtllm/1.2.0rc1/custom_allreduce_perf.txt.bak, commit 302edbc; the model: "
    "28.8 µs). The serving step now takes the faster of the two protocols "
    "(`collectives.tuned_all_reduce_time`, `NCCL_LL_ALLREDUCE_BW_SHARE` 0.25; published constants, nothing fitted); "
    "training's TP all-reduces keep the old form (not measured against these curves yet). The perf overview's H200 "
    "TP8 FP8 rows: 128/2,048 +39.4% → +28.4%, 128/4,096 +34.6% → +17.3%, 1,000/2,000 +35.3% → +25.5%, 500/2,000 "
    "+28.4% → +19.0%; the B200/GB200 TP4 NVFP4 rows −4% … +15% (were −0.2% … +23%); the H100 TP8 rows −13% … +14% "
    "(were +2% … +18%: 128/4,096, 500/2,000 and 2,048/2,048 now −11% … −13%). MLPerf Inference Llama 3.1 405B moves "
    "1-2 points slower: the Hopper rows −15.5% … +1.3% (were −13.5% … +9.0%; v5.0 8 H200 Offline the −15.5%), v5.1 "
    "8 B200 Offline −8.6% and Server −2.5% (were −7.1% and −1.4%), and the fast Blackwell Server and Interactive rows "
    "+32.7% … +46.2% (were +34.4% … +47.0%): they are bound by the first-token target (the prefill queue), where a "
    "decode step's all-reduces weigh little. Held-out serving median 8.5% → 7.2%, p90 32.3% → 28.7% (Hopper 11.4% → "
    "10.8%, p90 35.4% unchanged, set by the attention data-parallel MoE rows; Blackwell 4.6% → 3.4%, p90 17.1% → "
    "14.9%); MLPerf Inference held-out median 8.1% → 8.9%, p90 46.7% → 46.1% (Blackwell 11.6% → 10.5%, p90 54.1% "
    "unchanged, set by DeepSeek-R1; Hopper 5.5% → 6.7%, p90 9.0% → 10.2%); first-token latency held-out p90 40.8% → "
    "35.1%; serving fit half 10.4% → 10.8%, p90 40.2% → 39.8%. Slow scale-up links pay most, as NCCL's model stands "
    "in for HCCL and CNCL: the bank sample's Ascend 910B serving phases need 248 and 660 GPUs instead of 212 and 564, "
    "the government sample's Cambricon MLU370-X8 phases 156 and 308 instead of 112 and 220. What is left on H200 "
    "(`tests/validation/dense_tp_iterations.py`): in the rows of 1,000-4,096 output tokens after prompts of at most "
    "2,048 the measured iteration exceeds gpudesk's by 23-58 ms at 584-1,233 sequences (40-58 µs per sequence in "
    "flight), while the H100 rows at 29-324 sequences are within −8.6 … +5.0 ms, and at 2,048 sequences of 128/128 "
    "(compute-bound) both H100 and H200 read +13-14% fast: a cost that grows with the batch beyond several hundred "
    "sequences. Candidates, none with a published figure that settles it: TensorRT-LLM's "
    "own all-reduce bandwidth (the 4-H100 curve above runs at ~350 GB/s, 0.78 of NVLink4, where gpudesk takes the "
    "8-GPU NVLS peak of 482 GB/s; at that rate the 1,134-sequence H200 step would take 13 ms more, but the H100 rows "
    "would read about 5 points slower still), the FP8 GEMM rate at M of hundreds to thousands (no per-shape rate of "
    "TensorRT-LLM's FP8 GEMMs on Hopper was found; aiconfigurator's collected tables are stored as Git LFS pointers), "
    "and decode steps beyond "
    "the largest captured CUDA graph (1,024 for the H200 rows at 1,134 and 1,233 sequences run without one)."
)
