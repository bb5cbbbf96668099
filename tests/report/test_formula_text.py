"""Formulas and source lines in Chinese: every formula the core emits has a translation that keeps its numbers."""

from __future__ import annotations

import copy
import re
from collections import Counter
from pathlib import Path

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.explain import FigureSet
from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.project.model import WORKLOAD_KINDS, Project, Workload
from gpudesk.report.chart_text import localise_spec
from gpudesk.report.formula_text import (
    NUMBER,
    PLACEHOLDER,
    constant_source_table,
    formula_ids,
    formula_text,
    template_slots,
)
from gpudesk.results.pipeline import estimate_plan
from gpudesk.text_catalogues import catalogue

pytestmark = pytest.mark.shared_searches  # tests/search_memo.py: reads no pending search state

ZH = formula_text("zh")
CONSTANTS = constant_source_table("zh")

# The smallest plan of each workload kind: a model the shipped catalog sizes for that kind, and the load it needs.
KIND_PLANS: dict[str, dict] = {
    "pretrain": {},
    "finetune_full": {"train_tokens": 1e9},
    "finetune_lora": {"train_tokens": 1e9},
    "finetune_qlora": {"train_tokens": 1e9},
    "llm_inference": {},
    "vision_train": {"model_id": "resnet-50", "dataset_items": 100_000, "epochs": 10, "deadline_days": 2.0},
    "vision_inference": {"model_id": "resnet-50", "items_per_day": 1e6},
    "diffusion_inference": {"model_id": "flux-1-dev", "items_per_day": 1e4},
    "recsys_inference": {"model_id": "dlrm-dcnv2", "items_per_day": 1e8},
    "embedding_inference": {"model_id": "bert-base", "items_per_day": 1e7},
    "rendering_vdi": {"seats": 40, "seat_profile_gb": 8},
    "agent_hosting": {"model_id": "qwen2.5-7b", "agents": 200},
}
VGPU_ACCELERATOR = "l40s"  # rendering needs a vGPU-capable part


@pytest.fixture(scope="module")
def user_catalog(tmp_path_factory) -> Catalog:
    return Catalog.open(user_db=tmp_path_factory.mktemp("catalog") / "user.db")


def kind_plan(kind: str) -> Project:
    project = Project()
    project.phases[0].workloads = [Workload(kind=kind, **KIND_PLANS[kind])]
    if kind == "rendering_vdi":
        project.phases[0].hardware.accelerator_id = VGPU_ACCELERATOR
    return project


