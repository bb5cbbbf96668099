"""Realistic chart specs, one per chart kind, shared by the chart tests.

The numbers are illustrative sizing results of the kind the pipeline
produces (capacities are datasheet values: H100 SXM 80 GB, H200 141 GB,
L40S 48 GB, A100 40 GB; DGX H100 10.2 kW max). The tests in this module
check that every spec survives a JSON round trip.
"""

from __future__ import annotations

import json

import pytest

from gpudesk.results.chart_model import (
    ChartSpec,
    Marker,
    RefLine,
    Series,
    spec_from_dict,
)
from gpudesk.results.rack_layout_spec import RackBox, RackColumn, RackLayoutSpec

MEMORY_CANDIDATES = ["8× H100 SXM ZeRO-1", "8× H100 SXM ZeRO-3", "4× H200 ZeRO-1", "8× L40S ZeRO-3", "8× A100 40GB ZeRO-3"]
MEMORY_PARTS = {
    "weights": ("权重 weights", [16.06, 2.01, 16.06, 2.01, 2.01]),
    "gradients": ("梯度 gradients", [16.06, 2.01, 16.06, 2.01, 2.01]),
    "optimizer": ("优化器 optimizer", [12.05, 12.05, 24.09, 12.05, 12.05]),
    "activations": ("激活 activations", [18.0, 18.0, 18.0, 18.0, 18.0]),
    "overhead": ("运行时 overhead", [1.9, 1.9, 1.9, 1.9, 1.9]),
}
MEMORY_CAPACITY = [80.0, 80.0, 141.0, 48.0, 40.0]


def memory_fit_spec() -> ChartSpec:
    series = [
        Series(
            name,
            range(len(MEMORY_CANDIDATES)),
            values,
            style="bar",
            color_role=role,
            tooltips=[f"mem.{role} = {v} GB (per GPU)" for v in values],
            stack_group="memory",
        )
        for role, (name, values) in MEMORY_PARTS.items()
    ]
    series.append(
        Series(
            "容量 capacity",
            range(len(MEMORY_CANDIDATES)),
            MEMORY_CAPACITY,
            style="tick",
            color_role="capacity",
            tooltips=[f"catalog accelerators memory_gb = {c:g} GB" for c in MEMORY_CAPACITY],
        )
    )
    return ChartSpec(
        kind="memory_fit",
        title="显存占用（每 GPU）Memory per GPU — Llama 3.1 8B full fine-tune",
        x_label="",
        y_label="Memory per GPU",
        y_unit="GB",
        series=series,
        categories=MEMORY_CANDIDATES,
        stacked=True,
        notes="Dashed tick = usable GPU memory of each candidate.",
    )


def scaling_spec() -> ChartSpec:
    gpus = [8, 16, 32, 64, 128, 256, 512]
    efficiency = [100.0, 97.1, 94.0, 89.6, 83.8, 76.2, 66.0]
    return ChartSpec(
        kind="scaling",
        title="Scaling efficiency vs GPU count",
        x_label="GPUs",
        y_label="Scaling efficiency",
        y_unit="%",
        series=[
            Series(
                "Measured model (TP8 × DP)",
                gpus,
                efficiency,
                color_role="efficiency",
                tooltips=[f"scale.efficiency = t(8)·8 / (t(N)·N) at N={n}" for n in gpus],
            )
        ],
        hlines=[RefLine(85.0, "target ≥ 85 %", "target")],
        markers=[Marker(64, 89.6, "chosen: 64 GPUs", "layout TP8 PP1 DP8", "chosen")],
        log_x=True,
    )


