"""Self-hosted subset fonts: Noto Sans TC for Chinese, Vazirmatn for Persian.

tools/build.py cuts both fonts down to the characters that index.html and the catalogs use and
writes them to runtime/fonts/; static/style.css declares them with unicode-range.  Here:

- (CPython) every subset exists, is small, and has a glyph for every Han character of index.html
  and of the zh_Hant catalog, and for every Arabic-script character of the fa catalog; the build
  is keyed on its inputs; the stylesheet declares each face with the ranges the build serves.
- (browser) an English page fetches at most the ~2 kB faces for the few Han and Arabic
  characters it shows itself (六虎, 繁體中文, فارسی) and nothing when the machine has a Chinese
  font of its own; a Chinese page and a Persian page render with the subsets, never as boxes.
  Screenshots: artifacts/screenshots/fonts-title.png (the English header, 六虎 in the title),
  fonts-title-zh-Hant.png and fonts-title-fa.png.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_page_game import READY, speak

from tools import fonts, runtime

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parent.parent
CSS = ROOT / "static" / "style.css"
MAX_BYTES = 400_000
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
PAGE_FACES = {f"{face.name}.woff2" for face in fonts.FACES if face.page_only}


def is_han(char: str) -> bool:
    """An ideograph or CJK punctuation / full-width form: what Noto Sans TC must draw."""
    name = unicodedata.name(char, "")
    return name.startswith(("CJK ", "IDEOGRAPHIC ", "FULLWIDTH ", "HALFWIDTH ")) or (
        0x3000 <= ord(char) <= 0x303F
    )


def is_arabic(char: str) -> bool:
    """A letter, digit or mark of the Arabic script (Persian included): what Vazirmatn must draw."""
    return unicodedata.name(char, "").startswith(("ARABIC", "EXTENDED ARABIC")) or char == "\u200c"


def catalog(code: str) -> str:
    """Every translation in one language's catalog (``code`` is its folder, e.g. zh_Hant)."""
    return fonts.catalog_text(code)


def cmap(name: str) -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(fonts.FONTS / f"{name}.woff2").getBestCmap())


@pytest.fixture(scope="module")
def built() -> dict[str, int]:
    """Run the font step (fast when nothing changed); return each output's size in bytes."""
    pytest.importorskip("fontTools", reason="fontTools is pinned in requirements-dev.txt")
    pytest.importorskip("brotli", reason="brotli is pinned in requirements-dev.txt")
    try:
        runtime.build_with_tools(verbose=False)
    except runtime.BuildError as error:
        pytest.fail(f"cannot build runtime/fonts/: {error}", pytrace=False)
    return {face.name: (fonts.FONTS / f"{face.name}.woff2").stat().st_size for face in fonts.FACES}


def test_subsets_exist_and_are_small(built: dict[str, int]) -> None:
    manifest = fonts.read_manifest()
    print()
    for face in fonts.FACES:
        size = built[face.name]
        whole = int(str(manifest[face.name]["source_bytes"]))
        print(f"{face.name + '.woff2':28} {size / 1000:7.1f} kB  (whole font {whole / 1000:8.1f} kB)")
        assert 0 < size < MAX_BYTES, f"{face.name}.woff2 is {size} bytes"
        assert size < whole / 2, f"{face.name}.woff2 is hardly smaller than the font it was cut from"
        missing = manifest[face.name]["missing"]
        assert not missing, f"{face.name}: no glyph for {missing}"
    english_pays = sum(size for name, size in built.items() if name.startswith("noto") and "page" in name)
    assert english_pays < 10_000, "the faces an English page may need should stay tiny"


