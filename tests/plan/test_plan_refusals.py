"""What gpudesk says about a plan it cannot add up or size, each found by the generated plans
(tests/plan/test_generated_surfaces.py) and each failing before its fix: the reason names the field, in English and
Chinese, and the advice names only what the catalog holds; a check never prints an unknown number as nan."""

from __future__ import annotations

import copy
import json
import math
import re
from typing import Any

import pytest

from gpudesk.project.model import Phase, Project, Workload
from gpudesk.report.refusal_text import error_text
from gpudesk.results.pipeline import PlanInputError, complete_search, estimate_plan
from gpudesk.wizard.fields import describe_path

IDENTIFIER = re.compile(r"[A-Za-z_]\w*(?:\[\d+\])?\.[A-Za-z_]\w*")  # a plan path: never in front of a user
NAMES = re.compile(r"'[^']*'|\"[^\"]*\"|\([^)]*px\)")  # quoted text and a model's own name may hold dots


def one_phase(kind: str, model: str | None, accelerator: str, nodes: int, region: str = "cn", **fields: Any) -> Phase:
    """A one-workload phase on ``accelerator`` (searched against itself only), costed in its region's currency."""
    phase = Phase(workloads=[Workload(kind=kind, model_id=model, **fields)])
    phase.hardware.accelerator_id, phase.hardware.nodes, phase.hardware.candidates = accelerator, nodes, [accelerator]
    phase.facility.region, phase.costs.currency = region, "CNY" if region == "cn" else "USD"
    return phase


def test_phases_in_two_currencies_are_refused_naming_the_phase_not_added_up(catalog) -> None:
    """A generated plan costed its CNY phases and a USD phase 3 (a region outside China) and the proposal printed the
    USD phase's $479,948 as ¥479,948 and added it into a ¥1,368,026 plan total: the plan total, the roadmap, the
    investment table and the comparison add the phases in the first phase's currency. Refused, naming the field."""
    first = one_phase("finetune_lora", "llama-3.1-8b", "h100-sxm", 1, train_tokens=1e8)
    second = one_phase("llm_inference", "llama-3.1-8b", "h100-sxm", 1, region="us", requests_per_day=1e4)
    second.start_month = first.duration_months
    with pytest.raises(PlanInputError) as refused:
        estimate_plan(Project(phases=[first, second]), catalog)
    assert str(refused.value) == ("phases[1].costs.currency: this phase is costed in USD, but the plan's first phase "
                                  "in CNY; a plan adds its phases' costs in one currency: set this phase's currency "
                                  "to CNY")
    zh = error_text(refused.value, "zh", describe_path)
    assert "本阶段以美元（USD）计价，而方案第一阶段以人民币（CNY）计价" in zh and not IDENTIFIER.search(zh), zh
    second.costs.currency = "CNY"  # one currency: estimated
    assert estimate_plan(Project(phases=[first, second]), catalog).phases[1].ledger.currency == "CNY"


def test_a_model_no_layout_fits_says_so_not_nan_gpus(catalog) -> None:
    """Llama 3.1 70B pre-trained in FP16 on 256 one-card MLU370-X8 servers: no layout the memory search tries fits,
    and the blocker's advice read 'the smallest layout that fits uses nan GPUs' in the proposal (both languages)."""
    from gpudesk.report.check_text import localise

    phase = one_phase("pretrain", "llama-3.1-70b", "mlu370-x8", 256, compute_dtype="fp16", weight_dtype="fp16")
    phase.hardware.gpus_per_node = 1
    plan = estimate_plan(Project(phases=[phase]), catalog)
    check = next(c for c in plan.phases[0].checks if c.id == "task.model_does_not_fit")
    assert not math.isfinite(check.numbers["min_gpus"])
    assert check.fix.endswith(" GPUs hold it.") and "nan" not in check.fix, check.fix  # what would: test_what_would_fit
    zh = localise(check, "zh")[2]
    assert zh.endswith("张 GPU 即可放下。") and "nan" not in zh, zh

