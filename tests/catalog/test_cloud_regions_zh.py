"""A cloud offer's region in Chinese: the place, declared once (vocabulary/catalog_values.CLOUD_REGION), in full-width
brackets after the offer ("p4d.24xlarge（宁夏）"), never the provider's code in ASCII brackets ("(cn-northwest-1)")."""

from __future__ import annotations

import re

from gpudesk.catalog.sources import chinese_texts
from gpudesk.catalog.store import Catalog
from gpudesk.report.server_names import offer_display_name
from gpudesk.vocabulary.catalog_values import CLOUD_REGION
from gpudesk.vocabulary.plan_choices import MARKET


def test_every_shipped_offer_region_has_a_chinese_name() -> None:
    regions = {o.region for o in Catalog.open().cloud_offers() if o.region}
    assert not regions - set(CLOUD_REGION.codes) - set(MARKET.codes)


def test_no_chinese_offer_name_shows_a_region_code_or_ascii_brackets() -> None:
    shown = {o.id: offer_display_name(o, "zh") for o in Catalog.open().cloud_offers()}
    codes = "|".join(re.escape(code) for code in CLOUD_REGION.codes)
    found = {row: name for row, name in shown.items() if re.search(rf"\((?:{codes})\)|(?<![\w-])(?:{codes})(?![\w-])",
                                                                   name) or name.rstrip().endswith(")")}
    assert not found, found
    assert shown["aws-p4d-24xlarge"] == "AWS p4d.24xlarge（美国弗吉尼亚北部）"


def test_english_keeps_the_providers_code_and_a_region_alone_reads_as_the_place() -> None:
    words = chinese_texts()
    assert words.offer_named("AWS p4d.24xlarge (us-east-1)", "aws-p4d-24xlarge", "en") == "AWS p4d.24xlarge (us-east-1)"
    assert words.offer_named("cn-northwest-1", "any", "zh") == "宁夏"
