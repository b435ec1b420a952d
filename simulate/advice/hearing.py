"""What best-card's worlds hear of the auction.

A bid says something of the bidder's hand, and a pass of the passer's.  Given the whole
auction, :func:`hear_auction` checks it against the contract and the bidder and builds
the test PIMC's world sampler applies (kernels.pimc.sample_world with a
kernels.bidding.AuctionCheck from :func:`..bidding.table_model.auction_check`): a world
is dealt again until every tested seat, holding its cards of the world plus those it
has played, would have bid as it did under the table model.  That is rejection, so the
worlds are exactly uniform among the deals consistent with the cards seen and the bids,
as ``analyse --inference exact`` keeps its deals.

Tested are the seats whose hand as dealt a world shows: not the player (it knows its
own hand), not a seat that sits out, and not a seat whose hand an exchange changed (the
classic dealer who picked the upcard up, the Pig or Alone bidder, who holds its
partners' gifts), since a world does not say which of its cards such a seat was dealt.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..bidding.table_model import auction_check, table_model
from ..kernels.bidding import AuctionCheck, no_auction
from ..kernels.contract import to_contract
from ..rules.auction import auction_result, format_auction, parse_auction
from ..rules.contracts import format_bid
from ..rules.variants import ORDER_UP, RulesError

NOTHING_HEARD = "Nothing conditions the worlds but the cards seen: --auction makes them explain the bids."


@dataclass(frozen=True)
class Heard:
    """The auction as the worlds test it: the kernel's check, the seats tested and the
    auction as written (empty when no auction was given or the table model is none)."""

    check: AuctionCheck
    tested: tuple[int, ...]  # 0-based
    auction: str
    table: str

    def describe(self, kept: int, dealt: int, unmatched: int, first: int = 1) -> str:
        """One line: what conditioned the worlds, and the rejection's acceptance."""
        if not self.auction:
            return NOTHING_HEARD
        if not self.tested:
            return f"The auction '{self.auction}' tests no seat whose dealt hand a world shows."
        seats = ", ".join(str(seat + first) for seat in self.tested)
        rate = f"1 world kept in {dealt / kept:.1f} dealt" if kept else "no world dealt"
        missed = f"; {unmatched} kept without explaining it" if unmatched else ""
        return (
            f"The worlds explain the auction '{self.auction}' (seats {seats} bid by the "
            f"{self.table} table): {rate}{missed}."
        )


def hear_auction(
    variant, contract, bidder: int, seat: int, dealer, upcard, auction, table, active: int, first: int = 1
) -> Heard:
    """The :class:`Heard` of ``auction`` (text or a bid list; None: nothing heard) for
    the player ``seat``; ``table`` names the table model the other seats bid by.  Seats
    in messages count from ``first``."""
    if auction is None or (isinstance(auction, str) and not auction.strip()):
        return Heard(no_auction(), (), "", "")
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
    model = table_model(table)
    if model is None:
        return Heard(no_auction(), (), "", "")
    exchanged = {dealer} if contract.kind == ORDER_UP else set()
    if contract.exchange:
        exchanged.add(bidder)
    tested = tuple(
        other
        for other in range(variant.players)
        if other != seat and active >> other & 1 and other not in exchanged
    )
    unchecked = set(range(variant.players)) - set(tested)
    check = auction_check(model.teams, variant, dealer, bids, upcard, None, unchecked=unchecked)
    if check.bids.shape[0] == 0:
        tested = ()
    return Heard(check, tested, format_auction(bids), model.name)


def played_masks(by_seat: list[list[int]], denom: int) -> np.ndarray:
    """Each seat's played cards as a contract-space mask (what the auction check adds to
    a world's hand to see the hand as dealt)."""
    masks = np.zeros(len(by_seat), np.uint64)
    for seat, faces in enumerate(by_seat):
        mask = 0
        for face in faces:
            mask |= 1 << (2 * face + 1 if mask >> (2 * face) & 1 else 2 * face)
        masks[seat] = to_contract(np.uint64(mask), np.int64(denom))
    return masks


__all__ = ["NOTHING_HEARD", "Heard", "hear_auction", "played_masks"]