def branch_plans() -> dict[str, Project]:
    """Plans that take the core's other formula branches (layouts, training stack, serving, delivery, calibration)."""
    plans: dict[str, Project] = {}
    serving = Workload(kind="llm_inference", model_id="llama-3.1-70b", batching="disaggregated")
    serving.parallel.tp = 4
    separate = Workload(kind="llm_inference", model_id="llama-3.1-8b", batching="separate_prefill",
                        serving_scenario="offline")
    fsdp = Workload(kind="pretrain", compute_dtype="fp8", low_precision_recipe="mxfp8")
    fsdp.parallel.training_stack, fsdp.parallel.torch_compile, fsdp.parallel.zero_stage = "fsdp2", True, 3
    schedule = Workload(kind="pretrain", model_id="llama-3.1-70b")
    schedule.parallel.tp, schedule.parallel.pp, schedule.parallel.pipeline_schedule = 8, 4, "zero_bubble"
    schedule.parallel.tp_comm_overlap, schedule.parallel.overlap_grad_reduce = True, False
    moe = Workload(kind="pretrain", model_id="mixtral-8x7b")
    moe.parallel.ep, moe.parallel.zero_stage, moe.parallel.recompute, moe.parallel.cp = 8, 3, "full", 2
    eager = Workload(kind="pretrain")
    eager.parallel.training_stack, eager.parallel.recompute, eager.parallel.flash_attention = "pytorch_amp", "full", False
    offload = Workload(kind="pretrain", model_id="llama-3.1-70b")
    offload.parallel.tp, offload.parallel.pp, offload.parallel.virtual_stages = 8, 4, 2
    offload.parallel.recompute, offload.parallel.zero_stage, offload.parallel.cpu_offload = "none", 2, True
    for name, workload in (("disaggregated", serving), ("moe-zero3", moe), ("pytorch-amp", eager), ("offload", offload),
                           ("separate-prefill-offline", separate), ("fsdp2-fp8", fsdp), ("zero-bubble", schedule)):
        plans[name] = Project()
        plans[name].phases[0].workloads = [workload]
    plans["fsdp2-fp8"].phases[0].hardware.gpu_power_limit_w = 500
    balanced = Workload(kind="llm_inference", model_id="deepseek-v3", weight_dtype="fp8", compute_dtype="fp8",
                        kv_dtype="fp8", attention_dp_balance=True, ttft_p50_ms=500.0)  # the ADP balancer's hold
    balanced.parallel.ep = 8  # attention data-parallel 8: TensorRT-LLM's default hold misses the P50 at the TPOT
    plans["adp-balanced"] = Project()  # target's rate, so the rate is searched below it (core/server_held_rate.py)
    plans["adp-balanced"].phases[0].hardware.accelerator_id = "h200-sxm"
    plans["adp-balanced"].phases[0].workloads = [balanced]
    staged = Workload(kind="llm_inference", model_id="llama-3.1-405b", weight_dtype="fp8", compute_dtype="fp8",
                      kv_dtype="fp8")
    staged.parallel.tp, staged.parallel.pp = 4, 2  # pipeline stages: the decode step's and the prefill's clauses
    plans["pipeline-stages"] = Project()
    plans["pipeline-stages"].phases[0].workloads = [staged]
    static = Workload(kind="llm_inference", model_id="llama-3.1-70b", batching="static", compute_dtype="fp8",
                      weight_dtype="fp8", kv_dtype="fp8", output_tokens_sd=256.0)  # the batch server's queue (stop 26)
    static.parallel.tp = 4
    plans["static-batches"] = Project()
    plans["static-batches"].phases[0].hardware.accelerator_id = "h200-sxm"
    plans["static-batches"].phases[0].workloads = [static]
    plans["hybrid"] = Project()
    plans["hybrid"].phases[0].delivery.mode = "hybrid"
    plans["calibrated"] = Project()
    plans["calibrated"].calibration.fitted = {"matmul.nvidia-hopper": 0.9, "framework": 0.95, "goodput": 0.9}
    plans["calibrated"].calibration.uncertainty = {"framework": 0.05}
    return plans


def reference_plans() -> dict[str, Project]:
    """The sample plans, the default project, a plan of each workload kind and the branch plans."""
    plans = {p.stem: load_project(p).project for p in sorted(samples_dir().glob("*.gpudesk"))}
    plans["default"] = Project()
    plans.update({kind: kind_plan(kind) for kind in WORKLOAD_KINDS})
    plans.update(branch_plans())
    return plans


def figure_sets(project: Project, catalog: Catalog) -> list[FigureSet]:
    """The plan's figures (the configuration search adds none: it stays pending) and its roadmap's."""
    plan = estimate_plan(project, catalog)
    return [p.figures for p in plan.phases] + ([plan.roadmap] if plan.roadmap is not None else [])


@pytest.fixture(scope="module")
def reference_figures(user_catalog) -> dict[str, list[FigureSet]]:
    """Each reference plan's figure sets, estimated once for the module's tests (read, never edited)."""
    return {name: figure_sets(project, user_catalog) for name, project in reference_plans().items()}


@pytest.fixture(scope="module")
def emitted(reference_figures) -> tuple[dict[str, str], dict[str, str]]:
    """Every formula and every source line the core emits for the reference plans -> one figure key showing it."""
    formulas: dict[str, str] = {}
    sources: dict[str, str] = {}
    for name, sets in reference_figures.items():
        for figures in sets:
            for key in figures.keys():
                exp = figures.explain(key)
                if not figures.is_input(key):
                    formulas.setdefault(exp.formula, f"{name}: {key}")
                for source in [exp.source, *(q.source for q in exp.inputs)]:
                    if source:
                        sources.setdefault(source, f"{name}: {key}")
    return formulas, sources


