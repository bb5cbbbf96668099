"""A recommender's host RAM reads its embedding tables (walk-26 core item 7).

The ecommerce sample's step 3 read host RAM 未知: the serving host staged 'model weights per GPU' (mem.weights), which a
recommender has not; it holds embedding tables, sharded over its GPUs (recsys.gpus_for_tables). The host now stages
each GPU's share of the tables, so the RAM needed is known and checked against the instance's.
"""

from __future__ import annotations

import math

from gpudesk.report.check_text import localise


def test_a_recommenders_host_stages_its_tables_per_gpu(searched_sample) -> None:
    plan, _project = searched_sample("ecommerce-recsys")
    for phase in plan.phases:
        f = phase.figures
        [workload] = phase.config.workloads
        per_gpu = f.number("recsys.table_bytes") / workload.gpus
        assert f.number("host.weights_per_gpu") == per_gpu
        assert "recsys.table_bytes" in f.explain("host.weights_per_gpu").source
        need = f.number("host.ram_needed")
        assert math.isfinite(need) and need >= per_gpu
        # g6e.xlarge: 32 GB of RAM for a 24.3 GB table shard and the system's reserve: said, as a warning
        [short] = [c for c in phase.checks if c.id == "host.serving_ram_short"]
        assert short.severity == "warning" and "embedding tables" in short.message
        title, message, _fix = localise(short, "zh")
        assert "嵌入表" in message and "{" not in message
