"""A returning visit starts from a memory snapshot of the game's Python (static/pyodide.mjs), and
a snapshot that is broken, or was made by another build, is never used.

A snapshot is made on a visit that has none, before PyScript or the player touched Python, and kept
in Cache Storage, gzip'd, once the game is idle; it is named by a hash of everything it depends on
(tools/site.py: `snapshot_key`), with its length beside it.  The worker says on the
console how its Python started (a restore, or why not): what the player sees is only the game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from test_page_game import READY, Player

from tools import site

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    """A browser context of the test's own (the shared ones keep a snapshot between tests), with
    the service worker, as a player's."""
    return {"service_workers": "allow"}

SHELF = "lukfu-snapshot"
# The snapshots kept: their addresses and sizes.
KEPT = f"""async () => {{
  const shelf = await caches.open("{SHELF}"), found = [];
  for (const request of await shelf.keys()) {{
    const kept = await shelf.match(request);  // (gone meanwhile if the game was replacing it)
    if (kept) found.push([request.url, (await kept.arrayBuffer()).byteLength]);
  }}
  return found;
}}"""
# Put the snapshot kept at ``from`` under ``to``, its bytes spoilt by ``spoil`` (a function body of
# ``bytes``, a Uint8Array, that returns the bytes to keep), its length kept beside them.
MOVE = f"""async ([from, to, spoil]) => {{
  const shelf = await caches.open("{SHELF}"), kept = await shelf.match(from);
  const bytes = new Function("bytes", spoil)(new Uint8Array(await kept.arrayBuffer()));
  await shelf.delete(from);
  await shelf.put(to, new Response(bytes, {{ headers: kept.headers }}));
}}"""
RESTORED = "lukfu: Python restored from a snapshot"
REFUSED = "lukfu: the snapshot did not restore"


def this_build() -> str:
    """The key of this build's snapshots, as the built interpreter module names it."""
    module = (site.SITE / site.INTERPRETER).read_text(encoding="utf-8")
    found = re.search(r'^const SNAPSHOT = "(\w+)";', module, re.M)
    assert found, "the built static/pyodide.mjs names no snapshot key"
    return found[1]


class Visits:
    """A player's visits to the page, and what the game's worker said of its start each time."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.said: list[str] = []
        page.context.on("console", lambda message: self.said.append(message.text))

    def visit(self) -> list[str]:
        """Open the page (again); once it is your turn, select a card (the game answers); what
        the worker said."""
        self.said.clear()
        self.page.goto("index.html?seed=11&delay=0")
        self.page.wait_for_selector(READY, timeout=60_000)
        player = Player(self.page, [])
        player.wait_for_me()
        player.click_card(player.hand()[0])
        return [text for text in self.said if text.startswith("lukfu:")]

    def kept(self, wanted: str | None = None) -> str:
        """The address of the one snapshot kept, once it is ``wanted`` (else once there is one:
        the game keeps its own once it is idle), gzip'd: about 5 MB of Python's 31."""
        for _ in range(240):
            found = self.page.evaluate(KEPT)
            if len(found) == 1 and found[0][0] == (wanted or found[0][0]):
                [(address, size)] = found
                assert 2_000_000 < size < 15_000_000, size
                return str(address)
            self.page.wait_for_timeout(250)
        raise AssertionError(f"after 60 s, the snapshots kept are {found}, not only {wanted}")


def test_a_returning_visit_starts_from_its_snapshot_and_never_from_a_broken_or_stale_one(
        page: Page) -> None:
    visits = Visits(page)
    key = this_build()
    assert not any(RESTORED in said for said in visits.visit())  # a first visit: none yet
    address = visits.kept()
    assert address.endswith(f"/luk-fu/snapshot/{key}")

    said = visits.visit()  # the next visit starts from it
    assert any(said.startswith(RESTORED) for said in said), said

    # Broken on the device: cut short, or a byte of it changed.  Each is refused before
    # Python is handed over, dropped, and the visit starts afresh, then keeps a whole one again.
    for spoil in ("return bytes.slice(0, bytes.length - 65536);",
                  "bytes[Math.floor(bytes.length / 2)] ^= 1; return bytes;"):
        page.evaluate(MOVE, [address, address, spoil])
        said = visits.visit()
        assert not any(RESTORED in said for said in said) and any(REFUSED in said for said in said), said
        visits.kept(address)

    # Another build's snapshot (of another version of the game, its runtime or its standard
    # library) is never tried, and goes once this build's own is kept.
    stale = address.replace(key, "0" * len(key))
    page.evaluate(MOVE, [address, stale, "return bytes;"])
    said = visits.visit()
    assert not any(RESTORED in said or REFUSED in said for said in said), said
    visits.kept(address)
