"""Serving settings: how the engine batches requests, and the load scenario the plan is sized for."""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

SERVING_BATCHING: Vocabulary[Term] = Vocabulary("serving batching mode", (
    Term("continuous", "continuous batching, prefill mixed into decode steps", "连续批处理（预填充并入解码步）"),
    Term("separate_prefill", "continuous batching, prefill as its own steps", "连续批处理（预填充单独成步）"),
    Term("static", "static batches", "静态批处理"),
    Term("disaggregated", "disaggregated prefill / decode", "预填充/解码分离部署"),
))

SERVING_SCENARIO: Vocabulary[Term] = Vocabulary("serving scenario", (
    Term("server", "server: requests arrive over time, TTFT/TPOT targets", "在线服务：请求陆续到达，满足 TTFT/TPOT 目标"),
    Term("offline", "offline: batch jobs, throughput only", "离线批处理：只看吞吐"),
    Term("interactive", "interactive: per-user speed (TPOT) and TTFT targets both binding",
         "交互式：逐用户速度（TPOT）与首字延迟同时约束"),
))
