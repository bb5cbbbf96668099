"""Host RAM (step 3) holds the data loader's prefetched batches, sized from the plan: a vision batch is its images
decoded to float tensors (not their compressed files), a text batch its tokens' ids and masks. Until stop 10 the
batch size was never set, so the pinned buffers were 0 bytes for every plan."""

import math

import pytest
from test_power import DGX_H100

from gpudesk.core import constants as C
from gpudesk.core.host import HostInputs, host_figures
from gpudesk.report.formula_text import formula_text


def test_a_vision_batch_is_its_decoded_images():
    # 2,000 images/s / 100 per core = 20 loader workers per GPU; 128 images of 640 x 640 x 3 float32 = 629 MB a batch
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=2000.0, data_kind="images",
                                 batch_units_per_gpu=128, image_size_px=640))
    image = 640 * 640 * 3 * 4
    assert fs["host.bytes_per_unit"] == pytest.approx(image)
    assert fs["host.batch_bytes_per_gpu"] == pytest.approx(128 * image)
    assert fs["host.loader_batches_held"] == 2 * 20 + 2  # prefetch x workers, + the batch in use and the one being pinned
    assert fs["host.pinned_buffers"] == pytest.approx(128 * image * 42 * 8)  # x batches held x GPUs
    sources = " ".join(i.source for i in fs.explain("host.loader_batches_held").inputs)
    assert "prefetch_factor default 2" in sources and "_try_put_index" in sources and "pin-memory" in sources
    assert "float32" in fs.explain("host.bytes_per_unit").inputs[2].source


def test_serving_has_no_loader_batch():
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=0.0))
    assert fs["host.pinned_buffers"] == 0.0 and "no training data loader" in fs.explain("host.batch_bytes_per_gpu").source


def test_video_batches_are_unknown_never_zero():
    fs = host_figures(HostInputs(server=DGX_H100, throughput_per_gpu=100.0, data_kind="video", batch_units_per_gpu=8,
                                 video_frames_per_core_s=50.0))
    assert math.isnan(fs["host.pinned_buffers"]) and math.isnan(fs["host.ram_needed"])


def test_the_inspection_sample_holds_its_prefetched_images_in_host_ram(searched_sample):
    plan, project = searched_sample("startup-inspection")
    phase, w = plan.phases[0], project.phases[0].workloads[0]
    f = phase.figures
    gpus = phase.config.gpus
    assert f.number("host.batch_units_per_gpu") == pytest.approx(w.global_batch / gpus)
    assert f.number("host.batch_bytes_per_gpu") == pytest.approx(w.global_batch / gpus * w.image_size ** 2 * 3 * 4)
    pinned = f.number("host.pinned_buffers")
    assert pinned > 1 * C.GB  # was 0 B
    assert f.number("host.ram_needed") >= pinned
    explained = f.explain("host.pinned_buffers")
    assert "loader_batches_held" in explained.formula
    zh = formula_text("zh")
    for key in ("host.pinned_buffers", "host.loader_batches_held", "host.batch_bytes_per_gpu", "host.bytes_per_unit"):
        assert zh.lookup_formula(f.explain(key).formula), key  # the explanation in Chinese too
