"""The visit of tests/engine_checks.py in WebKit, Safari's engine (WebKitGTK's MiniBrowser)."""

from __future__ import annotations

import pytest
from engine_checks import EngineChecks

pytestmark = pytest.mark.browser


class TestWebKit(EngineChecks):
    engine = "webkit"
