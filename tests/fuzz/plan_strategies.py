"""Hypothesis strategies for plan files.

``schema_plans`` walks the plan's JSON Schema (generated from the declared
bounds in ``gpudesk/project/model.py``), so a field added to the model is
fuzzed with its own type, range, choices and length limits without any
change here. Fields whose schema names a catalog table (``x-catalog-table``)
draw real catalog ids most of the time. The other strategies attack the
file: structural mutations of the sample plans, byte edits, encodings,
format versions and size bombs. ``wizard_edits`` edits a sample through the window's own setter
(``ProjectDocument.set``) to the extremes a user can type: one GPU and 100,000 nodes, 1-token and million-token
contexts, 10^-6 and 10^6 requests/s, zero prices and power limits, more pipeline stages than layers, a data-parallel
degree that does not divide, another currency, region, delivery mode, batching, accelerator or workload kind.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from gpudesk.paths import samples_dir
from gpudesk.project.model import SCHEMA_VERSION
from gpudesk.project.schema_json import json_schema

LIST_CAPS = {"phases": 3, "workloads": 3, "measurements": 3, "triggers": 2, "revisions": 2}
DEFAULT_LIST_CAP = 4
DICT_CAP = 3
TEXT_CAP = 40

NASTY_SCALARS = [
    math.nan, math.inf, -math.inf, 10**400, -(10**30), 1e308, -0.0, 2**63, True, False, None, "", "\ud800",
    "x" * 20_000, "pretrain", "bf16", 0, -1, 1, 4096, 0.5, 1e15, 1e16, -1e-300, [], {}, "h100-sxm", "llama-3.1-8b",
]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(NASTY_SCALARS),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


def sample_paths() -> list[Path]:
    return sorted(samples_dir().glob("*.gpudesk"))


def sample_plans() -> list[dict[str, Any]]:
    return [json.loads(p.read_bytes()) for p in sample_paths()]


class SchemaStrategies:
    """Strategies for values the schema allows; ``extreme`` draws numbers at their bounds only."""

    def __init__(self, catalog_ids: dict[str, list[str]], extreme: bool = False,
                 model_rows: list[dict[str, Any]] | None = None) -> None:
        self.schema = json_schema()
        self.defs = self.schema["$defs"]
        self.ids = catalog_ids
        self.extreme = extreme
        self.model_rows = model_rows or []
        self._cache: dict[str, st.SearchStrategy[Any]] = {}

    def plan(self) -> st.SearchStrategy[dict[str, Any]]:
        body = self.node(self.schema, "")
        return body.map(lambda d: {**d, "schema_version": SCHEMA_VERSION})

    def node(self, node: dict[str, Any], name: str) -> st.SearchStrategy[Any]:
        if "$ref" in node:
            ref = node["$ref"].rsplit("/", 1)[-1]
            if ref not in self._cache:
                self._cache[ref] = st.deferred(lambda r=ref: self.node(self.defs[r], r))
            return self._cache[ref]
        if "anyOf" in node:
            return st.one_of(*[self.node(option, name) for option in node["anyOf"]])
        kind = node.get("type")
        if kind == "object" and "properties" in node:
            optional = {key: self.node(child, key) for key, child in node["properties"].items()}
            return st.fixed_dictionaries({}, optional=optional)
        if kind == "object":
            return self.mapping(node, name)
        if kind == "array":
            cap = min(int(node.get("maxItems", DEFAULT_LIST_CAP)), LIST_CAPS.get(name, DEFAULT_LIST_CAP))
            return st.lists(self.node(node["items"], name), max_size=cap)
        if kind in ("integer", "number"):
            return self.number(node, kind == "integer")
        if kind == "string":
            return self.text(node)
        if kind == "boolean":
            return st.booleans()
        return self.free_form(name)

    def number(self, node: dict[str, Any], integer: bool) -> st.SearchStrategy[Any]:
        lo, hi = node.get("minimum"), node.get("maximum")
        edges = [v for v in {lo, hi} if v is not None]
        if integer:
            lo_i, hi_i = int(lo), int(hi)
            edges += [v for v in (lo_i + 1, hi_i - 1, (lo_i + hi_i) // 2) if lo_i <= v <= hi_i]
            if self.extreme:
                return st.sampled_from(sorted(set(edges)))
            return st.one_of(st.sampled_from(sorted(set(edges))), st.integers(lo_i, hi_i))
        edges = sorted({float(v) for v in edges})
        if self.extreme:
            return st.sampled_from(edges)
        return st.one_of(st.sampled_from(edges), st.floats(float(lo), float(hi), allow_nan=False))

    def text(self, node: dict[str, Any]) -> st.SearchStrategy[str]:
        if "enum" in node:
            return st.sampled_from(node["enum"])
        limit = int(node.get("maxLength", TEXT_CAP))
        table = node.get("x-catalog-table")
        if table:
            ids = self.ids.get(table, [])
            choices = st.sampled_from([*ids, ""]) if ids else st.just("")
            return st.one_of(choices, choices, choices, st.text(max_size=min(limit, 20)))
        if self.extreme:
            return st.sampled_from(["", "名" * limit])
        return st.one_of(st.text(max_size=min(limit, TEXT_CAP)), st.just("x" * limit))

    def mapping(self, node: dict[str, Any], name: str) -> st.SearchStrategy[dict[str, Any]]:
        keys = st.text(min_size=1, max_size=min(int(node.get("propertyNames", {}).get("maxLength", 30)), 30))
        if name in ("fitted", "uncertainty"):
            known = ["matmul.nvidia-hopper", "hbm.nvidia-hopper", "framework", "goodput", "scaleout_busbw",
                     "scaleup_busbw.nvidia-hopper", "matmul", "nope"]
            keys = st.one_of(st.sampled_from(known), keys)
        values = self.node(node.get("additionalProperties", {}), name)
        return st.dictionaries(keys, values, max_size=DICT_CAP)

    def free_form(self, name: str) -> st.SearchStrategy[Any]:
        if name == "custom_model" and self.model_rows:
            return st.one_of(VALUES, self._custom_model())
        return VALUES

    def _custom_model(self) -> st.SearchStrategy[dict[str, Any]]:
        numbers = st.one_of(st.sampled_from([0, 1, -1, 1e15, 0.5, 2**31]), st.integers(1, 200_000))

        def vary(row: dict[str, Any], draw: Any) -> dict[str, Any]:
            out = {k: v for k, v in row.items() if k not in ("id", "name") and v not in (None, "", [])}
            for key in list(out):
                if isinstance(out[key], (int, float)) and not isinstance(out[key], bool) and draw(st.booleans()):
                    out[key] = draw(numbers)
            return out

        return st.builds(lambda row, data: vary(row, data.draw), st.sampled_from(self.model_rows), st.data())


def mutate(data: Any, draw: Any) -> Any:
    """Walk to a random node of the plan and replace, delete or add something there."""
    node = data
    while True:
        if isinstance(node, dict) and node and draw(st.booleans()):
            key = draw(st.sampled_from(sorted(node)))
            if isinstance(node[key], (dict, list)) and node[key] and draw(st.booleans()):
                node = node[key]
                continue
            action = draw(st.sampled_from(["replace", "replace", "delete", "add", "scale"]))
            if action == "replace":
                node[key] = draw(VALUES)
            elif action == "scale" and isinstance(node[key], (int, float)) and not isinstance(node[key], bool):
                node[key] = node[key] * draw(st.sampled_from([0, -1, 10, 1000, 10**6, 1e-6, 2]))
            elif action == "delete":
                del node[key]
            else:
                node[draw(st.text(min_size=1, max_size=12))] = draw(VALUES)
            return data
        if isinstance(node, list) and node and draw(st.booleans()):
            index = draw(st.integers(0, len(node) - 1))
            if isinstance(node[index], (dict, list)) and node[index] and draw(st.booleans()):
                node = node[index]
                continue
            if draw(st.booleans()):
                node[index] = draw(VALUES)
            else:
                del node[index]
            return data
        if isinstance(node, list):
            node.append(draw(VALUES) if draw(st.booleans()) or not node else json.loads(json.dumps(node[0])))
            return data
        if isinstance(node, dict):
            node[draw(st.text(max_size=12))] = draw(VALUES)
        return data


WIZARD_EDITS: tuple[tuple[str, tuple[Any, ...]], ...] = (  # (path in phase 0, values): the extremes of fuzz-26
    ("hardware.nodes", (1, 2, 12_500, 100_000)),
    ("hardware.gpus_per_node", (1, 4, 8, 16, 36, 72)),
    ("hardware.gpu_power_limit_w", (1.0, 100.0, 3000.0)),
    ("workloads[0].prompt_tokens", (1, 1_000_000)),
    ("workloads[0].output_tokens", (1, 1_000_000)),
    ("workloads[0].seq_len", (1, 1_048_576)),
    ("workloads[0].peak_requests_per_s", (1e-6, 1e6)),
    ("workloads[0].requests_per_day", (1e-6, 8.64e10)),
    ("workloads[0].items_per_day", (1e-6, 1e12)),
    ("workloads[0].parallel.pp", (3, 200, 1000)),
    ("workloads[0].parallel.dp", (3, 7, 1000)),
    ("workloads[0].parallel.tp", (3, 64)),
    ("workloads[0].batching", ("static", "continuous", "disaggregated")),
    ("workloads[0].kind", ("pretrain", "finetune_lora", "llm_inference", "vision_inference", "diffusion_inference",
                           "recsys_inference", "rendering_vdi", "agent_hosting", "vision_train")),
    ("hardware.accelerator_id", ("h100-sxm", "gb200", "mi300x", "gaudi3", "ascend-910b", "rtx-pro-6000-blackwell",
                                 "mlu370-x8")),
    ("costs.gpu_price_override", (0.0, 1e-6, 1e9)),
    ("costs.currency", ("CNY", "USD")),
    ("facility.region", ("cn", "us", "eu-west")),
    ("facility.electricity_per_kwh", (0.0,)),
    ("facility.rack_power_limit_kw", (0.1, 1000.0)),
    ("delivery.mode", ("cloud_on_demand", "gpu_rental", "bare_metal", "private", "hybrid", "serverless_api")),
    ("duration_months", (1, 120)),
)


def wizard_edits(paths: list[Path]) -> st.SearchStrategy[bytes]:
    """A sample plan after one to five edits through the window's setter, saved as the window saves it (an edit the
    setter refuses is left out, as the window leaves it)."""
    from gpudesk.project.errors import ProjectValidationError
    from gpudesk.project.io import dumps_project, load_project
    from gpudesk.session.document import ProjectDocument

    @st.composite
    def build(draw: Any) -> bytes:
        document = ProjectDocument(load_project(draw(st.sampled_from(paths))).project)
        for _ in range(draw(st.integers(1, 5))):
            path, values = draw(st.sampled_from(WIZARD_EDITS))
            phase = draw(st.integers(0, len(document.project.phases) - 1))
            try:
                document.set(f"phases[{phase}].{path}", draw(st.sampled_from(values)))
            except (ProjectValidationError, KeyError):  # refused by the setter, or a phase without that workload
                continue
        return dumps_project(document.project)

    return build()


def mutated_plans(samples: list[dict[str, Any]]) -> st.SearchStrategy[bytes]:
    @st.composite
    def build(draw: Any) -> bytes:
        plan = json.loads(json.dumps(draw(st.sampled_from(samples))))
        for _ in range(draw(st.integers(1, 4))):
            plan = mutate(plan, draw)
        return json.dumps(plan, allow_nan=True, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")

    return build()


def byte_edits(originals: list[bytes]) -> st.SearchStrategy[bytes]:
    """Flip, cut, insert or duplicate bytes of an original file."""

    @st.composite
    def build(draw: Any) -> bytes:
        raw = bytearray(draw(st.sampled_from(originals)))
        for _ in range(draw(st.integers(1, 6))):
            action = draw(st.sampled_from(["flip", "flip", "cut", "insert", "dup", "delete"]))
            at = draw(st.integers(0, max(len(raw) - 1, 0)))
            if action == "flip" and raw:
                raw[at] = draw(st.integers(0, 255))
            elif action == "cut":
                del raw[at:]
            elif action == "insert":
                raw[at:at] = draw(st.one_of(st.binary(max_size=8), st.sampled_from(
                    [b'"', b"\\", b"{", b"[", b"\\u", b"\\ud800", b"\xff\xfe", b"\x00", b"NaN", b"1e999", b","])))
            elif action == "dup":
                end = min(len(raw), at + draw(st.integers(1, 200)))
                raw[at:at] = raw[at:end] * draw(st.integers(1, 20))
            elif action == "delete":
                del raw[at:at + draw(st.integers(1, 50))]
        return bytes(raw)

    return build()


ENCODINGS = ["utf-16", "utf-16-le", "utf-32", "gb18030", "latin-1", "cp1252", "utf-8-sig", "big5", "shift_jis"]


def encodings(originals: list[bytes]) -> st.SearchStrategy[bytes]:
    """The same text in another encoding (or with a byte-order mark), as a user's editor might save it: the
    whole file, or a file whose text was cut, or one that mixes two encodings (a copy-paste between editors)."""

    @st.composite
    def build(draw: Any) -> bytes:
        text = draw(st.sampled_from(originals)).decode("utf-8")
        encoding = draw(st.sampled_from(ENCODINGS))
        how = draw(st.sampled_from(["whole", "cut", "mixed", "bom"]))
        if how == "whole":
            return text.encode(encoding, errors="replace")
        at = draw(st.integers(0, len(text)))
        if how == "cut":
            return text[:at].encode(encoding, errors="replace")
        if how == "mixed":
            return text[:at].encode("utf-8") + text[at:].encode(encoding, errors="replace")
        bom = draw(st.sampled_from([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff"]))
        return bom + text.encode(draw(st.sampled_from(["utf-8", encoding])), errors="replace")

    return build()


def versions(samples: list[dict[str, Any]], v1: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """Plans whose format version, or layout, is wrong, missing, older or newer."""
    version_values = st.sampled_from([1, 2, 3, 0, -1, 10**20, "2", 2.0, 1.5, None, True, [], {}, "latest"])

    @st.composite
    def build(draw: Any) -> bytes:
        plan = json.loads(json.dumps(draw(st.sampled_from([*samples, v1]))))
        if draw(st.booleans()):
            plan.pop("schema_version", None)
        else:
            plan["schema_version"] = draw(version_values)
        if draw(st.booleans()):
            plan = mutate(plan, draw)
        return json.dumps(plan, allow_nan=True).encode("utf-8")

    return build()


def size_bombs() -> st.SearchStrategy[bytes]:
    """Large, deep or pathological documents: the parser must refuse them in time linear in their size."""
    unit = st.sampled_from([b'"\\', b"\\u", b'\\"', b"[", b"{\"a\":", b"1", b" ", b'"', b"\\\\", b"\xe4\xb8\xad"])

    @st.composite
    def build(draw: Any) -> bytes:
        kind = draw(st.sampled_from(["repeat", "deep", "wide", "long-text", "many-phases"]))
        size = draw(st.sampled_from([1_000, 30_000, 70_000, 300_000]))
        if kind == "repeat":
            piece = draw(unit)
            return b'{"schema_version": 2, "meta": {"name": "' + piece * (size // len(piece))
        if kind == "deep":
            return b"[" * size + b"]" * draw(st.integers(0, size))
        if kind == "wide":
            return b'{"schema_version": 2, "revisions": [' + b"{}," * (size // 3) + b"{}]}"
        if kind == "long-text":
            return json.dumps({"schema_version": 2, "meta": {"notes": "注" * size}}).encode()
        phase = {"workloads": [{"kind": "llm_inference"}], "hardware": {"nodes": 100_000}}
        return json.dumps({"schema_version": 2, "phases": [phase] * draw(st.integers(1, 60))}).encode()

    return build()
