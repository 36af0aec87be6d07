"""Right-to-left text as a reader sees it: a Persian list of cards, laid out by the browser's own
bidi algorithm, reads from right to left in the order it was written, each comma after its card.

Positions, not strings: the test measures where each card's words land on the line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from lukfu import parse_cards
from lukfu.i18n import translator
from lukfu.web.naming import card_in_sentence, cards_in_sentence

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# Where each of ``names`` (in order) lands in the paragraph's one text node: [left, right] of
# the first box of its occurrence, searched from where the previous one ended.
PLACES = """names => {
  const node = document.getElementById("line").firstChild;
  const text = node.data;
  let from = 0;
  return names.map(name => {
    const start = text.indexOf(name, from);
    if (start < 0) return null;
    from = start + name.length;
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, from);
    const box = range.getClientRects()[0];
    return [box.left, box.right, box.top];
  });
}"""


@pytest.mark.parametrize("codes", ["C3 S4 M4 T2", "C1 T1 M9"])
def test_a_persian_list_of_cards_reads_right_to_left_in_its_order(page: Page, codes: str) -> None:
    fa = translator("fa")
    cards = parse_cards(codes)
    line = fa.gettext("discard {cards} face down", cards=cards_in_sentence(fa, cards))
    page.set_content('<html lang="fa" dir="rtl"><body style="font: 16px sans-serif">'
                     '<p id="line" style="inline-size: 60rem"></p></body></html>')
    page.evaluate("text => { document.getElementById('line').textContent = text; }", line)
    names = [card_in_sentence(fa, card).strip("\u2068\u2069") for card in cards]
    places = page.evaluate(PLACES, names)
    assert None not in places, (line, names)
    assert len({round(top) for _, _, top in places}) == 1  # (one line: positions compare)
    # Each card to the left of the one before it, as a right-to-left reader meets them.
    for (left, _, _), (_, right, _) in zip(places, places[1:], strict=False):
        assert right <= left + 0.5, (line, places)
    # The separator after each card but the last ("،", then "و") stands between it and the next.
    separators = ([fa.pgettext("list separator", ", ").strip()] * (len(cards) - 2)
                  + [fa.pgettext("list separator before the last item", " and ").strip()])
    commas = page.evaluate(PLACES, separators)
    assert None not in commas, (line, separators)
    for (left, _, _), (_, comma_right, _), (_, next_right, _) in zip(
            places, commas, places[1:], strict=False):
        assert next_right <= comma_right + 0.5 and comma_right <= left + 0.5, (line, places, commas)
