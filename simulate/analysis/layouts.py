"""Layouts: how each contract lies on a deal, and playing the deals of each layout.

Contracts that lie and play alike (every level of one denomination, say) share one
:class:`Layout`, so their trick counts come from one playout per deal.  This module
lays the main or search deals out for a layout (exchanges included), tells the play
model what each seat knows, and plays the deals of every layout in one pass
(:func:`play_layouts`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..bidding.table_model import (
    auction_check,
)
from ..dealing.constraints import suit_group
from ..dealing.knowledge import table_knowledge
from ..play.playout import contract_goal, play_deals_unchecked
from ..rules.contracts import (
    Contract,
)
from ..rules.exchange import (
    apply_exchange_unchecked,
    dealer_pickup_unchecked,
    partners,
    sitting_out_mask,
)
from ..rules.variants import CALL, HOG, ORDER_UP
from .deal_sources import unheard_of
from .question import Question, team_scores

# --------------------------------------------------------------------------- layouts

NO_EXCHANGE, PARTNER_GIFTS, PICKUP = "none", "gifts", "pickup"


@dataclass(frozen=True)
class Layout:
    """How the cards lie and who plays once a contract is bid, up to the first lead.

    Contracts with the same layout share one trick count per deal.
    """

    exchange: str  # NO_EXCHANGE, PARTNER_GIFTS (Pig / Alone) or PICKUP (classic order up)
    denom: int
    active: int  # seats that play
    sweep: bool  # made only by taking every trick: ask the cheap target question first

    def searches_discard(self, question: Question) -> bool:
        analysed_dealer = self.exchange == PICKUP and question.seat == question.dealer
        return self.exchange == PARTNER_GIFTS or analysed_dealer


def layout_of(question: Question, contract: Contract) -> Layout:
    if contract.exchange:
        exchange = PARTNER_GIFTS
    elif contract.kind == ORDER_UP:
        exchange = PICKUP
    else:
        exchange = NO_EXCHANGE
    sweep = not question.variant.classic and contract.plays_alone
    active = sitting_out_mask(question.variant, contract, question.seat)
    return Layout(exchange, contract.denom, active, sweep)


def lay_out(question: Question, layout: Layout, deals: np.ndarray, discard: int | None) -> np.ndarray:
    """The hands as play begins: after the exchange of the layout, if any, with the
    hands of seats that sit out set aside (empty, as the solver expects)."""
    return lay_out_with_discards(question, layout, deals, discard)[0]


def lay_out_with_discards(question: Question, layout: Layout, deals: np.ndarray, discard: int | None):
    """(:func:`lay_out`'s hands, the discarder's own discards per deal or None): the
    classic dealer's one card after picking up, a Pig / Alone bidder's two.  What the
    bidder's group (the bidder and the partners who gave it a card) held before the
    exchange and no longer holds after it is what the bidder threw away."""
    discards = None
    if layout.exchange == PARTNER_GIFTS:
        hands = apply_exchange_unchecked(deals, layout.denom, question.seat, discard, question.gift_policy)
        group = [question.seat, *partners(question.players, question.seat)]
        before = np.bitwise_or.reduce(deals[:, group], axis=1)
        discards = before & ~np.bitwise_or.reduce(hands[:, group], axis=1)
    elif layout.exchange == PICKUP:
        hands = dealer_pickup_unchecked(deals, question.dealer, question.upcard, layout.denom, discard)
        dealer = question.dealer
        discards = (deals[:, dealer] | np.uint64(question.upcard_mask)) & ~hands[:, dealer]
    else:
        hands = deals.copy()
    sitting_out = [seat for seat in range(question.players) if not layout.active >> seat & 1]
    hands[:, sitting_out] = 0
    return hands, discards


def play_out(
    question: Question, layout: Layout, hands: np.ndarray, first_index: int, discards=None, worlds_tally=None
) -> np.ndarray:
    """Tricks taken by the bidder's side on each deal (int8), under the question's play
    model; ``discards`` (pimc) the discarder's own discards per deal, which it knows, and
    ``worlds_tally`` (pimc, or None) adds up how the seats' worlds were dealt
    (play.playout.new_worlds_tally)."""
    # dd sweep layouts never come here: play_layouts and sweeps ask the solver the sweep
    # question instead (and search_discard asks it of Pig / Alone discards)
    return play_deals_unchecked(
        hands,
        layout.denom,
        question.seat,
        question.leader,
        layout.active,
        question.play,
        question.seed,
        first_index,
        question.hand_size,
        question.worlds,
        _knowledge(question, layout, hands, discards) if question.model.samples_worlds else None,
        worlds_tally,
    )


def _knowledge(question: Question, layout: Layout, hands: np.ndarray, discards=None):
    """What the seats know before play under pimc (simulate/dealing/knowledge.py): in the classic
    games the upcard, in the dealer's hand once picked up (unless it was thrown straight
    back), out of play once turned down; the discarder (the classic dealer, the Pig /
    Alone bidder, who also holds both gifts) its own ``discards``, out of play; with
    exact inference the earlier bids (:func:`_auction_check`); and what the player was
    told (:func:`_told`); the play evidence the seats weigh their worlds by."""
    count = hands.shape[0]
    discarder = question.dealer if layout.exchange == PICKUP else question.seat
    told = dict(
        private_out=[] if discards is None else [(discarder, discards)],
        auction=_auction_check(question, layout),
        goal=layout_goal(question, layout),
        **_told(question, layout),
    )
    if question.upcard is None:
        known = table_knowledge(count, question.players, **told)
    elif layout.exchange == PICKUP:
        held = hands[:, question.dealer] & np.uint64(question.upcard_mask)
        known = table_knowledge(count, question.players, [(question.dealer, held)], **told)
    else:
        known = table_knowledge(count, question.players, seen_out=int(question.upcard_mask), **told)
    return replace(known, play_evidence=question.play_evidence)


def layout_goal(question: Question, layout: Layout) -> tuple[float, ...]:
    """What the seats play for in a layout (:func:`~..play.playout.contract_goal`): the
    score of the one contract it stands for -- a classic call or order-up, alone or not
    (they score alike), a Pig, Hog or six-handed Alone.  A bid-euchre level layout
    stands for every level of its denomination, which score differently: its seats play
    for tricks (empty goal), and points follow the tricks."""
    variant = question.variant
    n = variant.hand_size
    if variant.classic:
        alone = bin(layout.active).count("1") < variant.players
        return contract_goal(variant, Contract(CALL, layout.denom, 0, alone))
    if layout.exchange == PARTNER_GIFTS:
        kind = next(k for k in variant.spec.special_kinds if Contract(k, layout.denom, n).exchange)
        return contract_goal(variant, Contract(kind, layout.denom, n))
    if layout.sweep:
        return contract_goal(variant, Contract(HOG, layout.denom, n))
    return ()


def _shown_as_dealt(question: Question, layout: Layout) -> list[int]:
    """The other seats whose dealt hands a world shows (the cards they hold plus those
    they played): every seat that plays, but the player, and the seats an exchange
    changed (the Pig / Alone bidder, the classic dealer who picked up)."""
    exchanged = {question.dealer} if layout.exchange == PICKUP else set()
    if layout.exchange == PARTNER_GIFTS:
        exchanged.add(question.seat)
    return [
        seat
        for seat in range(question.players)
        if layout.active >> seat & 1 and seat != question.analysed and seat not in exchanged
    ]


def _told(question: Question, layout: Layout) -> dict:
    """What the player was told of the other hands as dealt (``--known`` cards, and the
    suit lengths of ``--void`` and ``--length``), for its own worlds only (the other
    seats were not told): of the seats whose dealt hands a world shows."""
    player, seats = question.analysed, _shown_as_dealt(question, layout)
    known = [
        (player, seat, question.known[seat]) for seat in seats if question.known and question.known[seat]
    ]
    lengths = []
    if question.constraints is not None:
        denom = question.constraints.denom
        for length in question.constraints.lengths:
            if length.seat in seats:
                cards = sum(3 << (2 * face) for face in range(24) if suit_group(face, denom) == length.suit)
                lengths.append((player, length.seat, cards, length.low, length.high))
    return {"private_shown": known, "lengths": lengths}


def worlds_hear_bids(question: Question) -> bool:
    """Do PIMC's worlds test the earlier bids?  With exact inference (:func:`_auction_check`)."""
    return question.infers and question.inference == "exact"


