"""Help texts of the quotation fields of ``CostPlan`` (tax, installation, services, licences).

Kept here so the model stays short; the Chinese help is keyed by these texts (resources/i18n/figures_zh.toml).
"""

from __future__ import annotations

VAT_GOODS = (
    "VAT on goods bought (servers, network, storage, fit-out): -1 = the market's standard rate (China "
    '13%; no VAT line elsewhere), 0 = no VAT line'
)
VAT_SERVICES = (
    "VAT on services (cloud, rental, licences, support, installation, services): -1 = the market's "
    'standard rate (China 6%; none elsewhere), 0 = no VAT line'
)
INSTALLATION = (
    'installation, cabling, burn-in and commissioning per server bought: -1 = awaiting a quote (the line '
    'is left out of the totals), 0 = included in the price'
)
SERVICES = (
    'one-off professional services: solution design, deployment, tuning, hand-over (every delivery mode);'
    ' 0 = none'
)
LICENCE = (
    'licensed GPU software: NVIDIA AI Enterprise (per GPU) or NVIDIA vGPU (per concurrent user, the VDI '
    'seats)'
)
LICENCE_PRICE = (
    'licence price per GPU or seat and year: 0 = the list price where one is known (NVIDIA AI '
    'Enterprise), else the line asks for a quote'
)
