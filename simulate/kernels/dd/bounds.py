"""The solver's cheap bounds, which answer a node without searching it.

At every trick boundary: a seat's trumps are sure tricks but for one per opponent trump
level with or above them, and the leader's side takes the tricks the leader can cash at
once, partners following under it (drawing trumps first), and then a lead that its
side's best card wins, or after leading to a partner's winner, those the partner can
cash; a side sweeps when the other side has no trump and one of its seats holds only
trumps, or will after the leader cashes and loses one card to a partner; a side needing
every trick loses one when the other side tops every suit its leader can lead, or when
the leader must lead a suit the other side tops, its partners never taking the lead.
The last trick is played out at once.  Inside a trick, a settled trick answers a node
that has no slack left.  Each bound also names its relevant cards.
"""

import numpy as np

from ..bits import highest_bit, lowest_bit, popcount
from ..contract import beats
from ..jit import njit
from ..rankings import ONE, SUIT_AT, SUIT_MASK, TRUMP, ZERO
from .position import (
    SEATS,
    dd_above,
    dd_face_and_above,
    dd_holder,
    dd_level_or_above,
    dd_ruffers,
    dd_side_seats,
)


@njit(cache=True, inline="always")
def dd_last_trick(hands, level, turn, denom, leader):
    """(winner, relevant cards) of the last trick, where every active seat holds one card.

    Only the side taking the trick counts here, so the winning card's rank matters only
    when the other side played a card of its suit.  Sound: in a position with the same
    suit lengths every seat plays a card of the same suit; if the winner's side alone
    played the winning suit (the led suit with no trump played, or trump), its best card
    there still wins, whatever the ranks.  Otherwise the winning card's range keeps the
    winner and every card of the suit above it, so the other side's cards, below it or
    the same, still lose.
    """
    winner_seat = leader
    winner_card = lowest_bit(hands[level, leader])
    played_even = ZERO  # cards played by the side of seat 0
    played_odd = ZERO  # and by the side of seat 1
    seat = leader
    while True:
        card = lowest_bit(hands[level, seat])
        if seat & 1:
            played_odd |= hands[level, seat]
        else:
            played_even |= hands[level, seat]
        if beats(card, winner_card, denom):
            winner_seat = seat
            winner_card = card
        seat = turn[seat]
        if seat == leader:
            break
    block = SUIT_MASK[denom, SUIT_AT[denom, winner_card >> 1]]
    other_side = played_even if winner_seat & 1 else played_odd
    if other_side & block:
        return winner_seat, dd_face_and_above(winner_card >> 1, denom)
    return winner_seat, ZERO


# The quick bounds' helpers below are compiled once each, not inlined: inlined into
# dd_quick_bounds, called from dd_enter and dd_value, they make the solver take several
# times as long to compile, for little search speed.
@njit(cache=True)
def dd_sure_trumps(held, against, denom):
    """(tricks, relevant cards): tricks the side of a seat holding the trumps ``held``
    surely takes with them against the other side's trumps ``against``.

    Every trump of the seat is played to a trick of its own, and the side wins that
    trick unless an opponent plays a trump level with or above it there (a level copy
    played first wins); each opponent trump can do that once.  So the side takes at
    least ``held``'s trumps less the largest matching of them to opponent trumps level
    with or above them, found greedily from the seat's highest trump down (a lower
    trump can be matched to every trump that a higher one can).  The count depends on
    the trumps from the lowest one that added to it up.
    """
    tricks = np.int64(0)
    matched = np.int64(0)
    depth = np.int64(-1)
    while held:
        card = highest_bit(held)
        held &= ~(ONE << np.uint64(card))
        if popcount(against & dd_level_or_above(ONE << np.uint64(card))) > matched:
            matched += 1
        else:
            tricks += 1
            depth = card >> 1
    if depth < 0:
        return tricks, ZERO
    return tricks, dd_face_and_above(depth, denom)


