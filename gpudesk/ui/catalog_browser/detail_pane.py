"""The detail pane: every field of the selected row with its value, unit and source."""

from __future__ import annotations

import html
import re
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QTextBrowser, QWidget

from gpudesk.catalog import records as rec
from gpudesk.catalog.errors import CatalogError
from gpudesk.catalog.schema import table_spec
from gpudesk.catalog.sources import chinese_texts
from gpudesk.catalog.store import Catalog
from gpudesk.ui.catalog_browser.columns import cell_text, columns_for, is_unknown, title_of
from gpudesk.ui.widgets.session_text import session_text

CITATION_KINDS = {"V": "vendor", "S": "secondary", "M": "measured", "D": "derived"}
CJK = re.compile(r"[\u3400-\u9fff]")

def style_for(palette: QPalette) -> str:
    """The pane's style in the palette's colours: the field table's header band and rules, muted and unknown text
    and the badges read on the light and the dark theme alike (a fixed #f3f4f6 header was a white band on the dark
    theme, its header words white on near-white)."""
    base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
    dark = base.lightness() < 128

    def mix(share: float) -> str:  # ``share`` of the text colour over the base: a tint that follows the theme
        parts = ((base.red(), text.red()), (base.green(), text.green()), (base.blue(), text.blue()))
        return QColor(*(round(a + (b - a) * share) for a, b in parts)).name()

    muted, unknown = ("#a8b0bd", "#98a0aa") if dark else ("#5f6672", "#6b7078")  # >= 4.5:1 on the base either way
    own = "#8ab4ff" if dark else "#1d4ed8"
    badge = "background: #5a4300; color: #ffe8a3;" if dark else "background: #fff4d6; color: #7a4b00;"
    unverified = "#e0b34d" if dark else "#8a5a00"
    return f"""
<style>
 body {{ font-size: 10pt; }}
 h2 {{ margin: 0 0 2px 0; }}
 .muted {{ color: {muted}; }}
 .unknown {{ color: {unknown}; }}
 .own {{ color: {own}; }}
 .badge-user {{ {badge} }}
 .badge-unverified {{ color: {unverified}; }}
 table.fields {{ border-collapse: collapse; }}
 table.fields td, table.fields th {{ padding: 3px 6px; border-bottom: 1px solid {mix(0.18)}; }}
 table.fields th {{ background: {mix(0.08)}; color: {text.name()}; text-align: left; }}
</style>
"""


