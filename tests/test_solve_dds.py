"""The four-seat solver against DDS, the bridge double-dummy solver (PyPI ``endplay``).

Euchre deals are relabelled as bridge positions (:mod:`euchre_mc.simulate.play.bridge`: the
bowers become the trump ace and king, Low No Trump reverses each suit), and every trick
count and every legal lead's value must agree, on random deals of every denomination
with random declarers and leaders.
"""

import numpy as np
import pytest

from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.play.bridge import bridge_card, bridge_deal, euchre_face
from euchre_mc.simulate.play.solve import solve_batch
from euchre_mc.simulate.rules.cards import mask_to_faces, parse_card

endplay = pytest.importorskip("endplay", reason="endplay (DDS) is in the test extra")
from endplay import dds  # noqa: E402
from endplay.types import Deal, Denom, Player  # noqa: E402

DEALS_PER_DENOM = 500
BRIDGE_DENOMS = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt, Denom.nt)
BRIDGE_SUIT = {Denom.clubs: 0, Denom.diamonds: 1, Denom.hearts: 2, Denom.spades: 3}
PLAYERS = (Player.north, Player.east, Player.south, Player.west)
ALL_FOUR = 0b1111


def dds_leads(hands, denom: int, leader: int) -> dict[int, int]:
    """DDS's tricks for the LEADER's side after each legal first lead, keyed by euchre face."""
    deal = Deal(bridge_deal(hands, denom))
    deal.trump = BRIDGE_DENOMS[denom]
    deal.first = PLAYERS[leader]
    return {
        euchre_face(BRIDGE_SUIT[card.suit], card.rank.abbr, denom, int(hands[leader])): tricks
        for card, tricks in dds.solve_board(deal)
    }


def test_relabelling_keeps_every_trump_order():
    # Hearts trump: JH > JD > AH > KH > QH > TH > 9H; Diamonds lose their jack.
    order = [bridge_card(parse_card(c), 2) for c in ("JH", "JD", "AH", "KH", "QH", "TH", "9H")]
    assert order == [(2, r) for r in "AKQJT98"]
    assert [bridge_card(parse_card(c), 1)[1] for c in ("AH", "KH", "QH", "TH", "9H")] == list("AKQT9")
    # Low No Trump: 9 high, ace low, no bowers.
    assert [bridge_card(parse_card(c), 5) for c in ("9C", "JC", "AC")] == [(0, "A"), (0, "Q"), (0, "9")]


@pytest.mark.parametrize("denom", range(6))
def test_tricks_and_every_lead_agree_with_dds(denom):
    hands = deal_unseen("euchre", {}, seed=900 + denom, count=DEALS_PER_DENOM)
    rng = np.random.default_rng(denom)
    declarers = rng.integers(0, 4, DEALS_PER_DENOM)
    leaders = rng.integers(0, 4, DEALS_PER_DENOM)
    ours = solve_batch(hands, denom, declarers, leaders, ALL_FOUR, leads=True)
    for d in range(DEALS_PER_DENOM):
        leader, declarer = int(leaders[d]), int(declarers[d])
        theirs = dds_leads(hands[d], denom, leader)
        same_side = (leader & 1) == (declarer & 1)
        as_declarer = {face: t if same_side else 5 - t for face, t in theirs.items()}
        legal = {face: int(v) for face, v in enumerate(ours.leads[d]) if v >= 0}
        assert legal == as_declarer, (d, denom, leader, declarer)
        assert int(ours.tricks[d]) == (max if same_side else min)(as_declarer.values())
        assert set(legal) <= set(mask_to_faces(int(hands[d, leader])))