@njit(cache=True)
def dd_partner_ducks(mine, held, rounds):
    """Can a partner holding ``held`` of a suit follow each of the first ``rounds`` leads of
    the leader's cards ``mine`` (highest first) with a card level with or below it?

    It plays its lowest ``rounds`` cards (all of them if it holds fewer), the highest of
    them under the leader's highest, and so on down: the pairing that fits if any does.
    """
    for _ in range(popcount(held) - rounds):
        held &= ~(ONE << np.uint64(highest_bit(held)))
    while held:
        lead = highest_bit(mine)
        follow = highest_bit(held)
        if (follow >> 1) > (lead >> 1):
            return False
        mine &= ~(ONE << np.uint64(lead))
        held &= ~(ONE << np.uint64(follow))
    return True


@njit(cache=True)
def dd_cash_rounds(hands, level, denom, leader, block):
    """(rounds, relevant cards, exhausts): how many times in a row the leader can lead the
    suit ``block``, highest card first, and win the trick itself; ``exhausts``: whether
    every other seat is void in the suit after those rounds.

    An opponent stops the run only if it still holds a card above the leader's card of
    that round, so a seat holding ``n`` cards of which the leader's first ``a`` leads are
    level with or above its best allows ``a`` rounds if ``a < n`` (after ``n`` rounds it
    is void).  A partner does not overtake while it can follow under the leader
    (dd_partner_ducks), and once every other seat is void the leader's low cards win
    too.  Playing the other suits first only helps: seats void there discard, partners
    their highest cards, so holdings only shrink.  The count depends on the suit's cards
    from the leader's card of round ``min(rounds, longest holding of another seat)`` up:
    cards below it go under every lead the count uses.
    """
    mine = hands[level, leader] & block
    rounds = popcount(mine)
    longest = np.int64(0)
    partners = ZERO
    for s in range(SEATS):
        if s == leader:
            continue
        held = hands[level, s] & block
        if held == ZERO:
            continue
        n = popcount(held)
        longest = max(longest, n)
        ahead = popcount(mine & dd_level_or_above(held))
        if ahead >= n:
            continue
        if (s & 1) != (leader & 1):
            if ahead == 0:
                # not one round (the seat is not void): nothing more to learn
                return np.int64(0), ZERO, False
            rounds = min(rounds, ahead)
        else:
            partners |= ONE << np.uint64(s)
    while partners and rounds > 0:
        s = lowest_bit(partners)
        partners &= partners - ONE
        held = hands[level, s] & block
        if not dd_partner_ducks(mine, held, min(rounds, popcount(held))):
            fits = np.int64(0)
            while dd_partner_ducks(mine, held, fits + 1):
                fits += 1
            rounds = fits
    last = min(rounds, longest)
    if last == 0:
        return rounds, ZERO, rounds >= longest
    cards = mine
    for _ in range(last - 1):
        cards &= ~(ONE << np.uint64(highest_bit(cards)))
    return rounds, dd_face_and_above(highest_bit(cards) >> 1, denom), rounds >= longest


