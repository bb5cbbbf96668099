"""A spec rebuilt from its ``to_dict`` form keeps the entries its dataclass takes at construction and drops the
rest (a field computed in ``__post_init__`` or set ``init=False``, a key a later version added)."""

from __future__ import annotations

from typing import Any


def init_fields(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The entries of ``data`` that name an init field of the dataclass ``cls``."""
    fields = cls.__dataclass_fields__  # type: ignore[attr-defined]
    return {k: v for k, v in data.items() if k in fields and fields[k].init}
