"""Light, dark and system themes: the palette, the style hints and the charts follow the choice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

import gpudesk.ui  # noqa: F401  (first: guards the PySide6 refcount bug)
from gpudesk.plotting.palette import DARK, LIGHT, theme_for
from gpudesk.ui.theme import DARK_COLOURS, apply_theme, effective_theme


@pytest.fixture
def app(qapp) -> Iterator[QApplication]:
    yield qapp
    apply_theme(qapp, "system")


def window_lightness(app: QApplication) -> int:
    return app.palette().color(QPalette.ColorRole.Window).lightness()


def test_dark_sets_the_dark_palette_and_scheme(app):
    apply_theme(app, "dark")
    assert app.palette().color(QPalette.ColorRole.Window).name() == DARK_COLOURS[QPalette.ColorRole.Window]
    assert window_lightness(app) < 80
    text = app.palette().color(QPalette.ColorRole.WindowText).lightness()
    assert text - window_lightness(app) > 120, "text must stay readable on the dark window"


def test_light_after_dark_is_light_again(app):
    apply_theme(app, "dark")
    apply_theme(app, "light")
    assert window_lightness(app) > 180


def test_system_follows_the_platform(app):
    apply_theme(app, "dark")
    apply_theme(app, "system")
    assert window_lightness(app) > 180  # the offscreen platform reports a light scheme


def test_system_is_dark_when_the_platform_says_so(app, monkeypatch):
    hints = app.styleHints()
    monkeypatch.setattr(type(app), "styleHints", staticmethod(lambda: FakeHints(hints, Qt.ColorScheme.Dark)))
    assert effective_theme(app, "system") == "dark"
    apply_theme(app, "system")
    assert window_lightness(app) < 80
    assert effective_theme(app, "light") == "light"


class FakeHints:
    """The real style hints, reporting a chosen system colour scheme (offscreen reports none)."""

    def __init__(self, real, scheme: Qt.ColorScheme) -> None:
        self.real, self.scheme = real, scheme

    def colorScheme(self) -> Qt.ColorScheme:  # noqa: N802 - Qt name
        return self.scheme

    def unsetColorScheme(self) -> None:  # noqa: N802 - Qt name
        self.real.unsetColorScheme()

    def setColorScheme(self, scheme: Qt.ColorScheme) -> None:  # noqa: N802 - Qt name
        self.real.setColorScheme(scheme)


def test_unknown_theme_is_refused(app):
    with pytest.raises(ValueError, match="purple"):
        apply_theme(app, "purple")


def test_charts_follow_the_application_theme(app):
    apply_theme(app, "dark")
    assert theme_for("auto") is DARK
    apply_theme(app, "light")
    assert theme_for("auto") is LIGHT
