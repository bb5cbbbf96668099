"""Shared fixtures of the issue-16 domain tests: the shipped catalog and a small plan builder."""

from __future__ import annotations

import pytest

from gpudesk.catalog.store import Catalog


@pytest.fixture(scope="session")
def catalog():
    return Catalog.open(user_db=None)
