"""A China region costs a plan in CNY unless the user chose its currency (issue 17)."""

from __future__ import annotations

import json

from gpudesk.catalog.store import Catalog
from gpudesk.paths import shipped_catalog_path
from gpudesk.project.model import Project
from gpudesk.project.region_currency import currency_of_region, market_of_region
from gpudesk.project.schema import project_from_dict, project_to_dict
from gpudesk.results.pipeline import estimate_plan
from gpudesk.session.document import ProjectDocument


def _one_phase(costs: dict, region: str = "cn") -> dict:
    return {"schema_version": 2, "phases": [{"facility": {"region": region}, "costs": costs}]}


def test_region_rule() -> None:
    assert [market_of_region(r) for r in ("cn", "CN-Shanghai", "china", "prc", "us-east", "eu", "sg")] == \
        ["cn", "cn", "cn", "cn", "us", "eu", "global"]
    assert currency_of_region("cn-beijing", "USD") == "CNY"
    assert currency_of_region("us", "CNY", previous_region="cn") == "USD"  # leaving China returns to USD
    assert currency_of_region("eu", "CNY", previous_region="us") == "CNY"  # a preference's CNY stays


def test_a_file_without_a_currency_in_china_costs_in_cny_and_is_not_chosen() -> None:
    costs = project_from_dict(_one_phase({})).phases[0].costs
    assert (costs.currency, costs.currency_chosen) == ("CNY", False)
    costs = project_from_dict(_one_phase({}, region="us")).phases[0].costs
    assert (costs.currency, costs.currency_chosen) == ("USD", False)


def test_a_currency_the_file_states_is_kept() -> None:
    costs = project_from_dict(_one_phase({"currency": "USD"})).phases[0].costs
    assert (costs.currency, costs.currency_chosen) == ("USD", True)  # stated before the flag existed: chosen
    costs = project_from_dict(_one_phase({"currency": "USD", "currency_chosen": False})).phases[0].costs
    assert costs.currency == "CNY"  # written by gpudesk while the currency still followed the region


def test_the_flag_survives_a_save() -> None:
    project = Project()
    data = json.loads(json.dumps(project_to_dict(project)))
    assert data["phases"][0]["costs"]["currency_chosen"] is False
    data["phases"][0]["facility"]["region"] = "cn"
    assert project_from_dict(data).phases[0].costs.currency == "CNY"


def test_editing_the_region_moves_a_currency_not_chosen_in_one_undo_step() -> None:
    doc = ProjectDocument(Project())
    assert doc.project.phases[0].costs.currency == "USD"
    assert doc.set("phases[0].facility.region", "cn", label="Set region")
    assert doc.project.phases[0].costs.currency == "CNY"
    doc.undo()
    assert (doc.project.phases[0].facility.region, doc.project.phases[0].costs.currency) == ("us", "USD")
    doc.redo()
    assert doc.project.phases[0].costs.currency == "CNY"
    doc.set("phases[0].facility.region", "us")
    assert doc.project.phases[0].costs.currency == "USD"


def test_a_currency_the_user_set_is_never_changed_by_the_region() -> None:
    doc = ProjectDocument(Project())
    doc.set("phases[0].costs.currency", "CNY")
    doc.set("phases[0].costs.currency", "USD")
    assert doc.project.phases[0].costs.currency_chosen
    doc.set("phases[0].facility.region", "cn-shanghai")
    assert doc.project.phases[0].costs.currency == "USD"
    doc.undo()
    doc.undo()  # back past the currency edits: the flag goes with them
    doc.undo()
    assert not doc.project.phases[0].costs.currency_chosen


