"""PIMC's card choice inside playouts: the legal card with the best total over the
worlds, found with no more search than the choice needs.

kernels.pimc.pimc_values finds every legal card's exact value in every world (what
best-card shows).  A seat playing a deal out only needs the card with the best total,
and four levers (``levers``, bits below) make that cheaper; they are on by default
(DEFAULT_LEVERS), and each can be set apart for measurement:

``SAME_EVERYWHERE``
    Legal cards that no card another seat may hold (or the trick in progress holds)
    lies between are worth the same in every world (dd_move_classes, asked of every
    card the seat cannot see).  When all legal cards are of one such class the lowest is
    played with no world dealt: the full search would give them equal totals, and ties
    go to the lowest card.  The choice is the same card.
``BEST_ONLY``
    In each world the leading card so far (the best total of the earlier worlds) gets
    its exact value by null-window probes; every other card is asked only whether it
    reaches that value (one probe when it does not, the common case) and climbs to its
    exact value only when it does.  A card that falls short keeps the bounds ``[its
    cheap lower bound, leader - 1]``.  When every world is in, bounds that leave the
    best total in doubt are narrowed (probes halving the widest interval of the two
    cards in question, world by world) until one card's lowest total is at least
    every other's highest (ties to the lowest card, as in the full search).  The choice
    is the same card as with every value exact.
``EARLY_STOP``
    After ``MIN_WORLDS`` worlds, dealing stops once the leader (the best total of the
    bounds' midpoints, ties to the lowest card) leads every other legal card beyond
    doubt, tested after every world.  A rival is behind beyond doubt when it took no
    more tricks than the leader in any world so far (per world: the leader's lowest
    value at least the rival's highest), or when the per-world differences (the
    leader's lowest value minus the rival's highest) have a mean above ``Z`` standard
    errors, the variance taken as at least ``MIN_VARIANCE`` (one-sided, about 99.5% per
    rival and look).  The first rule is the one that stops most decisions; what it can
    cost is bounded: a rival that beats the leader by a trick in a fraction ``p`` of the
    worlds (and never loses to it) goes unseen in ``n`` worlds with chance ``(1 - p)^n``,
    an expected loss of ``p (1 - p)^n`` tricks, at most 0.057 at six worlds (``p`` =
    1/7) and less after more; a rival that also loses to the leader in some worlds
    costs less.  The card is then the best total of the worlds dealt (the exact rule below).
    It can differ from the full sample's only where the full sample's choice was that
    close, and it depends on the seed alone, as the worlds do.
``DROP_BEHIND``
    With the early stop: a rival that the early-stopping rule finds behind the leader
    beyond doubt (the same test, rival by rival, after every world from ``MIN_WORLDS``
    on) drops out of contention for the rest of the decision: it is probed in no later
    world, and the choice is made among the cards still in contention.  Each world
    then costs the leader's probes and one per contender instead of one per legal
    card.  It changes play as the early stop does (a dropped rival cannot come back);
    what it changes is measured in benchmarks/RESULTS.md.

A node budget (in the levers' upper bits: ``budget << BUDGET_SHIFT``, in thousands of
nodes; by default NODE_BUDGET) stops a decision's worlds once its searches have visited
that many nodes, after at least ``BUDGET_MIN_WORLDS`` worlds (``floor << BUDGET_FLOOR_SHIFT``,
1 to 15, sets another number, to measure what fewer or more cost): the costly decisions, the
first tricks of a six-seat deal, are then taken on fewer worlds (a four-seat decision
never reaches it).  It changes play, by an amount measured in benchmarks/RESULTS.md.
The nodes a search visits depend on the table's size but not on the threads or the
machine, so the choice stays a pure function of the seed (playouts size the table by
the hand's length alone).  ``budget_seats << BUDGET_SEATS_SHIFT`` (a bit per seat) binds only those
seats, to measure seats with a budget against seats without one in the same deals.

Worlds may carry weights (a rare bidder's trumps dealt on purpose, kernels.proposal):
the totals weigh them, and the early stop's margins are weighted means with the
variance of weighted worlds over their effective number; worlds of weight 1 give the
plain sums, means and variances, bit for bit.

Two levers that keep the transposition table longer are off by default, kept to
measure them (benchmarks/RESULTS.md: with the playouts' table of 2^17 entries they
search as many nodes as a fresh table each world, and more in a small table, where
worlds' entries crowd each other's buckets): ``DECISION_TABLE``, one table generation for
every world of a decision (an entry is a fact about a position, true in whichever world
reached it), and ``SIDE_TABLE``, one generation per side for a whole playout, so a
seat's consecutive decisions share entries.  Off, each world starts from an empty
table; the choice is the same either way.
"""

