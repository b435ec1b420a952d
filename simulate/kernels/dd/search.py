"""The exact double-dummy search and its entry points.

The search answers one yes/no question at a time, "can ``team`` take at least ``need``
of the remaining tricks?" (a null-window alpha-beta, as the bridge solver DDS does);
the exact trick count is found by a few such probes, climbing from a cheap lower
bound (dd_value).  ``stats[0]`` counts nodes (positions visited).  Entry points:
``dd_solve_range`` (a range of deals, one thread's buffers from ``dd_buffers``) and
``dd_solve_position`` (one position, a trick possibly in progress).
"""

from collections import namedtuple

import numpy as np

from ..bits import lowest_bit, popcount
from ..contract import legal_cards, to_contract
from ..jit import njit
from ..rankings import ONE, POSITION, ZERO
from ..seats import first_active
from .bounds import (
    dd_cashing_bounds,
    dd_cheap_bounds,
    dd_last_trick,
    dd_quick_bounds,
    dd_settled_relevant,
    dd_trick_contested,
)
from .order import dd_equivalents_relevant, dd_move_classes, dd_order_moves, dd_refuted_with
from .position import (
    DD_FRAME_FIELDS,
    F_BEST,
    F_CARD,
    F_CARDS,
    F_EQUIVALENTS,
    F_KILLERS,
    F_LEADER,
    F_LED_SUIT,
    F_LEVEL,
    F_MAXIMIZING,
    F_MOVES,
    F_NEED,
    F_NEXT,
    F_NODES,
    F_PLAYED,
    F_PRESENT,
    F_REFUTED,
    F_RELEVANT,
    F_SEAT,
    F_SHAPE,
    F_SLOT,
    F_TRICK_RELEVANT,
    F_WINNER_CARD,
    F_WINNER_SEAT,
    SEATS,
    dd_face_bits,
    dd_pack,
    dd_play,
    dd_rank_mattered,
    dd_relevant_to_input,
    dd_turn_order,
)
from .transposition import dd_tt_bounds, dd_tt_probe, dd_tt_store

# What a search of one deal passes unchanged to every node, as one value: the buffers
# (dd_buffers: ``hands[level, seat]``, ``moves[ply]``, the stack ``frames[ply]``, the
# table ``tt_keys`` / ``tt_info``), ``turn[seat]`` (dd_turn_order), ``stats[0]`` the node
# count, and the deal's seats, denomination, team asked about and table generation.
# A namedtuple, so numba keeps each field a plain value (nothing is allocated).
Search = namedtuple(
    "Search",
    [
        "hands",
        "moves",
        "frames",
        "tt_keys",
        "tt_info",
        "turn",
        "stats",
        "denom",
        "team",
        "generation",
    ],
)
# One thread's search buffers, from dd_buffers, kept from deal to deal.
Buffers = namedtuple("Buffers", ["hands", "moves", "frames", "tt_keys", "tt_info"])
NONE = np.int64(-1)  # no winner, no led suit, no target: one integer type for every call


