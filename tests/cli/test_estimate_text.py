"""`gpudesk estimate PLAN` as text: what the JSON says, in readable units, reconciled with it."""

from __future__ import annotations

import io
import json
import re

import pytest

from gpudesk.cli.estimate_text import write_estimate_text
from gpudesk.paths import samples_dir
from gpudesk.report.ledger_text import item
from gpudesk.report.text_catalog import ReportText
from gpudesk.results.plan_json import plan_to_json
from gpudesk.vocabulary.sizing import BOTTLENECK

SAMPLES = sorted(samples_dir().glob("*.gpudesk"))


@pytest.fixture(scope="module", params=SAMPLES, ids=lambda p: p.stem)
def document(request, searched_sample):
    doc = plan_to_json(searched_sample(request.param.stem)[0])
    return json.loads(json.dumps(doc))  # exactly what --json prints


def _text(document, lang: str = "en") -> str:
    out = io.StringIO()
    write_estimate_text(document, out, lang)
    return out.getvalue()


def test_headline_and_phase_totals_are_the_ledger_figures(document):
    text = _text(document)
    assert text.splitlines()[0].endswith(f"plan total {document['total']:,.0f} {document['currency']}") or \
        f"plan total {document['total']:,.0f} {document['currency']} (" in text.splitlines()[0]
    for phase in document["phases"]:
        ledger, config = phase["ledger"], phase["configuration"]
        assert f"== Phase {phase['index'] + 1}: {phase['name']} ==" in text
        assert f"phase total {ledger['phase_total']:,.0f} {ledger['currency']}" in text
        assert f"Sized: {config['gpus']:,} GPU" in text


def test_no_raw_floats_codes_or_nan_in_front_of_a_reader(document):
    text = _text(document)
    assert not re.search(r"\.0*[1-9]\d{5,}", text), "a raw float with more than 5 significant digits"
    assert not re.search(r"\b(nan|inf|NaN)\b", text)
    assert not re.search(r"\d[eE][+-]\d", text), "scientific notation"
    codes = {"cloud_on_demand", "bare_metal", "llm_inference", "peak_rate", "code"}
    for line in text.splitlines():
        words = line.split()
        shown = words[1:] if line.startswith("    ") and words and "." in words[0] else words  # past the key
        assert not codes & set(w.strip(",;:()") for w in shown), line
    sections = text.split("== Phase ")[1:]  # each phase's own lines (a key's line in another phase may be known)
    for phase, section in zip(document["phases"], sections, strict=True):
        for key, fig in phase["figures"].items():
            if fig["value"] is None:  # unknown in JSON: "unknown" in text, never 0
                line = next(line for line in section.splitlines() if line.strip().startswith(key + " "))
                assert "unknown" in line


CODE_LABEL_ALLOWED = ("num_floating_point_operations", "t_compute", "t_memory")  # a cited name, a formula's terms


def test_figure_labels_are_words_not_codes(document):
    """Every figure's English label is words: the serving inputs' layout read "tp", "pp" and "ep", the licence line
    "nvidia ai enterprise licences" and the head size "head_dim d" (labels made from codes) until this test."""
    for phase in document["phases"]:
        for key, fig in (*phase["figures"].items(), *phase["inputs"].items()):
            label = fig["label"]
            assert not re.fullmatch(r"[a-z]{1,3}", label), (key, label)
            snake = [w for w in re.findall(r"\b[a-z]+_[a-z_]+\b", label) if w not in CODE_LABEL_ALLOWED]
            assert not snake, (key, label)
            assert "nvidia" not in label, (key, label)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_categorical_figures_carry_their_vocabulary_names(sample, searched_sample):
    """A categorical figure's JSON names its code in both languages, from the figure's own vocabulary (the one
    path every surface words it by); a number has no names."""
    estimate = searched_sample(sample.stem)[0]
    document = json.loads(json.dumps(plan_to_json(estimate)))
    for phase, shown in zip(estimate.phases, document["phases"]):
        for key, fig in shown["figures"].items():
            vocabulary = phase.figures.vocabulary(key)
            if vocabulary is None:
                assert "names" not in fig, key
            else:
                assert fig["names"] == {lang: vocabulary.name_of(fig["value"], lang) for lang in ("en", "zh")}, key
                assert fig["names"]["en"] != fig["value"] and fig["names"]["zh"] != fig["names"]["en"], key


