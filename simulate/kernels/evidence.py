"""What the play says: how likely the rules of thumb would have played the cards the
other seats played, in one world of PIMC.

A world (kernels.pimc.sample_world) gives every seat its cards now; with the cards each
seat has played since trick 1, that is its hand at each earlier card.  :func:`play_weight`
replays the hand so far card by card and asks, at every card another seat played,
which card the rules of thumb (kernels.heuristic.heuristic_card) would have chosen
holding that world's hand, seeing what that seat saw then: the cards played, the voids
shown, the trick in progress.  The rules look only at the seat's own hand and the
table, so a partner's knowledge (a gift, the upcard picked up) plays no part, as in a
heuristic playout.  The viewer's own cards say nothing about the unseen cards and are
not tested.

The world's likelihood under a softened rule of thumb is the product over those cards
of ``1 - eps`` when the rule chose the card played (the same face: copies are alike)
and ``eps / (faces - 1)`` when it chose another of the seat's ``faces`` legal faces; a
card with one legal face says nothing.  :func:`play_weight` returns it divided by its
largest value (every card as the rule chose), so a world the rule explains weighs 1.

PlayEvidence carries what a sampler needs: ``mode`` (:data:`NO_PLAY`, :data:`EXACT`:
keep a world only if the rule chose every card, :data:`SOFT`: keep every world with its
weight), ``eps``, the seats that play (``active``), the ``declarer`` (the rules' makers
keep drawing trumps), ``plays`` (rows (seat, contract-space card) in the order played
from trick 1's lead), the ``weights`` of the worlds a decision dealt, and ``tally``:
[0] the last world's weight, [1] worlds EXACT kept at the sampler's cap without a
match, [2] worlds kept under the evidence, [3] deals tested for them, [4] worlds
weighed softly (SOFT's, and EXACT's at the cap or after it), and for the decision in
hand [5] the worlds the rules explained, [6] 1 once EXACT weighs the rest softly.  A
namedtuple, so numba keeps each field a plain value.
"""

from collections import namedtuple

import numpy as np

from .bits import lowest_bit, popcount
from .contract import legal_cards, table_deck, trick_after
from .heuristic import heuristic_card
from .jit import njit
from .rankings import ONE, ZERO

NO_PLAY, EXACT, SOFT = 0, 1, 2
TALLY = 7  # the counts of a PlayEvidence's tally
# The chance the softened rule of thumb plays another card than the rule's (spread
# evenly over the other legal faces): large enough that a world the rule misses once
# still counts, small enough that worlds it explains dominate.
PLAY_EPS = 0.1

PlayEvidence = namedtuple("PlayEvidence", ["mode", "eps", "active", "declarer", "plays", "weights", "tally"])


def play_evidence(
    mode: int, plays: np.ndarray, worlds: int, active: int = 0, declarer: int = 0, eps: float = PLAY_EPS
):
    """A PlayEvidence for ``worlds`` worlds with the (seat, card) rows ``plays``, the
    seats that play in the bit mask ``active``."""
    return PlayEvidence(
        np.int64(mode),
        np.float64(eps),
        np.int64(active),
        np.int64(declarer),
        np.asarray(plays, np.int64).reshape(-1, 2),
        np.ones(max(int(worlds), 1), np.float64),
        np.zeros(TALLY, np.float64),
    )


def no_play_evidence():
    """The PlayEvidence that tests nothing (every world weighs 1)."""
    return play_evidence(NO_PLAY, np.zeros((0, 2), np.int64), 1)


@njit(cache=True)
def legal_faces(hand, denom, led_suit):
    """How many different faces ``hand`` may play to a trick led in ``led_suit``."""
    legal = legal_cards(hand, denom, led_suit)
    count = 0
    last = -1
    while legal:
        card = lowest_bit(legal)
        legal &= legal - ONE
        if card >> 1 != last:
            count += 1
            last = card >> 1
    return count


@njit(cache=True)
def play_weight(world, viewer, n_seats, denom, evidence, count):
    """(misses, weight) of ``world`` (contract space, every seat's cards now) for the first
    ``count`` rows of ``evidence.plays``: the other seats' cards the rules of thumb would
    not have played, and the world's soft likelihood over its largest (module notes)."""
    plays, active = evidence.plays, evidence.active
    hands = world.copy()
    for i in range(count):
        hands[plays[i, 0]] |= ONE << np.uint64(plays[i, 1])
    deck = table_deck(n_seats)
    n_active = popcount(np.uint64(active))
    voids = np.zeros(n_seats, np.int64)
    played = ZERO
    misses = 0
    weight = 1.0
    eps = evidence.eps
    leader, led_suit, winner_card, winner_seat = -1, -1, -1, -1
    for i in range(count):
        seat, card = plays[i, 0], plays[i, 1]
        if i % n_active == 0:
            leader, led_suit, winner_card, winner_seat = seat, -1, -1, -1
        if seat != viewer:
            hand = hands[seat]
            choice = heuristic_card(
                hand,
                deck & ~hand & ~played,
                voids,
                seat,
                n_seats,
                active,
                denom,
                evidence.declarer,
                leader,
                led_suit,
                winner_card,
                winner_seat,
            )
            if choice >> 1 != card >> 1:
                misses += 1
                faces = legal_faces(hand, denom, led_suit)
                weight *= eps / ((faces - 1) * (1.0 - eps))
        bit = ONE << np.uint64(card)
        hands[seat] &= ~bit
        played |= bit
        led_suit, winner_card, winner_seat, shown_out = trick_after(
            card, seat, led_suit, winner_card, winner_seat, denom
        )
        if shown_out >= 0:
            voids[seat] |= 1 << shown_out
    return misses, weight


@njit(cache=True)
def play_explains(world, viewer, n_seats, denom, evidence, last_try):
    """Does ``world`` pass the play evidence (see the module notes)?  With ``mode`` EXACT,
    only if the rules of thumb chose every card (weight 1), except on the sampler's
    ``last_try``, where it passes with its soft weight; once a decision has kept a world
    so before any the rules explain, the rules explain none or nearly none of its
    worlds, and its later worlds pass at once with their soft weights, as SOFT passes
    every world.  NO_PLAY passes every world with weight 1.  The weight is left in
    ``tally[0]``."""
    tally = evidence.tally
    tally[0] = 1.0
    count = evidence.plays.shape[0]
    if evidence.mode == NO_PLAY or count == 0:
        return True
    misses, weight = play_weight(world, viewer, n_seats, denom, evidence, count)
    tally[3] += 1
    softly = evidence.mode == SOFT or tally[6] != 0.0
    if misses == 0:
        tally[5] += 1
    elif not softly:
        if not last_try:
            return False
        tally[1] += 1  # none of the tries explained the play: this one counts softly
        if tally[5] == 0.0:
            tally[6] = 1.0  # nor any before it: the rest of the decision weighs softly
    tally[0] = weight
    tally[2] += 1
    if softly or misses > 0:
        tally[4] += 1
    return True
