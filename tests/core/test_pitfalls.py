"""Pitfall checks (section 五 of the seven-step guide) in English and Chinese."""

import re
from pathlib import Path

from test_power import ASCEND, H100

from gpudesk.core import pitfalls as pitfalls_module
from gpudesk.core.pitfalls import (
    bottleneck_pitfall,
    ecosystem_pitfall,
    per_gpu_price_pitfall,
    scaling_path_pitfall,
    utilisation_pitfall,
)
from gpudesk.report.check_text import check_templates, localise


def test_cheaper_gpu_costs_more_per_job():
    # A: 2.00/GPU-h x 1,000 GPU-h = 2,000 per job; B: 3.00 x 500 = 1,500 -> B is cheaper per job
    [check] = per_gpu_price_pitfall(["A", "B"], [2.0, 3.0], [2000.0, 1500.0], chosen=0)
    assert check.numbers["cheap_job"] == 2000 and check.numbers["best"] == "B"
    assert per_gpu_price_pitfall(["A", "B"], [2.0, 3.0], [1000.0, 1500.0], chosen=0) == []  # A cheaper per job too
    assert per_gpu_price_pitfall(["A", "B"], [2.0, 3.0], [2000.0, 1500.0], chosen=1) == []  # the plan chose B


def test_ecosystem_utilisation_scaling():
    assert ecosystem_pitfall(H100, ["pretrain", "llm_inference"]) == []
    [eco] = ecosystem_pitfall(ASCEND, ["pretrain"])
    assert "CANN" in eco.message and eco.numbers["level"] == "vendor" and eco.numbers["group"] == "LLM training"
    assert utilisation_pitfall(0.3, 0.5, "private")[0].numbers["utilisation"] == 0.3
    assert utilisation_pitfall(0.6, 0.5, "private") == []
    assert scaling_path_pitfall(224, 100, 50, 20) == []
    assert scaling_path_pitfall(224, 300, 50, 20)[0].id == "pitfall.no_scaling_path"


def test_bottleneck_summary_and_chinese_text():
    from test_power import DGX_H100

    from gpudesk.core.host import HostInputs, host_checks, host_figures

    host = host_checks(host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=2000.0, data_kind="images")))
    [summary] = bottleneck_pitfall(host)
    assert "host.cpu_starves_gpus" in summary.numbers["ids"]
    assert bottleneck_pitfall(per_gpu_price_pitfall(["A", "B"], [2.0, 3.0], [2000.0, 1500.0], chosen=0)) == []
    assert "GPU" in localise(summary, "zh")[0] and "CPU 核" in localise(host[0], "zh")[0]
    eco = ecosystem_pitfall(ASCEND, ["pretrain"])
    title, message, fix = localise(eco[0], "zh")
    assert "软件生态" in title and "CANN" in message and "试点" in fix
    assert localise(eco[0], "en")[0] == eco[0].title


def test_every_infrastructure_check_has_chinese_text():
    core = Path(pitfalls_module.__file__).parent
    ids = set()
    for name in ("host", "storage", "fabric", "power", "delivery", "pitfalls"):
        ids |= set(re.findall(r'"((?:host|storage|net|power|delivery|pitfall)\.[a-z_]+)", "(?:info|warning|blocker)"',
                              (core / f"{name}.py").read_text()))
    ids |= set(re.findall(r'"(pitfall\.[a-z_]+)", "warning"', (core / "pitfalls.py").read_text()))
    assert len(ids) >= 20
    assert ids <= set(check_templates("zh"))


def test_an_unknown_fabric_headroom_is_said_unknown_not_read_as_the_growth():
    """The gov sample's risk read 'the fabric takes 2 more nodes' while step 5 showed the fabric's headroom as
    unknown (no scale-out NIC known): the check substituted the growth for the unknown headroom. It now says the
    headroom is unknown, fires only where the power is short, and carries no NaN into the JSON."""
    import json
    import math

    from gpudesk.report.check_text import localise

    assert scaling_path_pitfall(math.nan, 2, 50, 12) == []  # power suffices; the fabric's room is its own check
    [check] = scaling_path_pitfall(math.nan, 2, 0, 12)
    assert "how many more nodes the fabric takes is unknown" in check.message and "takes 2 more" not in check.message
    assert check.numbers["headroom_nodes"] is None and check.numbers["fabric"] == "unknown"
    json.dumps(check.to_dict(), allow_nan=False)
    assert "网络还能接入多少节点未知" in localise(check, "zh")[1]
    [known] = scaling_path_pitfall(1, 2, 50, 12)
    assert "the fabric takes 1 more node and" in known.message and "网络还能接入 1 个节点" in localise(known, "zh")[1]
