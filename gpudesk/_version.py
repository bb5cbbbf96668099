"""The one version source, read by pyproject.toml and the PyInstaller spec."""

__version__ = "0.1.0"