@njit(cache=True)
def dd_trump_sweep(hands, level, denom, side, leader):
    """(sweeps, relevant cards): does ``side`` surely take every remaining trick because
    the other side holds no trump?

    Called at a trick boundary of a trump contract.  With no trump on the other side,
    every trick in which a seat of ``side`` plays a trump is the side's.  So the side
    sweeps once one of its seats holds nothing but trumps: that seat plays a trump to
    every trick, whoever leads.  When the side leads, the leader gets there itself: it
    cashes the rounds of the plain suits that it wins itself (dd_cash_rounds, so it
    keeps the lead; a partner void in the suit discards rather than ruffs, unless it
    holds only trumps, and then it sweeps itself), then leads its one remaining plain
    card.  The side wins that trick
    when a partner is void in the suit and holds a trump (it stays void, and keeps a
    trump: it discards a plain card while it has one), or when the card is the leader's
    only one of its suit and a partner holds a card above every card of the other side
    there, and that partner holds no trump or the leader has no winner to cash first
    (the suit is not led before, and a partner with no trump always has another card
    to discard, so it keeps that card and never takes the lead early).  The leader
    holds only trumps after that trick.  Beyond the suit lengths, the answer depends
    on the cards dd_cash_rounds names and, for a partner's winner, on the cards from
    it up.
    """
    trumps = SUIT_MASK[denom, TRUMP[denom]]
    only_trumps = False
    for s in range(SEATS):
        held = hands[level, s]
        if (s & 1) != side:
            if held & trumps:
                return False, ZERO
        elif held != ZERO and (held & ~trumps) == ZERO:
            only_trumps = True
    if only_trumps:
        return True, ZERO
    if (leader & 1) != side:
        return False, ZERO
    lead_hand = hands[level, leader]
    losers = np.int64(0)
    rescued = False
    relevant = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        mine = lead_hand & block
        if suit == TRUMP[denom] or mine == ZERO:
            continue
        top, suit_relevant, _ = dd_cash_rounds(hands, level, denom, leader, block)
        relevant |= suit_relevant
        lost = popcount(mine) - top
        if lost == 0:
            continue
        losers += lost
        if losers > 1:
            return False, ZERO
        defenders = ZERO
        for s in range(SEATS):
            held = hands[level, s]
            if (s & 1) != side:
                defenders |= held & block
            elif s != leader and (held & block) == ZERO and (held & trumps) != ZERO:
                rescued = True
        if not rescued and top == 0:
            nothing_to_cash = popcount(lead_hand & ~trumps) == 1
            beaten = dd_above(defenders)
            for s in range(SEATS):
                held = hands[level, s]
                if (s & 1) == side and s != leader and (held & block & beaten) != ZERO:
                    if nothing_to_cash or (held & trumps) == ZERO:
                        rescued = True
                        relevant |= dd_face_and_above(highest_bit(held & block) >> 1, denom)
    if losers == 0 or rescued:
        return True, relevant
    return False, ZERO


@njit(cache=True)
def dd_first_of_level(hands, level, leader, seat, card, others):
    """Does ``card`` of ``seat`` beat ``others`` (the other seats' cards of its suit) in a
    trick led by ``leader``: above them all, or level with the other copy of its face
    held by a seat that plays after ``seat`` (the first copy played wins)?"""
    if others == ZERO or (highest_bit(others) >> 1) < (card >> 1):
        return True
    if (highest_bit(others) >> 1) > (card >> 1):
        return False
    # places after the leader, without a division (a tie is common in a double deck)
    place = seat - leader + (SEATS if seat < leader else 0)
    for s in range(SEATS):
        if s != seat and (hands[level, s] >> np.uint64(card & ~1)) & np.uint64(3):
            if s - leader + (SEATS if s < leader else 0) < place:
                return False
    return True


@njit(cache=True, inline="always")
def dd_side_wins_lead(hands, level, denom, leader, ours, defenders):
    """Relevant cards (ZERO if not) when the leader's side, holding ``ours`` of a suit
    against the other side's ``defenders``, takes a lead of the suit by the leader if
    nobody ruffs: its best card of the suit beats every card of the other side there
    (dd_first_of_level), the leader leading it or a partner playing it in turn."""
    if ours == ZERO:
        return ZERO
    best = highest_bit(ours)
    best_seat = leader
    if defenders != ZERO and (highest_bit(defenders) >> 1) == (best >> 1):
        # the other copy is the other side's: who plays first of the two matters
        best_seat = dd_holder(hands, level, best)
    if dd_first_of_level(hands, level, leader, best_seat, best, defenders):
        return dd_face_and_above(best >> 1, denom)
    return ZERO


