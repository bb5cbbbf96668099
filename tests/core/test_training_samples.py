"""Published hardware and model records shared by the time-model tests (no tests here)."""

from __future__ import annotations

from gpudesk.catalog.records import Accelerator, ModelArch, Provenance

_FACTS = "shared/reference/hardware-facts.md 4A/4C"

A100 = Accelerator(
    id="a100-sxm-80gb", name="A100 SXM 80GB", vendor="nvidia", family="nvidia-ampere", memory_gb=80,
    memory_type="HBM2e", mem_bw_gbs=2039, bf16_tflops=312, scaleup_link="NVLink3", scaleup_bw_gbs=300,
    scaleup_domain=8, pcie_gen=4, provenance=Provenance(source=_FACTS))
H100 = Accelerator(
    id="h100-sxm", name="H100 SXM", vendor="nvidia", family="nvidia-hopper", memory_gb=80, memory_type="HBM3",
    mem_bw_gbs=3350, bf16_tflops=989, fp8_tflops=1979, scaleup_link="NVLink4", scaleup_bw_gbs=450,
    scaleup_domain=8, pcie_gen=5, provenance=Provenance(source=_FACTS))
B200 = Accelerator(
    id="b200", name="B200", vendor="nvidia", family="nvidia-blackwell", memory_gb=180, memory_type="HBM3e",
    mem_bw_gbs=8000, bf16_tflops=2250, fp8_tflops=4500, fp4_tflops=9000, scaleup_link="NVLink5",
    scaleup_bw_gbs=900, scaleup_domain=8, pcie_gen=5, provenance=Provenance(source=_FACTS))
L40S = Accelerator(
    id="l40s", name="L40S", vendor="nvidia", family="nvidia-ada", memory_gb=48, memory_type="GDDR6",
    mem_bw_gbs=864, bf16_tflops=362.05, fp8_tflops=733, scaleup_link="none", pcie_gen=4,
    vgpu_profiles_gb=(1, 2, 3, 4, 6, 8, 12, 16, 24, 48), provenance=Provenance(source=_FACTS))
MI300X = Accelerator(
    id="mi300x", name="MI300X", vendor="amd", family="amd-cdna3", memory_gb=192, memory_type="HBM3",
    mem_bw_gbs=5300, bf16_tflops=1307.4, fp8_tflops=2614.9, scaleup_link="XGMI", scaleup_bw_gbs=448,
    scaleup_domain=8, pcie_gen=5, provenance=Provenance(source=_FACTS))

LLAMA3_8B = ModelArch(
    id="llama-3.1-8b", name="Llama 3.1 8B", kind="decoder", params_total=8.03e9, n_layers=32, hidden=4096,
    n_heads=32, n_kv_heads=8, head_dim=128, ffn_hidden=14336, vocab=128256, max_context=131072)
LLAMA3_70B = ModelArch(
    id="llama-3.1-70b", name="Llama 3.1 70B", kind="decoder", params_total=70.6e9, n_layers=80, hidden=8192,
    n_heads=64, n_kv_heads=8, head_dim=128, ffn_hidden=28672, vocab=128256, max_context=131072)
MIXTRAL = ModelArch(
    id="mixtral-8x7b", name="Mixtral 8x7B", kind="decoder", params_total=46.7e9, params_active=12.9e9,
    n_layers=32, hidden=4096, n_heads=32, n_kv_heads=8, head_dim=128, ffn_hidden=14336, vocab=32000,
    n_experts=8, experts_per_token=2, moe_ffn_hidden=14336, max_context=32768)
RESNET50 = ModelArch(id="resnet-50", name="ResNet-50", kind="vision", params_total=25.6e6, attention="none",
                     gflops_per_sample=8.2, image_size=224,
                     provenance=Provenance(source="torchvision ResNet50_Weights: 4.09 GFLOPS (multiply-adds) x 2"))
# Synthetic record (round numbers) for arithmetic checks only; not a catalog fact.
SYNTHETIC_DIFFUSION = ModelArch(id="synthetic-diffusion", name="synthetic diffusion", kind="diffusion",
                                params_total=1e9, attention="none", gflops_per_sample=1000.0, denoise_steps=20)
