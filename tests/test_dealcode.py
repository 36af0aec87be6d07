"""Deal codes (``lukfu.dealcode``): the short code a shared link carries names a deal's number and
Master and nothing else; a changed or malformed code is refused.
"""

from __future__ import annotations

import random

import pytest

from lukfu.dealcode import MAX_CODE_LENGTH, MAX_DEAL_NUMBER, DealCodeError, deal_code, read_deal_code


def test_a_deal_code_reads_back_as_its_number_and_master() -> None:
    rng = random.Random(5)
    numbers = [0, 1, 2, 255, 256, 10**9, MAX_DEAL_NUMBER, *(rng.randrange(10**12) for _ in range(200))]
    for number in numbers:
        for master in (0, 1, 2):
            code = deal_code(number, master)
            assert read_deal_code(code) == (number, master)
            assert len(code) <= MAX_CODE_LENGTH and code.isascii()
            assert all(c.isalnum() or c in "-_" for c in code)  # nothing to escape in a URL
    assert len(deal_code(10**9 - 1, 2)) == 8  # the page's deal numbers make 8-character codes
    with pytest.raises(ValueError):
        deal_code(MAX_DEAL_NUMBER + 1, 0)
    with pytest.raises(ValueError):
        deal_code(5, 3)


def test_a_changed_or_malformed_code_is_refused() -> None:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    code = deal_code(123456789, 2)
    changed = 0
    for i in range(len(code)):
        for letter in alphabet:
            other = code[:i] + letter + code[i + 1:]
            if other != code:
                with pytest.raises(DealCodeError):
                    read_deal_code(other)
                changed += 1
    assert changed == len(code) * 63
    for bad in ("", "A", "AJO", "AJOi=", "AJ Oi", "AJ+i", "A" * (MAX_CODE_LENGTH + 1), "六虎六虎",
                code[:-1], code + "A", code[1:]):
        with pytest.raises(DealCodeError):
            read_deal_code(bad)
    # The same bytes written another way (unused low bits set) are not this game's code.
    with pytest.raises(DealCodeError):
        read_deal_code(deal_code(0, 0)[:-1] + "j")
