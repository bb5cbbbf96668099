"""No catalog id and no plan path in front of a user (issue 21): every check of every sample and of a few edge plans
(a precision the accelerator lacks, a domestic part, a CPU-only cloud offer, a mismatched GPU offer, compared
candidates) names catalog rows by their names and fields by words, in English and in Chinese. A row id
("a100-sxm-80gb", "aws-m7i-xlarge") or "phases[0]…" in a check's title, message or fix fails here."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.core.checks import Check
from gpudesk.paths import samples_dir
from gpudesk.project import model
from gpudesk.project.model import Project
from gpudesk.report.check_text import localise
from gpudesk.results.pipeline import estimate_plan

SAMPLES = sorted(p.stem for p in samples_dir().glob("*.gpudesk"))


def catalog_ids(value: object, found: set[str]) -> set[str]:
    """The catalog row ids a plan names (fields declaring ``catalog`` or ``item_catalog``)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for spec in dataclasses.fields(value):
            held = getattr(value, spec.name)
            if spec.metadata.get("catalog") and isinstance(held, str) and held:
                found.add(held)
            elif spec.metadata.get("item_catalog") and isinstance(held, list):
                found.update(str(item) for item in held if item)
            else:
                catalog_ids(held, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            catalog_ids(item, found)
    return found


def _plan_fields() -> set[str]:
    """The plan's field names that read as code (``gpu_price_override``, ``cloud_offer_id``)."""
    found: set[str] = set()
    for value in vars(model).values():
        if dataclasses.is_dataclass(value) and isinstance(value, type):
            found |= {spec.name for spec in dataclasses.fields(value) if "_" in spec.name}
    return found


FIELD_PATH = re.compile(r"(?<![\w/])[a-z_]+(?:\[\d+\])?\.(?:[a-z_]+\.)*(?:"
                        + "|".join(sorted(_plan_fields())) + r")\b")
"""A plan path ("costs.gpu_price_override", "phases[0].delivery.cloud_offer_id"): a field is named by its step's
label."""


def codes_in(check: Check, ids: set[str]) -> list[str]:
    """``check``'s texts, in English and Chinese, that show a row id or a plan path."""
    shown = []
    for lang in ("en", "zh"):
        for text in (check.title, check.message, check.fix) if lang == "en" else localise(check, "zh"):
            codes = [i for i in ids if re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text)]
            codes += [m.group(0) for m in FIELD_PATH.finditer(text)] + (["phases["] if "phases[" in text else [])
            if codes:
                shown.append(f"{check.id} ({lang}) shows {codes}: {text}")
    return shown


def shown_codes(plan, project: Project) -> list[str]:
    """Every check text of ``plan`` that shows a row id of ``project`` or of its sized configuration."""
    ids = catalog_ids(project, set())
    for phase in plan.phases:
        ids |= {i for i in (phase.config.accelerator_id, phase.config.server_id) if i}
    return [line for check in plan.all_checks() for line in codes_in(check, ids)]


@pytest.mark.parametrize("stem", SAMPLES)
def test_sample_checks_name_rows_not_ids(stem: str, searched_sample) -> None:
    plan, project = searched_sample(stem)
    assert not shown_codes(plan, project)


def _fp8_on_a100(p: Project, _c: Catalog) -> None:
    p.phases[0].hardware.accelerator_id, p.phases[0].workloads[0].compute_dtype = "a100-sxm-80gb", "fp8"


def _domestic(p: Project, _c: Catalog) -> None:
    p.phases[0].hardware.accelerator_id = "ascend-910b"
    p.phases[0].hardware.candidates = ["ascend-910b", "h20", "a800-sxm-80gb"]


def _cpu_offer(p: Project, c: Catalog) -> None:
    p.phases[0].delivery.mode = "cloud_on_demand"
    p.phases[0].delivery.cloud_offer_id = next(o.id for o in c.rows("cloud_offers") if o.gpus <= 0)


def _other_gpu_offer(p: Project, c: Catalog) -> None:
    p.phases[0].delivery.mode = "cloud_on_demand"
    p.phases[0].delivery.cloud_offer_id = next(o.id for o in c.rows("cloud_offers") if o.gpus > 0
                                               and o.accelerator_id and o.accelerator_id != "h100-sxm")


