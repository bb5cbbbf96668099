"""What pinning writes: accelerator, a matching server, no stale cloud offer."""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Project
from gpudesk.results.pinning import matching_server_id, pin_assignments


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.open()


def test_without_a_named_server_only_the_accelerator_changes(catalog) -> None:
    phase = Project().phases[0]
    assert pin_assignments(catalog, phase, 2, "h200-sxm") == [("phases[2].hardware.accelerator_id", "h200-sxm")]


def test_a_server_holding_the_accelerator_is_kept(catalog) -> None:
    phase = Project().phases[0]
    phase.hardware.server_id = "dgx-h100"
    assert pin_assignments(catalog, phase, 0, "h100-sxm") == [("phases[0].hardware.accelerator_id", "h100-sxm")]


def test_a_mismatched_server_is_replaced_by_one_that_holds_it(catalog) -> None:
    phase = Project().phases[0]
    phase.hardware.server_id = "dgx-h100"
    changes = dict(pin_assignments(catalog, phase, 0, "b200"))
    server = changes["phases[0].hardware.server_id"]
    assert server == matching_server_id(catalog, phase, "b200")
    assert catalog.server(server).accelerator_id == "b200"
    assert catalog.server(server).gpus == phase.hardware.gpus_per_node


def test_a_cloud_offer_for_another_accelerator_is_cleared(catalog) -> None:
    phase = Project().phases[0]
    offer = next(o for o in catalog.cloud_offers() if o.accelerator_id == "h100-sxm")
    phase.delivery.cloud_offer_id = offer.id
    changes = dict(pin_assignments(catalog, phase, 0, "a100-sxm-80gb"))
    assert changes["phases[0].delivery.cloud_offer_id"] == ""
    kept = dict(pin_assignments(catalog, phase, 0, "h100-sxm"))
    assert "phases[0].delivery.cloud_offer_id" not in kept


def test_no_matching_server_clears_the_field(catalog) -> None:
    phase = Project().phases[0]
    phase.hardware.server_id = "dgx-h100"
    with_server = {s.accelerator_id for s in catalog.servers()}
    orphan = next((a.id for a in catalog.accelerators() if a.id not in with_server), None)
    assert orphan is not None, "the catalog sells some cards alone (no server row): the case this test needs"
    assert dict(pin_assignments(catalog, phase, 0, orphan))["phases[0].hardware.server_id"] == ""


# -- the wizard's own hardware step (results/pinning.hardware_following) ------------------------------------------

def test_choosing_a_4_slot_accelerator_lowers_the_default_gpus_per_node(catalog) -> None:
    from gpudesk.results.pinning import hardware_following

    project = Project()
    assert project.phases[0].hardware.gpus_per_node == 8  # the model's default, not typed
    extra = hardware_following(catalog, project, "phases[0].hardware.accelerator_id", "rtx-pro-6000-blackwell")
    slots = max(s.gpus for s in catalog.servers() if s.accelerator_id == "rtx-pro-6000-blackwell")
    assert slots < 8
    assert ("phases[0].hardware.gpus_per_node", slots) in extra


def test_a_typed_gpus_per_node_is_never_changed(catalog) -> None:
    from gpudesk.results.pinning import hardware_following

    project = Project()
    project.phases[0].hardware.gpus_per_node = 6
    extra = hardware_following(catalog, project, "phases[0].hardware.accelerator_id", "rtx-pro-6000-blackwell")
    assert all(not path.endswith("gpus_per_node") for path, _ in extra)


def test_a_server_with_fewer_slots_lowers_the_default(catalog) -> None:
    from gpudesk.results.pinning import hardware_following

    project = Project()
    small = next(s for s in catalog.servers() if 0 < s.gpus < 8 and not s.is_rack)
    extra = hardware_following(catalog, project, "phases[0].hardware.server_id", small.id)
    assert extra == [("phases[0].hardware.gpus_per_node", small.gpus)]
    assert hardware_following(catalog, project, "phases[0].hardware.nodes", 3) == []


def test_a_default_typed_in_the_session_is_the_users(catalog) -> None:
    from gpudesk.results.pinning import hardware_following

    extra = hardware_following(catalog, Project(), "phases[0].hardware.accelerator_id", "rtx-pro-6000-blackwell",
                               typed=lambda path: path == "phases[0].hardware.gpus_per_node")
    assert all(not path.endswith("gpus_per_node") for path, _ in extra)