def inference_spec() -> ChartSpec:
    conc = [1, 2, 4, 8, 16, 32, 64, 128]
    throughput = [62.0, 121.0, 236.0, 452.0, 840.0, 1480.0, 2310.0, 2890.0]
    ttft = [48.0, 52.0, 60.0, 78.0, 115.0, 190.0, 360.0, 820.0]
    tpot = [16.1, 16.5, 17.0, 17.7, 19.0, 21.6, 27.7, 44.3]
    return ChartSpec(
        kind="inference",
        title="推理吞吐与时延 Throughput and latency vs concurrency",
        x_label="Concurrent requests",
        y_label="Throughput",
        y_unit="tok/s",
        y2_label="Latency",
        y2_unit="ms",
        series=[
            Series("Throughput", conc, throughput, color_role="throughput",
                   tooltips=[f"infer.throughput = concurrency / TPOT (c={c})" for c in conc]),
            Series("TTFT p50", conc, ttft, color_role="ttft", panel=1),
            Series("TPOT p50", conc, tpot, color_role="tpot", panel=1),
        ],
        hlines=[RefLine(2000.0, "target 2,000 tok/s", "target"), RefLine(500.0, "TTFT SLO 500 ms", "limit", panel=1)],
        log_x=True,
    )


def power_per_rack_spec() -> ChartSpec:
    racks = ["R01", "R02", "R03", "R04"]
    return ChartSpec(
        kind="power_per_rack",
        title="Power per rack",
        y_label="Power",
        y_unit="kW",
        series=[
            Series("Liquid-cooled (GPU, CPU)", range(4), [30.6, 30.6, 20.4, 0.0], style="bar", color_role="liquid"),
            Series("Air-cooled (NIC, fans, PSU loss)", range(4), [6.2, 6.2, 4.1, 7.5], style="bar", color_role="air"),
        ],
        hlines=[RefLine(40.0, "rack limit 40 kW", "limit")],
        categories=racks,
        stacked=True,
    )


def rack_layout_spec() -> RackLayoutSpec:
    def dgx(n: int, start: int) -> RackBox:
        return RackBox(f"DGX H100 #{n}", 8, 10.2, "liquid", "NVIDIA DGX H100 datasheet: 10.2 kW max", start_u=start)

    racks = [
        RackColumn("R01", [dgx(1, 3), dgx(2, 13), dgx(3, 23), RackBox("Leaf switch", 1, 0.8, "network", start_u=40)], 31.4, 40.0),
        RackColumn("R02", [dgx(4, 3), dgx(5, 13), dgx(6, 23), dgx(7, 33)], 40.8, 40.0),
        RackColumn("R03", [RackBox("存储节点 Storage", 4, 1.6, "storage", start_u=3),
                           RackBox("Spine switch", 2, 1.4, "network", start_u=40)], 3.0, 40.0),
    ]
    return RackLayoutSpec(
        "机柜布局 Rack layout",
        racks,
        rack_units=42,
        role_labels={"liquid": "GPU servers (liquid)", "network": "Network", "storage": "Storage"},
    )


def cost_over_time_spec() -> ChartSpec:
    months = list(range(0, 61, 3))
    private = [20.0 + 0.25 * m for m in months]
    cloud = [0.9 * m for m in months]
    hybrid = [8.0 + 0.55 * m for m in months]
    even_private = 20.0 / (0.9 - 0.25)
    even_hybrid = 8.0 / (0.9 - 0.55)
    return ChartSpec(
        kind="cost_over_time",
        title="Cumulative cost by delivery mode",
        x_label="Months",
        y_label="Cumulative cost",
        y_unit="M CNY",
        series=[
            Series("Cloud on demand", months, cloud, color_role="cloud_on_demand",
                   tooltips=[f"tco.cumulative = 0.9 M/month × {m}" for m in months]),
            Series("Private", months, private, color_role="private"),
            Series("Hybrid", months, hybrid, color_role="hybrid"),
        ],
        markers=[
            Marker(even_private, 0.9 * even_private, "private break-even", "20 / (0.9 − 0.25) months", "break_even"),
            Marker(even_hybrid, 0.9 * even_hybrid, "hybrid break-even", "8 / (0.9 − 0.55) months", "break_even"),
        ],
    )