class DetailPane(QTextBrowser):
    """Shows one record; ``current`` is (table, id) or None."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.current: tuple[str, str] | None = None
        self._record: Any = None
        self.setOpenExternalLinks(True)
        self.setMinimumWidth(280)
        self.show_nothing()

    def show_nothing(self) -> None:
        self.current = None
        hint = self.tr("Select a row to see every field and its source.")
        self.setHtml(style_for(self.palette()) + f"<p class='muted'>{html.escape(hint)}</p>")

    def show_record(self, table: str, record: Any) -> None:
        self.current = (table, record.id)
        self._record = record
        self.setHtml(self.record_html(table, record))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A theme switched while the pane is open redraws it in the new palette's colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            if self.current is None:
                self.show_nothing()
            else:
                self.setHtml(self.record_html(self.current[0], self._record))

    # -- html -------------------------------------------------------------
    def _citation(self, cid: str) -> rec.Citation | None:
        try:
            return self.catalog.citation(cid)
        except CatalogError:
            return None

    def citation_html(self, cid: str) -> str:
        citation = self._citation(cid)
        if citation is None:
            return html.escape(self.tr("citation '{0}' is not in the catalog").format(cid))
        kind = CITATION_KINDS.get(citation.kind, citation.kind)
        lang = session_text().lang
        title = chinese_texts().title(citation, lang)  # gpudesk's summary in Chinese, as the proposal's references
        parts = [f"<b>{html.escape(title)}</b>"]
        if lang != "en" and not CJK.search(title):  # a source's title stays in its own language, said so
            in_english = self.tr("title in English")
            parts[0] += f" <span class='muted'>（{html.escape(in_english)}）</span>"
        if citation.publisher:
            parts.append(html.escape(chinese_texts().publisher(citation, lang)))
        if citation.accessed:
            parts.append(html.escape(self.tr("accessed {0}").format(citation.accessed)))
        kind_name = self.tr(kind)
        parts.append(f"[{html.escape(kind_name)}]")
        text = " · ".join(parts)
        if citation.url:
            url = html.escape(citation.url, quote=True)
            text += f"<br><a href='{url}'>{html.escape(citation.url)}</a>"
        note = chinese_texts().citation_note(citation, lang)
        if note:
            text += f"<br><span class='muted'>{html.escape(note)}</span>"
        return text

    def _words(self) -> dict[str, str]:
        """The pane's words in the interface language (outside f-strings, where the extractor finds them)."""
        return {
            "your_row": self.tr("your row"), "unverified": self.tr("unverified"), "source": self.tr("Source"),
            "row_date": self.tr("Row date"), "not_given": self.tr("not given"), "notes": self.tr("Notes"),
            "field": self.tr("Field"), "value": self.tr("Value"), "unit": self.tr("Unit"),
            "unknown_tip": self.tr("unknown: not in the cited sources"), "unknown": self.tr("unknown"),
            "row_source": self.tr("row source"),
            "legend": self.tr("— unknown: not in the cited sources · row source: the source named above · [n]: a "
                              "field source listed below"),
            "own_sources": self.tr("Field sources that differ from the row source"),
        }

    def record_html(self, table: str, record: Any) -> str:
        prov: rec.Provenance = record.provenance
        w = {key: html.escape(text) for key, text in self._words().items()}
        text_of = session_text()
        badges = []
        if prov.user_row:
            badges.append(f"<span class='badge-user'>&nbsp;★ {w['your_row']}&nbsp;</span>")
        if not prov.verified:
            badges.append(f"<span class='badge-unverified'>◇ {w['unverified']}</span>")
        out = [style_for(self.palette()), f"<h2>{html.escape(title_of(record))}</h2>"]
        title = self.tr(table_spec(table).title)
        out.append(f"<p class='muted'>{html.escape(title)} · {html.escape(record.id)} {' '.join(badges)}</p>")
        date = html.escape(prov.date) if prov.date else w["not_given"]
        out.append(f"<p><b>{w['source']}:</b> {self.citation_html(prov.source)}<br><b>{w['row_date']}:</b> {date}</p>")
        notes = chinese_texts().row_notes(table, record, text_of.lang)  # a user's own row: their words as written
        if notes:
            out.append(f"<p><b>{w['notes']}:</b> {html.escape(notes)}</p>")
        out.append("<table class='fields' width='100%' cellspacing='0'>")
        out.append(f"<tr><th>{w['field']}</th><th align='right'>{w['value']}</th><th>{w['unit']}</th>"
                   f"<th>{w['source']}</th></tr>")
        own_sources: list[str] = []
        for column in columns_for(table):
            value = getattr(record, column.field)
            unknown = value is None or is_unknown(record, column.field)
            text = html.escape(cell_text(column, record))
            if unknown:
                text = f"<span class='unknown' title='{w['unknown_tip']}'>—</span>"
            if column.field in prov.field_sources:
                cid = prov.field_sources[column.field]
                if cid not in own_sources:
                    own_sources.append(cid)
                source = f"<span class='own'>[{own_sources.index(cid) + 1}] {html.escape(self._short(cid))}</span>"
            elif unknown:
                source = f"<span class='unknown'>{w['unknown']}</span>"
            else:
                source = f"<span class='muted'>{w['row_source']}</span>"
            align = "right' nowrap='nowrap" if column.numeric else "left"
            label = html.escape(self.tr(column.label))
            out.append(f"<tr><td>{label}</td><td align='{align}'>{text}</td>"
                       f"<td nowrap>{html.escape(text_of.unit(column.unit))}</td><td>{source}</td></tr>")
        out.append("</table>")
        out.append(f"<p class='muted'>{w['legend']}</p>")
        if own_sources:
            out.append(f"<p><b>{w['own_sources']}</b></p><ol>")
            out.extend(f"<li>{self.citation_html(cid)}</li>" for cid in own_sources)
            out.append("</ol>")
        return "".join(out)

    def _short(self, cid: str) -> str:
        citation = self._citation(cid)
        if citation is None:
            return cid
        publisher = chinese_texts().publisher(citation, session_text().lang)
        return f"{citation.title} ({publisher or self.tr(CITATION_KINDS.get(citation.kind, citation.kind))})"
