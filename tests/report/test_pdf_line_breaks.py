"""Chinese line-breaking in the printed tables: no line ends with an opening bracket (nor starts with closing
punctuation). The startup sample's bill read 'A100 80GB SXM（' over '按卡计，典型价）'."""

from __future__ import annotations

import pytest

from gpudesk.pdf.styles import CLOSING, OPENING, Metrics, wrap
from gpudesk.ui.fonts import CJK_FAMILY, register_bundled_fonts

TEXTS = ("GPU 云（Lambda、CoreWeave、vast.ai、RunPod）A100 80GB SXM（按卡计，典型价）（全球）",
         "1 台 A100 80GB SXM（按卡计，典型价）（每台 1 张 GPU），每月 264 小时",
         "并行文件存储一体机（DDN / WEKA / GPFS 一类，以 DDN AI400X2 计，按台）")


@pytest.mark.parametrize("text", TEXTS)
def test_no_line_ends_with_an_opening_bracket(qapp, text):
    register_bundled_fonts()
    m = Metrics(CJK_FAMILY, 8.0)
    widths = [w / 2 for w in range(60, 400)]  # every column width a table gives such a cell
    broken = 0
    for width in widths:
        lines = wrap(m, text, width)
        assert "".join(line.replace(" ", "") for line in lines) == text.replace(" ", ""), lines  # nothing lost
        assert not [line for line in lines[:-1] if line[-1:] in OPENING], (width, lines)
        assert not [line for line in lines[1:] if line[:1] in CLOSING], (width, lines)
        broken += len(lines) > 1
    assert broken  # the widths tried do break the text