@njit(cache=True, inline="always")
def dd_enter(search, ply):
    """Open the node of ``frames[ply]``: 1 or 0 when it is answered without search (its
    relevant cards in ``F_RELEVANT``), else -1 after ordering its moves into ``moves[ply]``.

    At a trick boundary: the trick target is out of reach or already met, the last trick,
    the cheap bounds (dd_cheap_bounds), the table (after packing the position into the
    next level), then the cashing counts (dd_cashing_bounds).  The table answers more of
    these nodes than the cashing counts and costs less, so it goes before them (every
    bound first makes the search slower).  The cheap bounds cost less than the packing
    and the probe, which they spare where they answer, so they go before the table.
    Positions of two tricks use the table too: searched without it they take a quarter
    more nodes.
    """
    hands, frames, turn = search.hands, search.frames, search.turn
    denom, team = search.denom, search.team
    level = frames[ply, F_LEVEL]
    seat = frames[ply, F_SEAT]
    leader = frames[ply, F_LEADER]
    need = frames[ply, F_NEED]
    remaining = popcount(hands[level, seat])
    frames[ply, F_RELEVANT] = 0
    if need <= 0:
        return 1
    if need > remaining:
        return 0
    led_suit = frames[ply, F_LED_SUIT]
    best = np.int64(-1)
    slot = np.int64(-1)
    if led_suit >= 0 and (need == remaining or need == 1):
        # No slack: when the trick in progress is settled, the answer is known now.
        # (With slack, adding each side's later sure trumps cuts nodes but costs more
        # time than it saves: the counts must be redone after every trump played.)
        winner_seat = frames[ply, F_WINNER_SEAT]
        winner_card = frames[ply, F_WINNER_CARD]
        if not dd_trick_contested(
            hands, level, seat, leader, turn, denom, led_suit, winner_card, winner_seat
        ):
            frames[ply, F_RELEVANT] = np.int64(
                dd_settled_relevant(
                    hands,
                    level,
                    seat,
                    leader,
                    turn,
                    denom,
                    led_suit,
                    winner_card,
                    winner_seat,
                    np.uint64(frames[ply, F_PLAYED]),
                )
            )
            if (winner_seat & 1) == team and need == 1:
                return 1
            if (winner_seat & 1) != team and need == remaining:
                return 0
            frames[ply, F_RELEVANT] = 0
    if led_suit < 0:
        if remaining == 1:
            winner_seat, relevant = dd_last_trick(hands, level, turn, denom, leader)
            frames[ply, F_RELEVANT] = np.int64(relevant)
            return 1 if (winner_seat & 1) == team else 0
        quick_lower, quick_upper, relevant = dd_cheap_bounds(
            hands, level, denom, team, leader, remaining, need
        )
        if need <= quick_lower or need > quick_upper:
            frames[ply, F_RELEVANT] = np.int64(relevant)
            return 1 if need <= quick_lower else 0
        present, cards = dd_pack(hands, level, denom)
        level += 1
        slot, found, shape = dd_tt_probe(
            hands,
            level,
            denom,
            leader,
            cards,
            search.tt_keys,
            search.tt_info,
            search.generation,
            frames,
            ply,
        )
        frames[ply, F_SHAPE] = np.int64(shape)
        if found:
            lower, upper, best, exact = dd_tt_bounds(search.tt_keys, search.tt_info, slot)
            if need <= lower or need > upper:
                frames[ply, F_RELEVANT] = np.int64(dd_relevant_to_input(exact, present, denom))
                return 1 if need <= lower else 0
        quick_lower, quick_upper, relevant = dd_cashing_bounds(
            hands, level - 1, denom, team, leader, remaining, need, quick_lower, quick_upper, relevant
        )
        if need <= quick_lower or need > quick_upper:
            frames[ply, F_RELEVANT] = np.int64(relevant)
            return 1 if need <= quick_lower else 0
        frames[ply, F_CARDS] = np.int64(cards)
        frames[ply, F_PRESENT] = np.int64(present)
    frames[ply, F_LEVEL] = level
    frames[ply, F_SLOT] = slot
    frames[ply, F_BEST] = best
    frames[ply, F_MAXIMIZING] = 1 if (seat & 1) == team else 0
    n, equivalents = dd_order_moves(
        hands,
        level,
        seat,
        turn,
        denom,
        leader,
        led_suit,
        frames[ply, F_WINNER_SEAT],
        frames[ply, F_WINNER_CARD],
        np.uint64(frames[ply, F_CARDS]),
        np.uint64(frames[ply, F_PLAYED]),
        best,
        frames[ply, F_KILLERS + seat] if led_suit < 0 else 0,
        frames[ply, F_KILLERS + SEATS + seat] if led_suit < 0 else 0,
        search.moves,
        ply,
    )
    frames[ply, F_MOVES] = n
    frames[ply, F_EQUIVALENTS] = np.int64(equivalents)
    frames[ply, F_NEXT] = 0
    frames[ply, F_REFUTED] = 0
    return -1


