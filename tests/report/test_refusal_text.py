"""Why a plan is refused, in Chinese: every refusal kind (gpudesk/refusals/) has its Chinese wording, and every
refusal a hostile plan file draws, worded in Chinese, reads as Chinese with no plan path or code in it.

The sweep builds plan files that break each rule the reader enforces (bytes, JSON, layout, version, every field of
a plan with a wrong type, an out-of-range number, an over-long text, an unknown choice, an unknown key) and words
every problem they raise the way the window does (fields named by their form's label)."""

from __future__ import annotations

import json
import re
import string
from typing import Any

import pytest

from gpudesk.paths import resource_path
from gpudesk.project.errors import ProjectFileError, ProjectValidationError
from gpudesk.project.io import load_project, loads_project, read_limited
from gpudesk.project.model import SCHEMA_VERSION, Project
from gpudesk.project.schema import project_to_dict
from gpudesk.refusals import ENGLISH, MORE_VALUES, Refusal, reason_of, refusal
from gpudesk.report.refusal_text import error_text, refusal_text
from gpudesk.text_catalogues import catalogue, flatten
from gpudesk.wizard.fields import describe_path

SAMPLES = resource_path("samples")

CJK = re.compile(r"[\u3400-\u9fff]")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*(?:\[\d+\])?\.[A-Za-z_]\w*")
"""A plan path or a dotted code (``phases[0].hardware``, ``workload.seq_len``): never in front of a user."""
NAMES = re.compile(r"torch\.compile|'[^']*'|\"[^\"]*\"")
"""What may stand dotted: a product's own name a label quotes, and the file's own text, quoted as it was written."""
LOOKUP_TABLES = ("os_error", "json_parser", "table")
NAME = "此文件"  # the file's name as a message shows it (a path with dots would read as a dotted identifier)


def zh_catalogue() -> dict[str, str]:
    data = catalogue("refusals", "zh")
    return flatten({k: v for k, v in data.items() if k not in LOOKUP_TABLES})


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_refusal_kind_has_chinese_words_for_its_values():
    zh = zh_catalogue()
    kinds = [key for key in ENGLISH if not (key.endswith("_one") and key[:-4] in ENGLISH)]
    assert not [k for k in kinds if k not in zh], "refusal kinds without Chinese (resources/i18n/refusals_zh.toml)"
    assert not set(zh) - set(ENGLISH), "Chinese for refusals gpudesk/refusals/ does not declare"
    for key in kinds:
        known = fields(ENGLISH[key]) | set(MORE_VALUES.get(key, ()))
        assert fields(zh[key]) <= known, f"{key}: the Chinese names a value the refusal lacks"
        words = re.sub(r"\{[^{}]*\}", "", zh[key])
        assert CJK.search(words) or not re.search(r"[A-Za-z]", words), key


def test_every_kind_is_worded_in_chinese_with_its_field_named():
    for key, english in ENGLISH.items():
        if key.endswith("_one"):
            continue
        values: dict[str, Any] = {name: 3 for name in fields(english) | set(MORE_VALUES.get(key, ()))}
        if "field" in values:
            values["field"] = "phases[0].hardware.server_id"
        shown = refusal_text(Refusal(key, values), "zh", describe_path)
        assert "server_id" not in shown and "{" not in shown, (key, shown)
        assert refusal_text(Refusal(key, values), "en") == Refusal(key, values).english()


def test_an_undeclared_refusal_fails_where_it_is_raised():
    with pytest.raises(KeyError):
        refusal("plan.no_such_kind")


def _plan(**top: Any) -> dict[str, Any]:
    data = project_to_dict(Project())
    data["schema_version"] = SCHEMA_VERSION
    data.update(top)
    return data


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict):
        return [leaf for key, value in node.items() for leaf in _leaves(value, path + (key,))]
    if isinstance(node, list):
        return [leaf for i, value in enumerate(node) for leaf in _leaves(value, path + (i,))]
    return [(path, node)]


def _every_leaf(mutate: Any) -> bytes:
    """A plan with every field replaced by what ``mutate`` makes of it (None: kept)."""
    data = _plan()
    for path, value in _leaves(data):
        if path == ("schema_version",):
            continue
        changed = mutate(value)
        if changed is not None:
            holder = data
            for part in path[:-1]:
                holder = holder[part]
            holder[path[-1]] = changed
    return json.dumps(data).encode()


def _with_unknown_keys() -> bytes:
    data = _plan()
    stack: list[Any] = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
            node["gpu_countt"] = 1  # a typo of a field name
            node["zz_extra"] = {"a": 1}
        elif isinstance(node, list):
            stack.extend(node)
    return json.dumps(data).encode()


