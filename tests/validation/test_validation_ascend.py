"""Ascend 910B: the catalog peak is Huawei's published figure, and the MindFormers cases state their configs."""

from __future__ import annotations

from validation_cases_ascend import ASCEND_CASES, ascend_910b
from validation_split import frozen_split

from gpudesk.catalog.store import Catalog


def test_the_910b_peak_is_the_cann_figure_and_cites_it():
    acc = ascend_910b()
    assert acc.fp16_tflops == acc.bf16_tflops == 353.9  # 24 AI cores x 1.8 GHz x 16^3 MAC x 2
    assert abs(24 * 1.8e9 * 16**3 * 2 / 1e12 - acc.bf16_tflops) < 0.05
    sources = acc.provenance.field_sources
    assert sources["bf16_tflops"] == sources["fp16_tflops"] == "cann-atlas-a2-spec"
    citation = Catalog.open().citation("cann-atlas-a2-spec")
    assert "hicann/ops-nn" in citation.url and citation.kind == "V"


def test_mindformers_cases_state_their_config_and_are_held_out():
    assert len(ASCEND_CASES) >= 6 and len({c.id for c in ASCEND_CASES}) == len(ASCEND_CASES)
    for c in ASCEND_CASES:
        assert "mindspore-lab/mindformers" in c.citation and "models.md" in c.citation, c.id
        assert c.accelerator.id == "ascend-910b" and c.precision in ("bf16", "fp16"), c.id
        assert c.n_gpus % (c.tp * c.pp) == 0 and c.global_batch % (c.n_gpus // (c.tp * c.pp)) == 0, c.id
        assert "config:" in c.note and "assumed" in c.note and c.id not in frozen_split(), c.id


def test_the_910b_and_910c_scaleup_bandwidths_cite_huaweis_model_and_say_it_is_not_a_datasheet():
    """The HCCS / UB figures are Huawei's (its open-source performance model), not a fitted constant."""
    catalog = Catalog.open()
    b, c = ascend_910b(), catalog.accelerator("ascend-910c")
    assert b.scaleup_bw_gbs == 196 and c.scaleup_bw_gbs == 2 * 196  # 910C: a package of two dies
    assert b.provenance.field_sources["scaleup_bw_gbs"] == c.provenance.field_sources["scaleup_bw_gbs"]
    citation = catalog.citation(b.provenance.field_sources["scaleup_bw_gbs"])
    assert "Ascend/msmodeling" in citation.url and citation.kind == "V" and "not a datasheet" in citation.note
    assert "not a datasheet" in b.provenance.notes and "not a datasheet" in c.provenance.notes
