"""Accelerator and model records for the validation suite, from published datasheets and configs.

Accelerators: shared/reference/hardware-facts.md section 4A/4C (dense TFLOPS,
bandwidth, NVLink per direction). Models: the configurations the cited
papers and model cards publish.
"""

from __future__ import annotations

from gpudesk.catalog.records import Accelerator, ModelArch, Provenance

_FACTS = "shared/reference/hardware-facts.md 4A/4C (NVIDIA datasheets via ml-engineering)"

A100_80 = Accelerator(
    id="a100-sxm-80gb", name="A100 SXM 80GB", vendor="nvidia", family="nvidia-ampere", memory_gb=80,
    memory_type="HBM2e", mem_bw_gbs=2039, bf16_tflops=312, fp16_tflops=312, scaleup_link="NVLink3",
    scaleup_bw_gbs=300, scaleup_domain=8, pcie_gen=4, provenance=Provenance(source=_FACTS))
A100_40 = Accelerator(
    id="a100-sxm-40gb", name="A100 SXM 40GB", vendor="nvidia", family="nvidia-ampere", memory_gb=40,
    memory_type="HBM2", mem_bw_gbs=1555, bf16_tflops=312, fp16_tflops=312, scaleup_link="NVLink3",
    scaleup_bw_gbs=300, scaleup_domain=8, pcie_gen=4, provenance=Provenance(source=_FACTS))
H100 = Accelerator(
    id="h100-sxm", name="H100 SXM", vendor="nvidia", family="nvidia-hopper", memory_gb=80, memory_type="HBM3",
    mem_bw_gbs=3350, bf16_tflops=989, fp16_tflops=989, fp8_tflops=1979, scaleup_link="NVLink4",
    scaleup_bw_gbs=450, scaleup_domain=8, pcie_gen=5, provenance=Provenance(source=_FACTS))
H800 = Accelerator(
    id="h800-sxm", name="H800 SXM", vendor="nvidia", family="nvidia-hopper", memory_gb=80, memory_type="HBM3",
    mem_bw_gbs=3350, bf16_tflops=989, fp16_tflops=989, fp8_tflops=1979, scaleup_link="NVLink4",
    scaleup_bw_gbs=160, scaleup_domain=8, pcie_gen=5,
    provenance=Provenance(source=_FACTS, field_sources={
        "scaleup_bw_gbs": "DeepSeek-AI 2024, DeepSeek-V3 Technical Report (arXiv 2412.19437) 3.2.2: NVLink 160 GB/s"}))
L40S = Accelerator(
    id="l40s", name="L40S", vendor="nvidia", family="nvidia-ada", memory_gb=48, memory_type="GDDR6",
    mem_bw_gbs=864, bf16_tflops=362.05, fp16_tflops=362.05, fp8_tflops=733, scaleup_link="none",
    pcie_gen=4, provenance=Provenance(source=_FACTS))


def gpt(name: str, params: float, hidden: int, heads: int, layers: int, vocab: int = 51200,
        source: str = "") -> ModelArch:
    """GPT-3-style dense model (MHA, 4h GELU MLP, untied head), as in Megatron-LM papers."""
    return ModelArch(id=name, name=name, kind="decoder", params_total=params, n_layers=layers, hidden=hidden,
                     n_heads=heads, n_kv_heads=heads, ffn_hidden=4 * hidden, vocab=vocab, gated_mlp=False,
                     attention="mha", max_context=2048, provenance=Provenance(source=source))


def llama(name: str, params: float, hidden: int, heads: int, kv: int, layers: int, ffn: int, vocab: int,
          ctx: int, source: str) -> ModelArch:
    return ModelArch(id=name, name=name, kind="decoder", params_total=params, n_layers=layers, hidden=hidden,
                     n_heads=heads, n_kv_heads=kv, head_dim=hidden // heads, ffn_hidden=ffn, vocab=vocab,
                     attention="gqa" if kv < heads else "mha", max_context=ctx, provenance=Provenance(source=source))


_L1 = "Touvron et al. 2023, LLaMA (arXiv 2302.13971) Table 2"
_L2 = "Touvron et al. 2023, Llama 2 (arXiv 2307.09288) / Hugging Face config.json"
_L3 = "Llama Team 2024, The Llama 3 Herd of Models (arXiv 2407.21783) Table 3 / config.json"
LLAMA1_7B = llama("llama-1-7b", 6.7e9, 4096, 32, 32, 32, 11008, 32000, 2048, _L1)
LLAMA1_13B = llama("llama-1-13b", 13.0e9, 5120, 40, 40, 40, 13824, 32000, 2048, _L1)
LLAMA1_33B = llama("llama-1-33b", 32.5e9, 6656, 52, 52, 60, 17920, 32000, 2048, _L1)
LLAMA1_65B = llama("llama-1-65b", 65.2e9, 8192, 64, 64, 80, 22016, 32000, 2048, _L1)
LLAMA2_7B = llama("llama-2-7b", 6.74e9, 4096, 32, 32, 32, 11008, 32000, 4096, _L2)
LLAMA2_13B = llama("llama-2-13b", 13.0e9, 5120, 40, 40, 40, 13824, 32000, 4096, _L2)
LLAMA2_34B = llama("llama-2-34b", 33.7e9, 8192, 64, 8, 48, 22016, 32000, 4096,
                   "Rozière et al. 2023, Code Llama (arXiv 2308.12950) 34B config (Llama 2 34B was not released)")