EDGES: dict[str, Callable[[Project, Catalog], None]] = {
    "fp8-on-a100": _fp8_on_a100, "domestic-candidates": _domestic, "cpu-offer": _cpu_offer,
    "other-gpu-offer": _other_gpu_offer,
}


@pytest.mark.parametrize("edge", list(EDGES))
def test_edge_plan_checks_name_rows_not_ids(edge: str, catalog: Catalog) -> None:
    project = copy.deepcopy(Project())
    project.phases[0].workloads[0].train_tokens = 1e9  # the smallest plan that still raises the edge's checks
    EDGES[edge](project, catalog)
    assert not shown_codes(estimate_plan(project, catalog, search=True), project)


@pytest.fixture(scope="module")
def catalog():
    opened = Catalog.open(user_db=None)
    yield opened
    opened.close()


def _rents(region: str, offer_id: str) -> Callable[[Project, Catalog], None]:
    def edit(p: Project, c: Catalog) -> None:
        offer = c.row("cloud_offers", offer_id)
        p.phases[0].facility.region, p.phases[0].delivery.mode = region, "cloud_on_demand"
        p.phases[0].delivery.cloud_offer_id, p.phases[0].hardware.accelerator_id = offer_id, offer.accelerator_id
    return edit


RENTING: dict[str, Callable[[Project, Catalog], None]] = {
    "us-plan-rents-aws-china": _rents("us", "awscn-zhy-p4d-24xlarge"),  # compliance.offer_outside_market
    "cn-plan-rents-alibaba": _rents("cn", "aliyun-gn8v-2x-8xlarge"),
    "cn-plan-rents-huawei": _rents("cn", "huaweicloud-ascend-910b-8"),  # 昇腾 910B 8 卡规格
    "us-plan-rents-market-rate": _rents("us", "market-h100-sxm"),  # H100 SXM（按卡计，典型价）
    "cpu-offer-in-cn": lambda p, c: (_rents("cn", "aliyun-gn8v-2x-8xlarge")(p, c),
                                     setattr(p.phases[0].delivery, "cloud_offer_id", "aliyun-eci-2c4g")),
}


@pytest.mark.parametrize("edge", list(RENTING))
def test_chinese_texts_name_cloud_providers_in_chinese(edge: str, catalog: Catalog) -> None:
    """A provider or an instance the catalog words in Chinese (AWS 中国（宁夏区域，西云数据运营）, 阿里云, "H100 SXM
    （按卡计，典型价）") reads so in every Chinese check, ledger line, ranking reason and assumption, never "rents AWS
    China (Ningxia, operated by NWCD) p4d…" or "B200 (per GPU, typical)"."""
    from gpudesk.catalog.sources import chinese_texts
    from gpudesk.report import ledger_text
    from gpudesk.report.assumption_text import assumption_text
    from gpudesk.report.check_text import reasons_in
    from gpudesk.report.text_catalog import ReportText

    words = chinese_texts()
    english = {en for en, zh in [*words.providers.values(), *words.instances.values()] if zh and zh != en}
    project = copy.deepcopy(Project())
    project.phases[0].workloads[0].train_tokens = 1e9
    RENTING[edge](project, catalog)
    plan = estimate_plan(project, catalog, search=True)
    text = ReportText("zh")
    shown = [s for phase in plan.phases for s in (
        [part for check in phase.checks for part in localise(check, "zh")]
        + [f"{ledger_text.item(line, text)} {ledger_text.detail(line, text)}" for line in phase.ledger.lines]
        + [r for cand in phase.candidates for r in reasons_in(cand, "zh")]
        + [assumption_text(a, "zh") for a in phase.assumptions])]
    assert any("云" in s for s in shown)  # the plan does rent: the texts below name its offers
    assert [s for s in shown if any(e in s for e in english)] == []
    assert [s for s in shown if re.search(r"[(（](?:global|cn|us)[)）]", s)] == []  # a market code as its name: （全球）