def test_a_china_plan_in_usd_says_its_cny_prices_are_converted(tmp_path) -> None:
    catalog = Catalog.open(shipped_catalog_path(), tmp_path / "user.db")
    data = _one_phase({"currency": "USD", "cny_per_usd": 7.2})
    checks = {c.id: c for c in estimate_plan(project_from_dict(data), catalog).phases[0].checks}
    converted = checks["cost.currency_converted"]
    assert converted.numbers == {"currency": "USD", "rate": 7.2}
    assert "7.2 CNY per USD" in converted.message
    data = _one_phase({})
    assert "cost.currency_converted" not in {c.id for c in estimate_plan(project_from_dict(data), catalog).phases[0].checks}


def _two_phases(second_region: str) -> dict:
    return {"schema_version": 2, "phases": [{"facility": {"region": "cn"}, "costs": {}},
                                            {"facility": {"region": second_region}, "costs": {}}]}


def test_a_phase_region_edit_never_splits_the_plan_currency() -> None:
    """A China plan whose phase 2 moves to a US region stays in CNY (the plan is costed in one currency; a region
    edit that moved only phase 2 to USD made the next estimate refuse the plan for mixing currencies)."""
    doc = ProjectDocument(project_from_dict(_two_phases("cn")))
    assert [p.costs.currency for p in doc.project.phases] == ["CNY", "CNY"]
    doc.set("phases[1].facility.region", "us")
    assert [p.costs.currency for p in doc.project.phases] == ["CNY", "CNY"]
    one = ProjectDocument(project_from_dict(_one_phase({})))
    one.set("phases[0].facility.region", "us")  # a single phase still follows its region
    assert one.project.phases[0].costs.currency == "USD"


def test_a_file_whose_phases_lie_in_two_markets_is_costed_in_one_currency() -> None:
    phases = project_from_dict(_two_phases("us-east")).phases
    assert [p.costs.currency for p in phases] == ["CNY", "CNY"]
    data = _two_phases("cn")
    data["phases"][1]["costs"] = {"currency": "USD", "currency_chosen": True}
    phases = project_from_dict(data).phases  # the user's choice leads: the other phase follows it
    assert [(p.costs.currency, p.costs.currency_chosen) for p in phases] == [("USD", False), ("USD", True)]


def _currencies(project: Project) -> list[tuple[str, bool]]:
    return [(p.costs.currency, p.costs.currency_chosen) for p in project.phases]


def _reopened(project: Project) -> Project:
    return project_from_dict(json.loads(json.dumps(project_to_dict(project))))


def test_a_currency_set_on_one_phase_is_the_currency_its_saved_file_opens_with() -> None:
    """fuzz-26: USD set on phase 2 of a China plan whose phase 1 followed its region left phase 1 in CNY (a plan the
    estimate refused for mixing currencies) and the saved file opened in USD throughout: the plan changed on reopening.
    The edit brings the phases whose currency was not chosen along, in the same undo step."""
    doc = ProjectDocument(project_from_dict(_two_phases("cn")))
    doc.set("phases[1].costs.currency", "USD")
    assert _currencies(doc.project) == [("USD", False), ("USD", True)]
    assert _currencies(_reopened(doc.project)) == _currencies(doc.project)
    doc.undo()
    assert _currencies(doc.project) == [("CNY", False), ("CNY", False)]


def test_a_first_phase_moved_to_china_costs_the_plan_as_its_saved_file_does() -> None:
    """The plan's currency is its first phase's (when none was chosen): a US plan whose phase 1 moves to China kept
    USD on screen and opened in CNY once saved."""
    data = _two_phases("us")
    data["phases"][0]["facility"]["region"] = "us"
    doc = ProjectDocument(project_from_dict(data))
    assert _currencies(doc.project) == [("USD", False), ("USD", False)]
    doc.set("phases[0].facility.region", "cn")
    assert _currencies(doc.project) == _currencies(_reopened(doc.project)) == [("CNY", False), ("CNY", False)]
    doc.set("phases[1].facility.region", "cn-shanghai")  # a later phase follows the plan
    assert _currencies(doc.project) == _currencies(_reopened(doc.project))
