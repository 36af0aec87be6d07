"""Chromium, Firefox and WebKit (Safari's engine) for tests and benchmarks: one driver each, the same verbs.

Playwright drives Chromium (`Chromium`, for a benchmark's side-by-side; the Chromium tests use
Playwright's own page, tests/conftest.py), but only its own builds of Firefox and WebKit, which
cannot be installed here, so:

- `Firefox`: Debian's firefox-esr over WebDriver BiDi, through npm puppeteer-core
  (tests/firefox.mjs, a Node process this talks to in JSON lines);
- `WebKit`: Debian's WebKitGTK MiniBrowser through its WebDriver (webkit2gtk-driver), with
  Selenium's WebKitGTK driver, on a virtual screen (Xvfb) of its own.

Each takes expressions of JavaScript (`js`, awaited when they give a promise), clicks as a
person does (real input events), and waits by polling (`wait`).  `open` shows the page
at a size: a size narrower than a WebKitGTK window can be (447 px) is an iframe of that size,
the driver then working inside it.  tools/test installs the browsers (apt) and the drivers
(package.json, requirements-dev.txt).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from settling import SETTLED

ROOT = Path(__file__).resolve().parent.parent
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT = os.environ.get("WEBKIT", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# WebKitGTK has no console to read: the page's own errors are kept from the moment it is
# hooked (right after each load) and read by `errors`.
HOOK_ERRORS = """(() => { if (window.__errors) return; window.__errors = [];
  addEventListener('error', e => window.__errors.push('page error: ' + e.message));
  addEventListener('unhandledrejection', e => window.__errors.push('unhandled: ' + e.reason)); })()"""

# What the page's failure panel would copy for the developers, if it is up (else "").
FAILURE = """(() => { const f = document.getElementById('failure');
  if (!f || f.hidden) return '';
  return [f.getAttribute('data-details'), f.failureDetails].filter(Boolean).join('\\n'); })()"""

# Firefox reports as the page's error a file whose load the page itself gave up (a picture's
# source changed while the service worker fetched it: index.html puts the Persian suit
# legend's pictures in place of the English ones as they load).  Such a file is shown nowhere
# any more.
GIVEN_UP = re.compile(r"^page error: Failed to load ‘([^’]+)’")
SHOWN = """(url => [...document.querySelectorAll('img, link, script')]
  .some(e => e.src === url || e.href === url))"""


class EngineMissing(RuntimeError):
    """The browser or its driver is not installed here."""


class Engine:
    """A browser the tests drive: the verbs every engine has, and waiting built on them."""

    name = ""
    version = ""  # the browser's own, e.g. "firefox/153.8.0" (a benchmark prints it)

    def js(self, expression: str) -> Any:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def resize(self, width: int, height: int) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        """The page's errors since the last call."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # --- built on the verbs --------------------------------------------------------------------

    def open(self, url: str, width: int = 1280, height: int = 800) -> None:
        """Load ``url`` in a page of ``width`` × ``height`` CSS pixels."""
        self.resize(width, height)
        self.goto(url)

    def wait(self, expression: str, timeout: float = 30, what: str = "") -> Any:
        """Poll ``expression`` until it is truthy; return its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                failure = self.js(FAILURE) or ""
                raise TimeoutError(f"{self.name}: waited {timeout} s for {what or expression}"
                                   + (f"; the page failed:\n{failure}" if failure else ""))
            time.sleep(0.05)

    def settle(self) -> None:
        """Wait until the page has drawn the answer to everything it sent to the game."""
        self.wait(f"({SETTLED})()", 15, "the game's answer")

    def act(self, selector: str) -> None:
        """Click ``selector`` and wait for the page's answer."""
        self.click(selector)
        self.settle()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Firefox(Engine):
    """firefox-esr, headless, over WebDriver BiDi (tests/firefox.mjs, npm puppeteer-core)."""

    name = "firefox"

    def __init__(self, profile: Path) -> None:
        if not os.access(FIREFOX, os.X_OK):
            raise EngineMissing(f"no Firefox at {FIREFOX} (apt-get install firefox-esr)")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            raise EngineMissing("no node_modules/puppeteer-core (npm ci)")
        self.ids = itertools.count(1)
        self.process = subprocess.Popen(
            ["node", str(ROOT / "tests" / "firefox.mjs")], cwd=ROOT, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.version = self.call("launch", profile=str(profile), width=1280, height=800,
                                 executable=FIREFOX)

    def call(self, op: str, **arguments: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        number = next(self.ids)
        self.process.stdin.write(json.dumps({"id": number, "op": op, **arguments}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"firefox: the driver ended (asked {op})")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"firefox: {op}: {answer['error']}")
        return answer["value"]

    def js(self, expression: str) -> Any:
        return self.call("eval", expression=expression)

    def goto(self, url: str) -> None:
        self.call("goto", url=url)

    def click(self, selector: str) -> None:
        self.call("click", selector=selector)

    def resize(self, width: int, height: int) -> None:
        self.call("viewport", width=width, height=height)

    def screenshot(self, path: Path) -> None:
        self.call("screenshot", path=str(path))

    def errors(self) -> list[str]:
        def given_up(error: str) -> bool:
            match = GIVEN_UP.match(error)
            return bool(match) and not self.js(f"{SHOWN}({json.dumps(match[1])})")

        return [error for error in self.call("errors") if not given_up(error)]

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(Exception):
                self.call("close")
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


NARROWEST = 447  # a WebKitGTK window is never narrower (CSS pixels)


class WebKit(Engine):
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, on an Xvfb screen."""

    name = "webkit"

    def __init__(self) -> None:
        for path, package in ((WEBKIT, "webkit2gtk-driver"), (WEBKIT_DRIVER, "webkit2gtk-driver")):
            if not os.access(path, os.X_OK):
                raise EngineMissing(f"no {path} (apt-get install {package})")
        if shutil.which("Xvfb") is None:
            raise EngineMissing("no Xvfb (apt-get install xvfb)")
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError as error:
            raise EngineMissing(f"no selenium ({error}): run tools/test") from error
        read, write = os.pipe()
        self.screen = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as display:
            number = display.readline().strip()
        options = Options()
        options.binary_location = WEBKIT
        options.add_argument("--automation")
        service = Service(WEBKIT_DRIVER, env={**os.environ, "DISPLAY": f":{number}"})
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.screen.kill()
            raise
        self.version = f"webkitgtk/{self.driver.capabilities.get('browserVersion')}"
        self.framed = False
        self.frame = (0, 0)

    def js(self, expression: str) -> Any:
        value = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"try {{ Promise.resolve(({expression})).then(v => done({{v}}), e => done({{e: String(e)}})); }}"
            " catch (e) { done({e: String(e)}); }")
        if "e" in value:
            raise RuntimeError(f"webkit: {expression[:80]}: {value['e']}")
        return value.get("v")

    def goto(self, url: str) -> None:
        if self.framed:
            # A page of the site's own origin outside the game (the server's "not found"), so
            # that the framed game keeps first-party storage and its service worker.
            self.driver.switch_to.default_content()
            self.driver.get(urljoin(url, "/phone-frame"))
            self.driver.execute_script(
                "document.head.replaceChildren(); document.body.replaceChildren();"
                "document.body.style.margin = '0';"
                "const f = document.createElement('iframe');"
                "f.style.cssText = `border: 0; display: block; width: ${arguments[0]}px;"
                " height: ${arguments[1]}px`;"
                "f.src = arguments[2]; document.body.append(f);", *self.frame, url)
            self.driver.switch_to.frame(self.driver.find_element("css selector", "iframe"))
            self.wait(f"document.readyState === 'complete' && location.href === {json.dumps(url)}",
                      60, "the framed page")
        else:
            self.driver.get(url)
        self.js(HOOK_ERRORS)

    def resize(self, width: int, height: int) -> None:
        self.driver.switch_to.default_content()
        # The window's own chrome: the page gets a little less than the window.
        chrome = self.driver.execute_script("return [outerWidth - innerWidth, outerHeight - innerHeight]")
        self.framed = width < NARROWEST
        self.frame = (width, height)
        if self.framed:  # the page in an iframe of that size (see `goto`)
            self.driver.set_window_rect(0, 0, NARROWEST + chrome[0] + 40, height + chrome[1] + 40)
        else:
            self.driver.set_window_rect(0, 0, width + chrome[0], height + chrome[1])

    def click(self, selector: str) -> None:
        self.driver.find_element("css selector", selector).click()

    def screenshot(self, path: Path) -> None:
        self.js("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        if self.framed:
            self.driver.switch_to.default_content()
            # The whole window (the frame at its top left, the rest blank): WebKitGTK's picture
            # of the frame element alone comes out shifted.
            self.driver.execute_script("scrollTo(0, 0)")  # (a click scrolls the frame into view)
            self.driver.save_screenshot(str(path))
            self.driver.switch_to.frame(self.driver.find_element("css selector", "iframe"))
        else:
            self.driver.save_screenshot(str(path))

    def errors(self) -> list[str]:
        return list(self.js("(window.__errors || []).splice(0)") or [])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()
        self.screen.kill()
        self.screen.wait()


class Chromium(Engine):
    """Debian's Chromium, headless, through Playwright, with the project's flags."""

    name = "chromium"

    def __init__(self, profile: Path) -> None:
        from playwright.sync_api import sync_playwright

        from tools import chromium

        executable = chromium.find_chromium()
        if executable is None:
            raise EngineMissing("no Chromium (apt-get install chromium)")
        self.playwright = sync_playwright().start()
        self.context = self.playwright.chromium.launch_persistent_context(
            str(profile), executable_path=executable, args=chromium.FLAGS, headless=True)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.version = f"chromium/{self.context.browser.version if self.context.browser else '?'}"
        self.seen: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.seen.append(f"console.error: {m.text}"))
        self.page.on("pageerror", lambda e: self.seen.append(f"page error: {e}"))

    def js(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def errors(self) -> list[str]:
        seen, self.seen = self.seen, []
        return seen

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.context.close()
        self.playwright.stop()


ENGINES = ("chromium", "firefox", "webkit")


def launch(name: str, profile: Path) -> Engine:
    """A fresh browser of ``name`` ("chromium", "firefox" or "webkit"), its profile in ``profile``."""
    if name == "chromium":
        return Chromium(profile)
    if name == "firefox":
        return Firefox(profile)
    if name == "webkit":
        return WebKit()
    raise ValueError(name)
