"""gpudesk: size GPU infrastructure for AI work and explain every number."""

from gpudesk._version import __version__

__all__ = ["__version__"]