HOSTILE_FILES: dict[str, bytes] = {
    "not utf-8": b'{"a": "\xff"}',
    "bom then bad utf-8": b"\xef\xbb\xbf\xc3\x28",
    "empty": b"",
    "missing colon": b'{"a" 1}',
    "missing comma": b'{"a": 1 "b": 2}',
    "unquoted key": b"{a: 1}",
    "unterminated text": b'{"a": "abc',
    "control character": b'{"a": "x\x01"}',
    "bad escape": b'{"a": "\\q"}',
    "bad unicode escape": b'{"a": "\\u12"}',
    "extra data": b"{} {}",
    "NaN": b'{"a": NaN}',
    "Infinity": b'{"a": -Infinity}',
    "duplicate key": b'{"a": 1, "a": 2}',
    "a 5000-digit number": b'{"a": ' + b"9" * 5000 + b"}",
    "too deep": b"[" * 70 + b"]" * 70,
    "too many items": json.dumps({"phases": list(range(200_000))}).encode(),
    "top-level list": b"[1, 2]",
    "top-level text": b'"plan"',
    "no version": b"{}",
    "version as text": b'{"schema_version": "5"}',
    "version zero": b'{"schema_version": 0}',
    "newer version": b'{"schema_version": 999}',
    "old format with problems": json.dumps({"schema_version": SCHEMA_VERSION - 1,
                                              "phases": [{"workloads": [{"seq_len": -5}]}]}).encode(),
    "phases not a list": json.dumps(_plan(phases={"a": 1})).encode(),
    "every field text": _every_leaf(lambda v: None if isinstance(v, str) else "x_y.z"),
    "every field a boolean": _every_leaf(lambda v: None if isinstance(v, bool) else True),
    "every field an object": _every_leaf(lambda v: {"k": 1}),
    "every field a list": _every_leaf(lambda v: [1, [2]]),
    "every field null": _every_leaf(lambda v: None if v is None else "__null__"),
    "every number too small": _every_leaf(lambda v: -1e30 if isinstance(v, (int, float)) and not isinstance(v, bool)
                                          else None),
    "every number too large": _every_leaf(lambda v: 1e300 if isinstance(v, (int, float)) and not isinstance(v, bool)
                                          else None),
    "every number a fraction": _every_leaf(lambda v: 2.5 if isinstance(v, int) and not isinstance(v, bool) else None),
    "every text too long": _every_leaf(lambda v: "长" * 200_001 if isinstance(v, str) else None),
    "every text unknown": _every_leaf(lambda v: "no_such.choice" if isinstance(v, str) else None),
    "unknown keys": _with_unknown_keys(),
}


def _refusals(error: BaseException) -> list[Refusal | str]:
    if isinstance(error, ProjectValidationError):
        return [reason for _path, reason in error.refusals]
    return [reason_of(error) or str(error)]


def test_every_refusal_of_a_hostile_plan_reads_as_chinese():
    kinds: set[str] = set()
    for case, raw in HOSTILE_FILES.items():
        raw = raw.replace(b'"__null__"', b"null")
        with pytest.raises((ProjectFileError, ProjectValidationError)) as caught:
            loads_project(raw, NAME)
        error = caught.value
        shown = error_text(error, "zh", describe_path)
        reasons = _refusals(error)
        assert all(isinstance(r, Refusal) for r in reasons), (case, "a reason with no key", reasons[:3])
        for reason in reasons:
            assert isinstance(reason, Refusal)
            kinds.add(reason.key)
            line = refusal_text(reason, "zh", describe_path)
            assert CJK.search(line), (case, line)
            assert not IDENTIFIER.search(NAMES.sub("", line)), (case, line)
        assert CJK.search(shown) and not IDENTIFIER.search(NAMES.sub("", shown)), (case, shown)
    reached = {k for k in kinds if k.startswith(("json.", "plan.", "field."))}
    assert len(reached) >= 20, sorted(reached)


def test_file_refusals_read_as_chinese_and_leave_the_file_untouched(tmp_path):
    big = tmp_path / "大"
    big.write_bytes(b"{}" + b" " * 100)
    before = big.read_bytes()
    from gpudesk.project.autosave import _read_envelope

    cases = [lambda: load_project(tmp_path / "不存在"), lambda: load_project(tmp_path),
             lambda: read_limited(big, limit=10), lambda: _read_envelope(big)]
    for attempt in cases:
        with pytest.raises(ProjectFileError) as caught:
            attempt()
        assert reason_of(caught.value) is not None
        shown = error_text(caught.value, "zh", describe_path)
        assert CJK.search(shown.replace(str(tmp_path), "")), shown
    assert big.read_bytes() == before


def _sample(name: str, phase: int) -> Project:
    project = load_project(SAMPLES / f"{name}.gpudesk").project
    project.phases = [project.phases[phase]]
    return project


