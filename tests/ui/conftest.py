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