def test_categorical_figures_read_as_words():
    names = {lang: BOTTLENECK.name_of("compute", lang) for lang in ("en", "zh")}
    doc = {"project": "p", "currency": "USD", "total": 10.0, "unpriced_lines": 0, "phases": [{
        "index": 0, "name": "One", "checks": [], "configuration": None, "ledger": None,
        "figures": {"train.bottleneck": {"value": "compute", "unit": "", "label": "largest part of the step",
                                         "names": names},
                    "mem.total": {"value": 2.5e10, "unit": "B", "label": "memory per GPU"},
                    "tco.capex": {"value": None, "unit": "USD", "label": "capital cost"}}}]}
    text = _text(doc)
    assert re.search(r"train\.bottleneck\s+compute \(matrix math\)\s+Largest part", text)  # a row's label
    assert re.search(r"mem\.total\s+25 GB\s+Memory per GPU", text)
    assert re.search(r"tco\.capex\s+unknown\s+Capital expenditure", text)


def test_a_total_with_unpriced_lines_says_so_and_nothing_unpriced_reads_zero(document):
    """`gpudesk estimate` printed 'Cost: one-time 0 CNY' for the gov sample, whose servers have no price: every total
    that leaves lines out says how many beside its amount (the JSON's ledger ``awaiting`` and figures'
    ``awaiting_quotes``), in the proposal's words, and one with nothing priced reads 'awaiting quotes'."""
    text = _text(document)
    sections = text.split("\n== Phase ")[1:]  # one per phase, in order
    for phase, section in zip(document["phases"], sections, strict=True):
        ledger = phase["ledger"]
        once = ledger["awaiting"]["one_time"]
        if once and ledger["one_time"] == 0:
            assert f"one-time awaiting quotes ({len(once)} line" in text and f"one-time 0 {ledger['currency']}" not in text
        total = ledger["awaiting"]["phase_total"]
        count = f"+ {len(total)} line{'s awaiting quotes' if len(total) > 1 else ' awaiting a quote'}"
        assert (f"phase total {ledger['phase_total']:,.0f} {ledger['currency']} {count}" in text) == bool(total)
        marked = [key for key, fig in phase["figures"].items() if fig.get("awaiting_quotes")]
        lines = {line.split()[0]: line for line in section.splitlines() if line.startswith("    ") and line.split()}
        assert all("awaiting" in lines[key] for key in marked)
        assert not any("awaiting" in line for key, line in lines.items() if key in phase["figures"]
                       and key not in marked)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_the_lines_without_a_price_are_named_by_their_items(sample, searched_sample):
    """The text named the lines the totals leave out by their ledger keys ('switches, optics, installation,
    storage.appliances'): a key in front of the reader, where the bill of materials names each by its item. The
    names are the proposal's bill's (report/ledger_text.item on the estimate's own ledger lines), in each language:
    the text rebuilds them from the JSON, so a field the JSON drops or renames reads differently here."""
    estimate = searched_sample(sample.stem)[0]
    document = json.loads(json.dumps(plan_to_json(estimate)))
    for lang, words in (("en", "awaiting a quote (totals exclude them): "), ("zh", "待询价（合计未计入）：")):
        text = _text(document, lang)
        for phase in estimate.phases:
            unpriced = phase.ledger.unpriced
            if not unpriced:
                continue
            shown = ("; " if lang == "en" else "；").join(item(line, ReportText(lang)) for line in unpriced)
            assert f"{words}{shown}\n" in text
            assert not any(f"{line.key}," in text or f"{line.key}\n" in text for line in unpriced if "." in line.key)