def test_every_han_character_has_a_glyph(built: dict[str, int]) -> None:
    page = {c for c in fonts.page_text() if is_han(c)}
    chinese = {c for c in catalog("zh_Hant") if is_han(c)}
    assert {"六", "虎"} <= page
    for char in page | chinese | set("六虎老歲牌毛公百子"):
        assert fonts.in_ranges(ord(char), fonts.CJK_RANGES), f"{char!r} is outside the CJK ranges"
    for weight in (400, 700):
        glyphs = cmap(f"noto-sans-tc-{weight}")
        missing = sorted(c for c in page | chinese if ord(c) not in glyphs)
        assert not missing, f"noto-sans-tc-{weight}.woff2 lacks {''.join(missing)}"
        page_glyphs = cmap(f"noto-sans-tc-{weight}-page")
        assert {ord(c) for c in page} <= page_glyphs
        assert len(page_glyphs - {fonts.SPACE}) == len(page), (
            "the page face should hold index.html's characters only (and the space)")


def test_every_persian_character_has_a_glyph(built: dict[str, int]) -> None:
    persian = {c for c in catalog("fa") if is_arabic(c)} | set(PERSIAN_DIGITS)
    page = {c for c in fonts.page_text() if is_arabic(c)}
    for char in persian | page:
        assert fonts.in_ranges(ord(char), fonts.ARABIC_RANGES), f"{char!r} is outside the Arabic ranges"
    for weight in (400, 700):
        glyphs = cmap(f"vazirmatn-{weight}")
        missing = sorted(c for c in persian | page if ord(c) not in glyphs)
        assert not missing, f"vazirmatn-{weight}.woff2 lacks {''.join(missing)!r}"
        assert {ord(c) for c in page} <= cmap(f"vazirmatn-{weight}-page")


