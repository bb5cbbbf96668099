"""The reasons gpudesk refuses a plan or cannot estimate it, as a key and its values, not a finished sentence.

A plan file refused on open (:mod:`gpudesk.untrusted_json`, ``project/io.py``, ``project/schema.py``,
``project/migrations.py``) and a plan the core cannot estimate (``PlanInputError``, catalog lookups) raise their usual
exception types, each carrying a :class:`Refusal`: a stable key of :data:`ENGLISH` and the values its wording needs
(a plan field's path, a number, a limit, a unit, the user's own text, or a nested refusal). ``str(exc)`` is the English
sentence (what the CLI prints and the logs keep); the Chinese is by key in ``resources/i18n/refusals_zh.toml``, worded
by ``gpudesk/report/refusal_text.py``, which also names a plan field by its label in either language. The English
templates are declared here, once; ``tests/report/test_refusal_text.py`` holds the Chinese catalogue to the same keys
and fields. (Top-level and free of gpudesk imports, so every bottom layer can raise with it.)

Values by name: ``field`` is a plan path (worded by its label), ``table`` a catalog table, ``unit`` a unit code;
a nested :class:`Refusal` is worded in the same language; "" leaves an optional part out.
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

ENGLISH: dict[str, str] = {
    # -- a value in a plan file, described (the "got …" of a type mismatch) ---------------------------------------
    "value.null": "null",
    "value.bool": "a boolean ({text})",
    "value.number": "the number {text}",
    "value.text": "the text {text}",
    "value.list": "a list of {count} items",
    "value.list_one": "a list of 1 item",
    "value.object": "an object with {count} keys",
    "value.object_one": "an object with 1 key",
    "value.other": "a {text}",
    # -- reading the file ------------------------------------------------------------------------------------------
    "file.missing": "{path} does not exist",
    "file.cannot_open": "cannot open {path}: {why}",
    "file.cannot_read": "cannot read {path}: {why}",
    "file.cannot_save": "cannot save {path}: {why}",
    "file.not_regular": "{path} is not a regular file",
    "file.too_large": "{path} is too large ({size:,} bytes; a plan file is at most {limit:,} bytes)",
    "file.grew_too_large": "{path} is too large (over {limit:,} bytes)",
    "file.changed": "{path} was changed by another program or window since it was opened; nothing was saved. "
                    "Reload it, or save under another name to keep both versions",
    "file.deleted": "{path} was deleted or cannot be read since it was opened; nothing was saved. "
                    "Reload it, or save under another name to keep both versions",
    "file.not_autosave": "{path} is not a gpudesk autosave",
    "file.autosave_without_plan": "{path} holds no plan",
    "file.autosave_locked": "cannot lock the autosave session in {path}",
    "file.autosave_closed": "the autosave session is closed",
    "file.cannot_autosave": "cannot autosave to {path}: {why}",
    "file.cannot_update_recent": "cannot update the recent-files list {path}: {why}",
    "file.save_too_large": "the plan is too large to save ({size:,} bytes; the limit is {limit:,})",
    "os.error": "{text}",
    "cli.flag_too_long": "{flag} is {length:,} characters long; the limit is {limit:,} (a line of the cover and header)",
    "logo.missing": "logo {path} does not exist",
    "logo.unreadable": "logo {path} cannot be read as an image ({why}); choose a PNG or JPEG file",
    # -- JSON from outside (gpudesk/untrusted_json.py) --------------------------------------------------------------
    "json.not_utf8": "{name} is not UTF-8 text: invalid byte 0x{byte} at byte offset {offset} ({why})",
    "json.empty": "{name} is empty: it holds no text at all",
    "json.syntax": "{name} is not valid JSON: {what} at line {line}, column {column}",
    "json.unacceptable": "{name} is not acceptable JSON: {why}",
    "json.too_deep": "{name} is nested too deeply ({depth} levels; the limit is {limit})",
    "json.holds": "{name} holds {what}",
    "json.too_many_items": "a list or object of {count:,} entries (the most any field allows is {limit:,})",
    "json.not_finite": "{text} is not allowed; numbers must be finite",
    "json.duplicate_key": "duplicate key {text} in one object",
    "json.long_number": "a number has more than {limit:,} digits",
    "json.parser": "{text}",
    # -- the plan's layout and format version ----------------------------------------------------------------------
    "plan.not_object": "{name} is not a gpudesk plan: the top level is {got}, not an object",
    "plan.newer_schema": "this plan was saved by a newer gpudesk (schema {found}); this version reads up to {supported}",
    "plan.problems": "the plan has {count} problems",
    "plan.problems_one": "the plan has 1 problem",
    "plan.more_problems": "… and {count} more",
    "plan.and_more": " (and {count} more)",
    "plan.converted_note": "converted from format {version}; paths refer to the current layout",
    "plan.migrated_note": "migrated from schema {version}; paths refer to the current layout",
    "plan.no_version": "missing: this is not a gpudesk plan (no format version)",
    "plan.not_json_writable": "cannot be written as JSON: {text}",
    # -- one field of the plan (project/schema.py) -------------------------------------------------------------------
    "field.expected_object": "expected an object, got {got}",
    "field.key_not_text": "keys must be text, got {got}",
    "field.unknown": "unknown field",
    "field.unknown_near": "unknown field; did you mean {near}?",
    "field.expected_bool": "expected true or false, got {got}",
    "field.expected_number": "expected a number, got {got}",
    "field.expected_whole": "expected a whole number, got {got}",
    "field.expected_whole_type": "expected a whole number, got {text}",
    "field.not_finite": "{value} is not allowed; numbers must be finite",
    "field.below_min": "{value} is below the minimum {bound}{unit}{allowed}{why}",
    "field.above_max": "{value} is above the maximum {bound}{unit}{allowed}{why}",
    "field.range_unit": " ({unit})",
    "field.range_allowed": "; allowed {lo} … {hi}",
    "field.range_why": " ({text})",
    "field.too_large_number": "{value} is too large for a number",
    "field.expected_text": "expected text, got {got}",
    "field.text_too_long": "text is {length} characters long; the limit is {limit}",
    "field.text_over_limit": "text is {length:,} characters long; the limit is {limit:,}{why}",
    "plan.text_kept_over_limit": "{field} is {length:,} characters long, over the {limit:,} an edit takes{why}; kept whole, pages show the first {limit:,}: shorten it",
    "field.text_surrogate": "text contains an unpaired surrogate (not valid Unicode)",
    "field.not_choice": "{text} is not one of: {choices}",
    "field.too_many_entries": "{count} entries; the limit is {limit}",
    "field.expected_list": "expected a list, got {got}",
    "field.key_problem": "key: {problem}",
    "field.expected_json": "expected a JSON value, got {got}",
    "field.nested_too_deep": "nested too deeply",
    "field.invalid_key": "invalid key {got}",
    # -- the catalog rows a plan names (catalog/store.py) ------------------------------------------------------------
    "coerce.required": "a value is required",
    "coerce.expected_text": "expected text, got {type}",
    "coerce.text_too_long": "text longer than {limit} characters",
    "coerce.too_many_items": "more than {limit} list items",
    "coerce.unsupported_kind": "unsupported field kind {kind}",
    "coerce.expected_bool": "expected true/false, got {text}",
    "coerce.bool_not_number": "expected a number, got true/false",
    "coerce.number_text_too_long": "number text longer than {limit} characters",
    "coerce.expected_whole_text": "expected a whole number{unit}, got {text}",
    "coerce.expected_number_text": "expected a number{unit}, got {text}",
    "coerce.expected_number_type": "expected a number, got {type}",
    "coerce.not_finite": "NaN and infinity are not allowed",
    "coerce.magnitude": "magnitude {value:.3g} is beyond {limit:.0e}",
    "coerce.expected_whole": "expected a whole number, got {value}",
    "coerce.list_not_json": "list is not valid JSON",
    "coerce.expected_list": "expected a list",
    "coerce.expected_list_type": "expected a list, got {type}",
    "coerce.sources_not_json": "field_sources is not valid JSON",
    "coerce.sources_entry": "field_sources entry {text} is not FIELD=CITATION",
    "coerce.sources_not_map": "field_sources must map field names to citation ids",
    "catalog.unknown_field": "unknown field",
    "catalog.required_missing": "required field is missing",
    "catalog.must_be_text": "must be text",
    "catalog.cannot_build": "cannot build the row: {text}",
    "catalog.typed_number": "expected a number{unit} written without quotes, got {got}",
    "catalog.typed_bool": "expected true or false written without quotes, got {got}",
    "catalog.typed_numbers": "expected a list of numbers{unit} such as [1, 2], got {got}",
    "catalog.typed_texts": "expected a list of texts in quotes such as [\"a\", \"b\"], got {got}",
    "catalog.shipped_missing": "shipped catalog not found at {path}; build it with python -m gpudesk.catalog.build",
    "catalog.shipped_unreadable": "shipped catalog {path} cannot be read ({text}); reinstall or rebuild it",
    "catalog.snapshot_unknown_table": "catalog snapshot row {row}: unknown table {table}",
    "catalog.snapshot_not_a_row": "catalog snapshot row {row} is not a row",
    "catalog.snapshot_invalid": "catalog rows saved in the plan are invalid: {problems}{more}",
    "catalog.snapshot_problem": "{where}: {reason}",
    "catalog.no_row": "no row '{id}' in catalog table {table}{near}",
    "catalog.near": "; did you mean {ids}?",
    "catalog.no_facility_default": "no facility default for kind '{kind}' and region '{region}' in catalog table "
                                   "facility_defaults; regions for {kind}: {regions}",
    # -- a catalog row's own checks (catalog/validate.py, field_rules.py); a field other than the problem's own is a
    # value ``column`` (worded by its name), a table ``table`` ---------------------------------------------------------
    "rule.not_choice": "{text} is not one of: {choices}",
    "rule.below": "{value:g} {unit} is below {bound:g} {unit}{why}",
    "rule.above": "{value:g} {unit} is above {bound:g} {unit}{why}",
    "rule.why": " ({text})",
    "rule.id_form": "use lower-case letters, digits and . _ + - (at most 80 characters)",
    "rule.citation_id_form": "use lower-case letters, digits and . _ + -",
    "rule.citation_kind": "must be V, S, M or D",
    "rule.name_required": "a name is required",
    "rule.source_required": "every row needs a source citation",
    "rule.no_citation": "citation '{id}' is not defined",
    "rule.date_form": "give the date the values were taken as YYYY-MM-DD",
    "rule.access_date_form": "give the access date as YYYY-MM-DD",
    "rule.effective_date_form": "give the date the rule took effect as YYYY-MM-DD",
    "rule.not_a_date": "'{text}' is not a calendar date",
    "rule.not_a_field": "'{column}' is not a field of {table}",
    "rule.field_citation": "citation '{id}' for {column} is not defined",
    "rule.unknown_has_value": "'{column}' is listed as unknown but has a value",
    "rule.memory_type": "unknown memory type '{text}' ({choices})",
    "rule.memory_bw": "{value:g} GB/s is implausible for {text} ({low:g}–{high:g} GB/s per device)",
    "rule.scaleup_link": "a scale-up domain above 1 needs the link named",
    "rule.full_mesh_links": "a full-mesh scale-up link needs its peer links per GPU (e.g. 7 on an 8-GPU board)",
    "rule.too_many_links": "{links} peer links cannot exceed the {domain} - 1 peers of the scale-up domain",
    "rule.usable_memory": "{mib:,.0f} MiB is {ratio:.2f}x the marketed {gb:g} GB; a driver total is {low:g}–{high:g}x "
                          "it (give MiB as nvidia-smi / rocm-smi report them)",
    "rule.active_params": "active parameters exceed the total",
    "rule.kv_heads": "more KV heads than attention heads",
    "rule.experts_per_token": "must be between 1 and n_experts for an MoE model",
    "rule.sliding_layers": "more sliding-window layers than layers",
    "rule.sliding_window": "sliding layers need the window size",
    "rule.mla": "MLA attention needs kv_lora_rank and rope dim",
    "rule.transformer_shape": "transformer models need n_layers, hidden and an explicit head_dim",
    "rule.power_order": "power must rise from idle to typical to max",
    "rule.air_liquid": "an air-cooled system sends no heat to liquid",
    "rule.cpu_vm_gpus": "a CPU-only VM has no GPUs",
    "rule.offer_accelerator": "a GPU offer names its accelerator",
    "rule.offer_gpus": "a GPU offer rents at least one GPU",
    "rule.rule_named": "name the rule or announcement the status rests on",
    "rule.facility_unit": "'{text}' is not a unit for {kind} ({units})",
    "rule.duplicate_id": "duplicate id",
    "rule.no_accelerator": "accelerator '{id}' does not exist",
    "rule.server_power": "{gpus} x {tdp:g} W GPU TDP = {total:.1f} kW exceeds the server maximum of {most:g} kW",
    "rule.no_item": "{table} has no row '{id}'",
    "rule.dependent_row": "{table}/{id}",
    "rule.dependents_unchecked": "refused, so the {count} rows naming it are not checked until it is fixed: {rows}{more}",
    # -- editing the user catalog (catalog/store.py, overlay.py) and importing a CSV file (catalog/csv_io.py) -----------
    "edit.no_overlay": "this catalog was opened without a user overlay; edits are not possible",
    "edit.row_exists": "{table} already has a row '{id}'; edit it or choose another id",
    "edit.id_fixed": "the id of a row cannot be edited; duplicate the row under a new id instead",
    "edit.shipped_row": "{table}/{id} is a shipped row and cannot be deleted; edit it to override its values",
    "edit.not_a_row": "expected a {text} or a mapping of its fields",
    "edit.no_citation": "no citation '{id}' in the catalog{near}",
    "edit.citation_near": "; did you mean {ids}?",
    "edit.newer_file": "your catalog file {name} was written by a newer gpudesk (schema {found}; this one reads "
                       "{supported}); its rows are not used and it is left as it is",
    "edit.read_only": "{reason}; edits are not possible",
    "edit.cannot_write": "cannot write your catalog file {path}: {why}; nothing was changed",
    "csv.too_large": "file is larger than {limit:,} bytes",
    "csv.too_large_chars": "file is larger than {limit:,} characters",
    "csv.named_too_large": "{name} is larger than {limit:,} bytes",
    "csv.cannot_read": "cannot read {path}: {why}",
    "csv.not_encoding": "file is not valid {encoding}: byte 0x{byte} at offset {offset}{hint}",
    "csv.gb18030_hint": " (a spreadsheet saved in Chinese Windows is usually gb18030: pass that encoding)",
    "csv.unknown_encoding": "unknown text encoding '{encoding}'",
    "csv.nul_bytes": "file contains NUL bytes; it is not a text CSV",
    "csv.empty": "file is empty; expected a header line",
    "csv.unknown_columns": "unknown column(s): {columns}",
    "csv.no_id_column": "the header needs an id column",
    "csv.duplicate_columns": "duplicate column names in the header",
    "csv.too_many_rows": "more than {limit:,} rows",
    "csv.cell_count": "{cells} values for {columns} columns",
    "csv.duplicate_row": "duplicate of line {line}",
    "csv.too_many_problems": "too many problems; stopped reading",
    "csv.malformed": "malformed CSV: {text}",
    "csv.no_rows": "no rows to import",
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
    "input.server_other_accelerator": "{field}: {server} holds {holds}, not the chosen accelerator {accelerator}; "
                                      "pick a matching server or clear the field",
    "input.layout_not_dividing": "{field}: tp×pp×cp = {mp} does not divide the {total} GPUs of {nodes} nodes × "
                                 "{per_node}; change the layout or the node count",
    "input.dp_mismatch": "{field}: dp = {dp} with tp×pp×cp = {mp} uses {used} GPUs, but the phase has {total} "
                         "({nodes} nodes × {per_node}); set dp to {fits} or 0 (derived)",
    "input.replica_exceeds_phase": "{field}: one replica of this layout needs {per_replica} GPUs (tensor or expert "
                                   "× pipeline parallel), but the phase's nodes × GPUs per node give {total} "
                                   "({nodes} × {per_node}); set more nodes or GPUs per node, or a smaller layout",
    "input.vision_dp_mismatch": "{field}: dp = {dp} GPUs, but the phase has {total} ({nodes} nodes × {per_node}); "
                                "set dp to {total} or 0 (derived)",
    "input.pools_exceed_phase": "{field}: a disaggregated deployment needs at least one prefill instance ({prefill} "
                                "GPUs) and one decode instance ({decode} GPUs), and a stated block all of its "
                                "{block} GPUs (0 = none stated), but the phase has {total}; set more nodes or GPUs "
                                "per node, or smaller pools",
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
"""Every refusal's English wording by key; ``<key>_one`` is used when ``count`` is 1."""

