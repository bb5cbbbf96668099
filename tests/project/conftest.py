"""Shared fixtures for the plan-file tests: a private GPUDESK_HOME and sample plans."""

from __future__ import annotations

import pytest
from project_samples import build_complex_project

from gpudesk.project.model import Project


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Every test gets its own GPUDESK_HOME so nothing touches a real user's files."""
    home = tmp_path / "gpudesk-home"
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    return home


@pytest.fixture
def complex_project() -> Project:
    return build_complex_project()