@njit(cache=True, inline="always")
def dd_unruffed_rounds(hands, level, denom, leader, block, top):
    """Rounds of the plain suit ``block`` that the leader cashes right after its trump
    rounds while the other side keeps trumps: those of dd_cash_rounds (``top``), but no more than
    any seat of the other side holding a trump has cards of the suit (it followed the
    trump rounds with trumps and follows these, never void, so it cannot ruff), and
    no more than the plain cards of a partner void in the suit that holds a trump (it
    discards one each round rather than ruff, keeping the side's best card of the suit
    led after them, if it holds it, to the last: if it must ruff with that card left,
    it wins the round itself and then leads that card, which wins as well)."""
    trumps = SUIT_MASK[denom, TRUMP[denom]]
    for s in range(SEATS):
        held = hands[level, s]
        if (held & trumps) != ZERO:
            if (s & 1) != (leader & 1):
                top = min(top, popcount(held & block))
            elif s != leader and (held & block) == ZERO:
                top = min(top, popcount(held & ~trumps))
    return top


@njit(cache=True)
def dd_other_side_takes_this_trick(hands, level, denom, leader):
    """(lost, relevant cards): does the side not on lead surely win the trick the
    leader leads now, whatever it leads?

    For each suit the leader holds, either the other side's best card there beats
    every card of the leader's side (dd_first_of_level: its holder follows with it), or
    a seat of the other side void in the suit can ruff it; and no seat of the leader's
    side is void in it holding a trump (a seat that holds the suit must follow, so
    only a void one could ruff or overruff).  The leader's side, needing every trick,
    cannot have it: the most common search target is exactly that.  Beyond the suit
    lengths the answer depends on the cards from each suit's winning card up.
    """
    side = leader & 1
    ours = ZERO
    theirs = ZERO
    for s in range(SEATS):
        if (s & 1) == side:
            ours |= hands[level, s]
        else:
            theirs |= hands[level, s]
    relevant = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        if (hands[level, leader] & block) == ZERO:
            continue
        ruffers = dd_ruffers(hands, level, denom, block)
        if ruffers & dd_side_seats(side):
            return False, ZERO
        if ruffers:
            continue
        if (theirs & block) == ZERO:
            return False, ZERO
        best = highest_bit(theirs & block)
        best_seat = leader
        if (highest_bit(ours & block) >> 1) == (best >> 1):
            # the sides share the face: who plays first of the two matters
            best_seat = dd_holder(hands, level, best)
        if not dd_first_of_level(hands, level, leader, best_seat, best, ours & block):
            return False, ZERO
        relevant |= dd_face_and_above(best >> 1, denom)
    return True, relevant


@njit(cache=True)
def dd_must_lead_topped_suit(hands, level, denom, leader):
    """(lost, relevant cards): must the leader's side, if it is to take every trick, lead
    a suit the leader holds in which the other side's best card beats all of its side's
    (dd_first_of_level, the leader leading): a *topped* suit?

    So it is when no partner of the leader can ever win a trick: it holds no trump, and
    in every suit the leader holds that is not topped its cards are level with or
    below the leader's lowest one there.  Then while the side wins every trick the
    leader wins them all (a partner neither ruffs nor beats the leader's card of a suit
    not topped, the first copy winning a tie), so it leads every trick from its own
    hand, and a topped suit among them.  Before that trick the holder of the other
    side's best card of that suit played cards of other suits, or any other card it
    held (it holds two or more until the last trick), so it still holds it, and wins.
    A squeeze cannot take it: nothing forces that holder to part with it.  Beyond the
    suit lengths the answer depends on the cards from the other side's best card of
    each topped suit up and from each partner's best card of each other suit up.
    """
    trump = TRUMP[denom]
    trumps = SUIT_MASK[denom, trump] if trump >= 0 else ZERO
    side = leader & 1
    lead_hand = hands[level, leader]
    for p in range(SEATS):
        if p != leader and (p & 1) == side and (hands[level, p] & trumps) != ZERO:
            return False, ZERO
    topped = False
    relevant = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        mine = lead_hand & block
        if mine == ZERO:
            continue
        ours = ZERO
        best = np.int64(-1)
        best_seat = leader
        overtaken = False
        partner_relevant = ZERO
        for s in range(SEATS):
            held = hands[level, s] & block
            if held == ZERO:
                continue
            if (s & 1) != side:
                if (highest_bit(held) >> 1) > (best >> 1):
                    best = highest_bit(held)
                    best_seat = s
                continue
            ours |= held
            if s != leader:
                if (highest_bit(held) >> 1) > (lowest_bit(mine) >> 1):
                    overtaken = True
                else:
                    partner_relevant |= dd_face_and_above(highest_bit(held) >> 1, denom)
        if best >= 0 and dd_first_of_level(hands, level, leader, best_seat, best, ours):
            topped = True
            relevant |= dd_face_and_above(best >> 1, denom)
        elif overtaken:
            return False, ZERO
        else:
            relevant |= partner_relevant
    return topped, relevant if topped else ZERO


