"""Text a customer reads: no check ids, no internal codes, no instructions to the gpudesk user.

A check's fix is written for the person at the keyboard ("在第 3 步填写…", "set costs.gpu_price_override");
the proposal prints the customer-facing mitigation of ``risk_fix.<check id>`` in the text catalogue instead
when there is one. Check ids and bottleneck codes inside messages ("net.frontend_short", "pipeline_bubble")
are replaced by their names in the document's language.
"""

from __future__ import annotations

import re

from gpudesk.core.checks import Check
from gpudesk.report.check_text import check_templates, localise
from gpudesk.report.text_catalog import ReportText
from gpudesk.vocabulary.sizing import BOTTLENECK

APP_WORDS = re.compile(r"第\s*\d\s*步|costs\.|delivery\.|hardware\.|目录浏览器|用户目录|由 gpudesk|导入|在目录中填|"
                       r"catalog browser|user catalog|[Ss]tep \d|gpudesk|in the catalog \(with", re.I)
"""Words for the person at the keyboard: a fix holding one reads the generic mitigation in the proposal ("在目录中填入
厂商公布的 MLU-Link 单卡带宽" told the government customer to edit gpudesk's catalog)."""
CODE = re.compile(r"\b[a-z][a-z0-9]*(?:[._][a-z0-9]+)+\b")


class CustomerText:
    def __init__(self, text: ReportText, checks: list[Check] | None = None) -> None:
        self.text = text
        self.lang = text.lang
        self.titles: dict[str, str] = {cid: (tpl[0] if self.lang == "zh" else "") for cid, tpl in check_templates("zh").items()}
        for check in checks or []:
            title = localise(check, self.lang)[0]
            self.titles[check.id] = title

    def name_of(self, code: str) -> str | None:
        if code in BOTTLENECK:
            return BOTTLENECK.name_of(code, self.lang)
        title = self.titles.get(code)
        return title or None

    def clean(self, text: str) -> str:
        """``text`` with check ids and internal codes named in the language."""
        def swap(match: re.Match[str]) -> str:
            return self.name_of(match[0]) or match[0]

        return CODE.sub(swap, text)

    def risk(self, check: Check) -> tuple[str, str, str]:
        """(title, detail, mitigation) as the customer reads them."""
        title, message, fix = localise(check, self.lang, by_reference=True)  # the proposal numbers its sources
        numbers = {k: v for k, v in check.numbers.items() if isinstance(v, (int, float, str))}
        msg_key = f"risk_msg.{check.id.replace('.', '_')}"
        if self.text.has(msg_key):
            try:
                message = self.text.get(msg_key, **numbers)
            except (KeyError, ValueError, IndexError):
                pass
        key = f"risk_fix.{check.id.replace('.', '_')}"
        if self.text.has(key):
            try:
                fix = self.text.get(key, **numbers)
            except (KeyError, ValueError, IndexError):
                fix = self.text.get("risk_fix.generic")
        elif APP_WORDS.search(fix):
            fix = self.text.get("risk_fix.generic")
        return self.clean(title), self.clean(message), self.clean(fix)