@njit(cache=True)
def dd_play_next(search, ply):
    """Play the next move of ``frames[ply]`` and write the child's frame at ``ply + 1``."""
    hands, frames, moves, turn = search.hands, search.frames, search.moves, search.turn
    denom, team = search.denom, search.team
    level = frames[ply, F_LEVEL]
    seat = frames[ply, F_SEAT]
    leader = frames[ply, F_LEADER]
    card = moves[ply, frames[ply, F_NEXT]] & 63
    frames[ply, F_NEXT] += 1
    frames[ply, F_CARD] = card
    bit = ONE << np.uint64(card)
    hands[level, seat] ^= bit
    new_seat, new_card, suit = dd_play(
        card, seat, frames[ply, F_WINNER_SEAT], frames[ply, F_WINNER_CARD], frames[ply, F_LED_SUIT], denom
    )
    played = np.uint64(frames[ply, F_PLAYED]) | bit
    following = turn[seat]
    child = ply + ONE
    frames[child, F_LEVEL] = level
    if following == leader:
        frames[ply, F_TRICK_RELEVANT] = np.int64(dd_rank_mattered(new_card, played, denom))
        frames[child, F_SEAT] = new_seat
        frames[child, F_LEADER] = new_seat
        frames[child, F_WINNER_SEAT] = -1
        frames[child, F_WINNER_CARD] = -1
        frames[child, F_LED_SUIT] = -1
        frames[child, F_PLAYED] = 0
        frames[child, F_NEED] = frames[ply, F_NEED] - (1 if (new_seat & 1) == team else 0)
    else:
        frames[ply, F_TRICK_RELEVANT] = 0
        frames[child, F_SEAT] = following
        frames[child, F_LEADER] = leader
        frames[child, F_WINNER_SEAT] = new_seat
        frames[child, F_WINNER_CARD] = new_card
        frames[child, F_LED_SUIT] = suit
        frames[child, F_CARDS] = frames[ply, F_CARDS]
        frames[child, F_PLAYED] = np.int64(played)
        frames[child, F_NEED] = frames[ply, F_NEED]


@njit(cache=True, inline="always")
def dd_remember_killer(frames, ply, seat, card):
    """``seat``'s lead ``card`` cut off at trick-boundary ply ``ply``: keep it as that ply's
    first killer for the seat, the previous first as its second."""
    first = F_KILLERS + seat
    if frames[ply, first] != card + 1:
        frames[ply, first + SEATS] = frames[ply, first]
        frames[ply, first] = card + 1


@njit(cache=True, inline="always")
def dd_skip_refuted(search, ply, child_relevant):
    """The move just tried at ``frames[ply]`` failed, its refutation's relevant cards
    being ``child_relevant``: add the cards it refutes too (dd_refuted_with) to the
    node's ``F_REFUTED``, move ``F_NEXT`` past those among the moves still to try, and
    say whether a move is left."""
    frames, moves = search.frames, search.moves
    refuted = np.uint64(frames[ply, F_REFUTED]) | dd_refuted_with(
        frames[ply, F_CARD], np.uint64(child_relevant), search.denom
    )
    frames[ply, F_REFUTED] = np.int64(refuted)
    following = frames[ply, F_NEXT]
    while following < frames[ply, F_MOVES] and (refuted >> np.uint64(moves[ply, following] & 63)) & ONE:
        following += 1
    frames[ply, F_NEXT] = following
    return following < frames[ply, F_MOVES]