import numpy as np

from .bits import lowest_bit, popcount
from .contract import legal_cards, to_face
from .dd.bounds import dd_quick_bounds
from .dd.order import dd_move_classes
from .dd.position import dd_face_bits, dd_play
from .dd.search import NONE, dd_position, dd_search
from .jit import njit
from .rankings import ONE, POSITION, ZERO

SAME_EVERYWHERE = 1
BEST_ONLY = 2
EARLY_STOP = 4
DECISION_TABLE = 8
SIDE_TABLE = 16
DROP_BEHIND = 32
# A decision's node budget in thousands of nodes, from bit BUDGET_SHIFT up (0: none),
# and the seats it binds, six bits from BUDGET_SEATS_SHIFT (0: every seat).
BUDGET_SHIFT = 8
BUDGET_SEATS_SHIFT = 28
# The default node budget of a decision, in thousands of nodes (module docstring).
NODE_BUDGET = 50
DEFAULT_LEVERS = SAME_EVERYWHERE | BEST_ONLY | EARLY_STOP | DROP_BEHIND | NODE_BUDGET << BUDGET_SHIFT

# The early-stopping rule (EARLY_STOP above): worlds before the first look, the normal
# quantile a leader's mean margin must clear, and the least variance assumed.
MIN_WORLDS = 6
Z = 2.58
MIN_VARIANCE = 0.25
# The worlds a decision deals before its node budget may stop it, unless the four bits
# from BUDGET_FLOOR_SHIFT name another number.
BUDGET_MIN_WORLDS = 4
BUDGET_FLOOR_SHIFT = 34


@njit(cache=True)
def budget_floor(levers):
    """The worlds a decision deals before its node budget may stop it."""
    floor = (levers >> BUDGET_FLOOR_SHIFT) & 15
    return floor if floor > 0 else np.int64(BUDGET_MIN_WORLDS)


@njit(cache=True)
def node_budget(levers, viewer):
    """The nodes the decision of seat ``viewer`` may search before it stops dealing
    worlds (after budget_floor's), or 0 for no budget."""
    seats = (levers >> BUDGET_SEATS_SHIFT) & 63
    if seats != 0 and not (seats >> viewer) & 1:
        return np.int64(0)
    return ((levers >> BUDGET_SHIFT) & 0xFFFFF) * 1000


@njit(cache=True)
def decision_classes(legal, unseen, trick, denom):
    """The lowest card of each class of ``legal`` cards that are worth the same in every
    world: no card another seat may hold (``unseen``, contract space) or the trick in
    progress holds (``trick``, faces) lies between them."""
    others = unseen
    for face in trick:
        position = POSITION[denom, face]
        others |= np.uint64(3) << np.uint64(2 * position)
    return dd_move_classes(legal, dd_face_bits(others), denom)


@njit(cache=True)
def card_bounds(search, seat, leader, winner_seat, winner_card, led_suit, card, tricks, floor, ceiling):
    """The cheap (lower, upper) bounds on the tricks of the search's team after ``seat``
    plays ``card`` (its bit already out of ``hands[0, seat]``), as dd_leads starts them."""
    lower = np.int64(0)
    upper = tricks
    if search.turn[seat] == leader:  # the card ends the trick
        new_seat, _, _ = dd_play(card, seat, winner_seat, winner_card, led_suit, search.denom)
        won = np.int64(1) if (new_seat & 1) == search.team else np.int64(0)
        lower = won
        upper = won + tricks - 1
        if tricks > 1:
            quick_lower, quick_upper, _ = dd_quick_bounds(
                search.hands, np.int64(0), search.denom, search.team, new_seat, tricks - 1, np.int64(0)
            )
            lower = won + quick_lower
            upper = won + quick_upper
    return max(lower, floor), min(upper, ceiling)


@njit(cache=True)
def card_reaches(search, seat, leader, winner_seat, winner_card, led_suit, played, card, target):
    """Does the search's team take at least ``target`` tricks after ``seat`` plays ``card``?"""
    bit = ONE << np.uint64(card)
    search.hands[0, seat] ^= bit
    new_seat, new_card, suit = dd_play(card, seat, winner_seat, winner_card, led_suit, search.denom)
    to_move, trick_leader = search.turn[seat], leader
    trick_seat, trick_card, trick_suit, trick_played = new_seat, new_card, suit, played | bit
    won = np.int64(0)
    if search.turn[seat] == leader:
        to_move = trick_leader = new_seat
        trick_seat = trick_card = trick_suit = NONE
        trick_played = ZERO
        won = np.int64(1) if (new_seat & 1) == search.team else np.int64(0)
    found = dd_search(
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
    )
    search.hands[0, seat] ^= bit
    return found