@njit(cache=True)
def dd_cash_count(hands, level, denom, leader):
    """(tricks, later, crossing, relevant cards): the tricks the leader cashes in a row,
    winning each itself (see dd_quick_bounds); ``later``, the tricks its side surely
    takes right after them whose proof needs the other side's suit lengths as they are
    now (so dd_cross_count, which counts on hands a trick ahead, leaves them out); and
    the relevant cards of the last of those, the crossing lead below (else ZERO).

    While trumps are out, only the trump rounds are cashed; ``later`` then starts with
    the rounds of one plain suit that nobody can ruff yet (dd_unruffed_rounds).  The
    crossing lead is of a suit the leader has not cashed from (so a partner holding the
    side's best card there still holds it: it follows under the leader or discards
    another card, having two or more left), won by the side's best card
    (dd_side_wins_lead) when no one of the other side can ruff: after drawing trumps
    nobody holds one, and while trumps are out a seat of the other side that holds a
    card of the suit and a trump has followed every round before with one of them.  The
    trick after it may be led by a partner, so it ends the count."""
    trump = TRUMP[denom]
    trumps = SUIT_MASK[denom, trump] if trump >= 0 else ZERO
    lead_hand = hands[level, leader]
    relevant = ZERO
    cashed = np.int64(0)
    top_trumps = np.int64(0)
    trumps_drawn = True
    uncashed = ZERO
    tops = ZERO  # each suit's rounds, four bits per suit
    opponents = ZERO
    ours = ZERO
    for s in range(SEATS):
        if (s & 1) != (leader & 1):
            opponents |= hands[level, s]
        else:
            ours |= hands[level, s]
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        mine = lead_hand & block
        if opponents & block & dd_above(mine):
            # an opponent beats the leader's best card here: no round (trumps stay out)
            if suit == trump:
                trumps_drawn = False
            if mine:
                uncashed |= block
            continue
        if suit != trump and mine == ZERO:
            continue
        top, suit_relevant, exhausts = dd_cash_rounds(hands, level, denom, leader, block)
        relevant |= suit_relevant
        cashed += top
        tops |= np.uint64(top) << np.uint64(4 * suit)
        if suit == trump:
            top_trumps = top
            trumps_drawn = exhausts
        if top == 0 and (lead_hand & block) != ZERO:
            uncashed |= block
    later = np.int64(0)
    if not trumps_drawn:
        uncashed |= lead_hand & ~trumps
        plain_block = ZERO
        for suit in range(4):
            top = np.int64((tops >> np.uint64(4 * suit)) & np.uint64(15))
            if suit != trump and top > later:
                block = SUIT_MASK[denom, suit]
                rounds = dd_unruffed_rounds(hands, level, denom, leader, block, top)
                if rounds > later:
                    later = rounds
                    plain_block = block
        uncashed &= ~plain_block
    crossing = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        if (uncashed & block) == ZERO:
            continue
        if not trumps_drawn:
            if dd_ruffers(hands, level, denom, block) & dd_side_seats(1 - (leader & 1)):
                continue
        crossing = dd_side_wins_lead(hands, level, denom, leader, ours & block, opponents & block)
        if crossing != ZERO:
            later += 1
            break
    if trumps_drawn:
        return cashed, later, crossing, relevant
    return top_trumps, later, crossing, relevant


