"""Which parts and offers a plan can use in its market, and on what rule.

A plan's market comes from its facility region (``cn``, ``cn-west`` → cn; ``us`` → us; ``eu`` → eu; anything else
→ global). Availability rows in the catalog say, per part and market, whether the part can be bought there
(available / restricted / unavailable), the rule or announcement behind it and the date it took effect. Several
rows for one part and market are its history: the latest effective date is the current status, a user row wins a
tie, and a part without a row for the market reads the ``global`` row, else it is *unknown* (never assumed
available: in a market the catalog tracks, one with availability rows, such as cn, an unknown part is
recommended only where it can be rented from a provider in the market). A server without rows of its own takes
its accelerator's status.

Cloud offers carry the market they are sold in: a cn plan rents cn offers only; a plan elsewhere rents no cn
offer; a plan that must keep its data in the country (``compliance.data_residency = in_country``) rents only
offers of its own market.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.catalog import records as rec
from gpudesk.catalog.field_rules import DOMESTIC_VENDORS
from gpudesk.catalog.store import Catalog
from gpudesk.project.model import Phase
from gpudesk.project.region_currency import market_of_region


def phase_market(phase: Phase) -> str:
    return market_of_region(phase.facility.region)


def is_domestic(acc: rec.Accelerator) -> bool:
    """A China-domestic accelerator (what a 信创 requirement accepts)."""
    return acc.vendor in DOMESTIC_VENDORS


def offer_allowed(offer: rec.CloudOffer, market: str, in_country: bool = False) -> bool:
    """Whether a plan in ``market`` may rent ``offer`` (see the module docstring)."""
    if in_country or market == "cn":
        return offer.market == market
    return offer.market != "cn"


@dataclass(frozen=True)
class Status:
    status: str  # available | restricted | unavailable | unknown
    market: str
    rule: str = ""
    effective: str = ""
    source: str = ""  # citation id
    date: str = ""  # date the row was taken
    row_id: str = ""
    user_row: bool = False
    note: str = ""
    rule_zh: str = ""  # the rule in Chinese, from the catalog row (``rule`` where the row has none)

    @property
    def rule_text(self) -> dict[str, str]:
        """The rule in each language the catalog row gives it (``rule_zh``; its ``rule`` otherwise), as catalog
        data for a surface to show in its reader's language (report/check_text.in_language)."""
        return {"en": self.rule, "zh": self.rule_zh or self.rule}

    @property
    def known(self) -> bool:
        return self.status != "unknown"

    def describe(self) -> str:
        """One line: the status, the rule and its date, and where it comes from."""
        if not self.known:
            return f"no availability data for market {self.market}"
        since = f" since {self.effective}" if self.effective else ""
        who = "your catalog row" if self.user_row else f"catalog availability/{self.row_id}"
        return f"{self.status} in {self.market}{since}: {self.rule} ({who}, source {self.source}, {self.date})"


class AvailabilityIndex:
    """Availability rows of one catalog, grouped by (table, item id) for repeated lookups.

    Build it with :meth:`of`: one index per catalog revision, shared by every estimate until the rows change."""

    @classmethod
    def of(cls, catalog: Catalog) -> AvailabilityIndex:
        derived = getattr(catalog, "derived", None)
        return derived("market.availability", cls) if derived is not None else cls(catalog)

    def __init__(self, catalog: Catalog) -> None:
        self._rows: dict[tuple[str, str], list[rec.Availability]] = {}
        for row in catalog.rows("availability"):
            self._rows.setdefault((row.item_table, row.item_id), []).append(row)
        self._accelerator_of = {s.id: s.accelerator_id for s in catalog.servers()}
        self._markets = {market for (_table, _item), rows in self._rows.items() for market in (r.market for r in rows)}
        self._found: dict[tuple[str, str, str], Status | None] = {}  # answers so far (Status is immutable)

    def tracks(self, market: str) -> bool:
        """Whether the catalog records availability for ``market`` (then a part without a row is not assumed)."""
        return market in self._markets

    def _status(self, table: str, item_id: str, market: str) -> Status | None:
        key = (table, item_id, market)
        if key not in self._found:
            self._found[key] = self._lookup(table, item_id, market)
        return self._found[key]

    def _lookup(self, table: str, item_id: str, market: str) -> Status | None:
        rows = self._rows.get((table, item_id), [])
        own = [r for r in rows if r.market == market] or [r for r in rows if r.market == "global"]
        if not own:
            return None
        row = max(own, key=lambda r: (r.effective or "", r.provenance.user_row, r.id))
        return Status(row.status, market, row.rule, row.effective, row.provenance.source, row.provenance.date, row.id,
                      row.provenance.user_row, row.provenance.notes, row.rule_zh or row.rule)

    def accelerator(self, acc_id: str, market: str) -> Status:
        return self._status("accelerators", acc_id, market) or Status("unknown", market)

    def server(self, server_id: str, market: str) -> Status:
        own = self._status("servers", server_id, market)
        if own is not None:
            return own
        acc = self._accelerator_of.get(server_id)
        return self.accelerator(acc, market) if acc else Status("unknown", market)


def priced_offer_exists(catalog: Catalog, acc_id: str, market: str, in_country: bool) -> bool:
    return any(offer_allowed(o, market, in_country) for o in _priced_offers(catalog).get(acc_id, ()))


def _priced_offers(catalog: Catalog) -> dict[str, list[rec.CloudOffer]]:
    """Offers with an on-demand price, by accelerator (once per catalog revision)."""
    def build(cat: Catalog) -> dict[str, list[rec.CloudOffer]]:
        by_acc: dict[str, list[rec.CloudOffer]] = {}
        for o in cat.cloud_offers():
            if o.accelerator_id is not None and o.on_demand_per_hour is not None:
                by_acc.setdefault(o.accelerator_id, []).append(o)
        return by_acc

    derived = getattr(catalog, "derived", None)
    return derived("market.priced_offers", build) if derived is not None else build(catalog)


def usable(status: Status, rented: bool, offer_in_market: bool, tracked: bool = False) -> bool:
    """An unavailable part, or one of unknown status in a ``tracked`` market, can still be rented where a provider
    in the market already runs it; otherwise it is not recommended there."""
    blocked = status.status == "unavailable" or (tracked and not status.known)
    return not blocked or (rented and offer_in_market)
