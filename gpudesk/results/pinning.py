"""What pinning a recommended accelerator writes into the plan (Qt-free).

Pinning sets ``hardware.accelerator_id``; the server and the cloud offer must
stay consistent with it, or the next estimate fails or prices the wrong GPU:

* a server the plan names that holds another accelerator is replaced by the
  catalog server that holds the pinned one (the same choice the pipeline makes
  when the field is empty: GPUs per node as planned, then non-rack, then id);
  when the catalog has none, the field is cleared;
* a cloud offer the plan names for another accelerator is cleared (the
  pipeline then picks the cheapest matching offer);
* GPUs per node beyond the slots of that server come down to them (a node is
  one server: the estimate refuses more).

All assignments go into one ``ProjectDocument.apply`` edit, undone together.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Hardware, Phase, Project
from gpudesk.vocabulary.workloads import TRAINING_KINDS


def matching_server_id(catalog: Catalog, phase: Phase, accelerator_id: str) -> str:
    """The catalog server the pipeline would derive for ``accelerator_id``; "" when there is none."""
    matches = [s for s in catalog.servers() if s.accelerator_id == accelerator_id]
    if not matches:
        return ""
    wanted = phase.hardware.gpus_per_node
    return min(matches, key=lambda s: (s.gpus != wanted, s.is_rack, abs(s.gpus - wanted), s.id)).id


def pin_assignments(catalog: Catalog, phase: Phase, phase_index: int, accelerator_id: str) -> list[tuple[str, Any]]:
    """(field path, value) pairs that pin ``accelerator_id`` in phase ``phase_index``."""
    where = f"phases[{phase_index}]"
    out: list[tuple[str, Any]] = [(f"{where}.hardware.accelerator_id", accelerator_id)]
    server_id = phase.hardware.server_id
    if server_id and not _row_holds(catalog.server, server_id, accelerator_id):
        server_id = matching_server_id(catalog, phase, accelerator_id)
        out.append((f"{where}.hardware.server_id", server_id))
    # the RTX PRO 6000's 4-slot server pinned from the search at the default 8 GPUs per node was refused
    out += _node_within(_row(catalog, server_id or matching_server_id(catalog, phase, accelerator_id)), phase, where)
    offer_id = phase.delivery.cloud_offer_id
    if offer_id and not _row_holds(catalog.cloud_offer, offer_id, accelerator_id):
        out.append((f"{where}.delivery.cloud_offer_id", ""))
    return out


_HARDWARE_EDIT = re.compile(r"^phases\[(\d+)\]\.hardware\.(accelerator_id|server_id)$")
DEFAULT_GPUS_PER_NODE = Hardware().gpus_per_node  # the model's default: a value the user has not typed


def hardware_following(catalog: Catalog, project: Project, path: str, value: Any,
                       typed: Callable[[str], bool] = lambda _path: False) -> list[tuple[str, Any]]:
    """What a wizard edit of a phase's accelerator or server brings along, in the same undoable edit, so that the
    plan stays one the estimate takes: a server holding another accelerator follows to one that holds the new one,
    a cloud offer for another accelerator is cleared, and GPUs per node at the model's default (8) comes down to
    the server's slots (choosing the RTX PRO 6000, whose catalog server holds 4, left 8 and the plan refused:
    'phases[0].hardware.gpus_per_node: 8 GPUs per node, but … holds 4'). A GPUs per node the user typed (any other
    value, or the default typed in this session: ``typed(path)``, the document's undo history) is never changed: the
    estimate's refusal names the field and how to fix it."""
    match = _HARDWARE_EDIT.match(path)
    if match is None or int(match.group(1)) >= len(project.phases) or not isinstance(value, str) or not value:
        return []
    index, phase = int(match.group(1)), project.phases[int(match.group(1))]
    where = f"phases[{index}]"
    if match.group(2) == "accelerator_id":
        out = pin_assignments(catalog, phase, index, value)[1:]
    else:
        out = _node_within(_row(catalog, value), phase, where)
    per_node = f"{where}.hardware.gpus_per_node"
    if phase.hardware.gpus_per_node != DEFAULT_GPUS_PER_NODE or typed(per_node):
        out = [(p, v) for p, v in out if p != per_node]
    return out


def _node_within(server: Any, phase: Phase, where: str) -> list[tuple[str, Any]]:
    """GPUs per node down to ``server``'s slots where the plan's are more (a node is one server: core/plan_resolve
    refuses more GPUs per node than it holds); nothing for a rack system or a server that holds them."""
    if server is None or server.is_rack or not 0 < server.gpus < phase.hardware.gpus_per_node:
        return []
    return [(f"{where}.hardware.gpus_per_node", server.gpus)]


def _row(catalog: Catalog, server_id: str) -> Any:
    """The catalog's server row ``server_id``; None when empty or not in the catalog."""
    try:
        return catalog.server(server_id) if server_id else None
    except CatalogError:
        return None


def _row_holds(read: Callable[[str], Any], row_id: str, accelerator_id: str) -> bool:
    """Whether the catalog row ``row_id`` (a server or a cloud offer, read by ``read``) holds ``accelerator_id``; a row
    the catalog lacks holds none."""
    try:
        return bool(read(row_id).accelerator_id == accelerator_id)
    except CatalogError:
        return False


def _batching(current: str, disaggregated: bool) -> str:
    """The batching mode of a pinned point: disaggregated, else the plan's own aggregated mode."""
    if disaggregated:
        return "disaggregated"
    return current if current != "disaggregated" else "continuous"


def point_assignments(catalog: Catalog, phase: Phase, phase_index: int, point: Any) -> list[tuple[str, Any]]:
    """(field path, value) pairs that make the phase's main workload run a searched configuration
    (core/search_points.SearchPoint): its accelerator (server and offer kept consistent), precision, layout, engine
    batch and disaggregation (serving) or ZeRO, recompute, micro-batch and data-parallel size (training; vision
    training: the data-parallel GPU count). A node
    count the plan fixed is cleared, so the plan sizes exactly the configuration pinned."""
    out = pin_assignments(catalog, phase, phase_index, point.accelerator_id)
    w = f"phases[{phase_index}].workloads[0]"
    lay = point.layout
    if phase.hardware.nodes:
        out.append((f"phases[{phase_index}].hardware.nodes", 0))
    kind = phase.workloads[0].kind
    if kind == "rendering_vdi":
        return out
    out += [(f"{w}.compute_dtype", point.compute_dtype)]
    if kind in ("llm_inference", "agent_hosting"):
        out += [(f"{w}.weight_dtype", point.weight_dtype), (f"{w}.kv_dtype", point.kv_dtype),
                (f"{w}.parallel.tp", int(lay["tp"])), (f"{w}.parallel.pp", int(lay["pp"])),
                (f"{w}.parallel.ep", int(lay["ep"])), (f"{w}.concurrency", int(lay["batch"])),
                (f"{w}.batching", _batching(phase.workloads[0].batching, bool(lay.get("disagg", False))))]
        if lay.get("disagg", False) and phase.workloads[0].batching != "disaggregated":
            # the search sized this point's pools from the rate: the plan's pool settings, unread under its own
            # batching, are not the point's (core/serving_load.serving_inputs)
            out += [(f"{w}.parallel.{key}", 0) for key in ("prefill_tp", "prefill_pool_gpus", "decode_pool_gpus")]
    elif "zero" in lay:  # LLM training
        out += [(f"{w}.parallel.tp", int(lay["tp"])), (f"{w}.parallel.pp", int(lay["pp"])),
                (f"{w}.parallel.ep", int(lay["ep"])), (f"{w}.parallel.cp", int(lay["cp"])),
                (f"{w}.parallel.dp", int(lay["dp"])), (f"{w}.parallel.zero_stage", int(lay["zero"])),
                (f"{w}.parallel.recompute", str(lay.get("recompute_name", "selective"))),
                (f"{w}.micro_batch", int(lay["mb"]))]
    elif kind == "vision_train":  # the GPU count: the plan would otherwise size the smallest meeting the deadline
        out += [(f"{w}.parallel.dp", int(lay["dp"]))]
    return out


def pins_gpu_count(kind: str) -> bool:
    """Whether pinning a searched configuration of ``kind`` writes its GPU count (the data-parallel degree)."""
    return kind in TRAINING_KINDS
