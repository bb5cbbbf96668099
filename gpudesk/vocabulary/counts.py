"""A count before an English noun, by one rule on every surface: "1 server", "20 servers", "1,520 transceivers",
never "(20 server)", "1 rows" or "problem(s)". Chinese has no plural (its measure word follows the number: "20 台"),
so only English text goes through here."""

from __future__ import annotations

SIBILANT_ENDINGS = ("s", "x", "z", "ch", "sh")
VOWELS = "aeiou"


def plural(noun: str) -> str:
    """The English plural of a noun, or of a phrase's last word: switch -> switches, GPU-month -> GPU-months,
    new server -> new servers, facility -> facilities."""
    if noun.endswith(SIBILANT_ENDINGS):
        return noun + "es"
    if noun.endswith("y") and len(noun) > 1 and noun[-2].lower() not in VOWELS:
        return noun[:-1] + "ies"
    return noun + "s"


def by_count(count: float, one: str, many: str) -> str:
    """``one`` when ``count`` is exactly one, else ``many``: the choice between two texts already worded (a window's
    pair of translated sentences, "1 field differs" / "{0} fields differ")."""
    return one if count == 1 else many


def count_number(count: float) -> str:
    """A count's digits: thousands separated, whole numbers without decimals (1,520; 2.5)."""
    return f"{count:,.0f}" if float(count).is_integer() else f"{count:,g}"


def counted(count: float, one: str, many: str | None = None) -> str:
    """``count`` before the noun ``one`` or its plural (``many``, by default :func:`plural`): "1 server",
    "20 servers", "1,520 transceivers"."""
    return f"{count_number(count)} {by_count(count, one, many if many is not None else plural(one))}"
