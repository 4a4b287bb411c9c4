"""What every test process shares."""

from __future__ import annotations

import signal

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C as at a terminal, in this process and so in every child it starts.

    A shell that starts the tests in the background leaves Ctrl-C ignored, and an
    ignored signal is inherited: the tests that press Ctrl-C in a child (a match, the
    terminal game) would press it in vain. A handled signal is reset to its default in
    a child, so handling it here is enough."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
