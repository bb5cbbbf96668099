"""Fixtures for the packaging tests: the repository root and loaders for the packaging scripts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_script(relative: str) -> ModuleType:
    """Import a script that is not part of a package (packaging/*.py, benchmarks/*.py) by path."""
    path = ROOT / relative
    name = "packaging_test_" + path.stem
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def make_icons() -> ModuleType:
    return load_script("packaging/make_icons.py")


@pytest.fixture(scope="session")
def bundle_stamp() -> ModuleType:
    return load_script("packaging/bundle_stamp.py")


@pytest.fixture(scope="session")
def bench_startup() -> ModuleType:
    return load_script("benchmarks/bench_startup.py")


@pytest.fixture(scope="session")
def bundle_trim() -> ModuleType:
    return load_script("packaging/bundle_trim.py")


@pytest.fixture(scope="session")
def bundle_sizes() -> ModuleType:
    return load_script("packaging/bundle_sizes.py")
