"""The play model PIMC (Perfect Information Monte Carlo): sampling the worlds a seat
cannot tell apart, solving each double dummy, and playing the card with the best mean.

At each card it plays, a seat deals ``worlds`` completions of the cards it cannot see,
each consistent with what it knows (docs/pimc.md): its own hand, every card played and
by whom, the voids those cards showed (in effective suits), how many cards each seat
holds, and the cards it knows where they are (``fixed``: held by a named seat;
``gone``: out of play, such as the classic dealer's own discard).  Each world is solved
by the exact double-dummy search (``dd_leads``: the tricks its side takes after each
legal card).  A seat plays for its side's score of the hand: with the contract's
scoring (``goal``: the declarer's team's net points by its tricks) each world's tricks
become the side's net points for the hand (the tricks it has won so far counted in),
and the legal card with the most points over the worlds is played, then the one with
the most tricks; without a goal, the most tricks.  Ties go to the lowest card in the
contract order (side suits before trumps, lower before higher).  The known flaw is
*strategy fusion*: the mean over worlds assumes the seat could choose differently in
each world, which a real player cannot.

With an auction to explain (a kernels.bidding.AuctionCheck, from table.auction_check),
a world is dealt again until every bidder it tests, holding its cards of the world plus
those it has played, would have bid as it did (:func:`sample_world`): rejection
again, so the worlds stay uniform among the deals consistent with the seat's knowledge
and the bids.

Worlds are exactly uniform among the deals consistent with the seat's knowledge.  A
suit that only one place may hold (every other seat void in it, or full) goes there
first, which every consistent deal does; the rest is dealt uniformly and redealt
(rejection) until no seat gets a suit it showed out of.  When that starves (several
seats void in several suits: ``MAX_REDEALS`` redeals fail), counted_world deals by a
counting plan instead, as simulate/dealing/constraints.py does for suit lengths: exact too, so
every world is uniform whichever way it was dealt.  Decision ``k`` of deal ``d``
draws from the stream ``(seed, SALT_PIMC + k, d)``: a pure function of the seed, the
deal and the decision, whatever the threads.
"""

import math
from collections import namedtuple

import numpy as np

from .bits import lowest_bit, next_unit, popcount
from .contract import legal_cards, to_contract, to_face
from .dd.search import NONE, dd_buffers, dd_leads, dd_position
from .dealing import draw_cards, draw_hands, pool_of
from .evidence import NO_PLAY, TALLY, no_play_evidence, play_explains
from .jit import njit
from .rankings import ONE, SUIT_AT, SUIT_MASK, ZERO
from .world_auction import auction_heard, unexplained_chance

# Redeals by rejection before sample_world counts instead (counted in ``stats[1]``):
# rejection costs a deal a try, the counting plan about as much as a few hundred tries.
MAX_REDEALS = 300
# Worlds dealt for one that explains the auction before one is kept unmatched (counted
# in ``stats[2]``): an auction that rejects more than that is reported, not waited for.
MAX_AUCTION_TRIES = 2000
# A point's worth against a trick when a seat plays for points then tricks (kernels.pimc_seat.pimc_card):
# more than the tricks of every world of a decision together, so points decide first.
WORTH_UNIT = 1 << 20

# What the seat whose worlds are dealt knows (docs/pimc.md), contract space: ``viewer``
# holds ``own``; every other seat ``o`` holds ``counts[o]`` cards (0: sitting out), of
# which ``fixed[o]`` are known and the rest come from ``pool``, none of a suit in
# ``voids[o]`` (a bit per effective suit it showed out of); ``played_by[o]`` are the cards
# ``o`` has played, ``check`` the auction (a kernels.bidding.AuctionCheck) and ``lengths``
# the suit lengths as dealt (rows of lengths_match) that the worlds must explain, and
# ``evidence`` the cards played in order, which weigh the worlds
# (kernels.evidence.PlayEvidence; by default none).  A namedtuple, so numba keeps each
# field a plain value.
SeatView = namedtuple(
    "SeatView",
    ["viewer", "own", "counts", "fixed", "pool", "voids", "played_by", "check", "lengths", "evidence"],
    defaults=(no_play_evidence(),),
)


@njit(cache=True)
def void_cards(voids, denom):
    """The contract-space cards of every effective suit in the bit mask ``voids``."""
    cards = ZERO
    for suit in range(4):
        if (voids >> suit) & 1:
            cards |= SUIT_MASK[denom, suit]
    return cards


