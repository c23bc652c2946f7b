"""End of Game and Victory Points: discards, hand VP, Missions, Enigma, black medals.

Whatever the Mission, count ONLY the Character tiles in your hand (the discard mission
counts the discard pile). Tied players divide a Mission's 6 VP, rounding down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spyhouse.games.estoril.components import COLOURS, Mission, character, mission

MISSION_VP = 6
ENIGMA_VP = 2


@dataclass
class Score:
    """One player's final score, broken down as the end screen shows it."""

    discards: int = 0
    hand: int = 0
    missions: dict[str, int] = field(default_factory=dict)
    enigma: int = 0
    black_medals: int = 0

    @property
    def total(self) -> int:
        return (
            self.discards
            + self.hand
            + sum(self.missions.values())
            + self.enigma
            - self.black_medals
        )

    @property
    def accomplished(self) -> int:
        return len(self.missions)


def mission_count_for(m: Mission, hand: list[int], discards: list[int]) -> int:
    """How much of what ``m`` counts a player has (symbols, flags, strength...)."""
    tiles = [character(t) for t in hand]
    if m.counts == "discards":
        return len(discards)
    if m.counts == "strength":
        return sum(c.strength for c in tiles)
    if m.counts == "woman":
        return sum(c.woman for c in tiles)
    if m.counts == "starting":
        return sum(c.colour is not None for c in tiles)
    if m.counts == "different-flags":
        return len({c.flag for c in tiles if c.flag in m.flags})
    if m.counts.startswith("flag:"):
        return sum(c.flag == m.counts[5:] for c in tiles)
    return sum(c.symbols(m.counts) for c in tiles)  # an ability symbol


def mission_winners(m: Mission, hands: list[list[int]], discards: list[list[int]]) -> list[int]:
    """Who accomplishes ``m``: the most (at least one) or the fewest.

    >>> most = Mission("m", "Discards", "base", "discards", "most", (), "printed")
    >>> mission_winners(most, [[], []], [[1], [2]]), mission_winners(most, [[], []], [[], []])
    ([0, 1], [])
    """
    counts = [mission_count_for(m, hands[s], discards[s]) for s in range(len(hands))]
    if m.best == "fewest":
        best = min(counts)
    else:
        best = max(counts)
        if best <= 0:
            return []  # ruling: nobody accomplishes "most X" with none
    return [s for s, c in enumerate(counts) if c == best]


def final_scores(
    hands: list[list[int]],
    discards: list[list[int]],
    mission_ids: list[str],
    enigma_holder: int | None,
    black_medals: bool,
) -> list[Score]:
    """#1 discarded tiles 1 VP each, #2 VP of the tiles in hand, #3 accomplished Missions."""
    scores = [Score() for _ in hands]
    for seat, score in enumerate(scores):
        score.discards = len(discards[seat])
        score.hand = sum(character(t).vp for t in hands[seat])
        if black_medals:
            score.black_medals = sum(character(t).black_medal for t in hands[seat])
    for mission_id in mission_ids:
        winners = mission_winners(mission(mission_id), hands, discards)
        for seat in winners:
            scores[seat].missions[mission_id] = MISSION_VP // len(winners)
    if enigma_holder is not None:
        scores[enigma_holder].enigma = ENIGMA_VP
    return scores


def winners(scores: list[Score]) -> tuple[int, ...]:
    """Most points; ties: more accomplished Missions, then more VP from hand tiles, then shared.

    >>> winners([Score(hand=5), Score(hand=3, missions={"m": 2})])
    (1,)
    >>> winners([Score(hand=4), Score(hand=4)])
    (0, 1)
    """

    def key(seat: int) -> tuple[int, int, int]:
        s = scores[seat]
        return (s.total, s.accomplished, s.hand)

    best = max(key(s) for s in range(len(scores)))
    return tuple(s for s in range(len(scores)) if key(s) == best)


def breakdown(scores: list[Score]) -> dict[str, object]:
    return {
        "players": [
            {
                "player": COLOURS[seat],
                "discarded_tiles": s.discards,
                "hand_tiles": s.hand,
                "missions": s.missions,
                "enigma": s.enigma,
                "black_medals": -s.black_medals,
                "total": s.total,
            }
            for seat, s in enumerate(scores)
        ]
    }
