"""The English of the refusals about a plan the estimate cannot size (``PlanInputError``, ``core/`` and
``results/``) or a pilot it cannot be calibrated with (``calibration/``). Declared once in
:data:`gpudesk.refusals.ENGLISH`."""

ESTIMATE_REFUSALS: dict[str, str] = {
    # -- a pilot the plan cannot be calibrated with (calibration/) ----------------------------------------------------
    "pilot.no_phase": "the plan has no phase {phase}",
    "pilot.no_workload": "phase '{name}' has no {what} workload to compare this pilot with; add one in step 1 or "
                         "pick another phase",
    "pilot.what_training": "training",
    "pilot.what_serving": "LLM serving",
    "pilot.layout_cannot_run": "the pilot layout cannot run: {gpus:g} GPUs with TP {tp:g} × PP {pp:g} and global batch "
                               "{batch:g} (micro-batch {micro:g}) do not divide evenly, or the {accelerator} lacks "
                               "{precision}; correct the pilot setup",
    "pilot.cannot_serve": "the plan's model cannot serve this pilot on one {accelerator} replica of TP {tp:g} (it does "
                          "not fit, or the precision is unsupported); correct the pilot setup",
    "pilot.no_measurements": "no training step time, throughput, serving latency or goodput among the measurements; "
                             "import a training or serving-benchmark log",
    # -- a plan the estimate cannot size (PlanInputError, core/ and results/) -----------------------------------------
    "input.catalog": "{field}: {cause}",
    "input.catalog_enter": "{field}: {cause}; enter the value for this plan",
    "input.no_phase": "{field}: the plan has no phase; add one",
    "input.mixed_currency": "{field}: this phase is costed in {currency}, but the plan's first phase in {first}; a "
                            "plan adds its phases' costs in one currency: set this phase's currency to {first}",
    "input.no_such_phase": "{field}: no such phase (the plan has {phases})",
    "input.no_workload": "{field}: the phase has no workload; add one in step 1",
    "input.model_context": "{model} ({context:,}-token context)",
    "input.prompt_too_long": "{field}: {prompt:,} tokens leave no room for output in {model}; allowed 1 … {most:,} "
                             "with at least one output token",
    "input.output_too_long": "{field}: {output:,} tokens after a {prompt:,}-token prompt exceed {model}; allowed "
                             "1 … {most:,} with this prompt",
    "input.seq_too_long": "{field}: {seq:,} tokens exceed {model}; allowed 1 … {most:,} when fine-tuning this model",
    "input.custom_model": "{field}: {problems}",
    "input.custom_model_problem": "{name}: {reason}",
    "input.server_no_gpus": "{field}: {server} holds no GPUs in the catalog (gpus = {gpus}); pick a server with GPUs "
                            "or clear the field",
    "input.node_exceeds_server": "{field}: {per_node} GPUs per node, but {server} holds {slots}; a node is one "
                                 "server: set GPUs per node to {slots} or fewer, or pick a server that holds "
                                 "{per_node}",
    "input.node_exceeds_servers": "{field}: {per_node} GPUs per node, but no {accelerator} server in the catalog "
                                  "holds that many (the nearest, {server}, holds {slots}); a node is one server: set "
                                  "GPUs per node to {slots} or fewer, or add a server for {per_node} in the catalog "
                                  "browser",
    "input.server_other_accelerator": "{field}: {server} holds {holds}, not the chosen accelerator {accelerator}; "
                                      "pick a matching server or clear the field",
    "input.layout_not_dividing": "{field}: tp×pp×cp = {mp} does not divide the phase's {total} GPUs ({nodes} × "
                                 "{per_node} GPUs per node); change the layout or the node count",
    "input.dp_mismatch": "{field}: dp = {dp} with tp×pp×cp = {mp} uses {used} GPUs, but the phase has {total} "
                         "({nodes} × {per_node} GPUs per node); set dp to {fits} or 0 (derived)",
    "input.dp_mismatch_one": "{field}: dp = {dp} with tp×pp×cp = {mp} uses 1 GPU, but the phase has {total} "
                             "({nodes} × {per_node} GPUs per node); set dp to {fits} or 0 (derived)",
    "input.replica_exceeds_phase": "{field}: one replica of this layout needs {per_replica} GPUs (tensor or expert "
                                   "× pipeline parallel), but the phase's nodes × GPUs per node give {total} "
                                   "({nodes} × {per_node}); set more nodes or GPUs per node, or a smaller layout",
    "input.vision_dp_mismatch": "{field}: dp = {dp} GPUs, but the phase has {total} ({nodes} × {per_node} GPUs per "
                                "node); set dp to {total} or 0 (derived)",
    "input.pools_exceed_phase": "{field}: a disaggregated deployment needs at least one prefill instance ({prefill} "
                                "GPUs) and one decode instance ({decode} GPUs), but the phase has {total}; set more "
                                "nodes or GPUs per node, or a smaller tensor parallel for either instance",
    "input.block_exceeds_phase": "{field}: the stated block of the disaggregated deployment (prefill pool "
                                 "{prefill_pool} + decode pool {decode_pool} GPUs) needs {block} GPUs, but the phase "
                                 "has {total}; set more nodes or GPUs per node, or smaller pools",
    "input.pool_half_stated": "{field}: a block of a disaggregated deployment needs both pools: prefill_pool_gpus = "
                              "{prefill} and decode_pool_gpus = {decode}; set both, or both to 0 (each pool sized "
                              "from the rate)",
    "input.prefill_pool_not_whole": "{field}: a prefill pool of {pool} GPUs does not hold whole prefill instances of "
                                    "{per} GPUs (prefill tensor parallel {tp} × pipeline {pp}, or expert parallel); "
                                    "set a multiple of {per}, or another prefill_tp",
    "input.decode_pool_not_whole": "{field}: a decode pool of {pool} GPUs does not hold whole decode instances of "
                                   "{per} GPUs (tensor parallel {tp} × pipeline {pp}, or expert parallel); set a "
                                   "multiple of {per}, or another tp",
    "input.figure_unknown": "{field}: {what} is unknown for this model and accelerator (the catalog lacks a figure "
                            "it needs{missing}); pick another model or add the figure in the catalog",
    "input.figure_unknown_missing": ": {text}",
    "input.what_throughput_per_gpu": "throughput per GPU",
    "input.what_training_throughput": "training throughput",
    "input.no_training_images": "{field}: a vision training job needs the number of training images",
    "input.rented_no_network": "{field}: {gpus} GPUs span several rented instances and the catalog does not give the "
                               "network between them, so the gradient all-reduce has no bandwidth; choose an offer "
                               "with more GPUs per instance, or fewer GPUs",
    "input.no_scale_out_nic": "{field}: {gpus} GPUs span several servers and neither the server row nor the plan "
                              "names a scale-out NIC, so the gradient all-reduce between servers has no bandwidth; "
                              "pick a NIC or fewer GPUs",
    "input.no_vgpu_profile": "{field}: {accelerator} offers no vGPU profile of {size:g} GB or more (catalog "
                             "vgpu_profiles_gb); choose a vGPU-capable accelerator such as L40S, L4 or RTX 6000 Ada",
    "input.not_a_language_model": "{field}: {model} is a {kind} model; LLM training needs a transformer language "
                                  "model (use vision training for vision)",
    "input.kind_not_stated": "{field}: the workload states no type, so gpudesk took LLM pre-training, the default, "
                             "which needs a transformer language model, and {model} is a {kind} model; choose the "
                             "workload's type",
    "input.unknown_workload_kind": "{field}: unknown workload type {kind}",
}
