"""UI tests run offscreen (the test command sets QT_QPA_PLATFORM=offscreen).

Qt's offscreen platform plugin warns "This plugin does not support
propagateSizeHints()" whenever a top-level window is shown; that message
says nothing about our code, so it alone is exempt from
``qt_log_level_fail``.
"""

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        item.add_marker(pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints"))


@pytest.fixture(scope="session", autouse=True)
def _application_fonts(qapp):
    """The fonts the app sets at start (gpudesk.ui.app: bundled CJK fallback), whichever UI test runs first.

    Chart layout depends on font metrics (crowded category labels turn a bar chart horizontal), so without this a
    test's outcome depended on whether an earlier test had registered the fonts (tests/ui/test_charts.py failed
    when run alone and passed in the full suite)."""
    from gpudesk.ui.fonts import apply_application_font

    apply_application_font(qapp)


@pytest.fixture
def shown_chart(qtbot):
    """Opens a chart as the window shows one: ``shown_chart(width, height)`` (light theme unless given), shown and
    exposed, closed with the test."""
    from gpudesk.plotting import ChartView

    def show(width: int = 800, height: int = 500, theme: str = "light") -> ChartView:
        chart = ChartView(theme=theme)
        qtbot.addWidget(chart)
        chart.resize(width, height)
        chart.show()
        qtbot.waitExposed(chart)
        return chart

    return show
