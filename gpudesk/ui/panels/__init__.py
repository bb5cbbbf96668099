"""Decision panels for the wizard pages: ranked recommendations you can pin, and what-if.

* :class:`RecommendationPanel` — the phase's ranked alternative accelerators, why each
  ranks where it does, and "Pin this configuration" (one undoable edit).
* :class:`WhatIfPanel` — how the key results move with utilisation, electricity price,
  GPU price and efficiency (``gpudesk.results.whatif``), as a tornado chart and a table.
"""

from gpudesk.ui.panels.recommendation import RecommendationPanel
from gpudesk.ui.panels.whatif_panel import WhatIfPanel

__all__ = ["RecommendationPanel", "WhatIfPanel"]
