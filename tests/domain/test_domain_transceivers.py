"""Transceivers are counted as the parts take them (xcvr-26).

A ConnectX-7 takes one single-port module per port; a Quantum-2 QM9700 has 32 twin-port OSFP cages for its 64 NDR
ports (NVIDIA LinkX 'connectors and cages'), so one module serves two switch ports. Until 2026-12-05 the bill of
materials counted two per cable (one each end), up to twice the switch side. A QM8700 (HDR, one QSFP56 port per cage)
keeps two per cable.

16 DGX H100 x 8 ConnectX-7 = 128 NIC ports. QM9700 at 400 Gb/s: radix 64, 32 down / 32 up per leaf, two tiers,
8 rail leaves of 16 nodes and ceil(8 x 32 / 64) = 4 spines; cables 128 + 8 x 32 = 384.
"""

from __future__ import annotations

import math

from domain_plans import estimate, plan

from gpudesk.report import ledger_text
from gpudesk.report.text_catalog import ReportText

SIXTEEN = dict(hardware__nodes=16, w__train_tokens=2e12, delivery__mode="private")  # owned: the bill buys the fabric


def test_a_two_tier_ndr_fabric_counts_one_module_per_two_switch_ports(catalog) -> None:
    est = estimate(catalog, plan(network__switch_id="qm9700", **SIXTEEN))
    f = est.figures
    assert catalog.switch("qm9700").ports_per_cage == 2
    assert f.number("net.tiers") == 2 and f.number("net.cables") == 384
    assert f.number("net.nic_transceivers") == 128  # one per ConnectX-7 port
    # leaves: 8 x (ceil(16 / 2) facing nodes + ceil(32 / 2) uplinks) = 192; spines: 256 leaf links / 2 = 128
    assert f.number("net.switch_transceivers") == 8 * (8 + 16) + 128
    assert f.number("net.optics") == 128 + 320  # was 2 x 384 = 768
    line = est.ledger.line("optics")
    assert line.quantity == 448 and line.figure_key == "net.optics"  # the bill reads the core's count
    en, zh = (ledger_text.detail(line, ReportText(lang)) for lang in ("en", "zh"))
    assert "one per NIC port" in en and "one per 2 ports in use" in en and "QM9700" in en
    assert "网卡每个端口一个" in zh and "每 2 个所用端口一个" in zh and "cable" not in zh


def test_an_hdr_fabric_keeps_two_per_cable(catalog) -> None:
    est = estimate(catalog, plan(network__switch_id="qm8700", **SIXTEEN))
    f = est.figures
    assert catalog.switch("qm8700").ports_per_cage == 1
    assert f.number("net.optics") == 2 * f.number("net.cables") > 0
    assert est.ledger.line("optics").quantity == f.number("net.optics")


def test_a_switch_without_published_cages_leaves_the_count_unknown_and_says_why(catalog) -> None:
    """The Quantum-X800 Q3400's row does not give its ports per cage: the switch side is unknown, never a guess."""
    est = estimate(catalog, plan(network__nic_id="connectx-8-xdr", network__switch_id="q3400", **SIXTEEN))
    f = est.figures
    assert f.number("net.nic_transceivers") == 128
    assert math.isnan(f.number("net.switch_transceivers")) and math.isnan(f.number("net.optics"))
    line = est.ledger.line("optics")
    assert math.isnan(line.quantity) and line.amount is None  # no amount made from a guessed count
    for lang in ("en", "zh"):  # the quantity reads unknown, never nan or 0
        shown = ledger_text.quantity(line, ReportText(lang))
        assert "nan" not in shown.lower() and not shown.startswith("0"), shown
    en, zh = (ledger_text.detail(line, ReportText(lang)) for lang in ("en", "zh"))
    assert "unknown" in en and "ports per cage" in en and "Q3400" in en
    assert "未知" in zh and "笼位" in zh
