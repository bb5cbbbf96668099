"""Every tuning constant of the estimation core, each with its source.

This package is the one place where efficiencies, overheads and defaults
live (``base`` defines the type; one module per area). Code elsewhere refers to a constant by its Python name; the
FigureSet records it with its source so the UI can show where a number
came from. A constant is never tuned to make a single validation case
pass: the source says what measurement or publication it reflects.

Sections: memory overheads; compute efficiency (per hardware family and
operation class); communication; inference serving; host and storage;
power and facility; cost; calibration, plan assembly and what-if. Each
constant lives in its area's module and nowhere else; everything is
re-exported here, so ``from gpudesk.core.constants import X`` and
``constants.X`` work for every constant.
"""

from gpudesk.core.constants.base import GB as GB
from gpudesk.core.constants.base import GIB as GIB
from gpudesk.core.constants.base import Constant as Constant
from gpudesk.core.constants.compute import *  # noqa: F401,F403
from gpudesk.core.constants.infrastructure import *  # noqa: F401,F403
from gpudesk.core.constants.memory import *  # noqa: F401,F403
from gpudesk.core.constants.planning import *  # noqa: F401,F403
from gpudesk.core.constants.quantization import *  # noqa: F401,F403
from gpudesk.core.constants.runtime import *  # noqa: F401,F403
from gpudesk.core.constants.serving import *  # noqa: F401,F403


def every_constant() -> dict[str, Constant]:
    """Every tuning constant re-exported here by its name, each of a per-family or per-format table under its own (the
    name a source quotes: 'constant NAME: <source>')."""
    found: dict[str, Constant] = {}
    for value in list(globals().values()):
        items = [value] if isinstance(value, Constant) else list(value.values()) if isinstance(value, dict) else []
        found.update({c.name: c for c in items if isinstance(c, Constant)})
    return found
