"""A ledger line says what its price rests on (proposal-26): the bank's servers, priced from their GPUs (the catalog
has no server price), read '估算' in the bill of materials with no reference and the server row's date; its
maintenance, the plan's own percentage of the hardware value, read '目录价'."""

from __future__ import annotations

from gpudesk.report.document import Branding, DataTable
from gpudesk.report.proposal import build_proposal


def test_an_estimated_server_cites_its_gpu_price_and_maintenance_is_the_plans_own(searched_sample) -> None:
    plan, project = searched_sample("bank-llm-assistant")
    phase = next(p for p in plan.phases if p.ledger.line("servers") is not None)
    servers, maintenance = phase.ledger.line("servers"), phase.ledger.line("maintenance")
    assert servers.status == "estimated" and maintenance is not None
    gpu_source = phase.figures.source("tco.gpu_price")
    assert gpu_source.startswith("catalog accelerators/") and gpu_source in servers.source
    assert "GPU price × (1 + platform overhead)" in servers.source  # the rule
    accelerator = searched_sample.catalog.accelerator(phase.config.accelerator_id)
    assert servers.date == accelerator.provenance.date
    assert maintenance.status == "user_quote" and maintenance.source.startswith("user input")
    doc = build_proposal(plan, project, "zh", Branding(), catalog=searched_sample.catalog)
    cells = [" ".join(str(c) for c in row) for s in doc.sections for b in s.blocks if isinstance(b, DataTable)
             for row in b.rows]
    # the rule, from the line's own figures (8 GPUs, 1 + SERVER_PLATFORM_OVERHEAD), then the GPU price's reference
    factor = 1.0 + phase.figures.number("tco.platform_overhead")
    assert dict(servers.params)["platform_factor"] == factor
    assert any("128.1553 万元" in c and f"估算：8 × GPU 单价 × {factor:g} [" in c for c in cells), \
        [c for c in cells if "估算" in c]
