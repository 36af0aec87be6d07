"""The examples in the docstrings of the pure-Python modules run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "lukfu.cards",
    "lukfu.plays",
    "lukfu.knowledge",
    "lukfu.actions",
    "lukfu.scoring",
    "lukfu.i18n",
    "lukfu.web.options",
    "lukfu.web.faces",
    "lukfu.web.dom.keys",
    "lukfu.web.dom.faces",
    "lukfu.web.dom.data",
    "lukfu.web.saving",
    "lukfu.web.kinds",
    "lukfu.lesson",
    "lukfu.web.starting",
    "lukfu.web.messages",
    "lukfu.web.effects",
    "lukfu.dealcode",
    "lukfu.saves",
    "lukfu.stats",
    "lukfu.web.replay",
    "lukfu.web.worker",
    "lukfu.puzzles",
    "tools.shipped",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
