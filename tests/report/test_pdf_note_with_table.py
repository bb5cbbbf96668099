"""A note under a table never opens a page apart from it.

The bank's English proposal put the phase totals at the foot of page 13 and their note ('1 line is awaiting a quote
and is left out of every total …') alone at the top of page 14 (again p15-p16): the layout keeps the note with its
table (flow.TableWithNote), moving the table's last rows over with it where both do not fit.
"""

from __future__ import annotations

from gpudesk.pdf import styles as S
from gpudesk.pdf.flow import Boxed, Flowable, Table, TableWithNote
from gpudesk.pdf.layout import layout, paginate
from gpudesk.pdf.qt_setup import cjk_font_family, ensure_application
from gpudesk.pdf.styles import Metrics, wrap
from gpudesk.pdf.tables import build_table


class _Filler(Flowable):
    """Text above the table, of a given height."""

    def __init__(self, height: float) -> None:
        self._height = height

    def height(self) -> float:
        return self._height

    def paint(self, c, x: float, y: float) -> None:
        return


def _pieces(page):
    return [f for f, _x, _y in page]


def test_the_bank_proposals_awaiting_quote_notes_stand_under_their_tables(bank_proposal):
    ensure_application()
    for lang in ("en", "zh"):
        _plan, doc = bank_proposal(lang)
        laid = layout(doc, cjk_font_family())
        for before, page in zip(laid.pages, laid.pages[1:]):
            first = _pieces(page)[0]
            assert not (isinstance(first, Boxed) and isinstance(_pieces(before)[-1], Table)), (lang, first.lines)
        assert any(isinstance(f, TableWithNote) for page in laid.pages for f in _pieces(page))


def test_a_long_tables_last_rows_go_over_with_its_note():
    ensure_application()
    family = cjk_font_family()
    table = build_table(family, ["Item", "Amount"], [[f"line {i}", f"{i},000"] for i in range(30)], ("left", "right"))
    small = Metrics(family, S.SMALL_PT)
    note = Boxed(small, wrap(small, "2 lines are awaiting a quote and are left out of every total.", S.BODY_W - 10),
                 S.SHADE)
    avail = table.height() - table.gap_after + 1.0  # the table alone fits, its note does not
    assert avail < S.BODY_H
    pages, _anchors = paginate([_Filler(S.BODY_H - avail), TableWithNote(table, note)], 1)
    assert len(pages) == 2
    first, second = pages[0][-1][0], pages[1][0][0]
    assert isinstance(first, Table) and isinstance(second, TableWithNote)
    assert len(first.rows) + len(second.table.rows) == 30 and len(second.table.rows) >= 2
    assert second.note is note
