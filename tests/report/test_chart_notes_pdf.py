"""A printed chart carries its whole note, every line wrapped to the chart's width (the PDF printed only the
first line: the trade-off chart's note says how its points are priced and how many it leaves out)."""

from __future__ import annotations

from pdf_support import pdf_text, print_chart

from gpudesk.results.chart_model import ChartSpec, Series
from gpudesk.results.search_charts import NOTE_LEDGER, NOTE_LOG, drawn_note


def _printed(tmp_path, spec: ChartSpec, lang: str) -> str:  # type: ignore[no-untyped-def]
    return " ".join(pdf_text(print_chart(tmp_path / f"chart_{lang}.pdf", spec, lang)).split())


def test_every_line_of_a_chart_note_is_printed(tmp_path) -> None:
    notes = "\n".join((NOTE_LEDGER, NOTE_LOG, drawn_note(17, 2_784, 2_767, 19)))
    spec = ChartSpec(kind="cost_vs_speed", title="Cost against interactivity", x_label="Output tokens/s per user",
                     y_label="Cost per million output tokens", series=[Series("Pareto front", [20.0, 40.0, 80.0],
                                                                              [2.0, 20.0, 200.0], style="line")],
                     log_y=True, notes=notes)
    en = _printed(tmp_path, spec, "en")
    for word in ("cost ledger of the plan", "logarithmic", "2,767 are not priced", "19 awaiting a quote"):
        assert word in en, word
    zh = _printed(tmp_path, spec, "zh").replace(" ", "")
    for word in ("费用台账", "对数刻度", "其余2,767个未计价", "19个配置待询价"):
        assert word in zh, word


def test_a_printed_time_axis_reads_minutes_hours_and_days_not_fractions_of_a_day(tmp_path) -> None:
    spec = ChartSpec(kind="time_vs_cost", title="Cost against time to train", x_label="Time to train", x_unit="days",
                     y_label="Cost", series=[Series("Pareto front", [0.000264, 0.0769, 1.7], [4e7, 3e5, 2e5],
                                                    style="line")], log_x=True, log_y=True)
    zh = _printed(tmp_path, spec, "zh").replace(" ", "")
    for word in ("1分钟", "10分钟", "1小时", "6小时", "1天"):
        assert word in zh, word
    assert "0.001" not in zh and "（天）" not in zh
    en = _printed(tmp_path, spec, "en")
    assert "10 min" in en and "6 h" in en and "0.01" not in en
