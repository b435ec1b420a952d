"""Playing many deals out under a model of play: ``dd``, ``pimc``, ``heuristic`` or ``random``.

This module owns the Python edge of play: it checks the deals and dispatches to the
kernels (``play_random_many``, ``play_heuristic_many`` and ``play_pimc_many`` in
``kernels.play``, the exact double-dummy search ``simulate.play.solve.solve_many``), returning
the tricks of the declarer's team for each deal.

Models
------
``dd``
    Double dummy: everyone sees every card and plays perfectly.
``pimc``
    Perfect Information Monte Carlo (``kernels.pimc``, docs/pimc.md): at each card, the
    seat on move deals ``worlds`` worlds of the cards it cannot see, consistent with
    what it knows, solves each double dummy and plays the legal card with the best mean
    for its side (ties: the lowest card in the contract order).  Decision ``k`` of deal
    ``d`` draws from the stream ``(seed, k, first_index + d)``.  Its known flaw,
    *strategy fusion*: the mean assumes the seat could choose differently in each world.
``random``
    Every seat plays a uniformly random legal card; deal ``d`` uses the random stream
    ``(seed, first_index + d)``.
``heuristic``
    Every seat follows the fixed rules of thumb below.  The model is deterministic: the
    same position always gives the same card, so ``seed`` does not change its results.

What a heuristic seat knows
---------------------------
Only what a real player knows: its own hand, every card played so far, the trick in
progress and who has shown out of which suit.  It never looks at another hand, the
kitty or the cards of partners sitting out.  Cards it cannot see are *unseen*; a card is
*the best left* (a master) when no unseen card of its suit ranks above it (an unseen
identical copy does not count: the first copy played wins).  "An opponent may hold a
trump" means some trump is unseen and some playing opponent has not shown out of trumps.
Tables of six play the 48-card double deck, tables of four the 24-card deck.  The
*makers* are the declarer and its partners; suits count in the contract's ranking (the
left bower is a trump) and ties between suits go to Clubs, Diamonds, Hearts, Spades in
that order.

Rules of thumb
--------------
Leading a trick (the first rule that applies):

1. **Draw trumps from the top.**  Holding the best trump left while an opponent may hold
   a trump: lead it.
2. **Cash sure winners.**  When no opponent can hold a trump (trumps drawn, or no trump
   at all): lead the best card left of a side suit, from the longest such suit; with no
   such card, lead the highest trump (every trump wins now).
3. **Makers keep drawing trumps.**  A maker who holds trumps while an opponent may hold
   one leads the lowest trump.
4. **Cash a side winner before it is ruffed.**  Lead the best card left of a side suit,
   from the shortest such suit.
5. **Otherwise lead low from the shortest side suit** (holding only trumps: the lowest
   trump).

Following to a trick (the first rule that applies):

6. **Never overtake a partner.**  When a partner is winning the trick, play the lowest
   card of the led suit (void: discard by rule 10, never trump a partner's trick).
7. **Win as cheaply as possible.**  When an opponent is winning and can be beaten: if no
   opponent plays after you, win with the cheapest card that wins; otherwise win with
   the cheapest card that is the best left in its suit, unless an opponent still to play
   has shown out of the led suit (and may ruff).  Failing that, and if you are not
   second to play, win with the cheapest card that wins.
8. **Second hand low; low when you cannot win.**  Second to play with no sure winner,
   or unable to beat the winning card: play the lowest card of the led suit.
9. **Ruff cheaply.**  Void in the led suit while an opponent is winning: trump with the
   lowest trump that takes the trick.
10. **Discard from the shortest side suit.**  Otherwise throw the lowest card of the
    shortest side suit, keeping suits whose cards are all winners; holding only such
    suits, the lowest card of the shortest of them; holding only trumps, the lowest trump.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ...interrupt import raise_if_held
from ..choices import MAX_WORLDS, PIMC_PLAY_EVIDENCE, PIMC_WORLDS, PLAY_EVIDENCE_MODES
from ..dealing.deal import check_seed
from ..kernels.contract import table_deck
from ..kernels.play import play_heuristic_many, play_pimc_many, play_random_many, playing_hand_sizes
from ..rules.cards import CardError, format_cards, mask_to_faces
from ..rules.scoring import net_points
from ..rules.variants import RulesError
from .models import play_model

TABLE_SIZES = (4, 6)
# Deals per PIMC kernel call, per numba thread, when hands hold more than
# PIMC_SLICED_ABOVE cards: a Ctrl-C waits for the call it arrives in (interrupt.py), and
# a call of many long-hand deals (a discard search, the option stage) takes minutes.
# Classic hands are not sliced: a call's set-up there costs as much as a few deals
# (sliced, a classic analysis took 1.7 times as long).
PIMC_DEALS_PER_THREAD = 2
PIMC_SLICED_ABOVE = 5


@dataclass(frozen=True)
class Knowledge:
    """What each seat knows beyond its own hand and the play, for the ``pimc`` model:
    ``held[d, v, o]`` the face-space cards seat ``v`` knows seat ``o`` holds as play
    begins, ``gone[d, v]`` the cards ``v`` knows are out of play (docs/pimc.md),
    ``auction`` the bids every deal's worlds must explain (a kernels.bidding.AuctionCheck
    from table.auction_check; None: the worlds ignore the auction), and ``lengths`` the
    suit lengths as dealt that a seat knows: (viewer, seat, face-space cards of the suit,
    low, high) rows, the same for every deal; ``play_evidence`` how the cards the other
    seats played weigh the worlds (kernels.evidence: exact, soft or none) of the seats in
    the bit mask ``play_evidence_seats`` (-1: every seat).  ``goal`` is what every seat
    plays for, known to all: the declarer's team's net points for the hand by the tricks
    it takes (the contract's scoring, :func:`contract_goal`); empty, the seats play for
    tricks."""

    held: np.ndarray
    gone: np.ndarray
    auction: object = None
    lengths: tuple = ()
    goal: tuple = ()
    play_evidence: str = PIMC_PLAY_EVIDENCE
    play_evidence_seats: int = -1

    def length_rows(self) -> np.ndarray:
        """``lengths`` as the kernels take them (kernels.pimc.lengths_match)."""
        return np.array(self.lengths, np.int64).reshape(-1, 5)

    @classmethod
    def none(cls, count: int, seats: int) -> Knowledge:
        """Nobody knows anything beyond its own hand."""
        return cls(np.zeros((count, seats, seats), np.uint64), np.zeros((count, seats), np.uint64))

    def rows(self, which) -> Knowledge:
        """The knowledge of the deals ``which`` (an index or a boolean mask)."""
        return Knowledge(
            self.held[which],
            self.gone[which],
            self.auction,
            self.lengths,
            self.goal,
            self.play_evidence,
            self.play_evidence_seats,
        )


def contract_goal(variant, contract) -> tuple[float, ...]:
    """What PIMC seats play for in ``contract``: the declarer's team's net points for the
    hand by the tricks it takes, 0 .. hand size (the variant's scoring table)."""
    tricks = np.arange(variant.hand_size + 1)
    return tuple(float(points) for points in net_points(variant, contract, tricks))


def play_deals(
    hands,
    denom: int,
    declarer: int,
    leader: int,
    active: int,
    model: str = "dd",
    seed: int = 0,
    first_index: int = 0,
    worlds: int = PIMC_WORLDS,
    knowledge: Knowledge | None = None,
    worlds_tally: np.ndarray | None = None,
) -> np.ndarray:
    """Tricks of the declarer's team for each deal ``hands[d, seat]`` under ``model``.

    ``hands`` are face-space masks, one row per deal; ``active`` the bit mask of seats
    that play; ``leader`` leads the first trick (the next active seat to its left when it
    sits out).  Random play of deal ``d`` uses the stream ``(seed, first_index + d)``.
    ``worlds`` and ``knowledge`` serve the ``pimc`` model (default: nobody knows more
    than its own hand and the play), which adds up how its worlds were dealt in
    ``worlds_tally`` (:func:`new_worlds_tally`) when one is given.
    """
    exact = play_model(model).exact
    hands = np.ascontiguousarray(hands, dtype=np.uint64)
    denom, declarer, leader, active = _check_table(hands, denom, declarer, leader, active)
    tricks = _check_hands(hands, active)
    if not exact:  # every other model plays from the random stream of its deal
        seed, first_index = _check_stream(seed, first_index)
    worlds = check_worlds(worlds)
    return play_deals_unchecked(
        hands,
        denom,
        declarer,
        leader,
        active,
        model,
        seed,
        first_index,
        tricks,
        worlds,
        knowledge,
        worlds_tally,
    )


# How PIMC's worlds were dealt, summed over deals (kernels.play.play_pimc_many's tallies):
# at index 0 the worlds dealt by the counting plan once rejection starved, then the worlds
# dealt under an auction check, the deals dealt for those, and those kept without
# explaining the auction.
HEARD, HEARD_DEALT, UNMATCHED = 1, 2, 3


def new_worlds_tally() -> np.ndarray:
    """An empty tally of how PIMC's worlds were dealt (play_pimc_many's four counts)."""
    return np.zeros(4, np.int64)


@dataclass(frozen=True)
class WorldsFit:
    """How PIMC's worlds met the bids they were tested against over a run's playouts:
    the worlds dealt under that test, the deals dealt for them (a world is dealt again
    until it explains the bids) and the worlds kept without explaining them after
    kernels.pimc.MAX_AUCTION_TRIES deals."""

    worlds: int
    dealt: int
    unmatched: int

    @staticmethod
    def from_tally(worlds_tally: np.ndarray) -> WorldsFit:
        """The counts of a tally (:func:`new_worlds_tally`) of the worlds that heard bids."""
        counts = (int(worlds_tally[index]) for index in (HEARD, HEARD_DEALT, UNMATCHED))
        return WorldsFit(*counts)

    @property
    def fit_share(self) -> float | None:
        """The share of the deals dealt that explained the bids."""
        return (self.worlds - self.unmatched) / self.dealt if self.dealt else None

    def describe(self) -> str:
        """The counts in words: "1,452 worlds, 96.7% of the 1,502 deals dealt for them fit",
        then ", 4 kept without fitting" if any were."""
        if not self.dealt:
            return "no world was tested"
        text = f"{self.worlds:,} worlds, {self.fit_share:.1%} of the {self.dealt:,} deals dealt for them fit"
        return text + (f", {self.unmatched:,} kept without fitting" if self.unmatched else "")

    def to_dict(self) -> dict:
        return {**asdict(self), "fit_share": self.fit_share}


def play_evidence_mode(name: str) -> int:
    """The kernels' number (kernels.evidence) for a play evidence named in
    choices.PLAY_EVIDENCE_MODES."""
    if name not in PLAY_EVIDENCE_MODES:
        raise RulesError(f"play evidence {name!r}: choose one of {', '.join(PLAY_EVIDENCE_MODES)}")
    return {"none": 0, "exact": 1, "soft": 2}[name]


def check_worlds(worlds) -> int:
    """``worlds`` as an int, or a RulesError naming it and what is allowed."""
    _check_int("worlds", worlds, 1, MAX_WORLDS, " (worlds sampled per PIMC decision)")
    return int(worlds)


def play_deals_unchecked(
    hands,
    denom,
    declarer,
    leader,
    active,
    model,
    seed,
    first_index,
    tricks,
    worlds=PIMC_WORLDS,
    knowledge=None,
    worlds_tally=None,
) -> np.ndarray:
    """:func:`play_deals` without its checks: the per-step path of callers (the analyser)
    whose deals are checked already.  ``hands`` is a contiguous uint64 array and
    ``tricks`` the cards in each playing hand (one int, or one per deal).  Under pimc,
    ``worlds_tally`` (:func:`new_worlds_tally`, or None) adds up how the seats' worlds
    were dealt."""
    if model == "dd":
        from .solve import solve_many_unchecked  # the solver's module is only loaded when needed

        return solve_many_unchecked(hands, denom, declarer, leader, active, int(np.max(tricks, initial=0)))
    if model == "pimc":
        import numba

        from ..kernels.bidding import no_auction
        from .solve import table_bits

        if knowledge is None:
            knowledge = Knowledge.none(*hands.shape)
        held = np.ascontiguousarray(knowledge.held, np.uint64)
        gone = np.ascontiguousarray(knowledge.gone, np.uint64)
        check = no_auction() if knowledge.auction is None else knowledge.auction
        most = int(np.max(tricks, initial=0))
        bits = np.int64(table_bits(most))
        mode = play_evidence_mode(knowledge.play_evidence)
        play = np.array([mode, declarer, knowledge.play_evidence_seats], np.int64)
        # long hands in slices of a few deals, each from its own deal index: the same
        # tricks as one call
        step = hands.shape[0] or 1
        if most > PIMC_SLICED_ABOVE:
            step = PIMC_DEALS_PER_THREAD * numba.get_num_threads()
        team0 = np.empty(hands.shape[0], np.int8)
        for low in range(0, hands.shape[0], step):
            high = low + step
            team0[low:high], tallies = play_pimc_many(
                hands[low:high],
                held[low:high],
                gone[low:high],
                np.int64(active),
                np.int64(denom),
                np.int64(leader),
                np.int64(worlds),
                np.uint64(seed),
                np.int64(first_index + low),
                bits,
                check,
                knowledge.length_rows(),
                np.array(knowledge.goal, np.float64),
                play,
            )
            raise_if_held()  # a Ctrl-C that came inside the kernel
            if worlds_tally is not None:
                worlds_tally += tallies.sum(axis=0)
        return team0 if declarer & 1 == 0 else (tricks - team0).astype(np.int8)
    if model == "random":
        team0 = play_random_many(
            hands, np.int64(active), np.int64(denom), np.int64(leader), np.uint64(seed), np.int64(first_index)
        )
    else:
        team0 = play_heuristic_many(
            hands,
            np.int64(active),
            np.int64(denom),
            np.int64(declarer),
            np.int64(leader),
            np.int64((1 << hands.shape[1]) - 1),
            np.uint64(seed),
            np.int64(first_index),
        )
    if declarer & 1 == 0:
        return team0
    return (tricks - team0).astype(np.int8)


def _check_table(hands: np.ndarray, denom, declarer, leader, active) -> tuple[int, int, int, int]:
    if hands.ndim != 2 or hands.shape[1] not in TABLE_SIZES:
        raise RulesError(
            f"hands of shape {hands.shape}: give one row per deal and one column per seat (4 or 6 seats)"
        )
    seats = hands.shape[1]
    _check_int(
        "denomination",
        denom,
        0,
        5,
        " (0-3 trump Clubs, Diamonds, Hearts, Spades; 4 High No Trump; 5 Low No Trump)",
    )
    _check_int("declarer", declarer, 0, seats - 1, " (seat indexes count from 0)")
    _check_int("leader", leader, 0, seats - 1, " (seat indexes count from 0)")
    _check_int("active", active, 1, (1 << seats) - 1, " (a bit mask of the seats that play)")
    if not active >> declarer & 1:
        raise RulesError(
            f"declarer seat index {declarer} sits out (active mask {active:#b}): the declarer plays"
        )
    if not any(active >> seat & 1 for seat in range(1 - declarer % 2, seats, 2)):
        raise RulesError(f"active mask {active:#b}: the defenders need at least one seat that plays")
    return int(denom), int(declarer), int(leader), int(active)


def _check_int(name: str, value, low: int, high: int, note: str = "") -> None:
    if not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise RulesError(f"{name} {value!r}: allowed are whole numbers {low} to {high}{note}")


def _check_hands(hands: np.ndarray, active: int) -> np.ndarray:
    """Cards per playing hand for each deal (= tricks to play); raises on a bad deal."""
    tricks, deal, problem = playing_hand_sizes(hands, np.int64(active))
    if problem == 1:
        seats = hands.shape[1]
        deck = int(table_deck(np.int64(seats)))
        extra = int(np.bitwise_or.reduce(hands[deal])) & ~deck
        raise CardError(
            f"deal {deal}: a {seats}-seat table plays the {deck.bit_count()}-card deck, which "
            f"has no card at bit {(extra & -extra).bit_length() - 1} (a second copy, or past the 48 cards)"
        )
    if problem == 2:
        raise CardError(
            f"deal {deal}: card {_shared_card(hands[deal])} is in two hands; every card has one place"
        )
    if problem == 3:
        sizes = [int(hand).bit_count() for seat, hand in enumerate(hands[deal]) if active >> seat & 1]
        raise RulesError(
            f"deal {deal}: playing seats hold {sizes} cards: each must hold the same number, 1 to 8"
        )
    return tricks


def _shared_card(hands) -> str:
    seen = twice = 0
    for hand in hands:
        twice |= seen & int(hand)
        seen |= int(hand)
    return format_cards(mask_to_faces(twice & -twice))


def _check_stream(seed, first_index) -> tuple[int, int]:
    _check_int("first_index", first_index, 0, 2**62)
    return check_seed(seed), int(first_index)


__all__ = ["Knowledge", "check_worlds", "play_deals"]
