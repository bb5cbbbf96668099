"""Numbers as a proposal prints them: separators, currency symbols, units.

Both languages group thousands with commas (GB/T 15835 allows it and
Chinese commercial quotations use it); money is shown with $ or ¥ by the
plan's currency, and in Chinese an amount from 10,000 up reads in 万元 /
亿元 (万美元 / 亿美元 for US dollars) as a Chinese quotation writes it (``format_money(…, lang="zh")``). Units are translated through
the ``unit.*`` entries of the text catalogue.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

# the one digits rule is the core's (core/digits.py), so its English check messages read as every surface does
from gpudesk.core.digits import SIGNIFICANT_DIGITS as SIGNIFICANT_DIGITS  # re-exported
from gpudesk.core.digits import percent_text
from gpudesk.core.digits import plain_number as plain_number  # re-exported
from gpudesk.report.text_catalog import ReportText

CURRENCY_SYMBOLS = {"USD": "$", "CNY": "¥"}
MISSING = "—"


def decimals_for(value: float) -> int:
    """The decimal places ``plain_number`` shows ``value`` with (trailing zeros aside)."""
    magnitude = abs(value)
    if magnitude >= 1000 or magnitude == 0 or float(value).is_integer():
        return 0
    return max(0, min(12, SIGNIFICANT_DIGITS - 1 - math.floor(math.log10(magnitude))))


def format_number(value: float | str | None, decimals: int | None = None) -> str:
    """A number in a table cell or a sentence: ``plain_number`` (the one rule), or fixed ``decimals``."""
    if value is None:
        return MISSING
    if isinstance(value, str):
        return value
    if not math.isfinite(value):  # unknown, or unbounded (e.g. racks when no server fits): never "∞" or "nan"
        return MISSING
    if decimals is None:
        text = plain_number(float(value))
        return "0" if text in ("-0", "-0.0") else text
    places = decimals
    text = f"{value:,.{places}f}"
    return "0" if text in ("-0", "-0.0") else text


def format_part(part: float, count: float, total: float) -> str:
    """One of ``count`` equal parts of ``total`` with the digits their product needs: 55 replicas at "0.25
    requests/s each" made 13.75, short of the 13.9 peak that 55 × 0.2545 = 14.0 carries; it reads "0.255"."""
    places = decimals_for(part)
    while places < 8 and math.isfinite(part) and abs(round(part, places) * count - total) > 0.005 * abs(total):
        places += 1
    return format_number(part, places)


def format_money(value: float | None, currency: str, lang: str = "en", wan: bool = False) -> str:
    """An amount with its currency: '$1,234,567' / '¥9,740'; in Chinese, CNY from 10,000 up in 万元 / 亿元 (and
    every amount in 万 where ``wan``: a column that holds amounts in 万, ``wan_column``).

    Every surface that shows money (step pages, status bar, proposal, comparison) formats it here or, where the
    value and its unit sit in separate columns, through :func:`money_in_chinese_units`.
    """
    if lang == "zh":
        return format_money_zh(value, currency, wan)
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return MISSING
    symbol = CURRENCY_SYMBOLS.get(currency, currency + " ")
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    places = 2 if magnitude < SMALL_MONEY and not float(magnitude).is_integer() else 0  # $2.99/h, not $3
    text = f"{magnitude:,.{places}f}"
    return f"{symbol}0" if text.strip("0.") == "" else f"{sign}{symbol}{text}"


SMALL_MONEY = 100.0
"""Below this an amount keeps its cents (a GPU-hour at $2.99, ¥1.42 per million tokens); above, whole units."""


WAN = 1e4  # 万: Chinese quotations state amounts from ten thousand up in 万元 (亿元 from 1e8)
YI = 1e8
CHINESE_MONEY_UNITS = {"CNY": ((YI, "亿元"), (WAN, "万元")), "USD": ((YI, "亿美元"), (WAN, "万美元"))}
"""How a Chinese reader counts large amounts of each currency: 17.9 万美元 as 410.1 万元, never $178,881."""


