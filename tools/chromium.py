"""Where the headless Chromium is and which flags it needs here (shared by tests and bench)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

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

FEATURES_OFF = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
"""Chromium 151 and later render the address bar's popup, a WebUI page in a renderer of its own,
for every new window, headless too, where there is no address bar: about a CPU second and 75 MB
for each page a test opens (measured with a trace: three new pages took 4.3 CPU seconds, and 1.1
without it)."""


def with_features_off(launch: Callable[..., Any], options: dict[str, Any]) -> dict[str, Any]:
    """``options`` for Playwright's ``launch``, with FEATURES_OFF added to the features that
    Playwright itself turns off.

    Chromium reads only the last --disable-features it is given, and Playwright gives its own
    list first: a second switch would drop that list.  So a browser is launched once to read
    Playwright's list from its command line (Linux's /proc), and the two are given as one.  Where
    that cannot be read, ``options`` are returned as they are."""
    browser = launch(**options)
    try:
        processes = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")
        pid = next(p["id"] for p in processes["processInfo"] if p["type"] == "browser")
        switches = Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8").split("\0")
    except Exception:  # (no /proc, or a Chromium without that call: the tests are only slower)
        return options
    finally:
        browser.close()
    given = [switch for switch in switches if switch.startswith("--disable-features=")]
    features = given[-1].partition("=")[2].split(",") if given else []
    merged = ",".join([feature for feature in features if feature] + list(FEATURES_OFF))
    args = [*options["args"], f"--disable-features={merged}"]
    return {**options, "ignore_default_args": given, "args": args}


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