def test_the_build_is_keyed_on_its_inputs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Same inputs: nothing is cut again; other characters: the face is cut again."""
    pytest.importorskip("fontTools")
    face = next(face for face in fonts.FACES if face.name == "vazirmatn-400-page")
    monkeypatch.setattr(fonts, "FACES", (face,))
    monkeypatch.setattr(fonts, "FONTS", tmp_path)
    monkeypatch.setattr(fonts, "FONT_MANIFEST", tmp_path / "fonts.json")
    (tmp_path / "stale.woff2").write_bytes(b"old")
    assert fonts.build_fonts_here(verbose=False)[1] == 2  # one face cut, one stale file removed
    first = (tmp_path / "vazirmatn-400-page.woff2").read_bytes()
    assert fonts.build_fonts_here(verbose=False)[1] == 0
    assert (tmp_path / "vazirmatn-400-page.woff2").read_bytes() == first
    monkeypatch.setattr(fonts, "page_text", lambda: "فارسی و بیشتر")
    assert fonts.build_fonts_here(verbose=False)[1] == 1
    assert ord("ب") in cmap("vazirmatn-400-page")


def font_faces() -> list[dict[str, str]]:
    """The @font-face rules of style.css, in order, as {descriptor: value}."""
    css = re.sub(r"/\*.*?\*/", "", CSS.read_text(encoding="utf-8"), flags=re.S)
    rules = []
    for body in re.findall(r"@font-face\s*\{(.*?)\}", css, flags=re.S):
        pairs = re.findall(r"([\w-]+)\s*:\s*([^;]+);", body)
        rules.append({key.strip(): " ".join(value.split()) for key, value in pairs})
    return rules


def parse_ranges(value: str) -> set[tuple[int, int]]:
    ranges = set()
    for part in value.split(","):
        low, _, high = part.strip().removeprefix("U+").partition("-")
        ranges.add((int(low, 16), int(high or low, 16)))
    return ranges


def test_the_stylesheet_declares_each_face_with_its_ranges(built: dict[str, int]) -> None:
    faces = font_faces()
    for face in fonts.FACES:
        url = f'url("../runtime/fonts/{face.name}.woff2") format("woff2")'
        matching = [i for i, rule in enumerate(faces) if rule.get("src") == url]
        assert len(matching) == 1, f"style.css should declare {face.name}.woff2 once, as {url}"
        rule = faces[matching[0]]
        # The URL is relative to static/style.css.
        assert (CSS.parent / "../runtime/fonts" / f"{face.name}.woff2").resolve().is_file()
        assert rule["font-display"] == "swap"
        assert rule["font-style"] == "normal"
        assert rule["font-weight"] == face.weight
        assert rule["font-family"].strip('"') == face.family
        declared = parse_ranges(rule["unicode-range"])
        if face.page_only:
            # Exactly the characters index.html shows in this script (sorted, for the reader).
            wanted = {cp for cp in map(ord, fonts.page_text()) if fonts.in_ranges(cp, face.ranges)}
            assert declared == {(cp, cp) for cp in wanted}, (
                f"{face.name}: set its unicode-range to "
                + ", ".join(f"U+{cp:04X}" for cp in sorted(wanted))
                + " (the characters index.html shows in this script)"
            )
        else:
            assert declared == set(face.ranges)


def test_one_face_per_family_weight_and_character() -> None:
    """Gecko and WebKit shape each @font-face's run apart: two faces of one family and weight
    whose unicode-ranges share a character would split a word between them (a Persian word's
    letters stop joining at the change of face).  No two faces of the stylesheet overlap so."""
    faces = font_faces()
    for i, first in enumerate(faces):
        for second in faces[i + 1:]:
            keys = ("font-family", "font-weight", "font-style")
            same = all(first.get(key) == second.get(key) for key in keys)
            if not same:
                continue
            ours, theirs = parse_ranges(first["unicode-range"]), parse_ranges(second["unicode-range"])
            shared = [(a, b) for a in ours for b in theirs if a[0] <= b[1] and b[0] <= a[1]]
            assert not shared, (
                f"{first['src']} and {second['src']} are both {first['font-family']} "
                f"{first['font-weight']} for U+{shared[0][0][0]:04X}-{shared[0][0][1]:04X}")


def test_every_subset_has_a_space_and_the_persian_ones_the_joiners(built: dict[str, int]) -> None:
    """WebKit draws a zero-width non-joiner with the font's space glyph: a subset without U+0020
    drops the letter after it (کارت‌های shown as کارت‌ای)."""
    for face in fonts.FACES:
        glyphs = cmap(face.name)
        assert fonts.SPACE in glyphs, f"{face.name}.woff2 has no space glyph"
        if face.package == runtime.VAZIRMATN:
            assert {0x200C, 0x200D} <= glyphs, f"{face.name}.woff2 lacks the (non-)joiner"


def test_the_font_stacks_name_both_families() -> None:
    css = re.sub(r"/\*.*?\*/", "", CSS.read_text(encoding="utf-8"), flags=re.S)
    root = re.search(r":root\s*\{[^}]*?font-family:([^;]+);", css)
    assert root, "no font-family in :root"
    stack = [f.strip().strip('"') for f in root[1].split(",")]
    # After the reader's own fonts (so a machine with them fetches nothing), before the generic.
    assert stack.index("Noto Sans TC") > stack.index("Noto Sans CJK SC")
    assert stack[-1] == "sans-serif" and "Vazirmatn" in stack
    # The page's own few characters come from its tiny faces, before the full families.
    assert stack.index(fonts.PAGE_FAMILY) < min(stack.index("Noto Sans TC"), stack.index("Vazirmatn"))
    pages = (("zh-Hant", "Noto Sans TC", "Vazirmatn"), ("fa", "Vazirmatn", "Noto Sans TC"))
    for lang, family, other in pages:
        rule = re.search(rf":root:lang\({lang}\)\s*\{{\s*font-family:\s*([^;]+);", css)
        assert rule
        stack = [f.strip().strip('"') for f in rule[1].split(",")]
        assert stack[0] == family and stack.index(fonts.PAGE_FAMILY) < stack.index(other)


# --- In the browser ---------------------------------------------------------------------------

FONT_REQUESTS = """() => performance.getEntriesByType('resource')
    .filter(e => e.name.includes('/runtime/fonts/'))
    .map(e => [e.name.split('/').pop(), e.encodedBodySize])"""

LOADED_FACES = """async () => {
  await document.fonts.ready;
  return [...document.fonts].map(f => [f.family.replace(/"/g, ''), f.weight, f.unicodeRange, f.status]);
}"""

# Draw each character of the text, and a private-use character no font has (drawn as a box),
# on a canvas in the element's own font; return how many distinct drawings there are.  Boxes
# all look the same, so "六虎" drawn as boxes would give 1, drawn as glyphs 3.
DISTINCT_DRAWINGS = """(selector) => {
  const el = document.querySelector(selector);
  const style = getComputedStyle(el);
  const font = `${style.fontWeight} 48px ${style.fontFamily}`;
  const chars = [...new Set(el.textContent)].filter(c => c.trim());
  const drawings = new Set();
  for (const c of [...chars, '\\uE000']) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const ctx = canvas.getContext('2d');
    ctx.font = font;
    ctx.fillText(c, 8, 52);
    drawings.add(canvas.toDataURL());
  }
  return [chars.join(''), drawings.size];
}"""


@pytest.fixture
def browser_context_args() -> dict[str, object]:
    """A fresh browser context for each page here: one that an earlier test's page shared would
    hold its fonts already, and fetch none."""
    return {"service_workers": "allow"}


def open_page(page: Page, query: str) -> None:
    # Room for every download in the page's resource timing (250 by default: the cards of two
    # languages and the runtime's files fill it, and later fonts would not be listed).
    page.add_init_script("performance.setResourceTimingBufferSize(5000)")
    page.goto(f"index.html?{query}")
    page.wait_for_selector(READY, timeout=60_000)
    page.evaluate("() => document.fonts.ready.then(() => true)")


def font_files(page: Page) -> dict[str, int]:
    return dict(page.evaluate(FONT_REQUESTS))


def assert_glyphs_not_boxes(page: Page, selector: str) -> None:
    text, distinct = page.evaluate(DISTINCT_DRAWINGS, selector)
    assert text and distinct == len(text) + 1, f"{text!r} in {selector} is drawn as boxes"


def faces_loaded(page: Page, family: str, char: str) -> list[str]:
    """The weights of ``family``'s loaded faces whose unicode-range has ``char``."""
    weights = []
    for name, weight, ranges, status in page.evaluate(LOADED_FACES):
        if name == family and status == "loaded" and any(
            low <= ord(char) <= high for low, high in parse_ranges(ranges)
        ):
            weights.append(weight)
    return weights


@pytest.mark.browser
def test_english_fetches_at_most_the_tiny_page_faces_then_chinese_renders_with_the_subset(
        page: Page, screenshot_dir: Path) -> None:
    """English text needs no font; only the page's own 六虎, 繁體中文, فارسی may need ~2 kB ones.

    On a machine without a Chinese font (like this one) the title's 六虎 comes from the 2 kB
    page face; the catalogs' faces are never fetched.  The picker then switches the page to
    Chinese, which renders with the subset (and fetches no Persian face but the page's own).
    """
    open_page(page, "seed=1&delay=0")
    fetched = font_files(page)
    print(f"\nEnglish page fetched: {fetched or 'no font'}")
    assert set(fetched) <= PAGE_FACES, f"an English page fetched a catalog's font: {fetched}"
    assert sum(fetched.values()) < 10_000
    assert_glyphs_not_boxes(page, ".masthead .hanzi")
    if "noto-sans-tc-700-page.woff2" in fetched:  # no Chinese font here: the subset draws 六虎
        assert faces_loaded(page, fonts.PAGE_FAMILY, "六")
    page.locator("header.masthead").screenshot(path=str(screenshot_dir / "fonts-title.png"))
    speak(page, "zh-Hant")
    page.evaluate("() => document.fonts.ready.then(() => true)")
    a_chinese_page_renders_with_the_subset(page, screenshot_dir)


@pytest.mark.browser
def test_english_with_a_chinese_font_on_the_machine_fetches_no_font(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    """On a machine that has a Chinese font (here one made for the test and shown to Chromium
    through fontconfig, under a name the stack lists before Noto Sans TC), English costs nothing."""
    pytest.importorskip("fontTools")
    from fontTools.ttLib import TTFont

    from tools import chromium as chromium_tool

    font = TTFont(fonts.FONTS / "noto-sans-tc-400-page.woff2")
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            font["name"].setName("Noto Sans CJK SC", record.nameID, record.platformID,
                                 record.platEncID, record.langID)
        elif record.nameID == 6:
            font["name"].setName("NotoSansCJKsc-Regular", record.nameID, record.platformID,
                                 record.platEncID, record.langID)
    font.flavor = None
    (tmp_path / "fonts").mkdir()
    font.save(str(tmp_path / "fonts" / "local-cjk.ttf"))
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        f"  <dir>{tmp_path / 'fonts'}</dir>\n  <cachedir>{tmp_path / 'cache'}</cachedir>\n"
        "</fontconfig>\n",
        encoding="utf-8",
    )
    if not Path("/etc/fonts/fonts.conf").is_file():
        pytest.skip("no fontconfig here")
    other = browser.browser_type.launch(
        executable_path=chromium_tool.find_chromium(),
        args=chromium_tool.FLAGS,
        headless=True,
        env={**os.environ, "FONTCONFIG_FILE": str(config)},
    )
    try:
        # No service worker: it would download every font for offline play (in the order of its
        # precache, which may reach the fonts before this test looks), and this is about the page.
        context = other.new_context(base_url=site_url, service_workers="block")
        requests: list[str] = []
        errors: list[Any] = []
        context.on("request", lambda request: requests.append(request.url))
        context.on("weberror", lambda error: errors.append(error.error))
        page = context.new_page()
        open_page(page, "seed=1&delay=0")
        assert_glyphs_not_boxes(page, ".masthead .hanzi")
        fetched = [url for url in requests if "/runtime/fonts/" in url]
        assert not fetched, f"fetched fonts although the machine has a Chinese font: {fetched}"
        assert all(url.startswith(site_url) or url.startswith(("data:", "blob:")) for url in requests)
        assert not errors
    finally:
        other.close()


def a_chinese_page_renders_with_the_subset(page: Page, screenshot_dir: Path) -> None:
    fetched = font_files(page)
    print(f"\nChinese page fetched: {fetched}")
    assert {"noto-sans-tc-400.woff2", "noto-sans-tc-700-page.woff2"} <= set(fetched)
    assert not any(name.startswith("vazirmatn-") and "page" not in name for name in fetched)
    assert faces_loaded(page, "Noto Sans TC", "六")  # the title
    assert page.evaluate("""document.fonts.check('700 16px "Noto Sans TC"', '六虎')""")
    assert_glyphs_not_boxes(page, ".masthead .hanzi")
    assert_glyphs_not_boxes(page, ".rules-link")
    page.locator("header.masthead").screenshot(path=str(screenshot_dir / "fonts-title-zh-Hant.png"))


@pytest.mark.browser
def test_a_persian_page_renders_with_vazirmatn(page: Page, screenshot_dir: Path) -> None:
    open_page(page, "seed=1&delay=0&lang=fa")
    fetched = font_files(page)
    print(f"\nPersian page fetched: {fetched}")
    assert "vazirmatn-400.woff2" in fetched
    assert not any(name.startswith("noto-") and "page" not in name for name in fetched)
    assert faces_loaded(page, "Vazirmatn", "ف")
    assert page.evaluate("""document.fonts.check('16px Vazirmatn', 'فارسی ۱۲۳')""")
    page.locator("header.masthead").screenshot(path=str(screenshot_dir / "fonts-title-fa.png"))