def test_a_search_with_the_estimate_gives_the_checks_a_later_search_gives(catalog) -> None:
    """The search's checks read the phase's checks as they stood: none when the search ran with the estimate
    (estimate_plan(search=True)), all the others when the window or the command line ran it later. 10 virtual
    desktops on 2 L40S servers in China (the L40S is not sold there: a blocker) got the searched way out
    ('search.suggestion') only from the later search; a plan serving on MI325X got the search's CDNA3 warning beside
    its own from the one and not from the other."""
    project = Project(phases=[one_phase("rendering_vdi", None, "l40s", 2, seats=10)])
    project.phases[0].delivery.mode = "bare_metal"
    now = [c.id for c in estimate_plan(copy.deepcopy(project), catalog, search=True).phases[0].checks]
    later = [c.id for c in complete_search(estimate_plan(project, catalog), catalog).phases[0].checks]
    assert now == later and "compliance.part_unavailable" in now and "search.suggestion" in now, (now, later)

def test_the_vgpu_refusal_names_only_parts_the_catalog_gives_vgpu_profiles(catalog) -> None:
    """Refused virtual desktops on a part without vGPU profiles were told to choose 'L40S, L4 or RTX PRO 6000', and
    the catalog's RTX PRO 6000 Blackwell has no vGPU profile either (the same refusal, on the part it advised)."""
    from gpudesk.report.refusal_text import template

    phase = one_phase("rendering_vdi", None, "rtx-pro-6000-blackwell", 1, seats=10)
    phase.hardware.gpus_per_node = 4  # its one catalog server's slots (a node of 8 is refused first)
    with pytest.raises(PlanInputError) as refused:
        estimate_plan(Project(phases=[phase]), catalog)
    named = re.search(r"such as (.+)$", str(refused.value)).group(1).replace(" or ", ", ").split(", ")
    rows = {a.name: a for a in catalog.accelerators()}
    for part in named:
        row = next(r for name, r in rows.items() if part in name)
        assert row.vgpu_profiles_gb, (part, row.id)
    zh = template("input.no_vgpu_profile", "zh")
    assert all(part in zh for part in named), zh


def test_an_accelerator_to_compare_the_catalog_does_not_hold_is_refused_by_name(catalog) -> None:
    """A plan listing 'h100-smx' among the accelerators to compare was estimated and searched without it and without
    a word (every other catalog id of a plan is refused by name, with the nearest rows)."""
    phase = one_phase("finetune_lora", "llama-3.1-8b", "h100-sxm", 1, train_tokens=1e8)
    phase.hardware.candidates = ["h100-sxm", "h100-smx"]
    with pytest.raises(PlanInputError) as refused:
        estimate_plan(Project(phases=[phase]), catalog)
    assert str(refused.value).startswith("phases[0].hardware.candidates[1]: no row 'h100-smx' in catalog table "
                                         "accelerators; did you mean h100-sxm"), str(refused.value)
    zh = error_text(refused.value, "zh", describe_path)
    assert "h100-smx" in zh and "NVIDIA H100 SXM" in zh and not IDENTIFIER.search(zh.replace("h100-smx", "")), zh


def test_a_workload_without_a_type_is_asked_for_its_type_not_told_its_model_cannot_pretrain(catalog) -> None:
    """A plan file whose YOLOv8-L workload gave no 'kind' was refused with 'phases[0].workloads[0].model_id: YOLOv8-L
    (640 px) is a vision model; LLM training needs a transformer language model': the LLM pre-training it named was
    gpudesk's default for the missing type, not the user's choice. The refusal now names the type as missing."""
    from gpudesk.project.io import loads_project

    raw = {"schema_version": 5, "phases": [{"workloads": [{"model_id": "yolov8-l", "dataset_items": 2e5}]}]}
    project = loads_project(json.dumps(raw).encode()).project
    with pytest.raises(PlanInputError) as refused:
        estimate_plan(project, catalog)
    assert str(refused.value).startswith("phases[0].workloads[0].kind: the workload states no type, so gpudesk took "
                                         "LLM pre-training, the default"), str(refused.value)
    zh = error_text(refused.value, "zh", describe_path)
    assert "没有写明类型" in zh and "YOLOv8-L" in zh and not IDENTIFIER.search(NAMES.sub("", zh)), zh
    project.phases[0].workloads[0].assumed_inputs = []  # stated as pre-training: the model is what is wrong
    with pytest.raises(PlanInputError, match=r"workloads\[0\]\.model_id: YOLOv8-L .* is a vision model"):
        estimate_plan(project, catalog)


