"""What the card advice's worlds hear of the auction.

A bid says something of the bidder's hand, and a pass of the passer's.  Given the whole
auction, or the one the contract implies when none is given (in the classic variants
the whole of it: the first order-up or call ends the bidding, so every seat before the
bidder passed; in bid euchre the bidder's bid, judged as if nothing was bid before it,
and the passes after it, the bids before it not known and so not heard),
:func:`hear_auction` checks it against the contract and the bidder and builds
the test PIMC's world sampler applies (kernels.pimc.sample_world with a
kernels.bidding.AuctionCheck from :func:`..bidding.table_model.auction_check`): a world
is dealt again until every tested seat, holding its cards of the world plus those it
has played, would have bid as it did under the table model.  That is rejection, so the
worlds are exactly uniform among the deals consistent with the cards seen and the bids,
as ``analyse --inference exact`` keeps its deals.  Under ``soft`` inference a world
passes with the bids' soft likelihood instead (kernels.world_auction.auction_heard), as
``analyse --inference soft`` keeps its deals; ``none`` hears nothing.

best-discard and best-gift deal whole hands as dealt, before any exchange, so
:func:`consistent_deals` keeps them exactly as ``analyse --inference`` does
(:func:`..bidding.inference.sample_consistent`): by rejection (``exact``), or each
deal with probability the bids' likelihood (``soft``, with the effective sample size of
the weights), every seat but the player (and those whose bids are not known) tested.

In best-card tested are the other seats that play.  Two of them exchanged cards before
the play, so a world does not show the hand they were dealt, and they are tested on the
hands they may have been dealt (kernels.world_auction): the classic dealer who picked
the upcard up, its discard one of the cards out of play, and the Pig or Alone bidder,
its partners' gifts two of its cards and its discards two of the cards out of play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import numpy as np

from ..bidding.inference import (
    DEFAULT_CAP,
    NeverBid,
    check_inference,
    effective_sample_size,
    sample_consistent,
    soft_reference_text,
)
from ..bidding.table_model import (
    PILOT_FIRST_INDEX,
    SOFT_SCALE,
    auction_check,
    consistent,
    table_model,
    unheard_passes,
    unheard_text,
)
from ..choices import DEFAULT_INFERENCE
from ..dealing.deal import deal_unseen
from ..kernels.bidding import AuctionCheck, no_auction
from ..rules.auction import auction_result, contract_auction, format_auction, parse_auction
from ..rules.contracts import PASS, format_bid
from ..rules.variants import ORDER_UP, RulesError

NOTHING_HEARD = (
    "Nothing conditions the worlds but the cards seen: with --table none a bid says nothing of a hand."
)
# After the auction a contract implies, when none was given.
IMPLIED = "implied by the contract"
NOT_HEARD = "The auction is not heard (--inference none): nothing conditions the worlds but the cards seen."


@dataclass(frozen=True)
class Heard:
    """The auction as the worlds test it: the kernel's check, the seats tested, the
    auction as written (empty when no auction was given or the table model is none) and
    the inference (exact or soft; none when an auction given is not heard)."""

    check: AuctionCheck
    tested: tuple[int, ...]  # 0-based
    auction: str
    table: str
    inference: str = DEFAULT_INFERENCE
    unheard: tuple[int, ...] = ()  # 0-based: seats whose bids are not heard (below)
    implied_note: str = ""  # what the parentheses say first of an auction the contract implies
    unknown: tuple[int, ...] = ()  # 0-based: the seats of unheard whose bids are not known
    sitting_out: str = ""  # the sentence that says whose bids are not heard as they sit out

    def describe(
        self, kept: int, dealt: int, unmatched: int, first: int = 1, ess=None, on_purpose: bool = False
    ) -> str:
        """One line: what conditioned the worlds, and the rejection's acceptance.  ``ess`` is
        the worlds' weights' effective sample size, said when the bidder's trumps were
        dealt ``on_purpose`` (kernels.proposal) and when every world was kept without
        explaining the auction (each then weighs the auction's soft chance:
        kernels.pimc.sample_world)."""
        if not self.auction:
            return NOT_HEARD if self.inference == "none" else NOTHING_HEARD
        unheard = unheard_text(tuple(s for s in self.unheard if s not in self.unknown), first)
        unheard = f" {unheard[0].upper()}{unheard[1:]}." if unheard else ""
        unheard += self.sitting_out
        if not self.tested:
            implied = f" ({self.implied_note[:-2]})" if self.implied_note else ""
            shows = "tests no seat whose dealt hand a world shows"
            return f"The auction '{self.auction}'{implied} {shows}.{unheard}"
        return self._tested_line(kept, dealt, unmatched, first, ess, on_purpose) + unheard

    def _tested_line(self, kept, dealt, unmatched, first, ess, on_purpose) -> str:
        seats = ", ".join(str(seat + first) for seat in self.tested)
        seats = f"seat {seats}" if len(self.tested) == 1 else f"seats {seats}"
        if kept and unmatched >= kept:
            head = (
                f"No world explains the auction '{self.auction}' ({self.implied_note}{seats} bid by the "
                f"{self.table} table): none of the {dealt:,} deals dealt fit it, so the "
                f"{kept:,} worlds are weighed by the chance the table bids so with every "
                f"threshold softened, as --inference soft weighs deals"
            )
            if ess is not None and ess > 0:
                return f"{head} (the weights' effective sample size {ess:,.0f})."
            if ess is not None:  # the soft rule gives every world no chance either
                return f"{head}; none has any, so they count alike, as if the auction were not heard."
            return f"{head}."
        rate = f"1 world kept in {dealt / kept:.1f} dealt" if kept else "no world dealt"
        missed = (
            f"; {unmatched} kept without explaining it, weighed by the chance the table bids so "
            "with every threshold softened"
            if unmatched
            else ""
        )
        weighed = (
            f"; the bidder's trumps dealt on purpose, each world weighted back to a uniform deal "
            f"(the weights' effective sample size {ess:,.0f} of {kept:,} worlds)"
            if on_purpose
            else ""
        )
        how = (
            "; soft inference: a world passes with the chance the table bids so with every threshold softened"
            if self.inference == "soft"
            else ""
        )
        return (
            f"The worlds explain the auction '{self.auction}' ({self.implied_note}{seats} bid by the "
            f"{self.table} table{how}): {rate}{weighed}{missed}."
        )


def hear_auction(
    variant,
    contract,
    bidder: int,
    seat: int,
    dealer,
    upcard,
    auction,
    table,
    active: int,
    first: int = 1,
    inference: str = DEFAULT_INFERENCE,
) -> Heard:
    """The :class:`Heard` of ``auction`` (text or a bid list; None: nothing heard) for
    the player ``seat``; ``table`` names the table model the other seats bid by and
    ``inference`` (choices.INFERENCE_MODES) how the worlds hear it: exact rejection,
    soft (a world passes with the bids' soft likelihood) or none.  Seats in messages
    count from ``first``."""
    heard = _heard_bids(
        variant,
        contract,
        bidder,
        seat,
        dealer,
        upcard,
        auction,
        table,
        inference,
        first,
        _pilot_deals(variant, upcard),
    )
    if isinstance(heard, str):
        return Heard(no_auction(), (), "", "", "none" if heard == NOT_HEARD else DEFAULT_INFERENCE)
    dealer = heard.dealer
    # the dealer who picked up and the Pig or Alone bidder are tested on the hands they
    # may have been dealt before the exchange (kernels.world_auction)
    spoke = set(heard.seats(variant.players))
    tested = tuple(
        other
        for other in sorted(spoke)
        if other != seat and active >> other & 1 and other not in heard.unheard
    )
    unchecked = set(range(variant.players)) - set(tested)
    scale = SOFT_SCALE if inference == "soft" else 0.0
    check = auction_check(
        heard.model.teams,
        variant,
        dealer,
        heard.bids,
        upcard,
        None,
        unchecked=unchecked,
        soft_scale=scale,
        picked_up=contract.kind == ORDER_UP,
        exchanger=bidder if contract.exchange else -1,
    )
    if check.bids.shape[0] == 0:
        tested = ()
    sitting_out = {
        other: bid
        for other, bid in zip(heard.seats(variant.players), heard.bids)
        if not active >> other & 1 and other not in heard.unknown
    }
    return Heard(
        check,
        tested,
        heard.text(variant),
        heard.model.name,
        inference,
        heard.unheard,
        _implied_text(heard, bidder, first, bidder in tested),
        heard.unknown,
        _sitting_out_text(sitting_out, first),
    )


def _sitting_out_text(bids: dict, first: int) -> str:
    """The sentence that says the bids (``{seat: bid}``) of seats that sit out are not
    heard (empty when none): a world deals their cards to nobody."""
    if not bids:
        return ""
    passed = {bid == PASS for bid in bids.values()}
    one = len(bids) == 1
    if passed == {True}:
        what = "pass" if one else "passes"
    elif passed == {False}:
        what = "bid" if one else "bids"
    else:
        what = "bids and passes"
    who = ", ".join(str(other + first) for other in sorted(bids))
    if one:
        return f" The {what} of seat {who} is not heard: it sits out, its cards out of play."
    return f" The {what} of seats {who} are not heard: they sit out, their cards out of play."


def _pilot_deals(variant, upcard):
    """Whole deals for :func:`unheard_passes` to ask whether the table passes from a seat:
    uniform but for the classic upcard, which no hand holds as dealt."""
    out_of_play = 0 if upcard is None else 1 << (2 * upcard)
    return lambda first, count: deal_unseen(variant, {}, out_of_play, first_index=first, count=count)


def consistent_deals(
    variant,
    contract,
    bidder: int,
    seat: int,
    dealer,
    upcard,
    auction,
    table,
    inference,
    deal,
    worlds: int,
    first: int = 1,
    on_purpose=None,
) -> tuple[np.ndarray, np.ndarray | None, str]:
    """``worlds`` deals as dealt (``deal(first_index, count)``: uniform given what the
    player ``seat`` holds), their importance weights (None: every deal counts once) and
    the one line that says what conditioned them: with an ``auction`` and a ``table``
    model, the first deals consistent with every bid but the player's (``inference``
    ``exact``), or kept with probability the bids' likelihood (``soft``); otherwise the
    first ``worlds`` deals.  ``on_purpose`` (a dealing.trump_proposal.TrumpProposal),
    given for a bidder who plays alone, deals the deals the auction tests instead, its
    trumps dealt on purpose and each deal weighted back to a uniform deal."""
    heard = _heard_bids(
        variant, contract, bidder, seat, dealer, upcard, auction, table, inference, first, deal
    )
    if isinstance(heard, str):
        return deal(0, worlds), None, heard
    model, unheard = heard.model, heard.unheard
    if on_purpose is not None:
        _focus(on_purpose, model, variant, heard.dealer, heard.bids, upcard, seat, unheard)
    sample = partial(
        sample_consistent,
        model,
        variant,
        heard.dealer,
        heard.bids,
        deal if on_purpose is None else on_purpose.deal,
        worlds,
        cap=max(DEFAULT_CAP, 500 * worlds),  # as many as a few seconds deal
        upcard=upcard,
        analysed=seat,
    )
    exactly = ""
    try:
        inferred = sample(soft_scale=SOFT_SCALE if inference == "soft" else None, unheard=unheard)
    except NeverBid as never:
        # as best-card weighs a world no redeal explains: the bids are heard softly instead
        exactly = f"no deal explains it exactly ({never.reason}), so "
        inference, unheard = "soft", heard.unknown
        inferred = sample(soft_scale=SOFT_SCALE, unheard=unheard)
    kept = inferred.deals.shape[0]
    never = tuple(other for other in unheard if other not in heard.unknown)
    how = (
        f"{kept:,} of {inferred.dealt:,} deals kept"
        if inference == "exact"
        else f"{exactly}{kept:,} of {inferred.dealt:,} deals kept in proportion to the bids' likelihood"
        f"{soft_reference_text(inferred.soft_reference)} "
        f"(the weights' effective sample size {inferred.weights_ess:,.0f})"
    )
    short = f"; the cap on deals dealt left only {kept:,} worlds" if kept < worlds else ""
    weights = None if on_purpose is None else on_purpose.weights(inferred.deals)
    weighed = (
        ""
        if weights is None
        else f"; the bidder's trumps dealt on purpose, each deal weighted back to a uniform deal "
        f"(the weights' effective sample size {effective_sample_size(weights):,.0f} of {kept:,})"
    )
    return (
        inferred.deals,
        weights,
        f"The worlds explain the auction '{heard.text(variant)}' "
        f"({_implied_text(heard, bidder, first)}{inference} inference, the other "
        f"seats bid by the {model.name} table): {how}{weighed}{short}"
        + (f"; {unheard_text(never, first)}." if never else "."),
    )


PILOT_DEALS = 4096


def _focus(on_purpose, model, variant, dealer, bids, upcard, seat, unheard) -> None:
    """Point the proposal at the trump counts whose deals explain the bids: the least
    count among a pilot's consistent deals (dealing.trump_proposal.TrumpProposal.focus)."""
    pilot = on_purpose.deal(PILOT_FIRST_INDEX, PILOT_DEALS)
    fits = consistent(model, variant, dealer, bids, pilot, upcard, analysed=seat, unheard=unheard)
    if fits.any():
        on_purpose.focus(int(on_purpose.drawn(pilot[fits]).min()))


