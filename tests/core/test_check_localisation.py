"""Every check the core emits has Chinese text, filled from the check's own numbers.

The check ids and the keys of their ``numbers`` are read from the source (AST over
``Check("<id>", ...)`` calls under gpudesk/core, gpudesk/results and gpudesk/calibration), so a new
check without a Chinese template, or a template naming a value its emitting site
does not record, fails here.
"""

from __future__ import annotations

import ast
import re
import string

import pytest
from check_sample_numbers import SAMPLE_NUMBERS
from check_sources import SOURCES, check_trees

from gpudesk.core.checks import Check
from gpudesk.report.check_text import MONEY_KEYS, check_templates, localise
from gpudesk.report.number_format import format_money

ZH_TEMPLATES = check_templates("zh")

CJK = re.compile(r"[\u4e00-\u9fff]")


def _dict_keys(node: ast.AST, scope: ast.AST) -> set[str]:
    """String keys of a dict literal, following ``**name`` and plain names to their assignment in ``scope``."""
    if isinstance(node, ast.Name):
        assigned = [n.value for n in ast.walk(scope) if isinstance(n, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == node.id for t in n.targets)]
        assert assigned, f"cannot resolve numbers variable {node.id!r}"
        return set().union(*(_dict_keys(v, scope) for v in assigned))
    assert isinstance(node, ast.Dict), f"numbers must be a dict literal or a name, not {ast.dump(node)[:60]}"
    keys: set[str] = set()
    for key, value in zip(node.keys, node.values):
        if key is None:
            keys |= _dict_keys(value, scope)
        else:
            assert isinstance(key, ast.Constant) and isinstance(key.value, str)
            keys.add(key.value)
    return keys


def emitted_checks() -> dict[str, set[str]]:
    """check id -> the keys its emitting sites put in ``numbers`` (intersection over sites)."""
    found: dict[str, set[str]] = {}
    for path, tree in check_trees():  # the modules that make checks, parsed once per process (tests/check_sources.py)
        for func in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
            for call in ast.walk(func):
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "Check"):
                    continue
                first = call.args[0] if call.args else None
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), f"{path}: Check id not a literal"
                numbers = call.args[7] if len(call.args) > 7 else next(
                    (k.value for k in call.keywords if k.arg == "numbers"), ast.Dict(keys=[], values=[]))
                keys = _dict_keys(numbers, func)
                found[first.value] = found[first.value] & keys if first.value in found else keys
    return found


EMITTED = emitted_checks()


def _fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


def test_the_source_scan_finds_the_checks() -> None:
    assert len(EMITTED) >= 30
    assert {"host.cpu_starves_gpus", "task.model_does_not_fit", "roadmap.fabric_cannot_grow",
            "calibration.util_below_throughput"} <= set(EMITTED)


@pytest.mark.parametrize("check_id", sorted(EMITTED))
def test_every_emitted_check_has_a_chinese_template_using_only_its_numbers(check_id: str) -> None:
    assert check_id in ZH_TEMPLATES, f"{check_id}: no Chinese entry in resources/i18n/checks_zh.toml"
    used = set().union(*(_fields(t) for t in ZH_TEMPLATES[check_id]))
    missing = used - EMITTED[check_id]
    assert not missing, f"{check_id}: template uses {sorted(missing)}, not in the emitting site's numbers"
    assert all(CJK.search(t) for t in ZH_TEMPLATES[check_id][:2])


@pytest.mark.parametrize("check_id", sorted(EMITTED))
def test_each_check_renders_in_chinese_with_realistic_numbers(check_id: str) -> None:
    numbers = SAMPLE_NUMBERS[check_id]
    assert set(numbers) == EMITTED[check_id], \
        "keep the sample (tests/core/check_sample_numbers.py) in step with the emitting site"
    check = Check(check_id, "warning", "host", "English title", "English message.", "English fix.", (), numbers)
    title, message, fix = localise(check, "zh")
    for text in (title, message, fix):
        assert text and "{" not in text and "English" not in text
    assert CJK.search(title) and CJK.search(message) and CJK.search(fix)
    for key, value in numbers.items():
        if key in MONEY_KEYS:  # an amount reads as Chinese money: 485 万元, ¥6.54, never "4,850,000 CNY"
            assert format_money(float(value), str(numbers["currency"]), "zh") in message, (key, message)
            assert f"{value:,.0f} {numbers['currency']}" not in message
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and 1e3 <= value < 1e12:
            assert f"{value:,.0f}" in message + fix or f"{value:,.1f}" in message + fix, (value, message)
    assert localise(check, "en") == ("English title", "English message.", "English fix.")


def test_delivery_modes_print_in_chinese() -> None:
    check = Check("delivery.regulated_data_public_cloud", "blocker", "delivery", "t", "m", "f", (),
                  {"mode": "cloud_on_demand", "cheapest_allowed": "bare_metal"})
    _title, message, fix = localise(check, "zh")
    assert "公有云按需" in message and "裸金属租用" in fix and "cloud_on_demand" not in message


