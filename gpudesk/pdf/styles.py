"""Page geometry, type sizes, colours and text measurement shared by the PDF layout and painter.

Every length is in PDF points (1/72 inch); the painter scales points to the device (QPdfWriter or
QPrinter). Fonts are sized in pixels of that point space with hinting off, so what is measured here is
what is drawn on any device. The bundled WenQuanYi Micro Hei has no bold face and Qt draws a synthetic
bold twice (the text layer then reads every bold line twice), so emphasis is size, colour and shading,
never bold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from PySide6 import QtGui

PAGE_W, PAGE_H = 595.28, 841.89  # A4 in points
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 48.0, 40.0, 40.0
HEADER_H, FOOTER_H = 22.0, 20.0
BODY_X = MARGIN_X
BODY_W = PAGE_W - 2 * MARGIN_X
BODY_TOP = MARGIN_TOP + HEADER_H
BODY_H = PAGE_H - MARGIN_TOP - MARGIN_BOTTOM - HEADER_H - FOOTER_H

BODY_PT = 9.5
SMALL_PT = 8.0
TABLE_PT = 8.5
MIN_TABLE_PT = 6.5
H1_PT, H2_PT, H3_PT = 15.0, 11.5, 10.0
LINE_GAP = 1.32  # line height over font size
CELL_PAD_X, CELL_PAD_Y = 4.0, 2.6
PARA_GAP = 5.0
CHART_W = BODY_W
CHART_H = 250.0

INK = "#1f2328"
MUTED = "#57606a"
ACCENT = "#0b4f8a"  # headings, table heads: emphasis without a synthetic bold
RULE = "#b8c0c8"
SHADE = "#eef2f6"
TOTAL_SHADE = "#dfe7ef"
MARK = "#d8f0dc"
WARN = "#fff3d6"
LINK = "#0b5cad"
ZH_NUMERALS = "一二三四五六七八九十"


def section_number(index: int, lang: str) -> str:
    """'一、' … '二十、' in Chinese proposals, '1.' … in English ones."""
    if lang != "zh":
        return f"{index}."
    if index <= 10:
        return ZH_NUMERALS[index - 1] + "、"
    tens, ones = divmod(index, 10)
    prefix = ("" if tens == 1 else ZH_NUMERALS[tens - 1]) + "十"
    return prefix + (ZH_NUMERALS[ones - 1] if ones else "") + "、"


@lru_cache(maxsize=64)
def font(family: str, size: float) -> QtGui.QFont:
    """A font ``size`` points tall in the painter's point space (hinting off: device-independent metrics)."""
    f = QtGui.QFont(family)
    f.setPixelSize(max(1, round(size * 4)))  # quarter points: pixel sizes are whole numbers
    f.setHintingPreference(QtGui.QFont.HintingPreference.PreferNoHinting)
    f.setKerning(False)
    return f


SCALE = 4.0
"""Fonts are built at four times their point size (whole pixel sizes); the painter draws them at a quarter."""


@dataclass(frozen=True)
class Metrics:
    family: str
    size: float

    @property
    def qfont(self) -> QtGui.QFont:
        return font(self.family, self.size)

    @property
    def line_height(self) -> float:
        return self.size * LINE_GAP

    @property
    def ascent(self) -> float:
        return _fm(self.family, self.size).ascent() / SCALE

    def width(self, text: str) -> float:
        return _width(self.family, self.size, text)


@lru_cache(maxsize=64)
def _fm(family: str, size: float) -> QtGui.QFontMetricsF:
    return QtGui.QFontMetricsF(font(family, size))


@lru_cache(maxsize=200_000)
def _width(family: str, size: float, text: str) -> float:
    return _fm(family, size).horizontalAdvance(text) / SCALE


CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
_TOKEN = re.compile(rf"[^\s{CJK}]+|[{CJK}]")
UNIT_CHARS = "万亿元秒毫微分时天周月年卡台个项张核次倍件条页米瓦千兆请求副本帧"  # Chinese units that end a value: "1,108 tokens/秒"
_NO_BREAK = re.compile(r"^[\s\d.,:;%+\-−–/×~≈()（）[\]¥$€£]*\d[\s\d.,:;%+\-−–/×~≈()（）[\]¥$€£a-zA-Z"
                       + UNIT_CHARS + r"]*$")


def is_value(text: str) -> bool:
    """A number, amount, date or quantity with its unit ("¥1,451,780", "2026-11-29", "0.8048 USD/h", "52.1 请求/秒"): a
    cell that must never wrap inside."""
    return bool(text) and len(text) <= 40 and bool(_NO_BREAK.match(text))


def longest_token(m: Metrics, text: str) -> float:
    """Width of the widest piece the line breaker may not split (a word, a number, one CJK character)."""
    if is_value(text):
        return m.width(text)
    return max((m.width(t) for t in _TOKEN.findall(text)), default=0.0)


def wrap(m: Metrics, text: str, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width`` (a word wider than the line is cut, never drawn outside)."""
    out: list[str] = []
    for para in text.split("\n"):
        out += _wrap_para(m, para, width)
    return out or [""]


# a unit written across scripts stays whole: "tokens/秒", "请求/秒" (a line never ends in "tokens/")
_WRAP_TOKEN = re.compile(rf"\s+|[^\s{CJK}]*/[\u4e00-\u9fff]|[^\s{CJK}]+|[{CJK}]")
CLOSING = set("，。、；：！？）】」』,.;:!?)%")
OPENING = set("（【「『“‘")
"""Never the last character of a line (Chinese line-breaking rules, 禁则): a bill's detail read 'A100 80GB SXM（' over
'按卡计，典型价）', the bracket left at the end of its line."""


def _wrap_para(m: Metrics, text: str, width: float) -> list[str]:
    if not text or m.width(text) <= width:
        return [text]
    lines: list[str] = []
    line, line_w = "", 0.0
    for token in _WRAP_TOKEN.findall(text):
        # each token measured once (kerning is off, and no ligature spans a space or a CJK character, so a line's
        # advance is the sum of its tokens'), not every growing prefix of the line
        token_w = m.width(token)
        if line_w + token_w <= width:
            line, line_w = line + token, line_w + token_w
        elif token.isspace():
            lines.append(line.rstrip())
            line, line_w = "", 0.0
        elif len(token) == 1 and token in CLOSING and line:
            line, line_w = line + token, line_w + token_w  # never a line starting with closing punctuation
        else:
            if line[-1:] in OPENING:  # the bracket goes down with what it opens
                token, line = line[-1] + token, line[:-1]
                token_w = m.width(token)
            if line.strip():
                lines.append(line.rstrip())
            while token_w > width and len(token) > 1:  # a word wider than the line: cut at characters
                cut = max(1, max(i for i in range(1, len(token) + 1) if m.width(token[:i]) <= width or i == 1))
                lines.append(token[:cut])
                token = token[cut:]
                token_w = m.width(token)
            line, line_w = token, token_w
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]