@njit(cache=True)
def world_start(view, n_seats, denom, world):
    """What every world of a decision shares, into ``world`` (the cards each place is sure
    to hold) and returned as (need, banned, left, base): the cards each place still
    takes (``need[n_seats]``: out of play), the cards of the suits each seat showed out
    of, the cards left to deal and a copy of ``world``.  See :func:`sample_world`."""
    viewer, counts, fixed = view.viewer, view.counts, view.fixed
    need = np.zeros(n_seats + 1, np.int64)  # the last place is "out of play"
    banned = np.zeros(n_seats + 1, np.uint64)
    free = view.pool
    total = 0
    for o in range(n_seats):
        world[o] = ZERO
        if o == viewer or counts[o] == 0:
            continue
        world[o] = fixed[o]
        need[o] = counts[o] - popcount(fixed[o])
        banned[o] = void_cards(view.voids[o], denom)
        total += need[o]
    need[n_seats] = popcount(view.pool) - total
    world[viewer] = view.own
    # Forced suits: a suit only one place may take goes there in every consistent world.
    changed = True
    while changed:
        changed = False
        for suit in range(4):
            cards = free & SUIT_MASK[denom, suit]
            if cards == ZERO:
                continue
            place = -1
            places = 0
            for o in range(n_seats + 1):
                if need[o] > 0 and (banned[o] & cards) == ZERO:
                    place = o
                    places += 1
            if places == 1 and popcount(cards) <= need[place]:
                if place < n_seats:
                    world[place] |= cards
                need[place] -= popcount(cards)
                free &= ~cards
                changed = True
    left = np.empty(popcount(free), np.int64)
    top = 0
    cards = free
    while cards:
        left[top] = lowest_bit(cards)
        top += 1
        cards &= cards - ONE
    return need, banned, left, world.copy()


@njit(cache=True)
def rejection_world(state, left, base, need, banned, n_seats, world, redeals):
    """Up to ``redeals`` uniform deals of ``left`` onto ``base`` until none gives a seat a
    ``banned`` card.  Returns (state, found one?)."""
    for _ in range(redeals):
        state, _ = draw_hands(state, left, left.shape[0], base, need, world)
        good = True
        for o in range(n_seats):
            if world[o] & banned[o]:
                good = False
        if good:
            return state, True
    return state, False


def binomials(top):
    """``out[n, k]`` = n choose k for n, k up to ``top`` (floats: the counts of deals
    outgrow 64-bit integers)."""
    out = np.zeros((top + 1, top + 1), np.float64)
    for n in range(top + 1):
        for k in range(n + 1):
            out[n, k] = math.comb(n, k)
    return out


# A suit holds at most 14 cards (the double deck's trumps: seven faces, two copies).
BINOMIAL = binomials(16)


@njit(cache=True)
def suit_takes(weights, r, k, allowed, strides, target, take, exact_suit=-1, exact=0):
    """The ways a seat that may hold the suits in the bit mask ``allowed`` draws ``k`` of
    the cards left (``r[s]`` of suit ``s``), each weighted by its number of card choices
    times ``weights`` of what it leaves (indexed by ``strides``); with ``exact_suit``
    (not -1) only the draws of exactly ``exact`` cards of that suit.  Returns their
    total; with ``target >= 0``, stops at the first draw where the running total passes
    ``target`` and leaves it in ``take`` (the last draw with weight, should rounding
    leave the total short)."""
    total = 0.0
    for x0 in range(min(r[0], k) + 1 if allowed & 1 else 1):
        for x1 in range(min(r[1], k - x0) + 1 if allowed & 2 else 1):
            for x2 in range(min(r[2], k - x0 - x1) + 1 if allowed & 4 else 1):
                x3 = k - x0 - x1 - x2
                if x3 > r[3] or (x3 > 0 and not allowed & 8):
                    continue
                if exact_suit >= 0 and (x0, x1, x2, x3)[exact_suit] != exact:
                    continue
                rest = (r[0] - x0) * strides[0] + (r[1] - x1) * strides[1]
                rest += (r[2] - x2) * strides[2] + (r[3] - x3) * strides[3]
                weight = weights[rest]
                if weight == 0.0:
                    continue
                weight *= BINOMIAL[r[0], x0] * BINOMIAL[r[1], x1] * BINOMIAL[r[2], x2] * BINOMIAL[r[3], x3]
                total += weight
                if target >= 0.0:
                    take[0] = x0
                    take[1] = x1
                    take[2] = x2
                    take[3] = x3
                    if total > target:
                        return total
    return total