@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_text_names_the_chassis_and_rented_capacity_as_the_window_does(capsys, lang):
    """`gpudesk estimate` named the manufacturer's servers "Generic 8 × L20 server" (the catalog's row name) in its
    checks where the window, the status bar and the proposal say "Generic 8-GPU NVIDIA L20 48GB server"; it said
    the startup's rented pilot ran "in 1 server (Generic 8-GPU NVIDIA L4 24GB server)", a server the customer never
    has (the window: "4 GPUs, rented"); its Chinese counted GPUs in 块 where the proposal says 张, and named the
    sample in English (walk of polish-25)."""
    from gpudesk.cli.main import run_headless

    assert run_headless(["estimate", str(samples_dir() / "manufacturer-vision-private.gpudesk"), "--lang", lang]) == 0
    text = capsys.readouterr().out
    assert "Generic 8 × L20 server" not in text, text
    # a shipped sample in the text's language, as the proposal names it (the Chinese text read its English name)
    assert text.startswith("制造企业私有化视觉检测平台" if lang == "zh" else "Manufacturer private vision"), text[:80]
    assert ("通用 8 卡 NVIDIA L20 48GB 服务器" if lang == "zh" else "Neither Generic 8-GPU NVIDIA L20 48GB server") in text
    assert run_headless(["estimate", str(samples_dir() / "startup-inspection.gpudesk"), "--lang", lang]) == 0
    text = capsys.readouterr().out
    # the instance named in both languages (the Chinese read '租用 4 个实例' without it; walk-26)
    rented = "NVIDIA L4 24GB，4 张 GPU，租用 4 个实例（g6.xlarge）；" if lang == "zh" else \
        "Sized: 4 GPUs of NVIDIA L4 24GB, rented as 4 instances of g6.xlarge;"
    assert rented in text and "服务器）；交付方式：公有云" not in text and " in 1 server" not in text, text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_rented_phase_without_an_offer_counts_no_zero_instances(searched_sample, lang):
    """A plan of walk-26 made in the wizard (a China customer's 32B LoRA fine-tune and its serving on Ascend 910B,
    public cloud on demand) has no cloud offer to rent in the catalog (its price awaits a quote): the text read
    '12 张 GPU，租用 0 个实例' ('rented as 0 instances of '), an unknown as 0, where the proposal says what it
    rents, the plan's 2 servers. Without instances the line names the servers, as the proposal does."""
    document = json.loads(json.dumps(plan_to_json(searched_sample("bank-llm-assistant")[0])))
    config = document["phases"][0]["configuration"]
    assert config["owns_hardware"] is False and config["instances"] > 0
    config["instances"], config["instance"] = None, ""  # as the wizard's plan has it: unknown, never 0
    line = _text(document, lang).splitlines()[3]
    assert "0 个实例" not in line and "0 instances" not in line, line
    assert ("租用实例数未知" if lang == "zh" else "unknown instances") in line, line
    servers = f"{config['servers']} 台服务器" if lang == "zh" else f"in {config['servers']} servers"
    assert servers in line, line


def test_a_rented_instance_is_named_as_the_proposal_names_it(searched_sample):
    """The bank's Chinese pilot rents AWS China instances: the Chinese text names them as the proposal's architecture
    does (its offer's Chinese name where the catalog has one), and the English by the instance."""
    from gpudesk.report.check_text import offers_named

    estimate = searched_sample("bank-llm-assistant")[0]
    document = json.loads(json.dumps(plan_to_json(estimate)))
    config = estimate.phases[0].config
    offer = next(dict(line.params)["offer_id"] for line in estimate.phases[0].ledger.lines
                 if line.params and dict(line.params).get("instance") == config.instance)
    for lang in ("zh", "en"):
        named = offers_named({"instance": config.instance, "offer_id": offer}, lang)["instance"]
        line = _text(document, lang).splitlines()[3]
        assert named and named in line, (named, line)
