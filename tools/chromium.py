"""Where the headless Chromium is and which flags it needs here (shared by tests and bench)."""

from __future__ import annotations

import os
import shutil

# See /work/shared/WEB-RUNTIME.md: needed for Debian's Chromium in a container, and they stop
# Chromium itself from contacting Google (which would otherwise show up as foreign requests).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def find_chromium() -> str | None:
    """A system Chromium: $CHROMIUM, /usr/bin/chromium, or one on PATH; None if there is none.

    None means "try Playwright's own download" (which does not work on every machine).
    """
    candidates = [
        os.environ.get("CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
        shutil.which("google-chrome"),
    ]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None