def test_numbers_that_do_not_fit_fall_back_to_english() -> None:
    check = Check("host.ram_short", "blocker", "host", "Host RAM is too small", "needs more", "add RAM", (), {"ram_gb": 512})
    assert localise(check, "zh") == ("Host RAM is too small", "needs more", "add RAM")


def test_assumed_inputs_read_with_their_units_in_chinese() -> None:
    """The core records the inputs left at their defaults as data; the catalogue words them (no Chinese in the
    numbers), the check and the proposal's assumption alike."""
    from gpudesk.core.plan_input_checks import assumed_inputs
    from gpudesk.project.assumed import essentials
    from gpudesk.project.io import loads_project
    from gpudesk.report.check_text import assumed_listing
    from gpudesk.report.text_catalog import ReportText

    phase = loads_project(b'{"schema_version": 2}').project.phases[0]
    (note,), (check,) = assumed_inputs(phase)
    assert not any(CJK.search(str(v)) for v in check.numbers.values())
    _title, message, _fix = localise(check, "zh")
    for words in ("1. 大模型预训练：", "完成期限 = 30 天", "序列长度 = 4,096 token", "工作负载类型 = 大模型预训练"):
        assert words in message, (words, message)
    assert "pretrain" not in message and "Training" not in message
    assert assumed_listing(note.values["defaults"], "zh") in message
    english = assumed_listing(check.numbers["defaults"], "en")
    assert "1. LLM pre-training: Workload type = LLM pre-training; " in english and "Deadline = 30 days" in english
    for unit in {e.unit for e in essentials()} - {""}:  # every declared unit has its Chinese name
        assert CJK.search(ReportText("zh").choice("unit", unit)) or unit.startswith("token"), unit



def test_check_numbers_hold_no_chinese() -> None:
    """The core records codes and numbers; the words of every language but the check's own English come from the
    catalogue, so no emitting site stores a ``<name>_zh`` value."""
    stored = [f"{path.name}: {node.value}" for path in SOURCES for node in ast.walk(ast.parse(path.read_text("utf-8")))
              if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"\w+_zh", node.value)]
    assert not stored


@pytest.mark.parametrize(("payback", "month", "words"), [("month", 19.0, "要到第 19 个月才"), ("never", -1, "按月计始终不能")])
def test_a_code_in_the_numbers_is_worded_from_the_catalogue(payback: str, month: float, words: str) -> None:
    """The payback of owned servers is a code plus a month; the catalogue words both (no Chinese in the numbers)."""
    check = Check("roadmap.retired_before_payback", "warning", "delivery", "t", "m", "f", (),
                  {"months": 6, "payback_month": month, "payback": payback, "phase": "试点", "next_phase": "生产"})
    _title, message, _fix = localise(check, "zh")
    assert words + "与按需租用的成本持平" in message
    assert not any(isinstance(v, str) and re.search(r"[\u4e00-\u9fff]", v) for k, v in check.numbers.items()
                   if k not in ("phase", "next_phase"))


def test_unknown_host_ram_is_left_out_of_the_chinese_text_not_printed_as_nan():
    numbers = {"cores_needed": 8.0, "ram_needed_gb": float("nan"), "need": "cores"}
    message = localise(Check("host.server_spec_unknown", "info", "host", "t", "m", "f", (), numbers), "zh")[1]
    assert "nan" not in message and message.endswith("8 个 CPU 核。")


@pytest.mark.parametrize(("cores", "ram", "en", "zh"), [
    (float("nan"), float("nan"), "cannot run.", "CPU 供数能力。"),
    (float("nan"), 64.0, "at least 64 GB of host RAM per server.", "至少需要 64 GB 主机内存。"),
    (12.0, 64.0, "at least 12 CPU cores and 64 GB of host RAM per server.", "12 个 CPU 核和 64 GB 主机内存。"),
])
def test_unknown_cpu_cores_are_left_out_in_both_languages_not_printed_as_nan(cores, ram, en, zh) -> None:
    """A generated plan of virtual desktops on L40S read 'The plan needs at least nan CPU cores per server.' in its
    proposal's risks: the CPU demand was unknown. Each need is named only when it is known, in both languages."""
    from gpudesk.core.explain import FigureSet
    from gpudesk.core.host import host_checks

    fs = FigureSet()
    fs.input("host.gpu_feed_fraction", float("nan"), "", "feed")
    fs.input("host.cores_needed", cores, "cores", "cores")
    fs.input("host.ram_needed", ram * 1e9, "B", "ram")
    fs.input("host.ram_headroom", float("nan"), "B", "headroom")
    check = next(c for c in host_checks(fs) if c.id == "host.server_spec_unknown")
    assert check.message.endswith(en) and "nan" not in check.message, check.message
    message = localise(check, "zh")[1]
    assert message.endswith(zh) and "nan" not in message, message