@njit(cache=True)
def suit_counts(left, denom):
    """How many of the cards ``left`` each effective suit holds."""
    r = np.zeros(4, np.int64)
    for i in range(left.shape[0]):
        r[SUIT_AT[denom, left[i] >> 1]] += 1
    return r


@njit(cache=True)
def counting_plan(left, need, voids, viewer, n_seats, denom, exact_seat=-1, exact_suit=-1, exact=0):
    """The counts behind :func:`counted_world`, which depend only on how many cards of
    each suit are ``left`` (not on their order), so every world of a decision shares
    them: ``(strides, voided, levels, ways, exact_seat, exact_suit, exact)``, the seats
    with voids in turn and ``ways[level, suit counts left]``, the deals of that level's
    seat and every later one.  With ``exact_seat`` (not -1) that seat is a level too
    and draws exactly ``exact`` cards of ``exact_suit`` (a stratum of
    kernels.proposal's dealing on purpose)."""
    r = suit_counts(left, denom)
    strides = np.ones(4, np.int64)
    for suit in range(2, -1, -1):
        strides[suit] = strides[suit + 1] * (r[suit + 1] + 1)
    size = strides[0] * (r[0] + 1)
    voided = np.empty(n_seats, np.int64)
    levels = 0
    for o in range(n_seats):
        if o != viewer and need[o] > 0 and (voids[o] & 15 or o == exact_seat):
            voided[levels] = o
            levels += 1
    remaining = np.empty(levels + 1, np.int64)  # cards left before each level
    remaining[0] = left.shape[0]
    for level in range(levels):
        remaining[level + 1] = remaining[level] - need[voided[level]]
    ways = np.zeros((levels + 1, size), np.float64)
    counts = np.empty(4, np.int64)
    take = np.zeros(4, np.int64)
    for level in range(levels, -1, -1):
        for index in range(size):
            rest = index
            for suit in range(4):
                counts[suit] = rest // strides[suit]
                rest -= counts[suit] * strides[suit]
            if counts.sum() != remaining[level]:
                continue
            if level == levels:
                ways[level, index] = 1.0  # the seats without voids take any of what is left
            else:
                o = voided[level]
                ways[level, index] = suit_takes(
                    ways[level + 1],
                    counts,
                    need[o],
                    ~voids[o] & 15,
                    strides,
                    -1.0,
                    take,
                    exact_suit if o == exact_seat else -1,
                    exact,
                )
    return strides, voided, levels, ways, exact_seat, exact_suit, exact


@njit(cache=True)
def counted_world(state, left, need, voids, base, n_seats, denom, world, plan):
    """``world``: ``base`` plus the cards ``left`` dealt exactly uniformly, ``need[o]`` to
    each place (``need[n_seats]``: out of play), no seat a card of a suit in its
    ``voids``.  A uniform deal is a table of how many cards of each suit each place gets,
    drawn in proportion to its number of deals, then a uniform choice within each suit
    (as simulate/dealing/constraints.py deals suit lengths).  So the seats with voids draw their
    suit counts in turn, each in proportion to the deals of the draw and of everything
    after it (``plan``, from :func:`counting_plan`), and the seats without voids and the
    out-of-play place share the rest uniformly.  Returns the state.
    """
    strides, voided, levels, ways, exact_seat, exact_suit, exact = plan
    cards = np.empty((4, 16), np.int64)
    r = np.zeros(4, np.int64)
    for i in range(left.shape[0]):
        suit = SUIT_AT[denom, left[i] >> 1]
        cards[suit, r[suit]] = left[i]
        r[suit] += 1
    size = strides[0] * (r[0] + 1)
    take = np.zeros(4, np.int64)
    for o in range(n_seats):
        world[o] = base[o]
    if ways[0, size - 1] == 0.0:
        return state  # no consistent deal: the knowledge contradicts itself
    index = size - 1
    for level in range(levels):
        o = voided[level]
        state, u = next_unit(state)
        suit_takes(
            ways[level + 1],
            r,
            need[o],
            ~voids[o] & 15,
            strides,
            u * ways[level, index],
            take,
            exact_suit if o == exact_seat else -1,
            exact,
        )
        hand = world[o]
        for suit in range(4):
            state, r[suit], hand = draw_cards(state, cards[suit], r[suit], hand, take[suit])
            index -= take[suit] * strides[suit]
        world[o] = hand
    rest = pool_of(cards, r)
    free_need = need.copy()
    for level in range(levels):
        free_need[voided[level]] = 0
    state, _ = draw_hands(state, rest, rest.shape[0], world.copy(), free_need, world)
    return state


