"""The catalog browser: tables, filters, sources, comparison, user rows, import and export."""

from gpudesk.ui.catalog_browser.browser import CatalogBrowser, open_catalog_browser

__all__ = ["CatalogBrowser", "open_catalog_browser"]