MORE_VALUES: dict[str, tuple[str, ...]] = {
    "os.error": ("code",),  # the error's code (ENOSPC), by which the other languages word what the system said
    "catalog.near": ("names",),  # the rows' names ("Llama 3.1 8B"), where the English names their ids
    "catalog.snapshot_problem": ("table", "row", "column"),  # where, in parts: the table by its name
    "rule.why": ("text_zh",),
    "field.unknown_near": ("near_field",),  # the plan path of the field meant, named by its label
    "input.mixed_currency": ("currency_zh", "first_zh"),  # the currencies by their Chinese names (人民币（CNY）)
    "input.custom_model_problem": ("column",),  # the custom model's key: a models-table field, by its name  # what a catalog field's range covers, in Chinese (declared beside the English)
}
"""Values a refusal carries beyond those its English names, for the wording in other languages."""


@dataclass(frozen=True)
class Refusal:
    """Why something was refused: a key of :data:`ENGLISH` and the values its wording fills."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        key = self.key
        if self.values.get("count") == 1 and f"{key}_one" in ENGLISH:
            key = f"{key}_one"
        return ENGLISH[key].format(**self.values)

    def __str__(self) -> str:
        return self.english()

    def __format__(self, spec: str) -> str:
        return format(self.english(), spec)


@dataclass(frozen=True)
class Amount:
    """A number a refusal states (a field's bound, the value refused): grouped in English, exactly ('10,000,000',
    '0.001', '-1'); worded in the reader's own counting by ``report/refusal_text.py`` (Chinese: '1,000 万'). A plan's
    range bounds read '10000000' and '1e+15' in both languages (a figure in plain digits, never in front of a user)."""

    value: float

    def __str__(self) -> str:
        text = format(Decimal(repr(float(self.value))).normalize(), ",f")
        return "0" if text in ("-0", "0E+0") else text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True)
class ListedReasons:
    """Several reasons given as one value ("a; b"), each worded in the reader's language."""

    items: tuple[Refusal | str, ...]

    def __str__(self) -> str:
        return "; ".join(str(item) for item in self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True)