def no_lengths() -> np.ndarray:
    """The ``lengths`` of :func:`lengths_match` when no seat knows a suit length."""
    return np.zeros((0, 5), np.int64)


@njit(cache=True)
def lengths_match(world, played_by, viewer, denom, lengths):
    """Does every row (viewer, seat, cards, low, high) of ``lengths`` that is ``viewer``'s
    hold: ``seat``, with its cards of ``world`` plus those it has played (contract
    space), was dealt ``low`` to ``high`` of the face-space ``cards`` (a suit)?"""
    for r in range(lengths.shape[0]):
        if lengths[r, 0] != viewer:
            continue
        seat = lengths[r, 1]
        held = popcount(to_face(world[seat] | played_by[seat], denom) & np.uint64(lengths[r, 2]))
        if held < lengths[r, 3] or held > lengths[r, 4]:
            return False
    return True


@njit(cache=True)
def world_fits(state, world, view, denom, level_row, order_row, call_rows):
    """(state, does ``world`` fit what ``view``'s seat was told and heard?): the suit
    lengths (:func:`lengths_match`), then the auction (kernels.world_auction.auction_heard:
    exactly, or by its soft chance under soft inference)."""
    if not lengths_match(world, view.played_by, view.viewer, denom, view.lengths):
        return state, False
    return auction_heard(
        state, world, view.played_by, view.viewer, denom, view.check, level_row, order_row, call_rows
    )


@njit(cache=True)
def sample_world(state, view, n_seats, denom, world, stats, redeals):
    """Deal one world into ``world`` (contract space), exactly uniformly, as the SeatView
    ``view`` allows: ``view.viewer`` holds ``view.own``; every other seat ``o`` its
    ``fixed[o]`` cards plus ``counts[o] - |fixed[o]|`` cards of ``pool``, none of a suit
    in ``voids[o]``; pool cards left over are out of play.  Up to ``redeals`` redeals by
    rejection, then by the counting plan (each world so dealt counted in ``stats[1]``).

    With rows in ``check.bids`` or ``lengths``, the world is dealt again until its
    hands, with the cards each seat has played (``played_by``, contract space), would
    have bid as the auction says and hold the suit lengths ``lengths`` says
    (:func:`world_fits`): rejection, so the worlds stay
    uniform among those consistent with the seat's knowledge, the auction and the
    lengths (under soft inference, ``check.soft_scale`` > 0, a world passes the
    auction with its soft chance, so the worlds are a sample of the softly weighed
    ones).  The redeals share the world's start and, once rejection starves, its
    counting plan.  Such worlds are counted in ``stats[3]`` and every deal dealt for them
    in ``stats[4]``; after ``MAX_AUCTION_TRIES`` the last is kept unmatched, counted in
    ``stats[2]``, with the auction's soft chance (kernels.world_auction.unexplained_chance: soft
    inference's likelihood, a uniform world weighed as soft inference weighs a deal) as
    its weight in ``evidence.tally[0]``.  The play evidence (``view.evidence``) is
    tested last, the same way (kernels.evidence.play_explains): its counts and the
    world's weight are its own.  A world the rest explains but the play does not is held
    in reserve: when no try explains everything, the last such world is kept, weighed
    softly by the play, rather than a world that explains nothing.  Returns (state, did
    rejection starve?)."""
    viewer, voids, check, lengths = view.viewer, view.voids, view.check, view.lengths
    evidence = view.evidence
    heard = check.bids.shape[0] > 0 or lengths.shape[0] > 0
    checked = heard or (evidence.mode != NO_PLAY and evidence.plays.shape[0] > 0)
    need, banned, left, base = world_start(view, n_seats, denom, world)
    rows = 6 if checked else 0  # the check's work rows, empty when there is nothing to check
    level_row = np.empty((rows, check.bid_grid.shape[-1]), np.float64)
    order_row = np.empty(check.round1.shape[-1] if checked else 0, np.float64)
    call_rows = np.empty((5 if checked else 0, check.round2.shape[-1]), np.float64)
    starved = False
    plan = counting_plan(left[:0], need, voids, viewer, 0, denom)  # empty until rejection starves
    spare = np.empty(n_seats if checked else 0, np.uint64)  # the last world all but the play explain
    has_spare = False
    evidence.tally[0] = 1.0
    if heard:
        stats[3] += 1
    for attempt in range(MAX_AUCTION_TRIES):
        found = False
        if not starved:
            state, found = rejection_world(state, left, base, need, banned, n_seats, world, redeals)
            if not found:
                # Rejection starves when several seats showed out of several suits: count instead.
                starved = True
                plan = counting_plan(left, need, voids, viewer, n_seats, denom)
        if not found:
            stats[1] += 1
            state = counted_world(state, left, need, voids, base, n_seats, denom, world, plan)
        if not checked:
            return state, starved
        if heard:
            stats[4] += 1
        state, fits = world_fits(state, world, view, denom, level_row, order_row, call_rows)
        if fits:
            if play_explains(world, viewer, n_seats, denom, evidence, attempt == MAX_AUCTION_TRIES - 1):
                return state, starved
            spare[:] = world
            has_spare = True
    if has_spare:  # no try explained the play too: the last that explained the rest, softly
        world[:] = spare
        play_explains(world, viewer, n_seats, denom, evidence, True)
        return state, starved
    if heard:
        stats[2] += 1
        # a uniform world that fits nothing: it weighs the auction's soft chance
        evidence.tally[0] = unexplained_chance(
            world, view.played_by, viewer, denom, check, level_row, order_row, call_rows
        )
    return state, starved