@njit(cache=True)
def dd_cross_count(hands, level, denom, leader):
    """(tricks, relevant cards): tricks the leader's side takes by first leading to a
    partner's winner and then cashing the partner's tricks (dd_cash_count).

    The partner's highest card of a suit the leader holds must be above every other
    card of that suit (the leader's and the other partner's too), or level with the
    other copy of its face held by a seat that plays after it, and nobody may ruff
    it: no opponent void in the suit holds a trump, and no partner void in it holds
    only trumps.  The leader leads its highest card of the suit and the other partner
    plays its highest, or discards its highest card of some suit: each seat other than
    the new leader only loses cards, an opponent any, a partner its highest of a suit,
    so counting the partner's tricks with their hands as they are now is safe (that
    count never grows when a partner's highest card of a suit is added back).  Only
    the partner's own hand changes for the count: it has played its winner.
    """
    trump = TRUMP[denom]
    trumps = SUIT_MASK[denom, trump] if trump >= 0 else ZERO
    lead_hand = hands[level, leader]
    everything = ZERO
    for s in range(SEATS):
        everything |= hands[level, s]
    best = np.int64(0)
    best_relevant = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        if (lead_hand & block) == ZERO:
            continue
        ruffed = -1  # not yet known: whether a void seat ruffs the suit (the same for each partner)
        for partner in range(SEATS):
            if partner == leader or (partner & 1) != (leader & 1):
                continue
            held = hands[level, partner] & block
            if held == ZERO:
                continue
            winner = highest_bit(held)
            others = everything & block & ~held
            if not dd_first_of_level(hands, level, leader, partner, winner, others):
                continue
            if ruffed < 0:
                ruffed = 0
                if suit != trump:
                    for s in range(SEATS):
                        hand = hands[level, s]
                        if (hand & block) == ZERO and (hand & trumps) != ZERO:
                            if (s & 1) != (leader & 1) or (hand & ~trumps) == ZERO:
                                ruffed = 1
            if ruffed == 1:
                continue
            bit = ONE << np.uint64(winner)
            hands[level, partner] ^= bit
            tricks, _, _, relevant = dd_cash_count(hands, level, denom, partner)
            hands[level, partner] ^= bit
            if tricks + 1 > best:
                best = tricks + 1
                best_relevant = relevant | dd_face_and_above(winner >> 1, denom)
    return best, best_relevant


@njit(cache=True)
def dd_quick_bounds(hands, level, denom, team, leader, remaining, need):
    """(lower, upper, relevant cards): bounds on the tricks ``team`` takes of the
    ``remaining`` ones, and the cards whose ranks the bounds depend on.

    Called at a trick boundary.  Two sure facts: each seat's side takes a trick with
    every trump of that seat that no opponent trump can stop (dd_sure_trumps); and the
    leader's side takes every trick the leader can cash in a row, winning each trick
    itself (dd_cash_rounds: the rounds of each suit in which no opponent can still
    beat the leader's card and the partners follow under it).  With trumps out, the
    leader first draws them, every other seat's (partners' too, or they could ruff and
    take the lead); if it cannot, its trump rounds count and then the rounds of one
    plain suit that no seat holding a trump can ruff yet (dd_unruffed_rounds).  Or the
    leader leads to a partner's sure winner and the partner cashes (dd_cross_count).  Beyond the
    suit lengths, the bounds depend only on the cards those helpers name.

    One more trick after the cashing: a lead of a suit the leader did not cash from,
    won by its side's best card there when nobody can ruff it (dd_cash_count).  With
    one card left this settles at once the six-seat positions where the bidder's side
    takes every trick with a partner's ace, which a search would otherwise prove card by
    card.  The trick is counted after any cashing, while trumps are still out, and with
    the best card level with the other side's best but played first (a double deck's two
    aces are often split between the sides).  And a side sweeps when the other side
    holds no trump (dd_trump_sweep), as when the bidder ruffs a suit in a partner's void:
    searched, such positions are among the costliest there are.

    When the leader's side needs every trick (the commonest target of the search), the
    other side surely takes one if it wins the trick led now whatever the leader leads
    (dd_other_side_takes_this_trick), or if the leader must in the end lead a suit the other side tops
    because no partner can ever take the lead from it (dd_must_lead_topped_suit).

    The bounds come in two parts: dd_cheap_bounds (the sure trumps, the sweep, the
    checks for a side needing every trick) and dd_cashing_bounds (the cashing counts),
    which the search runs on either side of the table's probe (dd_enter).

    With ``need > 0`` the bounds stop as soon as they answer "at least ``need``?", and
    the relevant cards are then only those of the part that answered: the bounds run
    on every trick-boundary node, and worked out whole they would be a large share of
    the search's time.  A ceiling on the cashing counts (the cards of the suits the
    leader or a partner tops), to skip them when they cannot answer, seldom rules them
    out and saves nothing.
    """
    lower, upper, relevant = dd_cheap_bounds(hands, level, denom, team, leader, remaining, need)
    if lower == upper or (need > 0 and (need <= lower or need > upper)):
        return lower, upper, relevant
    return dd_cashing_bounds(hands, level, denom, team, leader, remaining, need, lower, upper, relevant)