@njit(cache=True)
def world_position(world, n_seats, denom, viewer, leader, active, trick, buffers, generation, stats):
    """The search of contract-space ``world`` at the decision: dd_position's tuple."""
    deal = np.empty(n_seats, np.uint64)
    for s in range(n_seats):
        deal[s] = to_face(world[s], denom)
    return dd_position(deal, denom, viewer & 1, leader, active, trick, buffers, generation, stats)


@njit(cache=True)
def world_bounds(
    search, seat, leader, winner_seat, winner_card, led_suit, played, lead, guess, asked, low, high
):
    """``low``/``high`` (by face position): the values of this world's legal cards,
    exact for ``lead`` (a legal card, or -1 for the lowest; its probes start at
    ``guess``, -1 for its lower bound plus one) and for every card of ``asked`` that
    reaches its value, ``[cheap lower bound, lead's value - 1]`` for the others of
    ``asked``; the cards outside ``asked`` keep their cheap bounds."""
    hands = search.hands
    others = played
    for s in range(hands.shape[1]):
        if s != seat:
            others |= hands[0, s]
    legal = legal_cards(hands[0, seat], search.denom, led_suit)
    reps = dd_move_classes(legal, dd_face_bits(others), search.denom)
    tricks = popcount(hands[0, seat])
    ceiling = tricks
    floor = np.int64(0)
    if led_suit < 0:
        quick_lower, quick_upper, _ = dd_quick_bounds(
            hands, np.int64(0), search.denom, search.team, leader, tricks, np.int64(0)
        )
        if (seat & 1) == search.team:
            ceiling = quick_upper
        else:
            floor = quick_lower
    if lead < 0 or not (legal >> np.uint64(lead)) & ONE:
        lead = lowest_bit(legal)
    # the lead's class representative stands for it
    card = lead
    while not (reps >> np.uint64(card)) & ONE:
        card -= 1
    lead = card
    # every class representative's cheap bounds
    cards = reps
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        bit = ONE << np.uint64(card)
        hands[0, seat] ^= bit
        low[card >> 1], high[card >> 1] = card_bounds(
            search, seat, leader, winner_seat, winner_card, led_suit, card, tricks, floor, ceiling
        )
        hands[0, seat] ^= bit
    # the lead's exact value, stepping from ``guess`` (its value in the last world): up
    # after a success, down after a failure, as dd_leads does
    position = lead >> 1
    target = low[position] + 1 if guess < 0 else min(max(guess, low[position] + 1), high[position])
    while low[position] < high[position]:
        if card_reaches(search, seat, leader, winner_seat, winner_card, led_suit, played, lead, target):
            low[position] = target
            target += 1
        else:
            high[position] = target - 1
            target -= 1
    value = low[position]
    cards = reps & ~(ONE << np.uint64(lead))
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        position = card >> 1
        if high[position] < value or not (asked >> np.uint64(card)) & ONE:
            continue  # short of the lead whatever the probe would say, or out of contention
        if low[position] < value:
            if card_reaches(search, seat, leader, winner_seat, winner_card, led_suit, played, card, value):
                low[position] = value
            else:
                high[position] = value - 1
                continue
        while low[position] < high[position]:  # as good as the lead here: its exact value
            target = low[position] + 1
            if card_reaches(search, seat, leader, winner_seat, winner_card, led_suit, played, card, target):
                low[position] = target
            else:
                high[position] = target - 1
    copy_to_class(legal, reps, low, high)


@njit(cache=True)
def copy_to_class(legal, reps, low, high):
    """Each legal card that is not its class's representative takes the representative's
    bounds (classes are runs of cards, the representative the lowest)."""
    last = np.int64(-1)
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        if (reps >> np.uint64(card)) & ONE:
            last = card >> 1
        else:
            low[card >> 1] = low[last]
            high[card >> 1] = high[last]


@njit(cache=True)
def totals(legal, low, high, n, worth, weights):
    """Per face position of ``legal``: the lowest and highest totals over worlds
    ``0 .. n - 1``, world ``k`` counting ``weights[k]`` times, of the worth of the tricks
    (``worth[t]``, strictly rising in ``t``: the tricks themselves, or points then
    tricks), a face held twice counted once.  Worlds of weight 1 sum exactly: the
    worths are whole numbers far below 2^53."""
    low_total = np.zeros(24, np.float64)
    high_total = np.zeros(24, np.float64)
    for position in range(24):
        if ((legal >> np.uint64(2 * position)) & np.uint64(3)) == ZERO:
            continue
        for k in range(n):
            low_total[position] += weights[k] * worth[low[k, position]]
            high_total[position] += weights[k] * worth[high[k, position]]
    return low_total, high_total


