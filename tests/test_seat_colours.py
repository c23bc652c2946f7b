"""Seat colours stay apart for players who see colour differently.

The palettes live in ``static/styles.css`` (``--seat-N``, Estoril's ``--es-*``, Spies &
Lies' ``--side-*``). Every pair in a palette must differ by a CIEDE2000 distance of at
least :data:`APART` as seen with full colour vision and as simulated for protanopia and
deuteranopia (Machado, Oliveira and Fernandes 2009, full severity, ColorAide's filter):
about one man in twelve sees red and green alike. The colour is never the only cue (the
boards draw the seat's number beside it: ``tests/browser/test_board_words.py``), yet a
player should still tell two seats apart at a glance.
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest
from coloraide import Color

CSS = Path(__file__).resolve().parents[1] / "static" / "styles.css"
APART = 12.0
"""A CIEDE2000 distance two colours side by side are told apart at, with room to spare
(about 2 is a just-noticeable difference)."""
VISION = [None, "protan", "deutan"]
PALETTES = {"seats": r"--seat-(\d)", "estoril": r"--es-(\w+)", "spies": r"--side-(\w+)"}


def palette(pattern: str) -> dict[str, str]:
    root = CSS.read_text().split(":root", 1)[1].split("}", 1)[0]
    return dict(re.findall(pattern + r":\s*(#[0-9a-fA-F]{6})", root))


def closest(colours: dict[str, str], vision: str | None) -> tuple[float, str, str]:
    seen = {
        name: Color(hex_).filter(vision, method="machado") if vision else Color(hex_)
        for name, hex_ in colours.items()
    }
    return min((seen[a].delta_e(seen[b], method="2000"), a, b) for a, b in combinations(seen, 2))


@pytest.mark.parametrize("vision", VISION, ids=["typical", "protanopia", "deuteranopia"])
@pytest.mark.parametrize("name", list(PALETTES))
def test_every_pair_of_seat_colours_stays_apart(name, vision):
    colours = palette(PALETTES[name])
    assert len(colours) >= 2, f"no {name} palette in {CSS}"
    distance, a, b = closest(colours, vision)
    assert distance >= APART, f"{name}: {a} and {b} differ by {distance:.1f}"


def test_the_former_seat_palette_fails_the_check():
    """The check can fail: the palette before this one (red, green, blue, yellow, purple,
    orange) put blue and purple 4.3 apart under protanopia, yellow and orange 5.8 under
    deuteranopia."""
    old = ["#d64541", "#2e9d5b", "#2f6fd6", "#d4a017", "#b04fc0", "#e07b39"]
    colours = dict(zip("012345", old, strict=True))
    assert closest(colours, "protan")[0] < APART
    assert closest(colours, "deutan")[0] < APART
    assert closest(colours, None)[0] >= APART