def _set(name: str, phase: int, **paths: Any) -> Project:
    """A sample's phase alone, with ``paths`` (``hardware__server_id``: phases[0].hardware.server_id) changed."""
    project = _sample(name, phase)
    for dotted, value in paths.items():
        holder: Any = project.phases[0]
        parts = dotted.split("__")
        for part in parts[:-1]:
            holder = holder.workloads[int(part[1:])] if part.startswith("w") and part[1:].isdigit() else \
                getattr(holder, part)
        setattr(holder, parts[-1], value)
    return project


ESTIMATE_CASES: dict[str, Any] = {
    "accelerator typo": lambda: _set("bank-llm-assistant", 0, hardware__accelerator_id="a100-sxm-40gbb"),
    "unknown server": lambda: _set("bank-llm-assistant", 1, hardware__server_id="no-such-server"),
    "server of another accelerator": lambda: _set("bank-llm-assistant", 1, hardware__server_id="hgx-a100-8"),
    "unknown storage": lambda: _set("bank-llm-assistant", 1, storage__option_id="no-such-storage"),
    "model typo": lambda: _set("bank-llm-assistant", 1, w0__model_id="qwen2.5-72"),
    "unknown cloud offer": lambda: _set("bank-llm-assistant", 0, delivery__cloud_offer_id="no-such-offer"),
    "no facility default": lambda: _set("bank-llm-assistant", 1, facility__region="cn-shanghai",
                                        facility__electricity_per_kwh=0.0),
    "prompt beyond the context": lambda: _set("bank-llm-assistant", 1, w0__prompt_tokens=131_072),
    "output beyond the context": lambda: _set("bank-llm-assistant", 1, w0__prompt_tokens=131_000,
                                              w0__output_tokens=4_000),
    "fine-tuning beyond the context": lambda: _set("bank-llm-assistant", 0, w0__seq_len=200_000),
    "custom model with problems": lambda: _set("bank-llm-assistant", 1, w0__custom_model={
        "params_total": "many", "layerz": 3, "hidden": True}),
    "no workload": lambda: _set("bank-llm-assistant", 1, workloads=[]),
    "training a recommender": lambda: _set("bank-llm-assistant", 0, w0__model_id="dlrm-dcnv2"),
    "vision training without images": lambda: _set("startup-inspection", 0, w0__dataset_items=0,
                                                   w0__items_per_day=0),
    "serving replica beyond the nodes": lambda: _set("bank-llm-assistant", 1, hardware__nodes=1,
                                                     hardware__gpus_per_node=1),
    "vision dp against the nodes": lambda: _set("startup-inspection", 0, w0__parallel__dp=3),
    "no phase": lambda: Project(phases=[]),
}


def test_every_reason_an_estimate_is_refused_reads_as_chinese():
    from gpudesk.catalog.store import Catalog
    from gpudesk.results.pipeline import PlanInputError, estimate_plan

    catalog = Catalog.open()
    kinds: set[str] = set()
    for case, build in ESTIMATE_CASES.items():
        project = build()
        with pytest.raises(PlanInputError) as caught:
            estimate_plan(project, catalog, layout=False, defer_roadmap=True, defer_costs=True)
        reason = reason_of(caught.value)
        assert reason is not None, (case, str(caught.value))
        kinds.add(reason.key)
        shown = error_text(caught.value, "zh", describe_path)
        assert CJK.search(shown) and not IDENTIFIER.search(NAMES.sub("", shown)), (case, shown)
        assert not re.search(r"[a-z]{4,} [a-z]{4,}", NAMES.sub("", shown)), (case, shown)  # no English sentence
        assert error_text(caught.value, "en") == str(caught.value)  # the CLI's English, as before
    assert len(kinds) >= 10, sorted(kinds)


def test_the_report_command_says_why_in_chinese_when_asked_for_chinese():
    from gpudesk.cli.errors import one_line as _one_line

    with pytest.raises(ProjectValidationError) as caught:
        loads_project(json.dumps(_plan(phases=[{"workloads": [{"seq_len": -5}]}, {"start_month": "x"}])).encode())
    assert _one_line(caught.value, "zh") == ("阶段 1 · 负载 1 · 序列长度：-5 低于最小值 1（token）；允许 1 … 1,000 万"
                                             "（已发布模型最长上下文为 1000 万 token；已知模型时按该模型自身上下文检查）（另有 1 处问题）")
    assert _one_line(caught.value).startswith("phases[0].workloads[0].seq_len: -5 is below the minimum 1 (tokens)")
    assert _one_line(caught.value).endswith(" (and 1 more)")  # the English a script reads, as before


