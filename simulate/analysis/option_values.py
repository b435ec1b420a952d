"""What each of the player's options is worth once the rest of the table has bid.

The analyser's contract rows answer "what does this hand make if I play X?".  A bid is
a different question: after it, the later seats bid on under the table model
(:mod:`..bidding.table_model`), and the contract finally played may be someone else's.  This module
takes the main deals, finishes the auction after every option (pass included) with
:func:`~..bidding.table_model.continue_auction`, plays every final contract that is not already one of
the analysed rows (another seat's contract, with its exchanges by the stated policies),
and scores it for the player's team.  So every option gets the player's team's points
minus the other team's on the same deals, with its interval, the share of deals the
player's team plays the contract, how often a bid is overcalled, how the auction ended,
and, with a score, the chance of winning the game afterwards (:mod:`..games.equity`).

What it assumes is what the table model says (a stated strategy; wishes from each seat's
own hand), plus the play model of the analysis for every final contract.  Another
seat's Pig or Alone discards by the void-first policy and its partners give by the
analysis's gift policy; a pick-up by an analysed dealer keeps the searched discard.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..bidding.table_model import continue_auction
from ..games.shipped_equity import p_win_after
from ..kernels import exchange as policies
from ..rules.contracts import PASS
from ..rules.scoring import team_points
from ..stats import mean_half_width
from .estimates import DealCounter
from .layouts import PARTNER_GIFTS, PICKUP, lay_out_with_discards, layout_of, play_layouts
from .question import team_scores
from .results import OptionValue

TOP_OUTCOMES = 4  # endings listed per option; the rest are summed as "other"


def option_values(
    question, deals, deal_tricks, searches, legal, may_pass, score=None, equity=None, progress=None
):
    """The options (pass first when allowed, then each legal analysed contract) with
    their values, and per option the per-deal (ours minus theirs) points and P(win).
    ``progress(count)``, if given, hears of the deals valued as each other seat's final
    contract is played out (each a share of the deals by the plays it took)."""
    options = ([PASS] if may_pass else []) + [c for c in question.contracts if c in legal]
    if not options:
        return (), {}, {}
    ended = continue_auction(
        question.table,
        question.variant,
        question.dealer,
        question.seat,
        question.bids,
        deals,
        question.upcard,
        scores=team_scores(question, score),
        options=tuple(options),
    )
    count = deals.shape[0]
    ours = question.seat & 1
    tricks = np.full(ended.bidder.shape, -1, np.int64)
    # the analysed rows already hold the player's own contracts
    for o in range(len(options)):
        for c, contract in enumerate(ended.contracts):
            if contract in deal_tricks:
                rows = (ended.bidder[o] == question.seat) & (ended.contract[o] == c)
                tricks[o, rows] = deal_tricks[contract][rows]
    # every other final contract: played once per deal and table layout (the levels of a
    # denomination lie and play alike), by bidder seat
    todo = (tricks < 0) & (ended.bidder >= 0)
    groups = []
    for bidder in np.unique(ended.bidder[todo]):
        as_bidder = replace(question, seat=int(bidder), player=question.analysed)
        by_layout: dict = {}
        for c in np.unique(ended.contract[todo & (ended.bidder == bidder)]):
            contract = ended.contracts[int(c)]
            by_layout.setdefault((layout_of(as_bidder, contract), contract.denom), []).append(int(c))
        for (layout, denom), contracts in by_layout.items():
            masks = [todo & (ended.bidder == bidder) & (ended.contract == c) for c in contracts]
            rows = np.flatnonzero(np.logical_or.reduce(masks).any(axis=0))
            groups.append((int(bidder), as_bidder, layout, denom, contracts, masks, rows))
    plays = sum(group[-1].size for group in groups)
    for bidder, as_bidder, layout, denom, contracts, masks, rows in groups:
        discard = None
        if layout.exchange == PARTNER_GIFTS:
            if bidder == question.seat and layout in searches:
                discard = searches[layout].chosen
            else:
                discard = policies.void_first_discards_many(
                    np.ascontiguousarray(deals[rows, bidder]), np.int64(denom), np.int64(2)
                )
        elif layout.exchange == PICKUP and question.dealer == question.seat:
            own = layout_of(question, ended.contracts[contracts[0]])
            if own in searches:
                discard = searches[own].chosen
        hands, thrown = lay_out_with_discards(as_bidder, layout, deals[rows], discard)
        played = np.full(count, -1, np.int64)
        played[rows] = play_layouts(as_bidder, {layout: hands}, 0, DealCounter(None, 0), {layout: thrown})[
            layout
        ]
        for mask in masks:
            tricks[mask] = played[np.nonzero(mask)[1]]
        if progress is not None:
            progress(rows.size * count // plays)
    points = {}
    wins = {}
    values = []
    for o, option in enumerate(options):
        us, them = _points(question, ended, o, tricks[o], ours)
        points[option] = us - them
        value = OptionValue(
            bid=option,
            legal=True,
            ev_net=float(np.mean(us - them)),
            ev_net_ci=float(mean_half_width(us - them)),
            p_we_play=float(np.mean((ended.bidder[o] >= 0) & ((ended.bidder[o] & 1) == ours))),
            p_overcalled=None
            if option == PASS
            else float(np.mean(~((ended.bidder[o] == question.seat) & _is(ended, o, option)))),
            outcomes=_outcomes(ended, o, question.seat),
        )
        if equity is not None:
            win = p_win(question, ended.bidder[o], us, them, score, equity)
            wins[option] = win
            value = replace(value, p_win=float(np.mean(win)), p_win_ci=float(mean_half_width(win)))
        values.append(value)
    return tuple(values), points, wins


def _is(ended, o, option) -> np.ndarray:
    index = ended.contracts.index(option) if option in ended.contracts else -1
    return ended.contract[o] == index


def _points(question, ended, o, tricks, ours) -> tuple[np.ndarray, np.ndarray]:
    us = np.zeros(tricks.shape[0], np.int64)
    them = np.zeros(tricks.shape[0], np.int64)
    for c, contract in enumerate(ended.contracts):
        rows = ended.contract[o] == c
        if not rows.any():
            continue
        bidding, defending = team_points(question.variant, contract, tricks[rows])
        ours_bid = (ended.bidder[o][rows] & 1) == ours
        us[rows] = np.where(ours_bid, bidding, defending)
        them[rows] = np.where(ours_bid, defending, bidding)
    return us, them


def _outcomes(ended, o, seat) -> tuple[tuple[str, float], ...]:
    count = ended.bidder.shape[1]
    pairs, counts = np.unique(np.stack([ended.bidder[o], ended.contract[o]]), axis=1, return_counts=True)
    order = np.argsort(-counts, kind="stable")
    out = []
    for k in order[:TOP_OUTCOMES]:
        bidder, c = int(pairs[0, k]), int(pairs[1, k])
        who = (
            "thrown in"
            if bidder < 0
            else f"seat {bidder + 1}{' (you)' if bidder == seat else ''}: " + str(ended.contracts[c])
        )
        out.append((who, float(counts[k] / count)))
    rest = counts[order[TOP_OUTCOMES:]].sum()
    if rest:
        out.append(("other", float(rest / count)))
    return tuple(out)


def p_win(question, bidder, us, them, score, equity) -> np.ndarray:
    """P(the player's team wins the game) after this hand, deal by deal."""
    return p_win_after(equity, question.variant, question.seat, question.dealer, bidder, us, them, score)


__all__ = ["option_values", "p_win"]