@dataclass(frozen=True)
class _Bids:
    """An auction the worlds hear: its bids (an implied bid-euchre auction writes the bids
    before the bidder's, which the contract does not tell, as passes), the table model,
    the seats whose bids are not heard (``unheard``: those of ``unknown``, and the passes
    exact inference cannot explain), the dealer and whether the contract implied it."""

    bids: list
    model: object
    unheard: tuple[int, ...]
    dealer: int
    implied: bool
    unknown: tuple[int, ...] = ()  # 0-based: seats before a bid-euchre bidder, no --auction

    def seats(self, players: int) -> list[int]:
        """Who made each bid: the auction goes round from the dealer's left."""
        return [(self.dealer + 1 + index) % players for index in range(len(self.bids))]

    def text(self, variant) -> str:
        """The auction as the lines write it: a bid not known is '?'."""
        seats = self.seats(variant.players)
        return ", ".join(
            "?" if seat in self.unknown else format_bid(bid) for seat, bid in zip(seats, self.bids)
        )


def _heard_bids(variant, contract, bidder, seat, dealer, upcard, auction, table, inference, first, deal):
    """The :class:`_Bids` the worlds hear, or the line that says why none is heard
    (``--inference none`` or no table model).  A contract not given its auction implies
    one (rules.auction.contract_auction), with the last seat dealing unless ``dealer`` is
    given: in the classic variants the whole auction (the first order-up or call ends
    the bidding); in bid euchre the bidder's bid, judged as if nothing was bid before it,
    and the passes after it, the bids before it not heard.  Only exact inference leaves
    passes unheard that the model never makes
    (:func:`..bidding.table_model.unheard_passes`, asked of ``deal``'s pilot hands): soft
    inference hears them as the weakest hands."""
    check_inference(inference)
    implied = not _given(auction)
    unknown = ()
    if implied:
        if dealer is None:
            dealer = variant.players - 1
        auction = contract_auction(variant, dealer, bidder, contract, upcard)
        if not variant.classic:
            order = [(dealer + 1 + index) % variant.players for index in range(variant.players)]
            unknown = tuple(order[: order.index(bidder)])
    bids = _checked_bids(variant, contract, bidder, dealer, upcard, auction, first)
    if inference == "none":
        return NOT_HEARD
    model = table_model(table, variant)
    if model is None:
        return NOTHING_HEARD
    never = (
        unheard_passes(model, variant, dealer, bids, deal, upcard, None, seat) if inference == "exact" else ()
    )
    unheard = tuple(sorted(set(unknown) | set(never)))
    return _Bids(bids, model, unheard, dealer, implied, unknown)