# ``_nrt=False``: the search allocates nothing, and without numba's runtime the arrays it
# hands to its helpers are not reference counted (atomic increments and
# decrements on every node would cost more than half the time).
@njit(cache=True, _nrt=False)
def dd_search(search, level, seat, leader, winner_seat, winner_card, led_suit, played, need, ply):
    """Can ``team`` take at least ``need`` of the remaining tricks (this one included)?

    ``seat`` is on move in the trick led by ``leader``; ``led_suit`` is -1 at a trick
    boundary, else the trick so far is ``winner_seat``/``winner_card`` and ``played``
    (its cards).  Null-window alpha-beta: the first move that answers the question for
    the side on move ends the node.  A trick boundary reads ``hands[level]``, and if the
    quick bounds do not answer, packs it into ``hands[level + 1]`` and searches there.
    The search runs on the explicit stack ``frames`` from ``ply`` up (see F_*).

    Each node's relevant cards are gathered as the search returns (DDS's "winning
    ranks"): a cut-off node keeps its deciding child's, a node whose moves all fail the
    union of its children's (plus dd_equivalents_relevant's), and a finished trick adds its
    winning card when a comparison of ranks decided it.  The table stores them with the
    bounds, so one entry answers for every position that differs only below them.  By
    the same token a move that fails settles its suit's cards below its refutation's
    relevant ranks, and those are skipped (dd_skip_refuted).
    """
    hands, frames, stats = search.hands, search.frames, search.stats
    denom = search.denom
    # The stack index is unsigned: numba adds no negative-index fix-up to an unsigned
    # index, and the frames are indexed by it on nearly every line.  Steps are ``ONE``, since
    # an unsigned plus a signed integer would be a float in numba.
    ply = np.uint64(ply)
    root = ply
    cards = played
    for s in range(SEATS):
        cards |= hands[level, s]
    frames[ply, F_CARDS] = np.int64(cards)
    frames[ply, F_PLAYED] = np.int64(played)
    frames[ply, F_LEVEL] = level
    frames[ply, F_SEAT] = seat
    frames[ply, F_LEADER] = leader
    frames[ply, F_WINNER_SEAT] = winner_seat
    frames[ply, F_WINNER_CARD] = winner_card
    frames[ply, F_LED_SUIT] = led_suit
    frames[ply, F_NEED] = need
    entering = True
    value = False
    while True:
        if entering:
            stats[0] += 1
            frames[ply, F_NODES] = stats[0]
            answer = dd_enter(search, ply)
            if answer < 0:
                dd_play_next(search, ply)
                ply += ONE
                continue
            value = answer == 1
        else:
            # back in frames[ply] with the value of its child: undo the card, then cut off,
            # try the next move, or close the node
            bit = ONE << np.uint64(frames[ply, F_CARD])
            hands[frames[ply, F_LEVEL], frames[ply, F_SEAT]] ^= bit
            child_relevant = frames[ply + ONE, F_RELEVANT] | frames[ply, F_TRICK_RELEVANT]
            maximizing = frames[ply, F_MAXIMIZING] == 1
            if value == maximizing:
                frames[ply, F_BEST] = frames[ply, F_CARD]
                if frames[ply, F_LED_SUIT] < 0:
                    dd_remember_killer(frames, ply, frames[ply, F_SEAT], frames[ply, F_CARD])
                frames[ply, F_RELEVANT] = child_relevant
            elif dd_skip_refuted(search, ply, child_relevant):
                frames[ply, F_RELEVANT] |= child_relevant
                dd_play_next(search, ply)
                ply += ONE
                entering = True
                continue
            else:
                value = not maximizing
                relevant = np.uint64(frames[ply, F_RELEVANT] | child_relevant)
                relevant |= dd_equivalents_relevant(
                    hands[frames[ply, F_LEVEL], frames[ply, F_SEAT]],
                    frames[ply, F_LED_SUIT],
                    np.uint64(frames[ply, F_EQUIVALENTS]),
                    relevant,
                    denom,
                )
                frames[ply, F_RELEVANT] = np.int64(relevant)
            if frames[ply, F_LED_SUIT] < 0:
                # The entry keeps only the bound the search proved, with the search's
                # relevant cards (see F_RELEVANT).
                level = frames[ply, F_LEVEL]
                lower = np.int64(0)
                upper = popcount(hands[level, frames[ply, F_SEAT]])
                if value:
                    lower = frames[ply, F_NEED]
                else:
                    upper = frames[ply, F_NEED] - 1
                relevant = np.uint64(frames[ply, F_RELEVANT])
                dd_tt_store(
                    hands,
                    level,
                    frames,
                    ply,
                    frames[ply, F_LEADER],
                    stats[0] - frames[ply, F_NODES] + 1,
                    lower,
                    upper,
                    frames[ply, F_BEST],
                    relevant,
                    np.uint64(frames[ply, F_SHAPE]),
                    search.tt_keys,
                    search.tt_info,
                    frames[ply, F_SLOT],
                    search.generation,
                )
                frames[ply, F_RELEVANT] = np.int64(
                    dd_relevant_to_input(relevant, np.uint64(frames[ply, F_PRESENT]), denom)
                )
        if ply == root:
            return value
        ply -= ONE
        entering = False


