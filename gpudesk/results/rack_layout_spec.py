"""Qt-free description of the rack elevation drawing: racks as columns of labelled boxes (servers, switches, PDUs),
each rack with its power and limit. Drawn by ``gpudesk.plotting.rack_panel`` and ``gpudesk.pdf.rack_paint``; rebuilt
from JSON with ``chart_model.spec_from_dict`` beside the charts' :class:`~gpudesk.results.chart_model.ChartSpec`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpudesk.results.spec_dict import init_fields


@dataclass
class RackBox:
    """One device in a rack: a server, switch or PDU, ``units`` rack units tall.

    ``start_u`` is the lowest rack unit it occupies (1 = bottom); ``None``
    places it directly above the box before it."""

    label: str
    units: int
    kw: float
    color_role: str = "air"
    tooltip: str = ""
    start_u: int | None = None

    def __post_init__(self) -> None:
        self.units = int(self.units)
        self.kw = float(self.kw)
        if self.units < 1:
            raise ValueError(f"rack box {self.label!r}: units must be at least 1")

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in ("label", "units", "kw", "color_role", "tooltip", "start_u")}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RackBox:
        return cls(**init_fields(cls, data))


@dataclass
class RackColumn:
    """One rack: its boxes, its total power (from the power figures) and its limit."""

    name: str
    boxes: list[RackBox] = field(default_factory=list)
    power_kw: float = 0.0
    limit_kw: float | None = None

    def placed_boxes(self) -> list[tuple[int, RackBox]]:
        """(start_u, box) for every box, resolving ``start_u=None`` to 'above the previous'."""
        placed: list[tuple[int, RackBox]] = []
        next_u = 1
        for box in self.boxes:
            start = next_u if box.start_u is None else int(box.start_u)
            placed.append((start, box))
            next_u = start + box.units
        return placed

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "boxes": [b.to_dict() for b in self.boxes],
            "power_kw": self.power_kw,
            "limit_kw": self.limit_kw,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RackColumn:
        values = init_fields(cls, data)
        values["boxes"] = [RackBox.from_dict(b) for b in data.get("boxes", [])]
        return cls(**values)


@dataclass
class RackLayoutSpec:
    """A rack elevation drawing: racks as columns of labelled boxes."""

    title: str
    racks: list[RackColumn] = field(default_factory=list)
    rack_units: int = 42
    notes: str = ""
    role_labels: dict[str, str] = field(default_factory=dict)
    """Legend text per colour role used by the boxes, e.g. {"liquid": "液冷服务器"}."""
    server: dict[str, Any] = field(default_factory=dict)
    """The chassis the compute boxes show: its catalog ``name``, ``vendor``, GPU slots (``gpus``) and
    ``accelerator`` name, so each surface names a generic chassis in the reader's language (report.server_names)."""
    kind: str = field(default="rack_layout", init=False)

    def __post_init__(self) -> None:
        for rack in self.racks:
            occupied: set[int] = set()
            for start, box in rack.placed_boxes():
                span = set(range(start, start + box.units))
                if start < 1 or start + box.units - 1 > self.rack_units:
                    raise ValueError(f"rack {rack.name!r}: {box.label!r} does not fit in {self.rack_units}U")
                if span & occupied:
                    raise ValueError(f"rack {rack.name!r}: {box.label!r} overlaps another box")
                occupied |= span

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "rack_layout",
            "title": self.title,
            "racks": [r.to_dict() for r in self.racks],
            "rack_units": self.rack_units,
            "notes": self.notes,
            "role_labels": dict(self.role_labels),
            "server": dict(self.server),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RackLayoutSpec:
        values = init_fields(cls, data)
        values["racks"] = [RackColumn.from_dict(r) for r in data.get("racks", [])]
        return cls(**values)