@njit(cache=True)
def world_values(
    world, deal, viewer, own, denom, leader, active, trick, buffers, generation, stats, values, k
):
    """``values[k]``: world ``k``'s (contract space) exact value of every legal card of
    ``viewer`` (holding ``own``), by the double-dummy search; ``deal`` is a work row."""
    for s in range(world.shape[0]):
        deal[s] = to_face(world[s], denom)
    search, seat, first, winner_seat, winner_card, led_suit, played = dd_position(
        deal, denom, viewer & 1, leader, active, trick, buffers, generation, stats
    )
    # the probes of the lowest legal card start one above its value in the last world
    guess = NONE
    if k > 0:
        guess = values[k - 1, lowest_bit(legal_cards(own, denom, led_suit)) >> 1] + 1
    dd_leads(search, seat, first, winner_seat, winner_card, led_suit, played, values[k], guess)


@njit(cache=True)
def pimc_values(
    state, view, n_seats, active, denom, leader, trick, worlds, buffers, generation, stats, values
):
    """``values[k, position]``: the tricks the side of ``view.viewer`` (a SeatView) takes
    from here (this trick included) after it plays that contract face, in world ``k`` of
    ``worlds`` (-1 where the face is not legal), each world dealt as ``view`` allows
    (:func:`sample_world`).  ``trick`` holds the faces played to the trick in progress,
    from ``leader``.  The searches use table generation ``generation``.  Returns (state,
    the next free table generation)."""
    viewer, own = view.viewer, view.own
    world = np.empty(n_seats, np.uint64)
    deal = np.empty(n_seats, np.uint64)
    redeals = MAX_REDEALS
    for k in range(worlds):
        state, starved = sample_world(state, view, n_seats, denom, world, stats, redeals)
        if starved:
            redeals = 0  # it would starve again: count the rest of the decision's worlds
        world_values(
            world, deal, viewer, own, denom, leader, active, trick, buffers, generation, stats, values, k
        )
        if view.evidence.weights.shape[0] >= worlds:  # else the weights stay 1 (the default's hold one)
            view.evidence.weights[k] = view.evidence.tally[0]
    # One table generation for all the worlds of a decision: an entry is a fact about a
    # position (its bounds for ``viewer``'s side), true in whichever world reached it,
    # and worlds share many late positions.
    return state, generation + 1


@njit(cache=True)
def best_mean_card(legal, values, worlds, points, weights):
    """The legal card (contract space) with the highest total over the worlds of
    ``points[t]`` for the tricks ``t`` its side takes from here (empty ``points``: of the
    tricks), then of the tricks, world ``k`` counting ``weights[k]`` times; ties go to
    the lowest card in the contract order."""
    best = -1
    best_points = -np.inf
    best_total = -np.inf
    by_points = points.shape[0] > 0
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        total = 0.0
        score = 0.0
        for k in range(worlds):
            total += weights[k] * values[k, card >> 1]
            if by_points:
                score += weights[k] * points[values[k, card >> 1]]
        if score > best_points or (score == best_points and total > best_total):
            best = card
            best_points = score
            best_total = total
    return best


