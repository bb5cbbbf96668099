"""The step guide's content for steps 1–4 (the workload and the machine: task, GPU, host, storage).

Plain data in the notation of ``gpudesk.wizard.step_help`` (which renders it and documents the notation); the
words are ``guide.<step>.…`` of the wizard catalogue (resources/i18n/wizard_{en,zh}.toml).
The Chinese follows the source documents in shared/seeds/ closely — the seven-step guide «gpu云计算服务器选型7个步骤和
3个实际案例» ("seven"), the lifecycle guide ("lifecycle") and the training-versus-inference article
("train_infer"); the English translates it. Numbers the articles quote that the hardware reference could not
verify (e.g. per-GPU TFLOPS, efficiency gains in percent) are left out; the GB200 NVL72 rack figures are kept and
marked as the article's.
"""

from __future__ import annotations

from gpudesk.wizard.step_help import StepHelp
from gpudesk.wizard.step_help import case_note as _c
from gpudesk.wizard.step_help import question as _q
from gpudesk.wizard.step_help import rule as _r
from gpudesk.wizard.step_record import Text

GUIDE_MACHINE: tuple[StepHelp, ...] = (
    StepHelp("task", Text("guide.task.decides"), (
        _q("guide.task.q1", "w.kind w.model_id"),
        _q("guide.task.q2", "w.model_id w.compute_dtype w.weight_dtype"),
        _q("guide.task.q3", "w.train_tokens w.dataset_items w.epochs w.deadline_days"),
        _q("guide.task.q4", "w.requests_per_day w.items_per_day w.peak_requests_per_s w.peak_factor w.ttft_ms w.latency_ms"),
        _q("guide.task.q5", "w.seats w.agents"),
    ), (
        _r("guide.task.rule1", "seven",
           "task.total_flops task.tokens_per_day task.peak_request_rate"),
        _r("guide.task.rule2", "seven"),
        _r("guide.task.rule3", "seven",
           "mem.fits", "task.model_does_not_fit"),
        _r("guide.task.rule4", "lifecycle"),
        _r("guide.task.rule5", "gpudesk",
           "task.sustained_flops_needed task.peak_items_per_s task.peak_request_rate",
           "task.deadline_missed task.ttft_target_missed"),
    ), (
        _r("guide.task.mistake1", "seven"),
        _r("guide.task.mistake2", "seven",
           checks="pitfall.no_utilisation_plan"),
    ), (
        _c("guide.task.case_startup", "startup", "p0.w0.kind=vision_train p0.w0.model_id=yolov8-l p0.w0.dataset_items=120000 p0.w0.epochs=100 "
           "p0.w0.deadline_days=2 p1.w0.model_id=vit-l-16 p1.w0.dataset_items=1500000"),
        _c("guide.task.case_ecommerce", "ecommerce", "p0.w0.kind=recsys_inference p0.w0.items_per_day=15000000000 p0.w0.latency_ms=30 "
           "p0.w0.peak_factor=3 p1.w0.items_per_day=75000000000 p1.w0.peak_factor=4"),
        _c("guide.task.case_manufacturer", "manufacturer", "p0.w0.kind=vision_inference p0.w0.items_per_day=8640000 p0.w0.latency_ms=50 "
           "p0.w1.kind=vision_train p0.w1.dataset_items=400000 p0.w1.epochs=80 p0.w1.deadline_days=2 "
           "p1.w0.items_per_day=17280000 p1.w1.dataset_items=800000"),
    )),
    StepHelp("gpu", Text("guide.gpu.decides"), (
        _q("guide.gpu.q1", "hardware.accelerator_id hardware.gpus_per_node w.parallel.tp w.parallel.zero_stage w.parallel.recompute"),
        _q("guide.gpu.q2", "hardware.nodes hardware.gpus_per_node"),
        _q("guide.gpu.q3", "hardware.accelerator_id"),
        _q("guide.gpu.q4", "w.parallel.tp w.parallel.ep w.batching"),
    ), (
        _r("guide.gpu.rule1", "seven",
           "mem.capacity mem.total"),
        _r("guide.gpu.rule2", "seven",
           "mem.headroom infer.ttft_s tco.cost_per_gpu_hour"),
        _r("guide.gpu.rule3", "seven"),
        _r("guide.gpu.rule4", "train_infer",
           "mem.min_gpus"),
        _r("guide.gpu.rule5", "train_infer", "infer.tpot_s infer.bottleneck"),
        _r("guide.gpu.rule6", "gpudesk", "mem.total mem.usable mem.fits mem.min_gpus", "task.model_does_not_fit"),
    ), (
        _r("guide.gpu.mistake1", "seven"),
        _r("guide.gpu.mistake2", "seven",
           checks="pitfall.software_ecosystem"),
    ), (
        _c("guide.gpu.case_startup", "startup", "p0.hardware.accelerator_id=l4 p0.hardware.gpus_per_node=4 p0.hardware.nodes=1 "
           "p1.hardware.accelerator_id=a100-sxm-80gb p1.hardware.gpus_per_node=8 p1.hardware.nodes=0"),
        _c("guide.gpu.case_ecommerce", "ecommerce", "p0.hardware.accelerator_id=l40s p0.hardware.nodes=0 p1.hardware.accelerator_id=l40s"),
        _c("guide.gpu.case_manufacturer", "manufacturer", "p0.hardware.accelerator_id=l20 p0.hardware.gpus_per_node=8 p0.hardware.nodes=0"),
    )),
    StepHelp("host", Text("guide.host.decides"), (
        _q("guide.host.q1", "hardware.server_id hardware.cpu_cores_per_node"),
        _q("guide.host.q2", "hardware.host_ram_gb"),
        _q("guide.host.q3", "hardware.server_id"),
    ), (
        _r("guide.host.rule1", "seven",
           "host.cores_needed host.gpu_feed_fraction", "host.cpu_starves_gpus"),
        _r("guide.host.rule2", "seven",
           "host.ram_needed host.pcie_lanes_needed host.pcie_lanes_offered",
           "host.ram_short host.serving_ram_short host.pcie_lanes_short host.pcie_gen_mismatch host.nic_pcie_bottleneck"),
        _r("guide.host.rule3", "lifecycle", "agent.vcpus"),
        _r("guide.host.rule4", "gpudesk",
           "host.cores_per_gpu_needed host.cores_per_gpu_offered host.gpu_feed_fraction",
           "host.cpu_starves_gpus host.server_spec_unknown"),
    ), (
        _r("guide.host.mistake1", "seven", checks="pitfall.bottlenecks"),
    ), (
        _c("guide.host.case_startup", "startup", "p0.hardware.server_id=pcie-8x-l4 p0.hardware.cpu_cores_per_node=0 p0.hardware.host_ram_gb=0"),
        _c("guide.host.case_ecommerce", "ecommerce", "p0.hardware.server_id=pcie-8x-l40s p0.hardware.cpu_cores_per_node=0"),
        _c("guide.host.case_manufacturer", "manufacturer", "p0.hardware.server_id=pcie-8x-l20 p0.hardware.host_ram_gb=0"),
    )),
    StepHelp("storage", Text("guide.storage.decides"), (
        _q("guide.storage.q1", "storage.dataset_tb storage.growth_pct_per_year"),
        _q("guide.storage.q2", "storage.option_id"),
        _q("guide.storage.q3", "storage.checkpoint_interval_hours"),
        _q("guide.storage.q4", "storage.team_size storage.concurrent_jobs"),
    ), (
        _r("guide.storage.rule1", "seven",
           "storage.read_bw_needed storage.read_bw_offered storage.io_feed_fraction", "storage.read_bw_short"),
        _r("guide.storage.rule2", "seven",
           "storage.shared_recommended storage.local_copy_bytes", "storage.local_copy_sprawl"),
        _r("guide.storage.rule3", "lifecycle"),
        _r("guide.storage.rule4", "gpudesk",
           "storage.capacity_needed storage.checkpoint_stall_share storage.stall_limit", "storage.checkpoint_stall"),
    ), (
        _r("guide.storage.mistake1", "seven", "storage.io_feed_fraction", "pitfall.bottlenecks"),
    ), (
        _c("guide.storage.case_startup", "startup", "p0.storage.option_id=object-s3-standard p0.storage.dataset_tb=0.6 p0.storage.growth_pct_per_year=100 "
           "p0.storage.team_size=20"),
        _c("guide.storage.case_ecommerce", "ecommerce", "p0.storage.option_id=object-s3-standard p0.storage.dataset_tb=20 p0.storage.concurrent_jobs=4"),
        _c("guide.storage.case_manufacturer", "manufacturer", "p0.storage.option_id=parallel-fs-ddn-ai400x2 p0.storage.dataset_tb=30 p1.storage.dataset_tb=60 "
           "p0.storage.team_size=40 p0.storage.concurrent_jobs=6"),
    )),
)