def _numbers(text: str) -> Counter[str]:
    return Counter(NUMBER.findall(text))


def _keeps_numbers(english: str, chinese: str) -> bool:
    """Every number of the English appears in the Chinese at least as often."""
    return all(chinese.count(n) >= c for n, c in _numbers(english).items())


def test_every_reference_plan_estimates(reference_figures):
    assert set(reference_figures) == set(reference_plans())
    for name, sets in reference_figures.items():
        assert sets and all(len(figures.keys()) for figures in sets), name


def _figure_of(where: str) -> str:
    """The figure key of an emitted formula's "plan: key", a second workload's prefix dropped."""
    return re.sub(r"^w\d+\.", "", where.split(": ")[-1])


def test_every_formula_has_a_chinese_translation_keeping_its_numbers(emitted):
    formulas, _ = emitted
    assert len(formulas) > 200  # every area of the core is in the set
    ids = {**formula_ids(), **formula_ids("formula_pattern")}
    by_figure: dict[str, list[str]] = {}
    for formula_id in ids.values():
        by_figure.setdefault(re.sub(r"\.(\d+|clause\d+)$", "", formula_id), []).append(formula_id)
    missing = [f"{where}: {f!r} (ids of this figure: {by_figure.get(_figure_of(where), [])})"
               for f, where in formulas.items() if ZH.lookup_formula(f) is None]
    assert not missing, ("formulas the core writes with no id in resources/i18n/formulas_en.toml (a changed wording: "
                         "update the English under the figure's id and review formulas_zh.toml):\n" + "\n".join(missing))
    for english, where in formulas.items():
        chinese = ZH.formula(english)
        assert _keeps_numbers(english, chinese), f"{where}: {english!r} -> {chinese!r}"
        assert re.search(r"[\u4e00-\u9fff]", chinese) or english == chinese or not re.search(r"[a-z]{4}", english), \
            f"{where}: {english!r} has words but no Chinese: {chinese!r}"
    assert len(ids) >= 300


def test_no_formula_says_nan_where_the_figure_reads_unknown(emitted):
    """mem.min_gpus explained itself with '… NaN if none' (zh '无解时为 NaN') and vdi.gpus_needed with '(NaN: not
    vGPU-capable)', in the figure's explanation in the window and the JSON: the value itself reads 'unknown' there."""
    formulas, _ = emitted
    shown = [(where, text) for english, where in formulas.items() for text in (english, ZH.formula(english))
             if re.search(r"\bNaN\b", text)]
    assert not shown, shown