def test_more_gpus_per_node_than_the_server_holds_is_refused_by_name(catalog) -> None:
    """A node is one server. 36 GPUs per node on the catalog's 8-GPU RTX 4090 server read 4 nodes of 36 GPUs in 18
    servers of 8, its host cores and pinned memory per 8-GPU server beside the 36-GPU node; the default 8 GPUs per
    node on the RTX PRO 6000, whose one catalog server holds 4, read 2 nodes in 4 servers (fuzz-26). Refused, naming
    the field and the slots, in both languages; at the server's own count the surfaces agree."""
    from reconcile_checks import check_phase_surfaces

    phase = one_phase("llm_inference", "llama-3.1-8b", "rtx-pro-6000-blackwell", 2, requests_per_day=2e5)
    with pytest.raises(PlanInputError) as refused:
        estimate_plan(Project(phases=[phase]), catalog)
    assert str(refused.value).startswith("phases[0].hardware.gpus_per_node: 8 GPUs per node, but no NVIDIA RTX PRO "
                                         "6000"), str(refused.value)
    assert "set GPUs per node to 4 or fewer" in str(refused.value)
    zh = error_text(refused.value, "zh", describe_path)
    assert "每节点 8 卡" in zh and "设为 4 或更少" in zh and not IDENTIFIER.search(NAMES.sub("", zh)), zh
    assert "通用 4 卡" in zh and "Generic" not in zh, zh  # the generic chassis in the reader's words
    phase.hardware.gpus_per_node = 4
    plan = estimate_plan(Project(phases=[phase]), catalog, search=True)
    assert (plan.phases[0].config.gpus, plan.phases[0].config.nodes, plan.phases[0].config.servers) == (8, 2, 2)
    check_phase_surfaces(plan)
    chosen = one_phase("pretrain", "llama-3.1-8b", "rtx-4090", 4, train_tokens=1e9)  # the plan names its server
    chosen.hardware.server_id, chosen.hardware.gpus_per_node = "pcie-8x-rtx-4090", 36
    with pytest.raises(PlanInputError) as refused:
        estimate_plan(Project(phases=[chosen]), catalog)
    assert str(refused.value).startswith("phases[0].hardware.gpus_per_node: 36 GPUs per node, but ") and \
        "holds 8" in str(refused.value), str(refused.value)
    zh = error_text(refused.value, "zh", describe_path)
    assert "每节点 36 卡" in zh and "只能装 8 卡" in zh, zh


def test_pinning_a_part_whose_server_holds_fewer_gpus_brings_the_node_down(catalog) -> None:
    """Pinning the search's RTX PRO 6000 at the default 8 GPUs per node left a plan refused for more GPUs per node than
    its 4-slot server holds: the pin sets the node to the server's slots in the same edit."""
    from gpudesk.results.pinning import pin_assignments
    from gpudesk.session.document import ProjectDocument

    phase = one_phase("llm_inference", "llama-3.1-8b", "h100-sxm", 0, requests_per_day=2e5)
    phase.hardware.candidates = ["h100-sxm", "rtx-pro-6000-blackwell"]
    document = ProjectDocument(Project(phases=[phase]))
    changes = pin_assignments(catalog, phase, 0, "rtx-pro-6000-blackwell")
    assert ("phases[0].hardware.gpus_per_node", 4) in changes, changes
    document.apply("Pin", changes)
    assert estimate_plan(document.project, catalog).phases[0].config.gpus_per_node == 4
    assert not [p for p, _v in pin_assignments(catalog, phase, 0, "h100-sxm") if p.endswith("gpus_per_node")]