@njit(cache=True)
def dd_cheap_bounds(hands, level, denom, team, leader, remaining, need):
    """(lower, upper, relevant cards): the part of dd_quick_bounds that costs less than
    packing the position and probing the table: each side's sure trumps, a side that
    sweeps because the other holds no trump, and, when the leader's side needs every
    trick (or the other side does), a trick the leader's side surely loses.  The bounds
    are settled (``lower == upper``) after a sweep; with ``need > 0`` the relevant
    cards are those of the part that answered, if one did.
    """
    lower = np.int64(0)
    upper = remaining
    relevant = ZERO
    trump = TRUMP[denom]
    if trump >= 0:
        trumps = SUIT_MASK[denom, trump]
        team_trumps = ZERO
        other_trumps = ZERO
        for s in range(SEATS):
            if (s & 1) == team:
                team_trumps |= hands[level, s] & trumps
            else:
                other_trumps |= hands[level, s] & trumps
        team_sure = np.int64(0)
        other_sure = np.int64(0)
        team_relevant = ZERO
        other_relevant = ZERO
        # With need > 0 a side's count is worked out only where it could answer: a seat
        # takes at most one sure trick a trump.  The bounds that do not answer are not
        # used (the search gathers its own relevant cards), so the answers and the tree
        # are the same.
        team_floor = need if need > 0 else 0
        other_floor = remaining - need + 1 if need > 0 else 0
        for s in range(SEATS):
            held = hands[level, s] & trumps
            if held == ZERO or popcount(held) < (team_floor if (s & 1) == team else other_floor):
                continue
            if (s & 1) == team:
                sure, sure_relevant = dd_sure_trumps(held, other_trumps, denom)
                if sure > team_sure:
                    team_sure = sure
                    team_relevant = sure_relevant
            else:
                sure, sure_relevant = dd_sure_trumps(held, team_trumps, denom)
                if sure > other_sure:
                    other_sure = sure
                    other_relevant = sure_relevant
        lower = team_sure
        upper = remaining - other_sure
        if need > 0 and need <= lower:
            return lower, upper, team_relevant
        if need > upper:
            return lower, upper, other_relevant
        relevant |= team_relevant | other_relevant
        if (team_trumps == ZERO) != (other_trumps == ZERO):
            side = team if team_trumps else 1 - team
            sweeps, sweep_relevant = dd_trump_sweep(hands, level, denom, side, leader)
            if sweeps:
                if side == team:
                    return remaining, remaining, sweep_relevant
                return np.int64(0), np.int64(0), sweep_relevant
    # The leader's side needs every trick and loses the one it leads now, or, leading,
    # the other side needs every trick and takes this one.
    if need <= 0 or need == (remaining if (leader & 1) == team else 1):
        lost, lost_relevant = dd_other_side_takes_this_trick(hands, level, denom, leader)
        if not lost:
            lost, lost_relevant = dd_must_lead_topped_suit(hands, level, denom, leader)
        if lost:
            if (leader & 1) == team:
                upper = min(upper, remaining - 1)
            else:
                lower = max(lower, np.int64(1))
            if need > 0:
                return lower, upper, lost_relevant
            relevant |= lost_relevant
    return lower, upper, relevant