def time_vs_cost_spec() -> ChartSpec:
    days = [4.1, 5.0, 6.2, 7.9, 9.5, 12.0, 14.8, 19.0, 6.8, 8.8, 11.0, 16.5]
    cost = [3.9, 3.1, 2.6, 2.2, 2.05, 1.8, 1.7, 1.65, 3.3, 2.9, 2.5, 2.3]
    names = [f"cand-{i:02d}" for i in range(len(days))]
    front = [0, 1, 2, 3, 4, 5, 6, 7]
    return ChartSpec(
        kind="time_vs_cost",
        title="Time to train vs cost",
        x_label="Training time",
        x_unit="days",
        y_label="Cost",
        y_unit="M CNY",
        series=[
            Series("Candidates", days, cost, style="scatter", color_role="candidate", tooltips=names),
            Series("Pareto front", [days[i] for i in front], [cost[i] for i in front], style="line", color_role="pareto"),
        ],
        markers=[Marker(7.9, 2.2, "chosen", "cand-03: 256× H100, TP8 PP2", "chosen")],
    )


def timeline_spec() -> ChartSpec:
    months = [0, 6, 18, 36]
    return ChartSpec(
        kind="timeline",
        title="分期建设 Phases: capacity and monthly spend",
        x_label="Months",
        y_label="GPUs",
        y_unit="",
        y2_label="Monthly spend",
        y2_unit="k CNY",
        series=[
            Series("GPU capacity", months, [64, 256, 512, 512], style="step", color_role="capacity"),
            Series("Monthly spend", months, [180.0, 620.0, 1150.0, 1150.0], style="step", color_role="spend", panel=1),
        ],
        vlines=[RefLine(6, "Phase 2 生产", "trigger"), RefLine(18, "Phase 3 扩容", "trigger")],
        markers=[
            Marker(6, 256, "trigger: pilot MFU ≥ 40 %", "Phase 2 starts when the pilot reaches its target", "trigger"),
            Marker(18, 512, "trigger: 3 new models", "Phase 3 starts with the expansion budget", "trigger"),
        ],
    )


ALL_SPECS = {
    "memory_fit": memory_fit_spec,
    "scaling": scaling_spec,
    "inference": inference_spec,
    "power_per_rack": power_per_rack_spec,
    "rack_layout": rack_layout_spec,
    "cost_over_time": cost_over_time_spec,
    "time_vs_cost": time_vs_cost_spec,
    "timeline": timeline_spec,
}


@pytest.mark.parametrize("kind", sorted(ALL_SPECS))
def test_spec_round_trips_through_json(kind: str) -> None:
    spec = ALL_SPECS[kind]()
    again = spec_from_dict(json.loads(json.dumps(spec.to_dict(), ensure_ascii=False)))
    assert again == spec
    assert again.to_dict() == spec.to_dict()


def test_series_data_returns_lists() -> None:
    spec = memory_fit_spec()
    x, y = spec.series_data("容量 capacity")
    assert x == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert y == MEMORY_CAPACITY
    with pytest.raises(KeyError):
        spec.series_data("missing")


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Series("a", [1, 2], [1]), "2 x values but 1 y values"),
        (lambda: Series("a", [1], [1], style="pie"), "style 'pie'"),
        (lambda: Series("a", [1], [1], tooltips=["x", "y"]), "2 tooltips for 1 points"),
        (lambda: Series("a", [1], [1], style="line", stack_group="g"), "bar series only"),
        (lambda: ChartSpec("scaling", "t", series=[Series("a", [0], [1])], log_x=True), "positive"),
        (lambda: ChartSpec("nope", "t"), "chart kind"),
        (lambda: ChartSpec("generic", "t", series=[Series("a", [0], [1]), Series("a", [1], [2])]), "duplicate"),
        (lambda: RackLayoutSpec("r", [RackColumn("R", [RackBox("big", 50, 1.0)])]), "does not fit"),
        (lambda: RackLayoutSpec("r", [RackColumn("R", [RackBox("a", 4, 1.0), RackBox("b", 2, 1.0, start_u=3)])]),
         "overlaps"),
    ],
)
def test_invalid_specs_are_rejected(make, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_rack_boxes_stack_from_the_bottom() -> None:
    rack = RackColumn("R", [RackBox("a", 4, 1.0), RackBox("b", 2, 1.0), RackBox("c", 1, 0.5, start_u=40)])
    assert [start for start, _ in rack.placed_boxes()] == [1, 5, 40]


def test_category_x_text() -> None:
    spec = power_per_rack_spec()
    assert spec.x_text(2.0) == "R03"
    assert spec.x_text(2.5) == "2.5"