class Choices:
    """The codes a choice field of a plan allows, given as one value: listed as codes in English, by their
    vocabulary's names in another language (``field`` is the field's name in the project model)."""

    field: str
    codes: tuple[str, ...]

    def __str__(self) -> str:
        return ", ".join(self.codes)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def refusal(key: str, **values: Any) -> Refusal:
    """A refusal of a declared kind (an undeclared key fails here, at the raise site, not when it is worded)."""
    if key not in ENGLISH:
        raise KeyError(f"undeclared refusal {key!r}; declare its English in gpudesk/refusals.py")
    return Refusal(key, values)


def os_reason(error: OSError) -> Refusal:
    """What the operating system said (``strerror``), with its error code for the wording in other languages."""
    code = errno.errorcode.get(error.errno or 0, "") if isinstance(error.errno, int) else ""
    return Refusal("os.error", {"text": error.strerror or str(error), "code": code})


def reason_of(error: BaseException) -> Refusal | None:
    """The refusal an exception carries (``error.refusal``), if any."""
    found = getattr(error, "refusal", None)
    return found if isinstance(found, Refusal) else None


def cause_of(error: BaseException) -> Refusal | str:
    """What a caught error says, keyed where its raiser keyed it, else its text."""
    return reason_of(error) or str(error)