def money_in_chinese_units(value: float, currency: str, lang: str, wan: bool = False) -> tuple[str, str] | None:
    """``(number, unit)`` as a Chinese reader expects the amount: ('410.1', '万元'), ('2.35', '亿元'),
    ('17.9', '万美元'); None to keep it. ``wan``: the amount stands in a column in 万 (``wan_column``), so it reads in
    万 below 10,000 ('0 万元', '0.85 万美元') and from 1 亿 up ('13,512 万元' above '5,204 万元', never '1.35 亿元'
    there), as the bill of materials does.

    Amounts of 10,000 and more, in Chinese, are scaled, in yuan and in US dollars alike; English keeps its own
    form. Surfaces that show the number and its unit in separate cells (the step pages' figure tables) use this;
    the others call :func:`format_money`.
    """
    if lang != "zh" or currency not in CHINESE_MONEY_UNITS or not math.isfinite(value):
        return None
    if wan and abs(value) < WAN:
        return format_number(value / WAN), dict(CHINESE_MONEY_UNITS[currency])[WAN]
    for divisor, unit in CHINESE_MONEY_UNITS[currency]:
        if abs(value) >= divisor and not (wan and divisor == YI):
            scaled = value / divisor
            places = 2 if divisor == YI else (0 if abs(scaled) >= 1000 else 1)
            return f"{scaled:,.{places}f}", unit
    return None


def wan_column(values: Iterable[float | None], currency: str, lang: str) -> bool:
    """Whether a column of amounts (or a table's amounts) reads in 万: in Chinese, when any of them reaches 10,000.
    One unit for a money column: the investment table read '$0' (one-time) beside '7.0 万美元' (per year), and a
    bill of materials '$6,304' over '1.7665 万美元', as if two currencies were mixed; the alternatives table read
    '1.35 亿元' above '5,204 万元' (walk-23). In 万 throughout, not in the unit of the largest: a Chinese quotation
    states amounts in 万元 (the bill of materials, to the yuan), and '0.52 亿元' would round away what 万 keeps."""
    return lang == "zh" and currency in CHINESE_MONEY_UNITS and any(
        v is not None and math.isfinite(v) and abs(v) >= WAN for v in values)


def format_money_zh(value: float | None, currency: str, wan: bool = False) -> str:
    """Money as a Chinese quotation writes it: 万元 / 亿元 (万美元 / 亿美元) from 10,000 up, else ``format_money``;
    ``wan``: every amount in 万, as the rest of its column: below 10,000 ('0 万美元', '0.85 万美元') and from 1 亿 up
    ('13,512 万元').

    4,101,082 CNY -> '410.1 万元'; 2.35e8 CNY -> '2.35 亿元'; 9,740 CNY -> '¥9,740'; 178,881 USD -> '17.9 万美元'.
    """
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return format_money(value, currency)
    parts = money_in_chinese_units(value, currency, "zh", wan)
    if parts is None:
        return format_money(value, currency)
    return f"{parts[0]} {parts[1]}"


# Large counts read better in the units each language counts in: 亿/万 in Chinese, million/billion in English.
COUNT_SCALES_ZH = (("万亿", 1e12), ("亿", 1e8), ("万", 1e4))
"""Chinese readers count in 万亿, 亿 and 万 (76.15 亿参数, not 7.615 十亿参数; 1.5 万亿 tokens, not 15,000亿), as they
count money: declared once, read by
the figure tables (display_units), the count inputs, the chart texts and the proposal's large counts below."""
LARGE_COUNT_STEPS = {
    "zh": tuple((scale, word) for word, scale in COUNT_SCALES_ZH),
    "en": ((1e12, "T"), (1e9, "B"), (1e6, "M")),
}
LARGE_COUNT_FROM = 1e8


def with_count_word(word: str, unit: str) -> str:
    """A count word ("亿", "万", "百万") before a unit in the reader's language: glued to a Chinese unit (亿参数,
    万项/天), a space before a Latin one (亿 tokens, 万 GPU), never "30 亿tokens". With the number's own space
    ('1 万亿 token', '76.15 亿参数', '410.1 万元') this is the one rule for a number and its unit on every surface."""
    if not unit:
        return word
    return f"{word} {unit}" if unit[:1].isascii() and unit[:1].isalnum() else word + unit


