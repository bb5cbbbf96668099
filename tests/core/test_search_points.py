"""The search's bookkeeping on hand-checkable sets: Pareto fronts, dropped-point counts, ranking."""

from __future__ import annotations

import numpy as np

from gpudesk.core.search_choice import Spec, choose, rank_order
from gpudesk.core.search_points import BIT, CODES, PointTable, pareto_front


def test_front_of_a_hand_checkable_set_lower_x_better():
    # time (days) and cost of six configurations; by hand: A(1, 9) B(2, 5) C(3, 5) D(4, 2) E(5, 3) F(2, 8)
    # A is fastest; B beats F (same time, cheaper) and C (cheaper at the same cost? no: C is slower at the same
    # cost, so B dominates C); D is cheapest; E is slower and dearer than D.  Front: A, B, D.
    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 2.0])
    y = np.array([9.0, 5.0, 5.0, 2.0, 3.0, 8.0])
    front = pareto_front(x, y, np.ones(6, dtype=bool), x_higher_is_better=False)
    assert list(front) == [0, 1, 3]


def test_front_when_higher_x_is_better_and_infeasible_points_are_ignored():
    # tokens/s per user (higher better) and cost per million tokens (lower better)
    # P0 (10, 1.0) P1 (20, 1.5) P2 (30, 4.0) P3 (25, 5.0) P4 (40, 0.5, infeasible) P5 (20, 1.2)
    # P5 dominates P1 (same speed, cheaper); P3 is slower and dearer than P2; P4 is not a candidate.
    x = np.array([10.0, 20.0, 30.0, 25.0, 40.0, 20.0])
    y = np.array([1.0, 1.5, 4.0, 5.0, 0.5, 1.2])
    feasible = np.array([True, True, True, True, False, True])
    front = pareto_front(x, y, feasible, x_higher_is_better=True)
    assert list(front) == [0, 5, 2]  # ordered by x
    # no front point is dominated by any feasible point, and every feasible point off the front is
    for i in np.flatnonzero(feasible):
        dominated = any((x[j] >= x[i]) and (y[j] <= y[i]) and (x[j] > x[i] or y[j] < y[i])
                        for j in np.flatnonzero(feasible))
        assert dominated == (i not in front)


def test_front_keeps_one_of_identical_points_and_drops_nan():
    x = np.array([1.0, 1.0, np.nan, 2.0])
    y = np.array([3.0, 3.0, 1.0, 1.0])
    front = pareto_front(x, y, np.ones(4, dtype=bool), x_higher_is_better=False)
    assert list(front) == [0, 3]


def test_dropped_points_are_counted_once_by_their_first_violation():
    table = PointTable()
    mask = np.array([0, BIT["memory"], BIT["memory"] | BIT["ttft"], BIT["ttft"] | BIT["power"], BIT["quality"], 0])
    table.add(acc=0, gpus=np.arange(6.0) + 1, cost=np.arange(6.0), mask=mask)
    table.drop("unsupported", 7)  # ruled out before evaluation
    dropped = table.dropped()
    assert dropped == {"unsupported": 7, "memory": 2, "ttft": 1, "quality": 1}
    assert list(dropped) == [c for c in CODES if c in dropped]  # BINDING order
    assert table.total == 13 and sum(dropped.values()) + int(table.feasible.sum()) == table.total


def test_ranking_puts_feasible_priced_cheap_first_then_fewer_gpus():
    table = PointTable()
    # rows: infeasible-cheap, feasible unpriced 8 GPUs, feasible priced 100, feasible priced 50 with 16 GPUs,
    # feasible unpriced 4 GPUs
    table.add(acc=0, gpus=np.array([1.0, 8.0, 8.0, 16.0, 4.0]), cost=np.array([1.0, np.nan, 100.0, 50.0, np.nan]),
              days=np.ones(5), mask=np.array([BIT["memory"], 0, 0, 0, 0]))
    spec = Spec("training", "days", False, "days", False, "cost")
    assert list(rank_order(table, spec)) == [3, 2, 4, 1, 0]
    choice = choose(table, spec, "deadline")
    assert choice.recommended == 3


def test_the_binding_constraint_is_the_one_hiding_the_cheapest_improvement():
    table = PointTable()
    # recommended costs 100; a 60 configuration breaks only the TTFT target, a 90 one only the power limit,
    # a 40 one breaks two constraints (relaxing one alone would not admit it)
    table.add(acc=np.array([0, 0, 1, 1]), gpus=np.array([8.0, 4.0, 6.0, 2.0]),
              cost=np.array([100.0, 60.0, 90.0, 40.0]), days=np.ones(4),
              mask=np.array([0, BIT["ttft"], BIT["power"], BIT["ttft"] | BIT["power"]]))
    choice = choose(table, Spec("training", "days", False, "days", False, "cost"), "deadline")
    assert choice.recommended == 0
    assert choice.binding == "ttft" and choice.binding_row == 1
    # nothing cheaper hidden: the recommendation's own sizing names the constraint
    table2 = PointTable()
    table2.add(acc=0, gpus=np.array([8.0, 16.0]), cost=np.array([100.0, 200.0]), days=np.array([2.0, 1.0]),
               mask=np.array([0, BIT["power"]]))
    assert choose(table2, Spec("training", "days", False, "days", False, "cost"), "deadline").binding == "deadline"


def test_costs_within_the_tie_rank_by_time_then_fewer_gpus():
    """fidwide-18: two L40S layouts of 64 GPUs, $9 apart in $1.93 M (typical-load power), picked the slower one."""
    from gpudesk.core.constants import RANKING_COST_TIE

    base = 1_930_000.0
    table = PointTable()
    # rows: the cheapest by $9, 29.5 days; 26.5 days; as fast with fewer GPUs; 1% dearer and faster still (no tie)
    table.add(acc=0, gpus=np.array([64.0, 64.0, 32.0, 64.0]), days=np.array([29.5, 26.5, 26.5, 20.0]),
              cost=np.array([base, base + 9.0, base + 5.0, base * 1.01]), mask=np.zeros(4, dtype=int))
    spec = Spec("training", "days", False, "days", False, "cost")
    assert 9.0 / base < RANKING_COST_TIE.value < 0.01
    assert list(rank_order(table, spec)) == [2, 1, 0, 3]
    assert choose(table, spec, "deadline").recommended == 2