def test_catalog_rows_saved_in_a_plan_are_refused_in_chinese():
    from gpudesk.catalog.errors import CatalogError
    from gpudesk.catalog.pinned import record_from_snapshot

    for key, row in (("gpus/x", {}), ("models/x", "text"), ("models/x", {"params_total": "many", "layerz": 1})):
        with pytest.raises(CatalogError) as caught:
            record_from_snapshot(key, row)
        assert reason_of(caught.value) is not None
        shown = error_text(caught.value, "zh", describe_path)
        assert CJK.search(shown) and not IDENTIFIER.search(NAMES.sub("", shown)) and "invalid" not in shown, shown


def test_a_field_is_named_by_its_label_its_choices_and_range_reason_in_chinese():
    plan = _plan(phases=[{"hardware": {"gpu_countt": 1}, "facility": {"cooling": "water"},
                          "workloads": [{"kindd": "x", "seq_len": -5}]}])
    with pytest.raises(ProjectValidationError) as caught:
        loads_project(json.dumps(plan).encode())
    shown = error_text(caught.value, "zh", describe_path)
    assert "阶段 1 · 硬件 · “gpu_countt”：未知字段" in shown  # the key as the file wrote it, under its group
    assert "是否应为“工作负载类型”" in shown and "'kind'" not in shown  # the field meant, by its label
    assert "（可选：风冷、液冷、风液混合）" in shown  # the choices by their names, not air/liquid/hybrid
    assert "（已发布模型最长上下文为 1000 万 token" in shown  # the range's reason, in Chinese
    assert "Phase 1 · Hardware · 'gpu_countt': unknown field" in error_text(caught.value, "en", describe_path)
    assert error_text(caught.value, "en") == str(caught.value)


def test_a_custom_models_keys_are_named_by_the_catalogs_field_names_in_chinese():
    from gpudesk.catalog.store import Catalog
    from gpudesk.results.pipeline import PlanInputError, estimate_plan

    project = _set("bank-llm-assistant", 1, w0__custom_model={"params_total": "many", "hidden": True, "layerz": 3})
    with pytest.raises(PlanInputError) as caught:
        estimate_plan(project, Catalog.open(), layout=False, defer_roadmap=True, defer_costs=True)
    shown = error_text(caught.value, "zh", describe_path)
    assert "参数量：" in shown and "隐藏维度：" in shown and "“layerz”：未知字段" in shown, shown
    assert not re.search(r"params_total|hidden|kind", shown), shown
    assert describe_path("phases[0].workloads[0].custom_model.n_kv_heads", "zh").endswith("自定义模型 · KV 头数")


def test_a_fields_bounds_read_as_the_reader_counts_never_as_plain_digits():
    """A plan file's out-of-range value was refused with its bounds in plain digits and the unit's code in both
    languages: '2e+18 高于最大值 1e+15（token）', '200000000000 高于最大值 10000000（currency/卡）；允许 0 … 10000000'. The
    bounds are stated exactly, grouped, and in Chinese in 万 / 亿 / 万亿 where they are whole in it."""
    from gpudesk.report.refusal_text import problem_lines

    plan = _plan(phases=[{"workloads": [{"train_tokens": 2e15}],
                          "costs": {"gpu_price_override": 2e11, "installation_per_server": -7}}])
    with pytest.raises(ProjectValidationError) as caught:
        loads_project(json.dumps(plan).encode())
    zh, en = (" / ".join(problem_lines(caught.value, lang)) for lang in ("zh", "en"))
    assert "2,000 万亿高于最大值 1,000 万亿（token）；允许 0 … 1,000 万亿" in zh, zh
    assert "2,000 亿高于最大值 1,000 万（方案币种/卡）；允许 0 … 1,000 万" in zh, zh
    assert "-7 低于最小值 -1（方案币种/台）；允许 -1 … 1,000 万" in zh, zh
    assert "2,000,000,000,000,000 is above the maximum 1,000,000,000,000,000 (tokens); allowed 0 … " \
           "1,000,000,000,000,000" in en, en
    assert not re.search(r"\d{5}|e\+|currency", zh), zh  # no ungrouped digits, no exponent, no unit code


def test_a_bound_whose_unit_chinese_leaves_unsaid_has_no_empty_brackets():
    """A serving memory share of 1.2 was refused as '1.2 高于最大值 0.99（）': the unit 'fraction' reads as nothing in
    Chinese and its brackets stayed, empty. English keeps '(fraction)'."""
    from gpudesk.report.refusal_text import problem_lines

    plan = _plan(phases=[{"workloads": [{"kind": "llm_inference", "serving_memory_fraction": 1.2}]}])
    with pytest.raises(ProjectValidationError) as caught:
        loads_project(json.dumps(plan).encode())
    zh, en = (" / ".join(problem_lines(caught.value, lang)) for lang in ("zh", "en"))
    assert "1.2 高于最大值 0.99；允许 0.05 … 0.99" in zh and "（）" not in zh, zh
    assert "1.2 is above the maximum 0.99 (fraction)" in en, en
