"""The visit of tests/engine_checks.py in Firefox (Debian's firefox-esr, over WebDriver BiDi)."""

from __future__ import annotations

import pytest
from engine_checks import EngineChecks

pytestmark = pytest.mark.browser


class TestFirefox(EngineChecks):
    engine = "firefox"