@njit(cache=True)
def dd_value(search, level, seat, leader, winner_seat, winner_card, led_suit, played, target, ply):
    """Tricks ``team`` takes from this position under perfect play (this trick included).

    With ``target >= 0`` only the question "at least ``target``?" is searched: 1 or 0.
    Otherwise, when the upper bound is every trick left, the first probe asks for it: a
    target with no slack is cut off at the first trick lost, so it is answered cheaply
    either way, and strong hands end there: a sweep proved from the top costs a small
    fraction of the nodes it costs when climbing has to prove every trick below it
    first.  An upper bound below every trick (the defenders' sure tricks) is not probed
    first: that probe mostly fails.  Then null-window probes climb from the quick lower
    bound: proving that a target is reachable is cheap, proving that one is not is what
    costs, and climbing proves only one more unreachable target.  A binary search, or a
    first guess (MTD(f) style), searches about as many nodes or more; even the true
    value as the guess would save only a tenth or so.
    """
    if target >= 0:
        found = dd_search(
            search, level, seat, leader, winner_seat, winner_card, led_suit, played, target, ply
        )
        return np.int64(1) if found else np.int64(0)
    lower = np.int64(0)
    upper = popcount(search.hands[level, seat])
    if led_suit < 0 and upper > 0:
        lower, upper, _ = dd_quick_bounds(
            search.hands, level, search.denom, search.team, leader, upper, np.int64(0)
        )
    if lower < upper and upper == popcount(search.hands[level, seat]):
        if dd_search(search, level, seat, leader, winner_seat, winner_card, led_suit, played, upper, ply):
            return upper
        upper -= 1
    while lower < upper:
        need = lower + 1
        if dd_search(search, level, seat, leader, winner_seat, winner_card, led_suit, played, need, ply):
            lower = need
        else:
            upper = need - 1
    return lower


