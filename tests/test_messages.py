"""The contract between the page and the game (`lukfu.web.messages`, `lukfu.web.effects`):
each message and effect a value with a name of its own, its JSON list read back exactly, a wrong
list refused in words, every message handled by `update`, and the modules as MicroPython (the
page's Python) runs them."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from driver import Driver

from lukfu.web import messages
from lukfu.web.effects import (
    EFFECTS,
    TAB,
    WORKER_EFFECTS,
    AcceptNewVersion,
    Address,
    ChooseFile,
    Copy,
    Download,
    FetchCatalog,
    FetchPuzzles,
    Forget,
    Handled,
    RegisterOffline,
    Review,
    Share,
    Store,
    Think,
    ThinkHint,
    ThinkPar,
    Wait,
)
from lukfu.web.messages import (
    MESSAGES,
    Catalog,
    ComputerMoved,
    ComputerTurn,
    ContractError,
    Copied,
    Device,
    DismissNotice,
    Failure,
    FileRead,
    HandCard,
    HintReady,
    Key,
    NoticeGone,
    Offline,
    ParReady,
    PlayCard,
    Press,
    PuzzlesRead,
    ReviewProgress,
    ReviewReady,
    Said,
    Setting,
    Start,
    Stored,
    decode,
    encode,
)
from lukfu.web.sounds import sound

ROOT = Path(__file__).resolve().parent.parent
BOOT = {"query": "?seed=3&master=0&delay=0", "page_url": "http://127.0.0.1/luk-fu/",
        "languages": ["en"], "stored": {}, "tab": {}, "storage": True, "touch": False,
        "reduced_motion": False, "entropy": 5}
SAID: list[Said] = [
    Start(BOOT), Catalog("fi", None), Press("call"), HandCard("C7"), PlayCard("C7"),
    Key("Enter", "Enter", "card:C7", False), Setting("speed", "fast"), Device(True), ComputerTurn(2),
    ComputerMoved(2, "pass"), HintReady(2, 0, "pass", "weak", 3), ReviewProgress(2, 0.5, []),
    ReviewReady(2, {"decisions": [], "accuracy": 1.0}), FileRead(10, "{}"), Copied(True),
    Stored(False), Offline("ready"), NoticeGone(4), DismissNotice("learn"), Failure("boom"),
    PuzzlesRead("{}"), FetchPuzzles(),
    Store("lukfu.speed", "fast"), Forget("lukfu.save.aside", TAB),
    Wait(0.5, ComputerTurn(2)), Think(2), ThinkHint(2), Review(2), FetchCatalog("fi"),
    Download("stats.json", "{}"), ChooseFile(), Copy("http://x/?deal=A"), Address("?lang=fi"),
    Handled(), RegisterOffline(), AcceptNewVersion(), sound("card"),
    ParReady(2, "2026-12-04", -1), ThinkPar(2, "2026-12-04"),
    Share("I scored +2", "http://x/?daily=2026-12-04", "daily-share"),
]


def test_each_kind_has_a_name_of_its_own_and_a_sample_here() -> None:
    names = [kind.NAME for kind in (*MESSAGES, *EFFECTS)]
    assert len(set(names)) == len(names) and all(names)
    assert {type(said) for said in SAID} == {*MESSAGES, *EFFECTS}
    assert {"wait", "think", "think-hint", "review", "think-par", "fetch-catalog",
            "fetch-puzzles"} == WORKER_EFFECTS
    assert {kind.NAME for kind in EFFECTS} >= WORKER_EFFECTS


def test_a_value_is_its_name_then_its_fields_and_a_message_reads_back_exactly() -> None:
    for said in SAID:
        wire = json.loads(json.dumps(encode(said)))
        assert wire[0] == said.NAME and len(wire) == 1 + len(said.FIELDS)
        if isinstance(said, MESSAGES):
            again = decode(wire)
            assert again == said and type(again) is type(said) and repr(again) == repr(said)
            if not isinstance(said, (Start, ReviewProgress, ReviewReady)):  # (a dict or list: unhashable)
                assert hash(again) == hash(said)
    assert encode(sound("card"))[2] == [["noise", 1800.0, 0.0, 0.05, 0.9]]  # (its recipe, as lists)
    assert encode(Wait(1, NoticeGone(3))) == ["wait", 1, ["notice-gone", 3]]
    assert Press("call") != Press("pass") and Press("call") != HandCard("call")
    assert eval(repr(Key("c", "KeyC")), vars(messages)) == Key("c", "KeyC", "", False)


@pytest.mark.parametrize(("wire", "says"), [
    (["shout", "x"], "no message is named 'shout'"),
    (["store", "local", "k", "v"], "no message is named 'store'"),  # (an effect: the game's own)
    (["press"], "'press' takes 1 field (name), not 0"),
    (["key", "c", "KeyC"], "'key' takes 4 fields (key, code, where, shift), not 2"),
    ([], "a message is a list"),
    ({"press": "call"}, "a message is a list"),
    ([3, "call"], "a message is a list"),
])
def test_a_list_that_is_no_message_is_refused_saying_why(wire: object, says: str) -> None:
    with pytest.raises(ContractError, match="^" + says.replace("(", r"\(").replace(")", r"\)")):
        decode(wire)


@pytest.mark.parametrize("message", [said for said in SAID if isinstance(said, MESSAGES)],
                         ids=lambda said: said.NAME)
def test_every_message_is_handled_at_a_table_in_play(message: Said) -> None:
    page = Driver("?seed=3&master=0&delay=0").start()
    page.settle(only_computers=True)
    page.send(message)  # (decided, or dropped as stale; never refused as unknown)
    assert page.model.visit.booted


def test_the_contract_imports_and_works_in_micropython() -> None:
    """The page speaks it too: compiled by MicroPython's compiler and run by its interpreter."""
    from tools import bytecode

    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js")
    check = b"""
from lukfu.web.effects import Wait
from lukfu.web.messages import Key, Press, ComputerTurn, ContractError, decode, encode
assert encode(Press("call")) == ["press", "call"]
assert decode(["key", "Enter", "Enter", "card:C7", False]) == Key("Enter", "Enter", "card:C7", False)
assert encode(Wait(0.5, ComputerTurn(3))) == ["wait", 0.5, ["computer-turn", 3]]
assert Press("a") != Press("b") and repr(Press("a")) == "Press(name='a')"
try:
    decode(["press"])
    raise AssertionError("not refused")
except ContractError as error:
    assert str(error) == "'press' takes 1 field (name), not 0", str(error)
"""
    shared = {path: (ROOT / path).read_bytes() for path in ("lukfu/web/messages.py", "lukfu/web/effects.py")}
    compiled = bytecode.compile_page({**shared, "contract_check.py": check})
    files = {name: base64.b64encode(code).decode("ascii") for name, code in compiled.items()}
    job = json.dumps({"files": files, "modules": ["contract_check"]})
    result = subprocess.run([node, str(ROOT / "tests" / "micropython_imports.mjs")], input=job,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "ok contract_check" in result.stdout, result.stdout + result.stderr
