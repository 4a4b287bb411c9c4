"""The page's string tables: no key defined twice, the same keys in English and French.

A key written twice in one table silently keeps the later text (the screen reader once
said "You win!" after every trick for that reason), and a key missing in French shows
English on the French page.
"""

from __future__ import annotations

import re
from pathlib import Path

import spades.web

I18N = Path(spades.web.__file__).parent / "static" / "i18n.js"
KEY = re.compile(r"(?:^|[{,])\s*([A-Za-z_]\w*)\s*:\s*[\"`]", re.MULTILINE)


def table(name: str, lang: str) -> str:
    """The source text of ``NAME.lang`` in i18n.js (up to its closing brace)."""
    text = I18N.read_text(encoding="utf-8")
    body = text[text.index(f"const {name} = {{"):]
    start = body.index(f"\n  {lang}: {{") + len(f"\n  {lang}: {{")
    return body[start:body.index("\n  },", start)]


def keys(name: str, lang: str) -> list[str]:
    return KEY.findall(table(name, lang))


def test_no_string_is_defined_twice() -> None:
    for name in ("STRINGS", "REASONS"):
        for lang in ("en", "fr"):
            found = keys(name, lang)
            twice = sorted({k for k in found if found.count(k) > 1})
            assert not twice, f"{name}.{lang} defines {twice} more than once"


def test_english_and_french_have_the_same_keys() -> None:
    for name in ("STRINGS", "REASONS"):
        en, fr = set(keys(name, "en")), set(keys(name, "fr"))
        assert len(en) >= 5
        assert en == fr, f"only in English: {sorted(en - fr)}; only in French: {sorted(fr - en)}"


def text_of(key: str, lang: str) -> str:
    found = re.search(rf"\b{key}: \"([^\"]*)\"", table("STRINGS", lang))
    assert found, key
    return found.group(1)


def test_the_trick_and_the_game_have_their_own_words() -> None:
    assert text_of("youWinTrick", "en") == "You win the trick"
    assert text_of("youWin", "en") == "You win!"
    assert text_of("youWinTrick", "fr") == "Vous remportez le pli"