@njit(cache=True)
def dd_leads(search, seat, leader, winner_seat, winner_card, led_suit, played, out, guess=NONE):
    """``out[position]`` = tricks ``team`` takes after ``seat`` plays that contract face.

    The position is ``hands[0]`` with ``seat`` on move; faces that are not legal get -1.
    Equivalent cards are searched once and share the value.  Each card's value is found
    by null-window probes that step from a first target: up after a success, down after
    a failure, so a first target one above the value costs no more probes than the
    value itself (a failure there, then a success).  The first card starts from
    ``guess`` (PIMC passes the value of the card in its last world, plus one; default:
    every trick left, as dd_value's first probe), each next card from the value of the
    card before plus one: a hand's cards are often worth about the same.  This probes
    far less often than climbing each card from its lower bound (dd_value), and close
    to an oracle that knew every value in advance.  At a trick boundary the position's
    cheap bounds also cap the cards.
    """
    hands, turn, denom, team = search.hands, search.turn, search.denom, search.team
    out[:] = -1
    others = played
    for s in range(SEATS):
        if s != seat:
            others |= hands[0, s]
    legal = legal_cards(hands[0, seat], denom, led_suit)
    reps = dd_move_classes(legal, dd_face_bits(others), denom)
    tricks = popcount(hands[0, seat])  # tricks left, this one included
    start = guess if guess >= 0 else tricks
    # At a trick boundary the position's cheap bounds hold its value, the best card's for
    # the side on move: no card of ``team`` is worth more, no card of the other side less.
    ceiling = tricks
    floor = np.int64(0)
    if led_suit < 0:
        quick_lower, quick_upper, _ = dd_quick_bounds(
            hands, np.int64(0), denom, team, leader, tricks, np.int64(0)
        )
        if (seat & 1) == team:
            ceiling = quick_upper
        else:
            floor = quick_lower
    value = np.int64(-1)
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        if (reps >> np.uint64(card)) & ONE:
            bit = ONE << np.uint64(card)
            hands[0, seat] ^= bit
            new_seat, new_card, suit = dd_play(card, seat, winner_seat, winner_card, led_suit, denom)
            # the position after the card: the next seat on move, or the next trick's leader
            to_move, trick_leader = turn[seat], leader
            trick_seat, trick_card, trick_suit, trick_played = new_seat, new_card, suit, played | bit
            lower = np.int64(0)
            upper = tricks
            won = np.int64(0)
            if turn[seat] == leader:  # the card ends the trick
                to_move = trick_leader = new_seat
                trick_seat = trick_card = trick_suit = NONE
                trick_played = ZERO
                won = np.int64(1) if (new_seat & 1) == team else np.int64(0)
                lower = won
                upper = won + tricks - 1
                if tricks > 1:  # the next trick's cheap bounds, as dd_value uses them
                    quick_lower, quick_upper, _ = dd_quick_bounds(
                        hands, np.int64(0), denom, team, new_seat, tricks - 1, np.int64(0)
                    )
                    lower = won + quick_lower
                    upper = won + quick_upper
            lower = max(lower, floor)
            upper = min(upper, ceiling)
            target = min(max(start, lower + 1), upper)
            while lower < upper:
                if dd_search(
                    search,
                    np.int64(0),
                    to_move,
                    trick_leader,
                    trick_seat,
                    trick_card,
                    trick_suit,
                    trick_played,
                    target - won,
                    np.int64(1),
                ):
                    lower = target
                    target += 1
                else:
                    upper = target - 1
                    target -= 1
            value = lower
            hands[0, seat] ^= bit
            start = value + 1
        out[card >> 1] = value


@njit(cache=True)
def dd_buffers(tricks, tt_bits):
    """Search buffers for positions of up to ``tricks`` tricks: hands, moves, stack, table."""
    hands = np.zeros((tricks + 2, SEATS), np.uint64)
    moves = np.zeros((tricks * SEATS + 2, 32), np.int64)
    frames = np.zeros((tricks * SEATS + 2, DD_FRAME_FIELDS), np.int64)
    # Keys are read only where the entry's generation matches, so only tt_info is cleared.
    tt_keys = np.empty((np.int64(1) << tt_bits, SEATS + 2), np.uint64)
    tt_info = np.zeros(np.int64(1) << tt_bits, np.int64)
    return Buffers(hands, moves, frames, tt_keys, tt_info)


@njit(cache=True)
def dd_start(deal, denom, team, leader, active, buffers, generation, stats):
    """(the search of a face-space deal, its first leader): the deal in contract space in
    ``hands[0]`` of the buffers, and the table generation ``generation``.  A deal of four
    seats fills the first four of the search's six (SEATS): the other two sit out."""
    hands = buffers.hands
    buffers.frames[:, F_KILLERS : F_KILLERS + 2 * SEATS] = 0  # each deal's killers start afresh
    active &= (np.int64(1) << deal.shape[0]) - 1
    for s in range(SEATS):
        hands[0, s] = to_contract(deal[s], denom) if s < deal.shape[0] else ZERO
    search = Search(
        hands,
        buffers.moves,
        buffers.frames,
        buffers.tt_keys,
        buffers.tt_info,
        dd_turn_order(active),
        stats,
        np.int64(denom),
        np.int64(team),
        np.int64(generation),
    )
    return search, first_active(leader, SEATS, active)


@njit(cache=True)
def dd_solve_deal(deal, denom, team, leader, active, target, buffers, generation, stats, leads):
    """Solve one face-space deal from its first lead; fill ``leads`` if it has 24 entries."""
    search, leader = dd_start(deal, denom, team, leader, active, buffers, generation, stats)
    tricks = dd_value(search, np.int64(0), leader, leader, NONE, NONE, NONE, ZERO, target, np.int64(0))
    if leads.shape[0] == 24:
        dd_leads(search, leader, leader, NONE, NONE, NONE, ZERO, leads)
    return tricks