@njit(cache=True)
def dd_cashing_bounds(hands, level, denom, team, leader, remaining, need, lower, upper, relevant):
    """(lower, upper, relevant cards): dd_cheap_bounds's ``lower``, ``upper`` and
    ``relevant`` (which did not answer), raised by the tricks the leader's side cashes
    at once (dd_cash_count, dd_cross_count): the team's lower bound when it leads, else
    the other side's, which lowers the team's upper bound."""
    enough = remaining if need <= 0 else (need if (leader & 1) == team else remaining - need + 1)
    quick, later, crossing, cash_relevant = dd_cash_count(hands, level, denom, leader)
    quick += later
    cash_relevant |= crossing
    if need > 0 and quick >= enough:
        relevant = cash_relevant
    else:
        relevant |= cash_relevant
        if quick < enough:
            crossed, cross_relevant = dd_cross_count(hands, level, denom, leader)
            if crossed > quick:
                quick = crossed
                relevant = cross_relevant if need > 0 and crossed >= enough else relevant | cross_relevant
    if (leader & 1) == team:
        lower = max(lower, quick)
    else:
        upper = min(upper, remaining - quick)
    return lower, upper, relevant


@njit(cache=True, inline="always")
def dd_trick_contested(hands, level, seat, leader, turn, denom, led_suit, winner_card, winner_seat):
    """Can a seat of the side not winning the trick, from ``seat`` on, still beat
    ``winner_card``?  (It must follow suit when it can; a void seat may trump.)"""
    led_block = SUIT_MASK[denom, led_suit]
    trump = TRUMP[denom]
    winner_is_trump = SUIT_AT[denom, winner_card >> 1] == trump
    higher = dd_above(ONE << np.uint64(winner_card))
    s = seat
    while s != leader:
        if (s & 1) != (winner_seat & 1):
            held = hands[level, s]
            follow = held & led_block
            if follow:
                if SUIT_AT[denom, winner_card >> 1] == led_suit and (follow & higher) != ZERO:
                    return True
            elif trump >= 0:
                trumps = held & SUIT_MASK[denom, trump]
                if trumps != ZERO and (not winner_is_trump or (trumps & higher) != ZERO):
                    return True
        s = turn[s]
    return False


@njit(cache=True, inline="always")
def dd_settled_relevant(hands, level, seat, leader, turn, denom, led_suit, winner_card, winner_seat, played):
    """Relevant cards of a trick in progress that no seat of the other side, from ``seat``
    on, can take from ``winner_card`` (dd_trick_contested said so): the winning card's
    range, or none when no rank comparison against the other side can arise.

    The node's answer only needs the side taking the trick.  In a position with the same
    suit lengths every seat plays cards of the same suits, so ranks decide nothing when
    the winning card is the only card of its suit played so far and no later seat of the
    other side may play that suit (it holds none of it, or it is trump and that seat must
    follow the led suit): such a seat cannot win (if it could ruff, the trick would be
    contested), and the winning card, alone in its suit, beats the cards played before.
    Partners may still overtake; the side keeps the trick.  Otherwise the winning card's
    range keeps it and every card of its suit above it, as in dd_rank_mattered.
    """
    block = SUIT_MASK[denom, SUIT_AT[denom, winner_card >> 1]]
    exact = dd_face_and_above(winner_card >> 1, denom)
    if popcount(played & block) > 1:
        return exact
    led_block = SUIT_MASK[denom, led_suit]
    s = seat
    while s != leader:
        if (s & 1) != (winner_seat & 1):
            held = hands[level, s]
            if (held & block) != ZERO and (block == led_block or (held & led_block) == ZERO):
                return exact
        s = turn[s]
    return ZERO