def test_formulas_are_keyed_by_id_in_both_languages():
    """Each formula id names a figure (its key, a numbered second formula or a clause) and has English and Chinese;
    the Chinese keeps the English's placeholders (tests/report/test_text_catalogues.py: and is not left English)."""
    for table in ("formula", "formula_pattern"):
        english, chinese = (dict(catalogue("formulas", lang)[table]) for lang in ("en", "zh"))
        assert english.keys() == chinese.keys(), f"[{table}] ids in one language only: {english.keys() ^ chinese.keys()}"
        assert len(set(english.values())) == len(english), f"[{table}] one English text under two ids"
        for formula_id, text in english.items():
            assert re.fullmatch(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+|input", formula_id), formula_id
            assert template_slots(text) == template_slots(chinese[formula_id]), f"{formula_id}: {text!r}"
            numbers = PLACEHOLDER.findall(text)
            assert numbers == [str(i) for i in range(len(numbers))], f"{formula_id}: number placeholders out of order"
            assert not NUMBER.search(PLACEHOLDER.sub("", text)), f"{formula_id}: {text!r} holds a raw number"


def test_a_changed_wording_shows_english_not_a_stale_translation():
    """The translation of an id is used for the English it was made from only."""
    formula_id = next(k for k, v in catalogue("formulas", "en")["formula"].items() if v == "per GPU · GPUs")
    assert ZH.formula("per GPU · GPUs") == catalogue("formulas", "zh")["formula"][formula_id]
    assert ZH.formula("per GPU · GPUs (reworded)") == "per GPU · GPUs (reworded)"


def test_derived_sources_show_the_chinese_formula(emitted):
    _, sources = emitted
    derived = [s for s in sources if s.startswith("derived: ")]
    assert derived
    for source in derived:
        shown = ZH.source(source)
        assert shown == "推导：" + ZH.formula(source[len("derived: "):]), source
        assert _keeps_numbers(source, shown)


def test_sources_keep_their_citations_and_numbers(emitted):
    _, sources = emitted
    untranslated = [f"{where}: {source!r}" for source, where in sources.items()
                    if not re.search(r"[\u4e00-\u9fff]", ZH.source(source))
                    and re.search(r"\b[a-z]{3,} [a-z]{3,} [a-z]{3,}\b", ZH.source(source))]
    assert not untranslated, "source lines with no Chinese (resources/i18n/sources_zh.toml):\n" + "\n".join(untranslated)
    for source, where in sources.items():
        shown = ZH.source(source)
        assert _keeps_numbers(source, shown), f"{where}: {source!r} -> {shown!r}"
        if source.startswith("constant "):  # a constant's source reads Chinese, its citation as published
            name = source.split(": ", 1)[0].removeprefix("constant ")
            assert f"常量 {name}：{CONSTANTS[name][1]}" in shown, f"{where}: {name}'s source not shown in {shown!r}"
        if source.startswith(("catalog ", "model ")) and ": " in source:  # so is a catalog row's citation id
            citation = re.match(r"[A-Za-z0-9_.\-]+", source.split(": ", 1)[1])[0]  # its id (the words after: worded)
            assert citation in shown, f"{where}: {citation} lost in {shown!r}"


def test_source_entries_keep_their_placeholders():
    data = catalogue("sources", "zh")
    assert set(data) == {"source", "source_pattern", "source_suffix"}
    for table, entries in data.items():
        for english, chinese in entries.items():
            assert template_slots(english) == template_slots(chinese), f"[{table}] {english!r} -> {chinese!r}"
            numbers = PLACEHOLDER.findall(english)
            assert numbers == [str(i) for i in range(len(numbers))], f"[{table}] {english!r}: number placeholders out of order"


def test_one_entry_serves_every_number():
    training = ZH.formula("sustained FLOP/s / (3 · GFLOPs per image · 1e9)")
    serving = ZH.formula("sustained FLOP/s / (1 · GFLOPs per image · 1e9)")
    assert training == "持续 FLOP/s / (3 · 每张图像 GFLOPs · 1e9)"
    assert serving == "持续 FLOP/s / (1 · 每张图像 GFLOPs · 1e9)"
    assert ZH.formula("capex + 3 × opex_per_year") == "一次性投入 + 3 × 年运营费用"
    assert ZH.formula("{0} when tiers = {1}".format(1, 1)) == "层级 = 1 时为 1"


def test_a_user_input_source_names_the_field_by_its_label():
    """zh Explain read '来源：用户输入（horizon_years）' under 测算年限."""
    assert ZH.source("user input (horizon_years)") == "用户输入（测算年限）"
    assert ZH.source("user input (hardware.nodes)") == "用户输入（节点数）"  # the hint "（0=自动）" left out
    assert ZH.source("user input (peak_factor)") == "用户输入（峰均比）"


def test_named_slots_copy_names_and_translate_modes():
    assert ZH.formula("⌈GPUs / 8 GPUs per NVIDIA DGX A100 640GB (HGX A100 8-GPU)⌉") == \
        "⌈GPU 数 / 每台 NVIDIA DGX A100 640GB (HGX A100 8-GPU) 的 8 张 GPU⌉"
    assert ZH.formula("cumulative cloud reserved 1y cost over the phase's 3 months") == \
        "本阶段 3 个月内的公有云包年（1 年）累计成本"


def test_missing_entries_fall_back_to_the_whole_english_formula():
    unknown = "a formula nobody translated · 2"
    assert ZH.lookup_formula(unknown) is None and ZH.formula(unknown) == unknown
    half = "peak · η_mm · framework share; a clause nobody translated"
    assert ZH.formula(half) == half  # never half Chinese, half English
    assert ZH.formula("") == ""


def test_english_passes_everything_through(emitted):
    english = formula_text("en")
    formulas, sources = emitted
    assert all(english.formula(f) == f for f in formulas)
    assert all(english.source(s) == s for s in sources)


def test_source_lines():
    assert ZH.source("TCO model (computed)") == "总体拥有成本模型（计算所得）"
    assert ZH.source("user input (phases[0].facility.pue)") == "用户输入（phases[0].facility.pue）"
    unknown = "catalog switches/qm9700.power_w: nvidia-qm9700 (unknown in catalog)"
    assert ZH.source(unknown) == "目录 switches/qm9700.power_w: nvidia-qm9700（目录中未知）"
    citation = "constant HBM_EFFICIENCY: domain guide: decode is bound by bytes; Azure ND GB200 v6 blog"
    assert ZH.source(citation) == "常量 HBM_EFFICIENCY: domain guide: decode is bound by bytes; Azure ND GB200 v6 blog"
    family = "nvidia-ada: constant B = 0.94 (no measurement; NVLink5 used); PCIe parts: constant PCIE_BUSBW_EFFICIENCY (x)"
    assert ZH.source(family) == "nvidia-ada：常量 B = 0.94 (no measurement; NVLink5 used)；PCIe 型号：常量 PCIE_BUSBW_EFFICIENCY (x)"
    capacity = ("usable_memory_mib × 2^20 (driver total): catalog accelerators/h100-sxm.usable_memory_mib: "
                "modal-nvidia-smi-totals (81,559 MiB driver total; marketed 80 GB)")
    assert ZH.source(capacity) == ("可用显存 MiB × 2^20（驱动报告总量）：目录 accelerators/h100-sxm.usable_memory_mib: "
                                   "modal-nvidia-smi-totals（驱动报告总量 81,559 MiB；标称 80 GB）")
    calibrated = "goodput × pilot calibration: measurements typed in, fitted scale 0.90 (capped at 1)"
    assert ZH.source(calibrated) == "goodput × 试点校准：手工录入的测量值，拟合系数 0.90（上限 1）"


def test_memory_chart_tooltips_show_the_chinese_formula(user_catalog):
    spec = estimate_plan(Project(), user_catalog, search=True).phases[0].charts["memory_fit"]
    zh = localise_spec(copy.deepcopy(spec), "zh")
    for english, chinese in zip(spec.series, zh.series):
        for en_tip, zh_tip in zip(english.tooltips or [], chinese.tooltips or []):
            if " — " not in en_tip:
                continue
            formula = en_tip.split(" — ", 1)[1]
            assert zh_tip.endswith("— " + ZH.formula(formula)), zh_tip
            assert ZH.formula(formula) != formula
    # the legend's short name, the hover's full figure name (the tables'); the plan's column says 方案 once
    weights = next(s for s in zh.series if s.name == "权重")
    assert weights.tooltips[0].startswith("权重（训练的权重）：") and weights.tooltips[0].count("方案") == 1
    capacity = next(s for s in zh.series if s.figure == "mem.capacity")
    assert capacity.tooltips[0].endswith(f"（方案）：显存容量 {spec.series[-1].y[0]:,.1f} GB"), capacity.tooltips[0]
    english = localise_spec(copy.deepcopy(spec), "en")
    assert all("(plan) (plan)" not in t for s in english.series for t in s.tooltips or []), english.series[0].tooltips
    assert english.series[0].name == "Weights" and english.series[0].tooltips[0].startswith("Weights (trained weights): ")


def test_reference_projects_cover_the_samples():
    assert {p.stem for p in Path(samples_dir()).glob("*.gpudesk")} <= set(reference_plans())
    assert set(WORKLOAD_KINDS) <= set(reference_plans())