def test_an_empty_catalog_id_is_asked_for_not_looked_up(catalog) -> None:
    """A plan file whose model (or accelerator) id was empty read "no row '' in catalog table models", in Chinese
    "目录的模型表中没有 ''" (fuzz-26): it says the field names no row and asks for one."""
    from gpudesk.project.io import loads_project

    for path, where in (("model_id", "workloads[0].model_id"), ("accelerator_id", "hardware.accelerator_id")):
        phase = {"workloads": [{"kind": "llm_inference", "model_id": "llama-3.1-8b", "requests_per_day": 1e4}],
                 "hardware": {"accelerator_id": "h100-sxm"}}
        (phase["workloads"][0] if path == "model_id" else phase["hardware"])[path] = ""
        project = loads_project(json.dumps({"schema_version": 5, "phases": [phase]}).encode()).project
        with pytest.raises(PlanInputError) as refused:
            estimate_plan(project, catalog)
        assert str(refused.value).startswith(f"phases[0].{where}: no row of catalog table ") and \
            "(the id is empty); choose one" in str(refused.value), str(refused.value)
        zh = error_text(refused.value, "zh", describe_path)
        assert "未指定" in zh and "''" not in zh and not IDENTIFIER.search(NAMES.sub("", zh)), zh


def test_a_server_for_another_accelerator_is_named_in_the_readers_words(catalog) -> None:
    """The refusal of a server that holds another part named both in English in the Chinese window ('NVIDIA GB200 NVL72
    rack 装的是 NVIDIA GB200 (per Blackwell GPU of a Grace Blackwell superchip)'): the parts now read as every other
    surface names them, the rows' Chinese names."""
    phase = one_phase("llm_inference", "llama-3.1-8b", "mi300x", 1, requests_per_day=1e4)
    phase.hardware.server_id = "gb200-nvl72"
    with pytest.raises(PlanInputError) as refused:
        estimate_plan(Project(phases=[phase]), catalog)
    assert str(refused.value).startswith("phases[0].hardware.server_id: NVIDIA GB200 NVL72 rack holds NVIDIA GB200")
    zh = error_text(refused.value, "zh", describe_path)
    assert "rack" not in zh and "per Blackwell GPU" not in zh and "GB200" in zh, zh


def test_a_phase_sized_beyond_any_cluster_says_so(catalog) -> None:
    """The gov sample at 10^10 requests a day in one busy hour was sized to 197,872,809 servers (1.58 billion GPUs)
    with no word that no such cluster exists (fuzz-26). A sized phase of more nodes than a plan may state (the bound
    of hardware.nodes, the largest cluster announced) is warned of, with the counts, in both languages."""
    from pathlib import Path

    from gpudesk.project.io import load_project
    from gpudesk.report.check_text import localise

    path = Path(__file__).resolve().parent.parent / "fuzz" / "regressions" / \
        "016-serving-at-ten-billion-requests-a-day.gpudesk"
    plan = estimate_plan(load_project(path).project, catalog)
    first, second = ({c.id: c for c in p.checks} for p in plan.phases)
    check = first["plan.beyond_any_cluster"]
    assert check.numbers == {"gpus": plan.phases[0].config.gpus, "nodes": plan.phases[0].config.nodes,
                             "most": 100_000.0}
    assert check.numbers["nodes"] > 100_000 and "1,582,982,468 GPUs" in check.message, check.message
    assert "plan.beyond_any_cluster" not in second  # the sample's own second phase: 308 GPUs
    title, message, _fix = localise(check, "zh")
    assert "超出任何集群" in title and "1,582,982,468 张 GPU" in message, message