def _implied_text(heard, bidder: int, first: int, judged: bool = True) -> str:
    """What the lines' parentheses say first of an implied auction; ``judged``: is the
    bidder's bid tested (not when the bidder is the player, who knows its own hand)?"""
    if not heard.implied:
        return ""
    if not heard.unknown:
        return f"{IMPLIED}; "
    before = ", ".join(str(other + first) for other in heard.unknown)
    before = f"the bid of seat {before} is" if len(heard.unknown) == 1 else f"the bids of seats {before} are"
    judged = f", and seat {bidder + first}'s is judged as if nothing was bid before it" if judged else ""
    return f"{IMPLIED}, seat {heard.dealer + first} dealing: {before} not given, so not heard{judged}; "


def _given(auction) -> bool:
    return auction is not None and not (isinstance(auction, str) and not auction.strip())


def _checked_bids(variant, contract, bidder: int, dealer, upcard, auction, first: int) -> list:
    """The bids of ``auction``, which must end in ``contract`` by ``bidder``."""
    if dealer is None:
        raise RulesError("auction: give the dealer (--dealer): the auction starts on its left")
    bids = parse_auction(auction, variant, dealer, upcard) if isinstance(auction, str) else list(auction)
    result = auction_result(variant, dealer, bids, upcard)
    if result is None:
        raise RulesError(f"auction '{format_auction(bids)}': the cards were thrown in, so no hand is played")
    if result != (bidder, contract):
        won_by, won = result
        raise RulesError(
            f"auction '{format_auction(bids)}' makes seat {won_by + first} the bidder in {format_bid(won)}, "
            f"not seat {bidder + first} in {format_bid(contract)}"
        )
    return bids


__all__ = ["NOTHING_HEARD", "NOT_HEARD", "Heard", "consistent_deals", "hear_auction"]