@njit(cache=True, nogil=True)
def dd_solve_range(
    deals,
    denoms,
    teams,
    leaders,
    actives,
    target,
    first,
    stop,
    generations,
    hands,
    moves,
    frames,
    tt_keys,
    tt_info,
    out,
    nodes,
    leads,
):
    """Solve deals ``first .. stop - 1`` into ``out``, ``nodes`` and ``leads``.

    The buffers (dd_buffers) belong to the calling thread and serve all the ranges it
    takes, call after call; this kernel releases the GIL, so threads solve ranges side
    by side.  Deal ``d`` searches with table generation ``generations + d + 1``, a
    number no other deal of any call uses: every deal starts from an empty table, so
    results and node counts do not depend on which thread took which range.  Keeping
    the table across the deals of an analysis (same denomination, team and seats: an
    entry is a fact about a position) would save nothing: entries of one deal seldom
    match another's positions (every seat's suit lengths and top cards), and other
    deals' entries push out the deal's own.
    ``leads[d, position]`` (contract faces of ``denoms[d]``) is filled when it has rows.
    """
    buffers = Buffers(hands, moves, frames, tt_keys, tt_info)
    stats = np.zeros(2, np.int64)
    values = np.zeros(24 if leads.shape[0] > 0 else 0, np.int64)
    for d in range(first, stop):
        stats[0] = 0
        out[d] = dd_solve_deal(
            deals[d],
            denoms[d],
            teams[d],
            leaders[d],
            actives[d],
            target,
            buffers,
            generations + d + 1,
            stats,
            values,
        )
        nodes[d] = stats[0]
        for p in range(values.shape[0]):
            leads[d, p] = values[p]


@njit(cache=True)
def dd_solve_position(deal, denom, team, leader, active, trick, tt_bits, leads):
    """Solve one face-space position whose trick in progress holds ``trick`` (faces in order).

    Returns (tricks of ``team`` from here, this trick included; nodes).  ``leads`` is
    filled for the seat on move when it has 24 entries.
    """
    tricks = np.int64(0)
    for s in range(deal.shape[0]):
        tricks = max(tricks, popcount(deal[s]))
    stats = np.zeros(2, np.int64)
    buffers = dd_buffers(tricks, tt_bits)
    search, seat, leader, winner_seat, winner_card, led_suit, played = dd_position(
        deal, denom, team, leader, active, trick, buffers, 1, stats
    )
    value = dd_value(
        search, np.int64(0), seat, leader, winner_seat, winner_card, led_suit, played, NONE, np.int64(0)
    )
    if leads.shape[0] == 24:
        dd_leads(search, seat, leader, winner_seat, winner_card, led_suit, played, leads)
    return value, stats[0]


@njit(cache=True)
def dd_position(deal, denom, team, leader, active, trick, buffers, generation, stats):
    """The search of a face-space position whose trick in progress holds ``trick`` (faces
    in order, from ``leader``), in ``buffers`` with table generation ``generation``:
    (search, seat on move, leader, winner seat, winner card, led suit, cards played to
    the trick), ready for dd_value or dd_leads.  The play model PIMC keeps its buffers
    and gives each position a generation of its own."""
    search, leader = dd_start(deal, denom, team, leader, active, buffers, generation, stats)
    hands = search.hands
    seat = leader
    winner_seat = NONE
    winner_card = NONE
    led_suit = NONE
    played = ZERO
    held = ZERO
    for s in range(SEATS):
        held |= hands[0, s]
    for face in trick:
        # a copy no hand holds: the search tells cards apart by their bits
        card = np.int64(2 * POSITION[denom, face])
        if (held | played) & (ONE << np.uint64(card)):
            card += 1
        winner_seat, winner_card, led_suit = dd_play(card, seat, winner_seat, winner_card, led_suit, denom)
        played |= ONE << np.uint64(card)
        seat = search.turn[seat]
    return search, seat, leader, winner_seat, winner_card, led_suit, played
