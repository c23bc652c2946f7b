"""The browser's socket asks for parts (``static/js/parts.js``): its state frames name the
Locations it already holds instead of resending them, and the board it draws from them
is the server's, before and after its socket is replaced."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.browser.driver import create_table, join, new_player, play_to_end, settled, start_game


class Enough(Exception):
    """Stops :func:`play_to_end` once the pages have played enough moves."""


def _grid_tiles(doc: dict[str, Any]) -> list[str]:
    """The names of the tiles the seat sees on the board, as the server says."""
    names = []
    for loc in doc["view"]["grid"]["locations"]:
        spots = [s["occupant"] for s in loc["spaces"]] + loc["reward"]["tiles"]
        names += [spot["tile"]["name"] for spot in spots if spot and spot.get("tile")]
    return sorted(names)


PAGE_TILES = """() => [...document.querySelectorAll('#board [data-location] [data-tile]')]
  .map((g) => g.dataset.tile).sort()"""


@pytest.mark.server(bot_think_seconds=0.1)
@pytest.mark.page_errors("WebSocket connection", "net::ERR")
def test_the_board_drawn_from_parts_is_the_servers(browser, site):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    sent: list[dict[str, Any]] = []
    received: list[str] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: received.append(payload))

    ann.page.on("websocket", watch)
    try:
        invite = create_table(ann, "estoril", 3, 1)
        join(bob, invite, "Bob")
        start_game(ann)
        with httpx.Client(base_url=site.url, timeout=30) as http:

            def play(moves: int, seed: int) -> None:
                def enough(step: int) -> None:
                    if step == moves:
                        raise Enough

                with pytest.raises(Enough):
                    play_to_end(http, [ann, bob], seed=seed, on_step=enough)
                doc = settled(http, [ann, bob])[0]
                assert ann.page.evaluate(PAGE_TILES) == _grid_tiles(doc)

            play(8, seed=1)
            ann.page.evaluate("window.spyhouse.dropSocket()")
            ann.page.wait_for_selector("#conn[data-conn=open]", timeout=20_000)
            play(8, seed=2)  # the new socket was sent every part afresh

        auths = [f for f in sent if f.get("type") == "auth"]
        assert len(auths) == 2 and all(f["parts"] is True for f in auths)
        states = [json.loads(r) for r in received if r.startswith('{"type":"state"')]
        # Later frames named Locations the page held rather than sending them again.
        assert sum(json.dumps(f).count('"$part"') > len(f["parts"]) for f in states) > 5
    finally:
        ann.context.close()
        bob.context.close()
