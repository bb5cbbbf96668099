"""The shipped diffusion transformers carry forward GFLOPs per denoising step, and diffusion plans estimate.

FLUX.1-dev's figure is a published count (cache-dit: 3,726.87 TFLOPs over 50 transformer forwards at
1024 px); SD3 Medium's is derived from its published diffusers config. Both are re-derived here from the
architectures with one formula (per-token weight matmuls + attention scores and values), so a catalog value
that drifts from its documented derivation fails. SDXL is a convolutional UNet with no published per-step
count and stays unknown.
"""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project, Workload
from gpudesk.results.pipeline import estimate_plan

LATENT_PATCH_PX = 16  # VAE downsampling 8 x transformer patch 2 (FLUX packs 2x2 latents into one token)
IMAGE_PX = 1024

# xDiT docs/performance/flux.md: FLUX.1-dev, 1024 px, 28 steps, one H100: 6.71 s eager PyTorch, 4.30 s torch.compile.
XDIT_FLUX_H100_STEPS = 28
XDIT_FLUX_H100_SECONDS = (4.30, 6.71)
# Slack around the measured span: the model is a planning estimate (the suite's accuracy band), not a benchmark.
PLAUSIBLE_SLACK = 0.3


def transformer_step_flops(image_weights: float, text_weights: float, text_tokens: int, attention_layers: int,
                           hidden: int) -> float:
    """One forward: 2 x tokens x per-token weights, plus 4 x L x T^2 x hidden for attention scores and values."""
    image_tokens = (IMAGE_PX // LATENT_PATCH_PX) ** 2
    tokens = image_tokens + text_tokens
    matmul = 2.0 * (image_tokens * image_weights + text_tokens * text_weights)
    return matmul + 4.0 * attention_layers * tokens**2 * hidden


def flux_dev_step_flops() -> float:
    d, mlp, double, single = 3072, 12288, 19, 38  # black-forest-labs FLUX.1-dev transformer config
    double_block = 4 * d * d + 2 * d * mlp  # q, k, v, out + MLP of the token's own stream
    single_block = 3 * d * d + d * mlp + (d + mlp) * d  # q, k, v + MLP in, fused attention/MLP out
    blocks = double * double_block + single * single_block
    return transformer_step_flops(blocks + 2 * 64 * d, blocks + 4096 * d, 512, double + single, d)


def sd3_medium_step_flops() -> float:
    d, mlp, layers = 1536, 6144, 24  # stable-diffusion-3-medium-diffusers transformer/config.json
    block = 4 * d * d + 2 * d * mlp
    image = layers * block + 2 * 64 * d  # patch embed in, projection out
    text = (layers - 1) * block + 3 * d * d + 4096 * d  # last block's text stream: q, k, v only
    cfg_passes = 2  # classifier-free guidance runs a conditional and an unconditional pass per step
    return cfg_passes * transformer_step_flops(image, text, 77 + 256, layers, d)


@pytest.mark.parametrize("model_id, citation_kind", [("flux-1-dev", "M"), ("stable-diffusion-3-medium", "D")])
def test_row_carries_cited_figure(catalog: Catalog, model_id: str, citation_kind: str) -> None:
    model = catalog.model(model_id)
    assert model.gflops_per_sample is not None and model.gflops_per_sample > 0
    assert "gflops_per_sample" not in model.provenance.unknown
    cited = model.provenance.source_of("gflops_per_sample")
    assert cited != model.provenance.source
    assert catalog.citation(cited).kind == citation_kind
    assert "GFLOPs per denoising step" in model.provenance.notes


def test_derived_row_is_unverified_published_row_is_not(catalog: Catalog) -> None:
    assert catalog.model("stable-diffusion-3-medium").provenance.verified is False
    assert catalog.model("flux-1-dev").provenance.verified is True


@pytest.mark.parametrize("model_id, derivation, tolerance", [
    ("flux-1-dev", flux_dev_step_flops, 0.01),  # published count vs the architecture formula
    ("stable-diffusion-3-medium", sd3_medium_step_flops, 0.001),  # the catalog value is this derivation
])
def test_figure_matches_architecture(catalog: Catalog, model_id: str, derivation, tolerance: float) -> None:
    assert catalog.model(model_id).gflops_per_sample * 1e9 == pytest.approx(derivation(), rel=tolerance)


def test_sdxl_stays_unknown(catalog: Catalog) -> None:
    sdxl = catalog.model("sdxl-base")
    assert sdxl.gflops_per_sample is None and "gflops_per_sample" in sdxl.provenance.unknown


def seconds_per_image(catalog: Catalog, model_id: str) -> float:
    project = Project()
    project.phases[0].workloads = [Workload(kind="diffusion_inference", model_id=model_id, items_per_day=1e4)]
    project.phases[0].hardware.accelerator_id = "h100-sxm"
    figures = estimate_plan(project, catalog).phases[0].figures
    assert float(figures.value_at("diffusion.steps")) == catalog.model(model_id).denoise_steps
    return float(figures.value_at("diffusion.seconds_per_image"))


def test_flux_plan_within_measured_h100_span(catalog: Catalog) -> None:
    steps = catalog.model("flux-1-dev").denoise_steps
    low, high = (s / XDIT_FLUX_H100_STEPS * steps for s in XDIT_FLUX_H100_SECONDS)
    got = seconds_per_image(catalog, "flux-1-dev")
    assert low * (1 - PLAUSIBLE_SLACK) <= got <= high * (1 + PLAUSIBLE_SLACK)


def test_sd3_plan_at_flux_measured_h100_rate(catalog: Catalog) -> None:
    """No SD3 Medium timing was found; the H100 rate measured on FLUX.1-dev bounds it (same kind of transformer)."""
    flux_step = catalog.model("flux-1-dev").gflops_per_sample * 1e9
    rates = [flux_step * XDIT_FLUX_H100_STEPS / s for s in XDIT_FLUX_H100_SECONDS]  # FLOP/s, fast then slow
    sd3 = catalog.model("stable-diffusion-3-medium")
    flops = sd3.gflops_per_sample * 1e9 * sd3.denoise_steps
    got = seconds_per_image(catalog, sd3.id)
    assert flops / rates[0] * (1 - PLAUSIBLE_SLACK) <= got <= flops / rates[1] * (1 + PLAUSIBLE_SLACK)
    assert 0.5 < got < 3.0  # about a second for 28 steps at 1024 px on one H100
