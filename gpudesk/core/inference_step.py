"""Roofline times of one prefill and one decode step of a serving replica.

Per operation the time is max(FLOPs / (peak · η_mm), bytes / (HBM bw · η_hbm)) (domain guide; Williams et al. 2009
roofline):

* decode, batch B at context c: linear layers read their weights once per step (MoE: only the experts some token
  routed to, E·(1 − (1 − k/E)^B)) and do 2·N_gemm·B FLOPs; attention reads B·c tokens of KV cache and does
  2·L·c·a·(d_qk + d_v)·B FLOPs (MLA: the absorbed form, over the latent, model_math.decode_attention_core_dims); TP
  adds 2 all-reduces of B·h per layer (each in the protocol NCCL's tuner picks: LL for small buffers, Simple's
  latency for megabytes), EP with attention data-parallel a dispatch and a combine per MoE layer (inside an NVLink
  domain the published kernels' fixed time and link share, MOE_DISPATCH_LATENCY_S etc.).
* prefill of P tokens in sequences of n: GEMMs 2·N_gemm·P FLOPs, causal attention 2·L·(n/2)·a·(d_qk + d_v) per
  token, divided by the serving engine's GEMM share (SERVING_PREFILL_GEMM_SHARE: fused non-GEMM kernels), plus the
  same collectives. Unfused attention (flash_attention off): every score a·n of a token through HBM, both phases.
* MoE: the routed experts' GEMMs run at ``routed_share`` of the dense GEMM rate (core/moe_gemm.py: grouped GEMMs of
  narrow expert matrices, measured on Hopper).
* decode and prefill GEMMs: smooth roofline (t_c^p + t_m^p)^(1/p) against the step's weight stream
  (SERVING_ROOFLINE_SHARPNESS): a short prompt's GEMMs sit near the ridge point just as a decode batch's do; the KV
  cache streams at SERVING_DECODE_KV_BW_EFFICIENCY of HBM bandwidth (plain PyTorch: UNFUSED_DECODE_KV_BW_EFFICIENCY).
* every pass through the layers pays its kernels' boundaries, KERNEL_BOUNDARY_S each (~2.3 µs per dependent kernel
  replayed from a CUDA graph): L · DECODE_KERNELS_PER_LAYER in a fused engine, more in plain PyTorch, whose eager
  passes take at least the host's launch time (core/engine_release.py, layer_stack); a decode step with FP4 math
  also pays L · DECODE_GEMMS_PER_LAYER · NVFP4_GEMM_FIXED_S (block-scaled GEMMs at a few rows take a fixed ~11 µs
  whatever their size, vLLM's published kernel table).

A replica is ``max(tp, ep) × pp`` GPUs; pipeline stages run one after another for one token, so latency is the sum
over stages. An in-flight-batching engine keeps ``pp`` micro-batches in flight (TensorRT-LLM:
``mNumMicroBatches = getPipelineParallelism()``, trtGptModelInflightBatching.cpp), each of C/pp sequences, so every
stage streams its weights once per micro-batch: a decode iteration (one token of every sequence) streams a stage's
weights pp times, the whole model's over its t GPUs, and runs each collective at a micro-batch's tokens, with pp − 1
hand-offs of a micro-batch's activations between stages; its FLOPs and KV reads are the batch's, as without stages.
A prompt passes the stages one after another (a request sits in one micro-batch at a time), so its prefill takes pp
stage times (``prefill``), while the pipeline takes a new prompt every stage time (``prefill_service``). Expert parallelism wider than tensor parallelism runs attention data-parallel (vLLM / SGLang expert
parallel with DP attention): each of the max(t, e)/t attention groups holds the dense weights split over t and
serves its share of the sequences, while routed experts are split over e (expert tensor parallel 1). Per GPU, a step
streams dense weights / (t·p) + the routed experts some token chose / (e·p) (e = t when ep is 1) and does
1/(max(t, e)·p) of the batch's FLOPs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gpudesk.catalog.records import ModelArch
from gpudesk.core.adp_release import release_excess
from gpudesk.core.busiest_rank import busiest_expert_rank, expected_busiest
from gpudesk.core.collectives import Links, collective_time, local_members, mesh_share, tuned_all_reduce_time
from gpudesk.core.constants import (
    ACTIVATION_COMM_BYTES,
    FRAMEWORK_GEMM_TIME_SHARE,
    KERNEL_BOUNDARY_S,
)
from gpudesk.core.constants import serving as SV
from gpudesk.core.efficiency import Efficiencies, hbm_part_share
from gpudesk.core.engine_release import (
    LayerStack,
    gemm_peak,
    host_iteration_s,
    layer_stack,
    score_bytes,
)
from gpudesk.core.hardware import HardwareArrays
from gpudesk.core.memory_states import weight_bytes_per_param
from gpudesk.core.model_math import (
    attention_core_dims,
    decode_attention_core_dims,
    has_layer_shapes,
    kv_cache_bytes,
    param_breakdown,
)
from gpudesk.core.moe_gemm import routed_gemm_share
from gpudesk.core.pipeline_stages import stage_hops
from gpudesk.core.step_constants import decode_gemm_fixed, decode_matmul_efficiency


@dataclass(frozen=True)
class ReplicaModel:
    """What a step needs to know about the model, hardware and layout (arrays per candidate)."""

    model: ModelArch
    hw: HardwareArrays
    eff: Efficiencies
    links: Links
    tp: np.ndarray
    pp: np.ndarray
    ep: np.ndarray
    weight_bytes: float  # per linear-layer value, its block or group scales included (memory_states)
    kv_dtype: str
    compute_peak: np.ndarray  # FLOP/s for GEMMs
    attention_peak: np.ndarray  # FLOP/s for the attention core (HardwareArrays.attention_peak)
    n_gemm: float
    linear_params: float
    routed_params: float
    routed_active: float  # routed expert parameters one token uses (k of E experts)
    head_params: float  # output head V·h, kept in 16 bit
    attn_width: float  # a·(d_qk + d_v)
    decode_attn_width: float  # the same for a decode token (MLA: absorbed, over the latent)
    expert_wait: np.ndarray  # busiest expert rank's routed tokens / the mean (busiest_expert_rank)
    routed_share: np.ndarray  # routed expert GEMMs' rate / the dense GEMM rate (moe_gemm.routed_gemm_share)
    decode_matmul: np.ndarray  # matmul fraction of a decode step's GEMMs (decode_matmul_efficiency)
    gemm_fixed: np.ndarray  # s per decode step: the GEMMs' fixed time beyond stream and boundary (decode_gemm_fixed)
    host: Any = 0.0  # s per iteration the GPUs wait for the engine's host work (core/engine_release.py)
    stack: LayerStack = LayerStack(0.0, 0.0, 0.0)  # kernels and host launch time per pass (engine_release.py)
    kv_share: Any = 1.0  # the part's measured HBM share / the shared one (efficiency.hbm_part_share): KV reads scale
    adp_balancer: tuple[int, int] | None = None  # (timeout T, batching wait W) where the ADP balancer holds prompts
    prefill_attention: Any = None  # FLOP/s of the prompt's attention: FP8 context attention's (core/context_attention)

    @classmethod
    def build(cls, model: ModelArch, hw: HardwareArrays, eff: Efficiencies, tp: np.ndarray, pp: np.ndarray,
              ep: np.ndarray, weight_dtype: str, kv_dtype: str, compute_dtype: str,
              release: str = "current", eager_share: Any = None, fused_attention: bool = True) -> ReplicaModel:
        pb = param_breakdown(model)
        shapes = pb.from_architecture
        return cls(
            model=model, hw=hw, eff=eff, links=Links.from_hardware(hw, eff), tp=tp, pp=pp, ep=ep,
            weight_bytes=weight_bytes_per_param("inference", weight_dtype)[0], kv_dtype=kv_dtype, compute_peak=gemm_peak(release, hw, compute_dtype),
            attention_peak=hw.attention_peak(compute_dtype),
            n_gemm=pb.matmul_active if shapes else float(model.active_params),
            linear_params=pb.linear if shapes else float(model.params_total),
            routed_params=pb.experts_routed if shapes else 0.0,
            routed_active=(pb.experts_routed * model.experts_per_token / model.n_experts
                           if shapes and model.is_moe and model.n_experts else 0.0),
            head_params=float(model.vocab * model.hidden) if shapes else 0.0,
            attn_width=attention_core_dims(model) if has_layer_shapes(model) else 0.0,
            decode_attn_width=decode_attention_core_dims(model) if has_layer_shapes(model) else 0.0,
            expert_wait=(busiest_expert_rank(float(model.n_experts), ep) if shapes and model.is_moe
                         and model.n_experts else np.ones(np.shape(ep))),
            routed_share=routed_gemm_share(model, hw.family, tp, ep),
            decode_matmul=decode_matmul_efficiency(hw, eff, compute_dtype),
            gemm_fixed=decode_gemm_fixed(model, hw, compute_dtype), host=host_iteration_s(release, tp, ep),
            stack=layer_stack(release, model.n_layers, eager_share, fused_attention), kv_share=hbm_part_share(hw),
        )

    @property
    def gpus(self) -> np.ndarray:
        return np.asarray(np.maximum(self.tp, self.ep) * self.pp)

    @property
    def attention_groups(self) -> np.ndarray:
        """Attention data-parallel groups in a replica: max(t, e) / t (1 unless experts span more GPUs than TP)."""
        return np.asarray(np.maximum(self.tp, self.ep) / self.tp)

    @property
    def expert_split(self) -> np.ndarray:
        """GPUs one pipeline stage's routed experts are split over: e when expert parallel, else t."""
        return np.where(self.ep > 1, self.ep, self.tp)

    @property
    def gemm_weighted(self) -> np.ndarray:
        """Linear-layer parameters a token's GEMMs weigh as, at the dense GEMM rate: the non-routed ones, and the
        routed experts' at the busiest expert rank's load (``expert_wait``; 1 unless experts are split whole) over
        their grouped GEMMs' share of the dense rate (``routed_share``)."""
        return np.asarray(self.n_gemm - self.routed_active
                          + self.expert_wait * self.routed_active / self.routed_share)

    def gemm_flops(self, tokens: np.ndarray) -> np.ndarray:
        """Linear-layer FLOPs one GPU's step waits for with ``tokens`` tokens in the replica, at the dense GEMM
        rate: its 1/g share of ``gemm_weighted``."""
        return np.asarray(2.0 * self.gemm_weighted * tokens / self.gpus)

    def weights_read(self, tokens: np.ndarray) -> np.ndarray:
        """Weight bytes one GPU streams in a step of ``tokens`` tokens (the replica's batch)."""
        m = self.model
        touched = 1.0
        if m.is_moe and m.n_experts:
            touched = 1.0 - (1.0 - m.experts_per_token / m.n_experts) ** np.maximum(tokens, 1.0)
        dense = (self.linear_params - self.routed_params) * self.weight_bytes + self.head_params * 2.0
        routed = self.routed_params * touched * self.weight_bytes
        return np.asarray(dense / (self.tp * self.pp) + routed / (self.expert_split * self.pp))

    def weights_streamed(self, batch: np.ndarray) -> np.ndarray:
        """Weight bytes one GPU streams in a decode iteration of ``batch`` sequences: its stage's weights once per
        micro-batch of batch/pp (``weights_read`` at pp = 1)."""
        pp = np.asarray(self.pp, dtype=np.float64)
        return np.asarray(pp * self.weights_read(batch / pp))

    def micro_batch_comm(self, tokens: np.ndarray) -> np.ndarray:
        """Seconds of a decode iteration's communication carrying ``tokens`` tokens: every layer's collectives at a
        micro-batch's tokens (tokens/pp; each stage runs its L/pp layers once per micro-batch) and the pp − 1
        hand-offs of a micro-batch between stages (``core/pipeline_stages.stage_hops``); ``collectives`` at pp = 1."""
        micro = tokens / np.asarray(self.pp, dtype=np.float64)
        return np.asarray(self.collectives(micro) + stage_hops(self, micro))

    def collectives(self, tokens: np.ndarray) -> np.ndarray:
        """Seconds of the TP all-reduces (two per layer, ``tuned_all_reduce_time``) and, with attention data-parallel across the expert
        ranks (e > t), the expert all-to-alls of a step carrying ``tokens`` tokens. With e ≤ t every expert rank
        already holds the attention output of every token (tensor-parallel attention), so the routed experts
        need no dispatch; their partial outputs are summed by the layer's TP all-reduce. The all-to-alls wait
        for the busiest expert rank, which receives (dispatch) and returns (combine) ``expert_wait`` times the
        mean's tokens: the published kernel times were measured with a perfect router (tech blog 18's
        bench_moe_comm.py --perfect_router), and tech blog 8 finds the all-to-all slowed by EP imbalance."""
        m = self.model
        act = tokens / self.attention_groups * m.hidden * ACTIVATION_COMM_BYTES.value  # one attention group's
        dom = self.links.scaleup_domain
        local_tp = local_members(self.tp, np.ones_like(self.tp), dom)
        tp = 2.0 * m.n_layers * tuned_all_reduce_time(act, self.tp, local_tp, self.links)
        if not m.is_moe:
            return tp
        local_ep = local_members(self.ep, np.ones_like(self.ep), dom)
        moe_layers = m.n_moe_layers or m.n_layers
        busiest = act * self.expert_wait  # the hidden states the busiest expert rank receives, in rank units
        ep = 2.0 * moe_layers * collective_time("all_to_all", busiest * max(m.experts_per_token, 1), self.ep,
                                                local_ep, self.links)
        return tp + np.where(self.ep > self.tp, np.where(self.moe_kernels_apply, self.moe_dispatch_combine(busiest),
                                                         ep), 0.0)

    @property
    def moe_kernels_apply(self) -> np.ndarray:
        """The expert group lies inside one NVLink-class scale-up domain (the published dispatch/combine kernels)."""
        return np.asarray((self.ep <= self.links.scaleup_domain) & ~np.asarray(self.hw.scaleup_is_pcie, dtype=bool))

    def moe_dispatch_combine(self, act: np.ndarray) -> np.ndarray:
        """Seconds of a step's MoE dispatch and combine kernels inside the scale-up domain, ``act`` bytes of one
        attention group's hidden states per layer: per MoE layer each kernel's fixed time (MOE_DISPATCH_LATENCY_S,
        MOE_COMBINE_LATENCY_S) and (e − 1)/e of min(e, k) copies of every token over the link at
        MOE_ALLTOALL_LINK_FRACTION of its rate (TensorRT-LLM's NVLinkOneSided kernels, tech blog 18)."""
        m = self.model
        copies = float(max(min(m.experts_per_token, 1 << 30), 1))
        sent = (self.ep - 1.0) / self.ep * act * np.minimum(self.ep, copies)
        link = self.hw.scaleup_bw * mesh_share(self.ep, self.links.mesh_links)  # a full mesh: the group's own links
        per_kernel = sent / (link * SV.MOE_ALLTOALL_LINK_FRACTION.value)
        fixed = SV.MOE_DISPATCH_LATENCY_S.value + SV.MOE_COMBINE_LATENCY_S.value
        return np.asarray((m.n_moe_layers or m.n_layers) * (fixed + 2.0 * per_kernel))

    def decode_step(self, batch: np.ndarray, context: np.ndarray) -> dict[str, np.ndarray]:
        """Seconds of one decode step for ``batch`` sequences at ``context`` tokens each."""
        hw, eff = self.hw, self.eff
        g = self.gpus  # every GPU does 1/g of the batch's FLOPs (the routed experts' at the busiest rank's load)
        bw = hw.hbm_bw * eff.hbm
        p = SV.SERVING_ROOFLINE_SHARPNESS.value
        gemm_c = self.gemm_flops(batch) / (self.compute_peak * self.decode_matmul)
        gemm_m = self.weights_streamed(batch) / bw
        linear = (gemm_c ** p + gemm_m ** p) ** (1.0 / p)  # smooth roofline near the ridge point
        kv = kv_cache_bytes(self.model, self.kv_dtype, context, batch / self.attention_groups, self.tp) / self.pp \
            + score_bytes(self.stack, self.model, batch, context, self.gpus)
        attn_flops = 2.0 * self.model.n_layers * context * self.decode_attn_width * batch / g
        kv_bw = hw.hbm_bw * (self.stack.kv_efficiency or SV.SERVING_DECODE_KV_BW_EFFICIENCY.value) * self.kv_share
        attention = np.maximum(attn_flops / (self.attention_peak * eff.attention), kv / kv_bw)
        comm = self.micro_batch_comm(batch)
        kernels = self.kernel_boundaries() + self.gemm_fixed + 0.0 * linear
        host = self.host + self.stack.host_per_sequence * batch + 0.0 * linear  # a synchronous scheduler: C of it
        total = linear + attention + comm + kernels + host
        if self.stack.decode_launch_s:  # eager: the host issues every kernel; the step takes the longer of the two
            total = np.maximum(total, self.stack.decode_launch_s)
        return {"linear": linear, "attention": attention, "comm": comm, "kernels": kernels, "host": host,
                "total": total, "weights_bound": gemm_m >= gemm_c,
                "gemm_compute": gemm_c, "gemm_weights": gemm_m}

    def bound_split(self, batch: np.ndarray, context: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(compute-bound, memory-bound) seconds of one decode step (``decode_step``'s linear and attention time;
        its collectives and kernel boundaries are neither): the linear layers' time split by the smooth roofline's
        own weights c^p : m^p, attention wholly to whichever of its FLOPs and KV reads takes longer. For the
        serving power model (core/power.py); kept out of ``decode_step``, which the search calls per point."""
        eff = self.eff
        p = SV.SERVING_ROOFLINE_SHARPNESS.value
        gemm_c = self.gemm_flops(batch) / (self.compute_peak * self.decode_matmul)
        gemm_m = self.weights_streamed(batch) / (self.hw.hbm_bw * eff.hbm)
        linear = (gemm_c ** p + gemm_m ** p) ** (1.0 / p)
        kv = kv_cache_bytes(self.model, self.kv_dtype, context, batch / self.attention_groups, self.tp) / self.pp \
            + score_bytes(self.stack, self.model, batch, context, self.gpus)
        attn_c = 2.0 * self.model.n_layers * context * self.decode_attn_width * batch / self.gpus \
            / (self.attention_peak * eff.attention)
        attn_m = kv / (self.hw.hbm_bw * (self.stack.kv_efficiency or SV.SERVING_DECODE_KV_BW_EFFICIENCY.value)
                       * self.kv_share)
        on_compute = linear * gemm_c ** p / (gemm_c ** p + gemm_m ** p) + np.where(attn_c >= attn_m, attn_c, 0.0)
        return np.asarray(on_compute), np.asarray(linear + np.maximum(attn_c, attn_m) - on_compute)

    def mixed_prefill(self, batch: np.ndarray, prompt: np.ndarray, output: np.ndarray,
                      unsynchronised: np.ndarray | bool = False, wait: np.ndarray | None = None) -> np.ndarray:
        """Seconds a continuous-batching iteration of ``batch`` decodes adds for the C/O prompts it prefills: their
        compute, and their I tokens in the step's TP/EP collectives beside the C decode tokens (at a micro-batch's
        share), plus ``wait`` (else ``prefill_wait`` of ``unsynchronised``) for the attention group that prefills
        the most."""
        extra_comm = self.micro_batch_comm(batch * (1.0 + prompt / output)) - self.micro_batch_comm(batch)
        imbalance = self.prefill_wait(batch, prompt, output, unsynchronised) if wait is None else wait
        return np.asarray(batch / output * self.prefill_compute(prompt, prompt) + extra_comm + imbalance)

    def prefill_wait(self, batch: np.ndarray, prompt: np.ndarray, output: np.ndarray,
                     unsynchronised: np.ndarray | bool) -> np.ndarray:
        """``prefill_imbalance`` where attention runs data-parallel: of prompts ``unsynchronised`` (each attention
        group admits its own as its sequences end), else, where the engine's ADP balancer holds them
        (``adp_balancer``), of its releases; 0 elsewhere (tensor-parallel attention, or prompts in step)."""
        split = np.asarray(self.attention_groups) > 1
        waits = np.asarray(unsynchronised) & split
        held = ~np.asarray(unsynchronised) & split & (self.adp_balancer is not None)
        if not (waits.any() or held.any()):  # nothing to compute
            return np.zeros(np.broadcast(batch, prompt, output, self.tp).shape)
        return np.asarray(np.where(waits | held, self.prefill_imbalance(batch, prompt, output, held), 0.0))

    def prefill_imbalance(self, batch: np.ndarray, prompt: np.ndarray, output: np.ndarray,
                          held: np.ndarray | bool = False) -> np.ndarray:
        """Seconds an iteration waits for the attention group that prefills the most prompts (G groups > 1 only).

        With attention data-parallel over G groups, a prompt is prefilled by the one group it was given, and the
        expert all-to-all makes every group wait for the slowest, so an iteration pays the busiest group's
        prefills, not the mean (TensorRT-LLM, 'ADP Balance Strategy', tech blog 10, 2025: iteration time = max
        over ranks). New prompts reach each group as Poisson(μ), μ = C/(O·G) per iteration; the busiest holds
        E[max of G] = Σ_k≥1 (1 − F(k−1)^G) of them. Its attention and non-routed GEMMs (the routed experts are
        spread over the expert ranks) take G times their share of ``prefill_compute``. On the blog's DeepSeek-V3
        run (8 GB200, ADP8 × EP8, mean input 803 and output 3,653 tokens) this puts mean / busiest-group tokens at
        0.51-0.56 for 256-512 sequences per group (measured: 54.11% average balance with prompts placed as they
        came) and the throughput at 0.89 of the synchronised one (measured: 25,664 / 34,140 = 0.75), so it
        explains part of the loss, not all. The engine itself does not align them: its request router gives each
        new request to the group with the fewest active tokens and requests (tensorrt_llm/_torch/pyexecutor/
        request_utils.py, balance_requests_across_ranks), and each group admits it when its own sequences end.
        Where its ADP balancer holds them (``held``: attention_dp_config.enable_balance, ``adp_balancer``), a
        release lets go what each group gathered over the cycle, some group with none where the timeout forced
        it, and the busiest group's excess per iteration is core/adp_release.py's. Identical requests fed at once
        prefill in step (no term, ``prefill_wait``)."""
        groups = np.asarray(self.attention_groups, dtype=np.float64)
        rate = np.asarray(batch / output, dtype=np.float64)  # new prompts per iteration, whole replica
        gemm, attn = self._prefill_parts(prompt, prompt)
        dense = np.where(self.n_gemm > 0, (self.n_gemm - self.routed_active) / np.maximum(self.gemm_weighted, 1.0),
                         1.0)  # the non-routed share of ``gemm``
        per_prompt = gemm * dense + attn  # one prompt's per-group work, spread over the replica's GPUs
        excess = np.maximum(groups * expected_busiest(rate / groups, groups) - rate, 0.0)
        if self.adp_balancer is not None and np.any(held):
            excess = np.where(held, release_excess(rate, groups, batch, *self.adp_balancer), excess)
        return np.asarray(np.where(groups > 1, excess * per_prompt, 0.0))

    def kernel_boundaries(self) -> float:
        """Seconds between the dependent kernels of one pass through every layer (all stages, one token)."""
        return self.stack.kernels * KERNEL_BOUNDARY_S.value

    def _prefill_parts(self, tokens: np.ndarray, seq_len: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """GEMM and attention compute seconds of a prefill, each divided by the engine's GEMM share."""
        eff = self.eff
        g = self.gpus
        gemm = self.gemm_flops(tokens) / (self.compute_peak * eff.matmul)
        rate = self.attention_peak * eff.attention if self.prefill_attention is None else self.prefill_attention
        attn = 2.0 * self.model.n_layers * seq_len * (1.0 if self.stack.score_bytes else 0.5) * self.attn_width * tokens / g \
            / rate
        # a pilot calibration of the framework share scales the serving share by the same factor
        share = min(1.0, SV.SERVING_PREFILL_GEMM_SHARE.value * eff.framework / FRAMEWORK_GEMM_TIME_SHARE.value) \
            if self.stack.prefill_share is None else self.stack.prefill_share  # unfused: the eager stack's share
        return np.asarray(gemm / share), np.asarray(attn / share + score_bytes(self.stack, self.model, tokens, seq_len, g) / (self.hw.hbm_bw * eff.hbm))

    def prefill_compute(self, tokens: np.ndarray, seq_len: np.ndarray) -> np.ndarray:
        """Compute-only seconds to prefill ``tokens`` tokens in sequences of ``seq_len`` (no weight stream)."""
        gemm, attn = self._prefill_parts(tokens, seq_len)
        return np.asarray(gemm + attn)

    def prefill(self, tokens: np.ndarray, seq_len: np.ndarray) -> np.ndarray:
        """Seconds to prefill ``tokens`` tokens (sequences of ``seq_len``), from the first stage in to the last
        stage out: per stage the linear layers on the same smooth roofline as a decode step's, (t_compute^p +
        t_weights^p)^(1/p), and attention, pp stages one after another, plus the collectives and kernel boundaries
        of one pass through every layer and the pp − 1 hand-offs between stages; eager, at least the host's launch
        time."""
        stream = self.weights_read(tokens) / (self.hw.hbm_bw * self.eff.hbm)
        gemm, attn = self._prefill_parts(tokens, seq_len)
        p = SV.SERVING_ROOFLINE_SHARPNESS.value
        linear = (gemm ** p + stream ** p) ** (1.0 / p)
        pp = np.asarray(self.pp, dtype=np.float64)
        gpu = pp * (linear + attn) + self.collectives(tokens) + self.kernel_boundaries() + stage_hops(self, tokens)
        return np.asarray(np.maximum(gpu, self.stack.prefill_launch_s) if self.stack.prefill_launch_s else gpu)

    def prefill_service(self, tokens: np.ndarray, seq_len: np.ndarray) -> np.ndarray:
        """Seconds of the replica's time one prefill of ``tokens`` tokens takes from the prompts behind it
        (``service_of`` its ``prefill``)."""
        return self.service_of(self.prefill(tokens, seq_len))

    def service_of(self, prefill_s: np.ndarray) -> np.ndarray:
        """The replica's time a prefill of ``prefill_s`` seconds (its passage through every stage) takes from the
        prompts behind it: prefill / pp, a pipeline of pp stages taking a new prompt every stage time (the prefill
        itself at pp = 1). For a caller that already has the prefill, so it is not computed twice."""
        return np.asarray(prefill_s / np.asarray(self.pp, dtype=np.float64))