LLAMA2_70B = llama("llama-2-70b", 69.0e9, 8192, 64, 8, 80, 28672, 32000, 4096, _L2)
LLAMA3_8B = llama("llama-3.1-8b", 8.03e9, 4096, 32, 8, 32, 14336, 128256, 8192, _L3)
LLAMA3_70B = llama("llama-3.1-70b", 70.6e9, 8192, 64, 8, 80, 28672, 128256, 8192, _L3)
LLAMA3_405B = llama("llama-3.1-405b", 405.8e9, 16384, 128, 8, 126, 53248, 128256, 131072, _L3)
GPTJ_6B = ModelArch(
    id="gpt-j-6b", name="GPT-J 6B", kind="decoder", params_total=6.05e9, n_layers=28, hidden=4096, n_heads=16,
    n_kv_heads=16, head_dim=256, ffn_hidden=16384, vocab=50400, gated_mlp=False, attention="mha", max_context=2048,
    provenance=Provenance(source="EleutherAI/gpt-j-6b config.json (n_layer 28, n_embd 4096, n_head 16)"))
FALCON_180B = ModelArch(
    id="falcon-180b", name="Falcon 180B", kind="decoder", params_total=179.5e9, n_layers=80, hidden=14848,
    n_heads=232, n_kv_heads=8, head_dim=64, ffn_hidden=59392, vocab=65024, gated_mlp=False, attention="gqa",
    max_context=2048,
    provenance=Provenance(source="tiiuae/falcon-180B config.json (80 layers, 14848, 232 heads, 8 KV)"))
NEMOTRON4_340B = ModelArch(
    id="nemotron-4-340b", name="Nemotron-4 340B", kind="decoder", params_total=341e9, n_layers=96, hidden=18432,
    n_heads=96, n_kv_heads=8, head_dim=192, ffn_hidden=73728, vocab=256000, gated_mlp=False, attention="gqa",
    max_context=4096,
    provenance=Provenance(source="NVIDIA 2024, Nemotron-4 340B Technical Report (arXiv 2406.11704) Table 1"))
BLOOM_176B = ModelArch(
    id="bloom-176b", name="BLOOM 176B", kind="decoder", params_total=176.2e9, n_layers=70, hidden=14336,
    n_heads=112, n_kv_heads=112, ffn_hidden=4 * 14336, vocab=250880, gated_mlp=False, tied_embeddings=True,
    attention="mha", max_context=2048,
    provenance=Provenance(source="BigScience 2022, BLOOM (arXiv 2211.05100) Table 3"))
MPT_7B = ModelArch(
    id="mpt-7b", name="MPT-7B", kind="decoder", params_total=6.7e9, n_layers=32, hidden=4096, n_heads=32,
    n_kv_heads=32, ffn_hidden=4 * 4096, vocab=50432, gated_mlp=False, tied_embeddings=True, attention="mha",
    max_context=2048, provenance=Provenance(source="mosaicml/mpt-7b config.json"))
DEEPSEEK_V3 = ModelArch(
    id="deepseek-v3", name="DeepSeek-V3", kind="decoder", params_total=671e9, params_active=37e9, n_layers=61,
    hidden=7168, n_heads=128, n_kv_heads=128, head_dim=128, ffn_hidden=18432, vocab=129280, attention="mla",
    mla_kv_lora_rank=512, mla_q_lora_rank=1536, mla_rope_dim=64, mla_v_head_dim=128, n_experts=256,
    experts_per_token=8, n_shared_experts=1, n_moe_layers=58, moe_ffn_hidden=2048, max_context=4096,
    provenance=Provenance(source="DeepSeek-AI 2024, DeepSeek-V3 Technical Report (arXiv 2412.19437) 4.2"))

H100_96_HBM2E = Accelerator(
    id="h100-sxm-96gb-hbm2e", name="H100 SXM 96GB HBM2e (Grand Teton)", vendor="nvidia", family="nvidia-hopper",
    memory_gb=96, memory_type="HBM2e", mem_bw_gbs=2400, bf16_tflops=989.5, fp16_tflops=989.5, fp8_tflops=1979,
    tdp_w=700, scaleup_link="NVLink4", scaleup_bw_gbs=450, scaleup_domain=8, pcie_gen=5,
    provenance=Provenance(source="pytorch/torchtitan benchmarks/llama3_h100_202412_torchtitan.md (2024-12): "
                                 "96GB HBM2e, 2.4 TB/s, 'default 500W power limit, ... up to 700W TDP'; dense "
                                 "peaks of the H100 SXM (the page: 'between SXM and NVL', exact value unknown)"))
QWEN3_30B_A3B = ModelArch(
    id="qwen3-30b-a3b", name="Qwen3 30B-A3B", kind="decoder", params_total=30.5e9, params_active=3.3e9,
    n_layers=48, hidden=2048, n_heads=32, n_kv_heads=4, head_dim=128, ffn_hidden=6144, vocab=151936,
    attention="gqa", max_context=32768, n_experts=128, experts_per_token=8, n_moe_layers=48, moe_ffn_hidden=768,
    provenance=Provenance(source="Qwen/Qwen3-30B-A3B config.json (48 layers, hidden 2048, 32 heads, 4 KV heads, "
                                 "head_dim 128, 128 experts, 8 active, moe_intermediate_size 768, vocab 151936)"))
