"""Sources cited in a proposal: numbered references with their URLs, and short markers in the text.

The core explains every price and constant with a source string ("catalog servers/dgx-h100.price_usd:
epoch-dgx (USD, in CNY at 7.1 CNY/USD)", "VAT_GOODS_PCT.cn: … https://…"). A customer reads "目录价 [3]"
beside the price and finds [3] with its title, publisher, date and URL in the references section. Catalog
rows, table names and field names never reach the text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gpudesk.catalog.records import Citation
from gpudesk.catalog.sources import chinese_texts
from gpudesk.report.document import Reference

CATALOG_SOURCE = re.compile(
    r"catalog (?P<table>[a-z_]+)/(?P<row>[A-Za-z0-9_.\-]+?)(?:\.(?P<field>[a-z_0-9]+))?: "
    r"(?P<cid>[A-Za-z0-9_.\-]+)(?P<tail> \((?:[^()]|\([^()]*\))*\))?")
CONSTANT_SOURCE = re.compile(r"^(?P<name>[A-Z][A-Z0-9_]+(?:\.[a-z]+)?): (?P<text>.+)$", re.S)
URL = re.compile(r"https?://[^\s,;)）]+")
USER_INPUT = re.compile(r"user input(?: \((?:[^()]|\([^()]*\))*\))?")
BRACKETED_ID = re.compile(r"[（(](?P<cid>[a-z0-9][a-z0-9_.\-]*[a-z0-9])[）)]")
ENGLISH_RULE = re.compile(r"依据：[^；（）\u4e00-\u9fff]*[A-Za-z][^；（）\u4e00-\u9fff]*；")
SOURCE_WORDS = re.compile(r"(?:source|来源)[:：]?\s*(?P<cid>[a-z0-9][a-z0-9_.\-]*[a-z0-9])")
CONVERSION = re.compile(r"\s*\(USD, in [A-Z]{3} at [\d.]+ CNY/USD\)")
"""How the core notes a USD price converted to the plan's currency: not part of the source's title (the
assumptions state the exchange rate in the reader's language)."""
SHORT_TITLE = 60  # characters of a title quoted in running text (the reference list prints it whole)


@dataclass
class SourceRegistry:
    """Numbers references in the order they are first cited; ``citations`` maps catalog citation ids to rows."""

    citations: Mapping[str, Any] = field(default_factory=dict)
    lang: str = "en"
    refs: dict[str, Reference] = field(default_factory=dict)

    def cite_id(self, cid: str) -> Reference | None:
        if cid in self.refs:
            return self.refs[cid]
        row = self.citations.get(cid)
        if row is None:
            return None
        words = chinese_texts()
        publisher = words.publisher(row, self.lang) if isinstance(row, Citation) else getattr(row, "publisher", "")
        detail = ", ".join(part for part in (publisher, getattr(row, "accessed", "")) if part)  # "二手来源", not "secondary"
        title = words.title(row, self.lang) if isinstance(row, Citation) else getattr(row, "title", cid)
        ref = Reference(len(self.refs) + 1, title, getattr(row, "url", ""), detail)
        self.refs[cid] = ref
        return ref

    def cite_text(self, key: str, title: str, url: str = "", detail: str = "") -> Reference:
        if key not in self.refs:
            self.refs[key] = Reference(len(self.refs) + 1, title, url, detail)
        return self.refs[key]

    def refs_in(self, source: str) -> list[Reference]:
        """Every reference a source string cites (registering them)."""
        found: list[Reference] = []
        for match in CATALOG_SOURCE.finditer(source or ""):
            ref = self.cite_id(match["cid"])
            if ref is not None and ref not in found:
                found.append(ref)
        constant = CONSTANT_SOURCE.match((source or "").strip())
        if constant and not found:
            text = CONVERSION.sub("", constant["text"])
            urls = URL.findall(text)
            title = URL.sub("", text).strip(" ,;.")
            found.append(self.cite_text(constant["name"].split(".")[0] + ":" + (urls[0] if urls else title[:60]),
                                        self._constant_title(constant["name"], text, title), urls[0] if urls else ""))
        return found

    def _constant_title(self, name: str, source: str, english: str) -> str:
        """A tuning constant's source as a reference's title in the proposal's language: its entry in
        ``constants_<lang>.toml`` while that was made from this source (the Explain panel's rule), else the English."""
        if self.lang == "en":
            return english
        from gpudesk.report.formula_text import constant_source_table  # only another language's proposal reads it

        made_from, translated = constant_source_table(self.lang).get(name, ("", ""))
        if not translated or CONVERSION.sub("", made_from) != source:
            return english
        return URL.sub("", translated).strip(" ,;.，；。")

    def marker(self, source: str) -> str:
        """"[3]" / "[3, 5]" for the references a source cites; "" when it cites none."""
        refs = self.refs_in(source)
        return "[" + ", ".join(str(r.number) for r in refs) + "]" if refs else ""

    def scrub(self, text: str) -> str:
        """Customer text with every catalog source replaced by its reference marker."""
        def catalog(match: re.Match[str]) -> str:
            ref = self.cite_id(match["cid"])
            return f"[{ref.number}]" if ref is not None else ""

        out = CATALOG_SOURCE.sub(catalog, text)

        def named(match: re.Match[str]) -> str:
            ref = self.cite_id(match["cid"])
            if ref is None:
                return match[0]
            if self.lang == "zh":  # the titles are the publishers' own (English) words: the reference number says it
                return f"来源 [{ref.number}]"
            return f"source: {short_title(ref.title)} [{ref.number}]"

        out = SOURCE_WORDS.sub(named, out)

        def bracketed(match: re.Match[str]) -> str:
            ref = self.cite_id(match["cid"])
            return f" [{ref.number}]" if ref is not None else match[0]

        out = BRACKETED_ID.sub(bracketed, out)
        out = USER_INPUT.sub("客户提供" if self.lang == "zh" else "customer's figure", out)
        if self.lang == "zh":  # a rule quoted in English from a catalog row: its source reference says it
            out = ENGLISH_RULE.sub("", out)
        out = re.sub(r"[（(]\s*(\[[\d, ]+\])\s*[）)]", r" \1", out)
        out = re.sub(r"\s*[（(]\s*[）)]", "", out)  # a source that named no reference leaves nothing behind
        return out.replace("  ", " ")

    def references(self) -> tuple[Reference, ...]:
        return tuple(sorted(self.refs.values(), key=lambda r: r.number))


def _before_summary(title: str) -> str:
    """``title`` up to its first ': ' or '：' outside a quotation: a pull request's quoted title keeps its own colon
    ('pull request #2797, "docs fix: nvidia quotes GB …"' read 'pull request #2797, "docs fix')."""
    quoted = False
    for i, char in enumerate(title):
        if char == '"':
            quoted = not quoted
        elif char in "“”":
            quoted = char == "“"
        elif not quoted and (char == "：" or title.startswith(": ", i)):
            return title[:i].strip()
    return title.strip()


def short_title(title: str) -> str:
    """A source's title as running text quotes it: the part before a colon that opens a quotation or a
    summary ("Huawei Ascend (CANN): PyTorch through …" -> "Huawei Ascend (CANN)"; "华为昇腾（CANN）：PyTorch 通过 …"
    -> "华为昇腾（CANN）"), at most about 60 characters."""
    head = _before_summary(title)
    if len(head) <= SHORT_TITLE:
        return head
    cut = head[:SHORT_TITLE].rsplit(" ", 1)[0].rstrip(",;:-–— ") + "…"
    return cut + ('"' if cut.count('"') % 2 else "")  # a quotation cut short still closes
