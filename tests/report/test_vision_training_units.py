"""A vision training run counts its dataset and batch in images: the startup sample's Chinese proposal read
'训练图片数 120,000 项' and '全局批大小 1,024 条序列' for a YOLOv8 run that reads no token sequences."""

from __future__ import annotations

from gpudesk.vocabulary.workloads import kind_unit


def test_a_vision_training_run_counts_images():
    assert kind_unit("vision_train", "sequences") == "images"
    assert kind_unit("vision_train", "items") == "images"
    assert kind_unit("pretrain", "sequences") == "sequences"  # a language model's batch is sequences
    assert kind_unit("vision_inference", "items/day") == "images/day"


def test_the_proposal_states_the_images(searched_sample):
    from gpudesk.report.document import Branding, KeyValueTable
    from gpudesk.report.proposal import build_proposal

    plan, project = searched_sample("startup-inspection")
    doc = build_proposal(plan, project, "zh", Branding(), catalog_date="2026-12-01", catalog=searched_sample.catalog)
    values = [v for s in doc.sections for b in s.blocks if isinstance(b, KeyValueTable) for _k, v in b.rows]
    assert "1,024 张图像" in values and "12 万张图像" in values  # counted in 万 as the form types it (ec8a7876)
    assert not [v for v in values if v.endswith(" 条序列") or v in ("120,000 项", "12 万项")]