def _auction_check(question: Question, layout: Layout):
    """With exact inference, the earlier bids PIMC's worlds must explain, as the deals do
    (table.auction_check); None otherwise.  Only the bids of seats whose dealt hands a
    world shows are checked (:func:`_shown_as_dealt`): not the analysed player's own
    (its hand is known, as in inference), not those of seats that sit out (their cards
    are dealt to nobody in a world), and not those of a seat whose hand an exchange
    changed (the Pig / Alone bidder, the classic dealer who picked up: a world does not
    say which of its cards it was dealt); nor a pass the table never makes there, which
    exact inference does not hear (deal_sources.unheard_of)."""
    if not worlds_hear_bids(question):
        return None
    shown = set(_shown_as_dealt(question, layout)) - set(unheard_of(question))
    return auction_check(
        question.table.teams,
        question.variant,
        question.dealer,
        question.bids,
        question.upcard,
        team_scores(question, question.score),
        unchecked=set(range(question.players)) - shown,
    )


def sweeps(question: Question, layout: Layout, hands: np.ndarray, first_index: int) -> np.ndarray:
    """Per deal, does the lone bidder take every trick?  (The cheap question, for the search.)"""
    if question.model.exact:
        from ..play.sweep_solve import takes_every_trick  # only double-dummy questions load the solver

        return takes_every_trick(
            hands, layout.denom, question.seat, question.leader, layout.active, question.hand_size
        )
    return play_out(question, layout, hands, first_index) == question.hand_size


def play_layouts(
    question: Question, laid: dict, first_index: int, progress, discards=None, worlds_tally=None
) -> dict:
    """Tricks of the bidder's side per deal for each layout's hands (``laid[layout]``);
    ``discards[layout]`` (pimc) the discarder's own discards, from lay_out_with_discards,
    and ``worlds_tally`` as :func:`play_out` takes it.

    Under ``dd`` the whole chunk is the sweep-then-count solve
    (:func:`..play.sweep_solve.sweep_then_count`), two solver calls whose threads share
    every layout.  On the progress bar (a :class:`~.estimates.DealCounter`) the step's
    deals advance with the level contracts' exact counts, or with the sweep questions
    when there are no level contracts.
    """
    step_deals = next(iter(laid.values())).shape[0]
    if not question.model.exact:
        tricks = {}
        update = progress.share(step_deals, sum(hands.shape[0] for hands in laid.values()))
        for layout, hands in laid.items():
            thrown = (discards or {}).get(layout)
            tricks[layout] = play_out(question, layout, hands, first_index, thrown, worlds_tally)
            update(hands.shape[0])
        return tricks
    from ..play.sweep_solve import ContractDeals, sweep_then_count  # only dd questions load the solver

    contracts = [
        ContractDeals(hands, layout.denom, question.seat, question.leader, layout.active, layout.sweep)
        for layout, hands in laid.items()
    ]
    solved = sweep_then_count(
        contracts, question.hand_size, progress=lambda deals: progress.share(step_deals, deals)
    )
    return dict(zip(laid, solved))