def test_a_partly_populated_generic_chassis_is_named_in_chinese() -> None:
    """The check names the generic chassis as the status bar does ("通用 8 卡 … 服务器"), not its English row name."""
    numbers = SAMPLE_NUMBERS["hardware.server_partly_populated"]
    check = Check("hardware.server_partly_populated", "info", "gpu", "t", "m", "f", (), numbers)
    _title, message, _fix = localise(check, "zh")
    assert "通用 8 卡 NVIDIA GeForce RTX 4090 24GB 服务器" in message and "Generic" not in message, message


def test_assumed_model_is_named_not_given_by_its_catalog_id() -> None:
    """A plan that leaves the model at its default names it as the catalog does ("Llama 3.1 8B"), in the check's
    English and in every language the catalogue words it in; the window showed "Model = llama-3.1-8b" before."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.project.io import loads_project
    from gpudesk.report.check_text import assumed_listing
    from gpudesk.results.pipeline import estimate_phase

    catalog = Catalog.open(user_db=None)
    project = loads_project(b'{"schema_version": 2}').project
    estimate = estimate_phase(project, 0, catalog)
    name = catalog.row_name("models", project.phases[0].workloads[0].model_id)
    assert name != project.phases[0].workloads[0].model_id
    check = next(c for c in estimate.checks if c.id == "plan.assumed_inputs")
    assert f"= {name}" in check.message and "llama-3.1-8b" not in check.message
    for lang in ("en", "zh"):
        listing = assumed_listing(check.numbers["defaults"], lang)
        assert name in listing and "llama-3.1-8b" not in listing, listing


def test_offer_mismatch_names_both_accelerators_not_their_ids() -> None:
    """A cloud offer with another accelerator than the phase's names both parts as the catalog does, and the fix
    names the step's field, not the plan path ("phases[0].delivery.cloud_offer_id") it showed before."""
    from gpudesk.catalog.store import Catalog
    from gpudesk.paths import samples_dir
    from gpudesk.project.io import load_project
    from gpudesk.results.pipeline import estimate_phase

    catalog = Catalog.open(user_db=None)
    project = load_project(samples_dir() / "startup-inspection.gpudesk").project
    phase = project.phases[0]
    offer = next(o for o in catalog.rows("cloud_offers") if o.gpus > 0 and o.accelerator_id
                 and o.accelerator_id != phase.hardware.accelerator_id)
    phase.delivery.mode, phase.delivery.cloud_offer_id = "cloud_on_demand", offer.id
    check = next(c for c in estimate_phase(project, 0, catalog).checks if c.id == "delivery.offer_mismatch")
    carried = catalog.accelerator(offer.accelerator_id).name
    assert carried in check.message and f" {offer.accelerator_id}," not in check.message
    assert "phases[" not in check.fix and "cloud_offer_id" not in check.fix
    for lang in ("en", "zh"):
        _title, message, fix = localise(check, lang)
        assert carried in message and offer.accelerator_id not in message.replace(carried, ""), message


@pytest.mark.parametrize(("level", "said"), [("unknown", "目录未记录"), ("vendor", "经厂商插件或分支支持")])
def test_the_ecosystem_check_says_what_the_catalog_records(level: str, said: str):
    """The gov sample's Cambricon card read '目录记录其大模型推理服务的框架支持为目录未记录' (the catalog records its
    support as: the catalog does not record it, walk-25): the level is named once, after what it describes."""
    check = Check("pitfall.software_ecosystem", "info", "gpu", "t", "m", "f", (),
                  {"accelerator": "Cambricon MLU370-X8 48GB", "stack": "Neuware", "group": "LLM serving",
                   "level": level, "supported": "Cambricon NeuWare (CNNL, CNCL)", "source": ""})
    _title, message, _fix = localise(check, "zh")
    assert f"大模型推理服务的框架支持为{said}" in message, message
    assert "目录记录" not in message and "（）" not in message, message


def test_the_unvalidated_family_is_named_by_its_card_not_its_code():
    """The gov sample's checks read 'gpudesk 没有 cambricon-mlu（Cambricon MLU370-X8 48GB）的公开效率实测' (walk-25): the
    family's catalog code in front of the customer. The Chinese names the card and its family in words."""
    check = Check("accuracy.family_not_validated", "info", "task", "t", "m", "f", (),
                  {"family": "cambricon-mlu", "accelerator": "Cambricon MLU370-X8 48GB"})
    _title, message, _fix = localise(check, "zh")
    assert "Cambricon MLU370-X8 48GB 所属硬件系列" in message and "cambricon-mlu" not in message, message


def test_the_public_cloud_filing_check_names_the_delivery_mode_as_a_mode():
    """The bank sample's pilot read '运行在公有云按需上' (runs on 'public cloud, on demand'), a mode's name as a place
    (walk-25); it reads '部署方式为公有云按需'."""
    check = Check("compliance.mlps_public_cloud", "warning", "task", "t", "m", "f", (),
                  {"level": 3, "mode": "cloud_on_demand"})
    _title, message, _fix = localise(check, "zh")
    assert "部署方式为公有云按需；" in message and "按需上" not in message, message