@njit(cache=True)
def side_points(goal, declarer_team, side, won, out):
    """``out[t]``: ``side``'s net points for the hand when it takes ``t`` more tricks after
    the ``won`` it has, from the declarer's team's ``goal`` (net points by its tricks)."""
    n = goal.shape[0] - 1
    for t in range(n - won + 1):
        out[t] = goal[won + t] if side == declarer_team else -goal[n - won - t]
    return out[: n - won + 1]


# What a PIMC playout of one deal keeps from decision to decision (pimc_table): what
# each seat knows (``known[v, o]``, ``gone[v]``, contract space), the worlds a decision,
# the seed and the deal's index (its streams), the solver's buffers and the table
# generation (``generation[0]``, one a decision), ``stats`` (stats[0]: nodes; stats[1]:
# worlds dealt by the fallback; stats[2]: worlds kept without explaining the auction;
# stats[3] and stats[4]: worlds kept under an auction check, and worlds dealt for them),
# what the seats play for (``goal``: the declarer's team's net points by its tricks,
# empty for tricks; ``declarer_team``; ``won``: each team's tricks so far, kept by
# kernels.play.play_tricks; ``points``: a decision's work row), the faces played
# to the trick in progress (``faces``) and the cards each seat has played
# (``played_by``, contract space), both kept by kernels.play.play_tricks, the auction
# the worlds must explain (``check``, a kernels.bidding.AuctionCheck), the suit lengths
# as dealt that seats know (``lengths``, rows of lengths_match), the work
# arrays of a decision, and the play evidence: ``play`` (its mode, kernels.evidence; the
# declarer; the bit mask of the seats whose worlds weigh it), the cards played in order
# (``plays``, rows (seat, card), kept by play_tricks), the worlds' ``weights`` and the
# evidence's ``tally``.  A namedtuple, so numba keeps each field a plain value.
PimcTable = namedtuple(
    "PimcTable",
    [
        "known",
        "gone",
        "worlds",
        "seed",
        "index",
        "buffers",
        "generation",
        "stats",
        "faces",
        "played_by",
        "check",
        "lengths",
        "counts",
        "fixed",
        "values",
        "goal",
        "declarer_team",
        "won",
        "points",
        "play",
        "plays",
        "weights",
        "tally",
        "levers",
    ],
)


@njit(cache=True)
def pimc_table(known, gone, hands, denom, worlds, seed, index, tt_bits, check, lengths, goal, play, levers):
    """The PimcTable of deal ``index`` whose contract-space ``hands`` are about to be
    played by the team of the declarer ``play[1]`` for ``goal``; ``known`` and ``gone``
    are face space (see PimcTable); ``play`` is the play evidence (see PimcTable);
    ``levers`` how a decision is searched when its worlds weigh alike
    (kernels.pimc_choice)."""
    n_seats = hands.shape[0]
    seen = np.empty((n_seats, n_seats), np.uint64)
    out_of_play = np.empty(n_seats, np.uint64)
    n_tricks = 0
    for s in range(n_seats):
        n_tricks = max(n_tricks, popcount(hands[s]))
        out_of_play[s] = to_contract(gone[s], denom)
        for o in range(n_seats):
            seen[s, o] = to_contract(known[s, o], denom)
    return PimcTable(
        seen,
        out_of_play,
        worlds,
        seed,
        index,
        dd_buffers(n_tricks, tt_bits),
        np.ones(1, np.int64),
        np.zeros(5, np.int64),
        np.zeros(n_seats, np.int64),
        np.zeros(n_seats, np.uint64),
        check,
        lengths,
        np.zeros(n_seats, np.int64),
        np.zeros(n_seats, np.uint64),
        np.full((max(worlds, 1), 24), -1, np.int64),
        goal,
        play[1] & 1,
        np.zeros(2, np.int64),
        np.zeros(goal.shape[0], np.float64),
        play.copy(),
        np.full((8 * n_seats, 2), -1, np.int64),
        np.ones(max(worlds, 1), np.float64),
        np.zeros(TALLY, np.float64),
        np.int64(levers),
    )