@njit(cache=True)
def leading_card(legal, low, high, n, worth, weights):
    """The legal card whose bounds' midpoint total is highest (ties: the lowest card).
    Totals may be below zero: a seat playing for points that loses some whatever it plays."""
    low_total, high_total = totals(legal, low, high, n, worth, weights)
    best = -1
    best_total = 0.0
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        total = low_total[card >> 1] + high_total[card >> 1]
        if best < 0 or total > best_total:
            best = card
            best_total = total
    return best


@njit(cache=True)
def behind_beyond_doubt(p, q, low, high, n, worth, unit, weights):
    """The early-stopping rule's test of one rival (module docstring): is the card of
    face position ``q`` behind the leader's ``p`` beyond doubt after ``n`` worlds?
    Margins are in ``worth`` over ``unit`` (tricks, or points when a seat plays for them);
    world ``k`` counts ``weights[k]`` times, the mean and variance those of weighted
    worlds (reliability weights, with the effective number of worlds), which worlds of
    weight 1 reduce to the plain ones."""
    behind = True  # never more tricks than the leader so far
    total = 0.0
    squares = 0.0
    weight = 0.0
    weight_squares = 0.0
    for k in range(n):
        margin = float(worth[low[k, p]] - worth[high[k, q]]) / unit
        if margin < 0.0:
            behind = False
        total += weights[k] * margin
        squares += weights[k] * margin * margin
        weight += weights[k]
        weight_squares += weights[k] * weights[k]
    if behind:
        return True
    effective = weight * weight / weight_squares
    if effective <= 1.0:
        return False  # one world's worth of evidence: no variance to judge by
    mean = total / weight
    variance = max((squares - weight * mean * mean) / (weight - weight_squares / weight), MIN_VARIANCE)
    return mean > Z * np.sqrt(variance / effective)


@njit(cache=True)
def contenders(legal, low, high, n, worth, unit, weights):
    """(the cards of ``legal`` still in contention after ``n`` worlds, the leading
    card): the leading card and every card not behind it beyond doubt
    (behind_beyond_doubt)."""
    lead = leading_card(legal, low, high, n, worth, weights)
    p = lead >> 1
    left = legal
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        q = card >> 1
        if q != p and behind_beyond_doubt(p, q, low, high, n, worth, unit, weights):
            left &= ~(ONE << np.uint64(card))
    return left, lead


@njit(cache=True)
def leads_alone(left, lead):
    """The early-stopping rule (module docstring): is the leading card ``lead`` (with its
    copy) all that :func:`contenders` left in contention (``left``)?"""
    return (left & ~(np.uint64(3) << np.uint64(lead & ~1))) == ZERO


@njit(cache=True)
def settled_best(legal, low, high, n, worth, weights):
    """(the best card, a card in doubt against it, the world to narrow, -1 when settled):
    the best card once its lowest total reaches every other's highest (ties to the
    lowest card); else the world where the wider interval of the two lies."""
    low_total, high_total = totals(legal, low, high, n, worth, weights)
    best = -1
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        if best < 0 or low_total[card >> 1] > low_total[best >> 1]:
            best = card
    p = best >> 1
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        q = card >> 1
        if q == p:
            continue
        margin = low_total[p] - high_total[q]
        if margin > 0 or (margin == 0 and best < card):
            continue
        widest = -1
        world = 0
        which = best
        for k in range(n):
            if high[k, p] - low[k, p] > widest:
                widest = high[k, p] - low[k, p]
                world = k
                which = best
            if high[k, q] - low[k, q] > widest:
                widest = high[k, q] - low[k, q]
                world = k
                which = card
        return best, which, world
    return best, -1, -1


@njit(cache=True)
def narrow(
    legal,
    low,
    high,
    n,
    worth,
    weights,
    kept,
    n_seats,
    denom,
    viewer,
    leader,
    active,
    trick,
    buffers,
    generation,
    stats,
):
    """Narrow the bounds (probes halving an interval) until one card's total is best beyond
    its rivals' highest; return that card."""
    while True:
        best, card, k = settled_best(legal, low, high, n, worth, weights)
        if card < 0:
            return best
        search, seat, first, winner_seat, winner_card, led_suit, played = world_position(
            kept[k], n_seats, denom, viewer, leader, active, trick, buffers, generation, stats
        )
        position = card >> 1
        target = (low[k, position] + high[k, position] + 1) // 2
        if card_reaches(search, seat, first, winner_seat, winner_card, led_suit, played, card, target):
            low[k, position] = target
        else:
            high[k, position] = target - 1