def tick_with_scale(number: str, word: str) -> str:
    """An axis tick's number with the scale word its axis counts in, by the one spacing rule above: a Chinese count
    word after a space ('2.5 亿', '8,000 万', as '200 亿' and '410.1 万元' read in the tables; the window's and the
    printed charts' axes read '2.5亿'), the one-letter English axis abbreviations k / M / B / T glued ('1.5M')."""
    if not word:
        return number
    return number + word if word.isascii() else f"{number} {word}"


def count_parts(value: float, lang: str) -> tuple[str, str]:
    """A large count as its number and the language's count word: 2e10 -> ('200', '亿') / ('20', 'B');
    ('123,456', '') below the first step."""
    for step, suffix in LARGE_COUNT_STEPS.get(lang, ()):
        if abs(value) >= step:
            scaled = value / step
            return format_number(scaled, 0 if scaled >= 100 else None), suffix
    return format_number(value), ""


def format_count(value: float, lang: str) -> str:
    """A large count in the language's own grouping, a space after the number as every unit has: 2e10 ->
    '200 亿' / '20 B' (the proposal wrote '1万亿' where the figure tables wrote '1 万亿 token')."""
    number, word = count_parts(value, lang)
    return f"{number} {word}" if word else number


TIME_UNITS = (("days", 86400.0), ("h", 3600.0), ("min", 60.0), ("s", 1.0), ("ms", 1e-3), ("µs", 1e-6))
"""A time is shown in the largest of these units it reaches (unit, seconds): 1.16 days, 3.5 h, 14 min, 23 s, 59 ms.
Declared once for every surface (figure tables, Explain, status bar, CLI, proposal, ranked alternatives, the charts'
time axes in report/durations.py): the startup sample's ranked alternatives read '0.0501 days' for 1.2 h."""
RESCALED_TIME_UNITS = {"s": 1.0, "days": 86400.0}
"""The units a figure's time is computed in (seconds, days) and re-expressed by ``TIME_UNITS``; an input typed in
hours ('10 h' busy a day, a checkpoint every 4 h) keeps the unit it was typed in."""


def time_in_unit(value: float, unit: str) -> tuple[str, float] | None:
    """``(unit, value)`` of a time in ``unit`` ("s" or "days") re-expressed in the largest of ``TIME_UNITS`` it
    reaches: (0.0501, "days") -> ("h", 1.2); None for other units, 0 and non-finite values."""
    size = RESCALED_TIME_UNITS.get(unit)
    if size is None or not math.isfinite(value) or value == 0:
        return None
    seconds = value * size
    name, scale = next(((n, s) for n, s in TIME_UNITS if abs(seconds) >= s * (1 - 1e-9)), TIME_UNITS[-1])
    return name, seconds / scale


def format_quantity(value: float | str | None, unit: str, text: ReportText, decimals: int | None = None) -> str:
    timed = time_in_unit(value, unit) if isinstance(value, (int, float)) and decimals is None else None
    if timed is not None:
        unit, value = timed
    word = ""
    if isinstance(value, (int, float)) and abs(value) >= LARGE_COUNT_FROM and not math.isinf(value):
        number, word = count_parts(float(value), text.lang)
    else:
        number = format_number(value, decimals)
    if number == MISSING or not unit:
        return f"{number} {word}" if word else number
    singular = f"unit_one.{unit}"
    # singular when the number shown is one ("1 core", also for 1.27 cores shown as 1), as a reader reads it
    shown = text.get(singular) if number == "1" and not word and text.has(singular) else text.choice("unit", unit)
    if not shown:
        return f"{number} {word}" if word else number
    if word:
        return f"{number} {with_count_word(word, shown)}"
    return f"{number}{shown}" if shown.startswith("%") else f"{number} {shown}"  # "50%/year", not "50 %/year"


def format_percent(fraction: float | None, decimals: int = 0) -> str:
    """A share as a percentage by the one rule (core/digits.percent_text: never a false '0%'); unknown as '—'."""
    if fraction is None or not math.isfinite(fraction):
        return MISSING
    return percent_text(fraction, decimals)
