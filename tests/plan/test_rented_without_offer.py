"""A rented phase no catalog offer prices counts its instances as unknown, never 0 (walk-26 core item 4).

The manufacturer's plan on GPU rental: the catalog holds no rental offer for its L20 servers (the price awaits a
quote), so how many instances the provider would cut is not known. config.instances was 0 (and 0 in --json),
read as 'nothing rented'; it is None (null), and the proposal says the count is unknown.
"""

from __future__ import annotations

import copy
import json

from gpudesk.paths import samples_dir
from gpudesk.project.io import load_project
from gpudesk.report.proposal import configuration_rows
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.pipeline import estimate_plan
from gpudesk.results.plan_json import plan_to_json


def _rented(catalog, mode: str):  # type: ignore[no-untyped-def]
    project = copy.deepcopy(load_project(samples_dir() / "manufacturer-vision-private.gpudesk").project)
    for phase in project.phases:
        phase.delivery.mode = mode
    return estimate_plan(project, catalog, search=True)


def test_a_rental_no_offer_prices_has_unknown_instances(searched_sample) -> None:
    plan = _rented(searched_sample.catalog, "gpu_rental")
    config = plan.phases[0].config
    assert not config.owns_hardware and config.instances is None and config.units == config.nodes
    document = json.loads(json.dumps(plan_to_json(plan)))
    assert document["phases"][0]["configuration"]["instances"] is None
    for lang, word in (("zh", "实例数未知"), ("en", "instances unknown")):
        rows = dict(configuration_rows(plan.phases[0], ReportText(lang)))
        assert any(word in value for value in rows.values()), rows


def test_an_owned_phase_rents_no_instances(searched_sample) -> None:
    plan, _project = searched_sample("manufacturer-vision-private")
    assert plan.phases[0].config.instances == 0
