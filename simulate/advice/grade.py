"""Grade a played hand: each card decision against the best card (``euchre-mc grade``).

A played hand is written in a small text format (or the same keys as JSON: see
docs/grade.md), with seats counted from 1::

    variant: euchre
    dealer: 4
    upcard: 9H
    auction: pass, order up        # or give the contract and the bidder (they imply it)
    hand 1: JH JD AH KS 9C         # as held when play starts (after any exchange)
    discards 4: TC                 # a seat's own discards, known to that seat
    trick: 2: QS KS AS 9S          # the leader's seat, a colon, the cards in order

:func:`read_played_hand` checks it and :func:`grade_hand` replays the tricks.  At each
decision of a graded seat it asks :func:`.best_card.best_card` exactly what a player in
that seat could have asked then (its hand, the tricks so far, the trick in progress,
its own discards, the same seed), and reports the card played, the advice and the cost:
how many points the played card is behind the best-valued card, paired over the same
worlds, with its 95% interval.  A seat with one legal card has nothing to decide.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass

import numpy as np

from ..bidding.inference import check_inference
from ..choices import ADVICE_WORLDS, DEFAULT_INFERENCE, DEFAULT_TABLE, STRATEGY_FUSION
from ..kernels.rankings import POSITION, SUIT_AT
from ..kernels.seats import next_active
from ..rules.auction import auction_result, contract_auction, format_auction, parse_auction
from ..rules.cards import CardError, format_card, parse_card, parse_cards
from ..rules.contracts import check_contract, format_bid, parse_contract
from ..rules.exchange import sitting_out_mask
from ..rules.variants import RulesError, as_variant, seat_index
from .best_card import best_card, opening_leader, parse_tricks, played_by, takes_trick

SEEN = (
    "Each decision's worlds are dealt from what that seat had seen (its cards, the cards "
    "played, the voids shown, the upcard, its own discards)"
)
SEEN_ONLY = f"{SEEN}; nothing else conditions them (--table none, or the auction tests no seat)."
KEYS = ("variant", "dealer", "upcard", "auction", "contract", "bidder", "hands", "discards", "tricks")


@dataclass(frozen=True)
class PlayedHand:
    """A whole hand as played, checked; seats 0-based, cards as faces."""

    variant: str
    dealer: int
    upcard: int | None
    auction: str  # as written, or the one a classic contract implies ("" when none is known)
    contract: object  # the Contract
    bidder: int
    hands: dict[int, list[int]]  # seat -> the cards it held when play started
    discards: dict[int, list[int]]
    tricks: list[tuple[int, list[int]]]  # (leader, faces in order); the last may be unfinished


@dataclass(frozen=True)
class Decision:
    """One card a graded seat chose: the advice over the worlds and what the choice cost."""

    trick: int  # from 1
    seat: int  # 1-based
    hand: str  # what the seat held before playing
    played: str
    advice: str  # the advised card ("" when the seat had one legal card)
    forced: bool  # one legal card: nothing to decide
    equal_to_best: bool  # the card played cannot be told apart from the best
    cost: float  # points behind the best-valued card, mean over the worlds
    cost_half_width: float
    worlds: int
    points: float = 0.0  # the card played: the player's side's net points for the hand
    best_points: float = 0.0  # the best-valued card's
    auction_dealt: int = 0  # deals dealt for the worlds tested against the auction
    auction_unmatched: int = 0  # worlds kept without explaining it


@dataclass(frozen=True)
class Grade:
    """Every graded decision, in the order played."""

    variant: str
    contract: str
    bidder: int  # 1-based
    auction: str
    seats: tuple[int, ...]  # 1-based
    seed: int
    decisions: tuple[Decision, ...]
    table: str = DEFAULT_TABLE
    inference: str = DEFAULT_INFERENCE
    note: str = STRATEGY_FUSION

    @property
    def conditioning(self) -> str:
        """One line: what the worlds heard, with the rejection's acceptance."""
        valued = [d for d in self.decisions if not d.forced]
        dealt = sum(d.auction_dealt for d in valued)
        if self.auction and self.inference == "none":
            return f"{SEEN}; the auction is not heard (--inference none)."
        if not dealt:
            return SEEN_ONLY
        # a bid-euchre contract given without its auction: the bidder's bid and the passes after it
        what = "the auction" if self.auction else "the contract's bid and the passes after it"
        kept = sum(d.worlds for d in valued)
        unmatched = sum(d.auction_unmatched for d in valued)
        missed = f"; {unmatched} kept without explaining it" if unmatched else ""
        how = (
            " (soft inference: a world passes with the bids' likelihood)" if self.inference == "soft" else ""
        )
        return (
            f"{SEEN} and explain {what} under the {self.table} table{how}: 1 world kept in "
            f"{dealt / kept:.1f} dealt{missed}."
        )

    @property
    def total_cost(self) -> float:
        return sum(d.cost for d in self.decisions if not d.equal_to_best)

    def to_dict(self) -> dict:
        out = asdict(self)
        out["total_cost"] = self.total_cost
        out["conditioning"] = self.conditioning
        return out

    def to_json(self, indent=None) -> str:
        return json.dumps(self.to_dict(), indent=indent)


def read_played_hand(text: str) -> PlayedHand:
    """A played hand from its text or JSON form (see the module notes)."""
    fields = _json_fields(text) if text.lstrip().startswith("{") else _text_fields(text)
    unknown = sorted(set(fields) - set(KEYS))
    if unknown:
        raise RulesError(f"played hand: unknown key {unknown[0]!r}; the keys are {', '.join(KEYS)}")
    if "variant" not in fields:
        raise RulesError("played hand: give the variant ('variant: euchre')")
    variant = as_variant(fields["variant"])
    n = variant.players
    if "dealer" not in fields:
        raise RulesError("played hand: give the dealer's seat ('dealer: 4')")
    dealer = seat_index(_whole(fields["dealer"], "dealer"), n, "dealer seat", 1)
    upcard = None
    if variant.has_upcard:
        if "upcard" not in fields:
            raise RulesError(f"played hand: {variant.name} turns up a card: give it ('upcard: 9H')")
        upcard = parse_card(str(fields["upcard"]))
    elif "upcard" in fields:
        raise RulesError(f"played hand: {variant.name} has no upcard")
    auction = str(fields.get("auction", "")).strip()
    if auction:
        result = auction_result(variant, dealer, parse_auction(auction, variant, dealer, upcard), upcard)
        if result is None:
            raise RulesError(f"auction '{auction}': the cards were thrown in, so no hand was played")
        bidder, contract = result
        if "contract" in fields or "bidder" in fields:
            given = parse_contract(str(fields.get("contract", format_bid(contract))), variant, upcard)
            given_bidder = seat_index(_whole(fields.get("bidder", bidder + 1), "bidder"), n, "bidder seat", 1)
            if (given, given_bidder) != (contract, bidder):
                raise RulesError(
                    f"auction '{auction}' makes seat {bidder + 1} the bidder in {format_bid(contract)}, "
                    f"not seat {given_bidder + 1} in {format_bid(given)}"
                )
    else:
        if "contract" not in fields or "bidder" not in fields:
            raise RulesError("played hand: give the auction, or the contract and the bidder")
        contract = parse_contract(str(fields["contract"]), variant, upcard)
        bidder = seat_index(_whole(fields["bidder"], "bidder"), n, "bidder seat", 1)
    check_contract(variant, contract)
    if (
        not auction and variant.classic
    ):  # the first order-up or call ends the bidding: the contract says every bid
        auction = format_auction(contract_auction(variant, dealer, bidder, contract, upcard))
    hands = {
        seat_index(_whole(seat, "hand seat"), n, "hand seat", 1): parse_cards(
            cards, variant.copies, what="hand"
        )
        for seat, cards in dict(fields.get("hands", {})).items()
    }
    discards = {
        seat_index(_whole(seat, "discards seat"), n, "discards seat", 1): parse_cards(
            cards, variant.copies, what="discards"
        )
        for seat, cards in dict(fields.get("discards", {})).items()
    }
    tricks_text = fields.get("tricks", "")
    if isinstance(tricks_text, list):
        tricks_text = ";".join(tricks_text)
    tricks = [
        (seat_index(leader, n, "trick leader", 1), faces) for leader, faces in parse_tricks(str(tricks_text))
    ]
    active = sitting_out_mask(variant, contract, bidder)
    for seat, held in hands.items():
        if not active >> seat & 1:
            raise RulesError(f"hand {seat + 1}: seat {seat + 1} sits out this {format_bid(contract)}")
        if len(held) != variant.hand_size:
            raise RulesError(
                f"hand {seat + 1} has {len(held)} cards: give the {variant.hand_size} it held "
                "when play started"
            )
    played = PlayedHand(
        variant=str(variant),
        dealer=dealer,
        upcard=upcard,
        auction=auction,
        contract=contract,
        bidder=bidder,
        hands=hands,
        discards=discards,
        tricks=tricks,
    )
    _check_deck(played, variant)
    _check_cards_played(played, active)
    return played


def _check_deck(played: PlayedHand, variant) -> None:
    """No card is held (or thrown away) more often than the deck has it."""
    holders: dict[int, list[str]] = {}
    for what, cards in (("hand", played.hands), ("discards", played.discards)):
        for seat, faces in sorted(cards.items()):
            for face in faces:
                holders.setdefault(face, []).append(f"{what} {seat + 1}")
    for face, where in holders.items():
        if len(where) > variant.copies:
            raise CardError(
                f"{format_card(face)} in {' and '.join(where)}: this deck has {variant.copies} of each card"
            )


def grade_hand(
    played: PlayedHand,
    seats=None,
    worlds: int = ADVICE_WORLDS,
    seed: int = 1,
    max_worlds: int | None = None,
    first: int = 0,
    table: str = DEFAULT_TABLE,
    inference: str = DEFAULT_INFERENCE,
) -> Grade:
    """Grade every decision of ``seats`` (counted from ``first``; default: every seat whose
    hand the record gives).  With an auction in the record, the worlds explain it under
    the ``table`` model by ``inference``, as best-card's do."""
    variant = as_variant(played.variant)
    n = variant.players
    check_inference(inference)
    if seats is None:
        graded = sorted(played.hands)
        if not graded:
            raise RulesError("played hand: give the hand of at least one seat to grade ('hand 1: ...')")
    else:
        graded = sorted({seat_index(s, n, "graded seat", first) for s in seats})
        missing = [s for s in graded if s not in played.hands]
        if missing:
            raise RulesError(
                f"seat {missing[0] + first}: the played hand does not give its cards, so it cannot be graded"
            )
    active = sitting_out_mask(variant, played.contract, played.bidder)
    # best-card's options, the same for every decision
    asked = dict(worlds=worlds, seed=seed, max_worlds=max_worlds, table=table, inference=inference)
    decisions = []
    for number, (leader, faces) in enumerate(played.tricks):
        player = leader
        for place, face in enumerate(faces):
            if player in graded:
                decisions.append(_decision(played, variant, number, place, player, face, asked))
            player = _next(player, n, active)
    return Grade(
        variant=played.variant,
        contract=str(played.contract),
        bidder=played.bidder + 1,
        auction=played.auction,
        seats=tuple(s + 1 for s in graded),
        seed=int(seed),
        decisions=tuple(decisions),
        table=str(table),
        inference=inference,
    )


def _decision(played, variant, number, place, player, face, asked: dict) -> Decision:
    """The grade of ``player``'s ``face``, the card ``place`` of trick ``number``: best-card
    asked with the options ``asked`` at that point of the hand."""
    leader, faces = played.tricks[number]
    held = _holding(played, player, number)
    denom = played.contract.denom
    suit = lambda f: int(SUIT_AT[denom, POSITION[denom, f]])  # the left bower is a trump
    led = [f for f in held if place and suit(f) == suit(faces[0])]
    legal = led or held
    base = dict(number=number + 1, player=player, held=held, face=face)
    if len(set(legal)) == 1:
        return _row(base, advice="", forced=True, equal=True, cost=0.0, margin=0.0, worlds=0)
    advice = best_card(
        variant,
        played.contract,
        played.bidder,
        player,
        held,
        tricks=played.tricks[:number],
        current=[(leader, faces[:place])] if place else None,
        upcard=played.upcard,
        dealer=played.dealer,
        discards=played.discards.get(player, []),
        auction=played.auction or None,
        **asked,
    )
    rows = {row.card: row for row in advice.cards}
    mine = rows[format_card(face)]
    best_points = max(row.mean_points for row in advice.cards)
    return _row(
        base,
        advice=advice.best,
        forced=False,
        equal=mine.equal_to_best,
        cost=mine.behind,
        margin=mine.behind_half_width,
        worlds=advice.worlds,
        points=mine.mean_points,
        best_points=best_points,
        auction_dealt=advice.auction_dealt,
        auction_unmatched=advice.auction_unmatched,
    )


def _row(base, advice, forced, equal, cost, margin, worlds, **valued) -> Decision:
    return Decision(
        trick=base["number"],
        seat=base["player"] + 1,
        hand=" ".join(format_card(f) for f in base["held"]),
        played=format_card(base["face"]),
        advice=advice,
        forced=forced,
        equal_to_best=equal,
        cost=cost,
        cost_half_width=margin,
        worlds=worlds,
        **valued,
    )


def _holding(played: PlayedHand, seat: int, number: int) -> list[int]:
    """What ``seat`` holds before its card to trick ``number`` (0-based)."""
    held = list(played.hands[seat])
    variant = as_variant(played.variant)
    active = sitting_out_mask(variant, played.contract, played.bidder)
    for face in played_by(played.tricks[:number], seat, variant.players, active):
        held.remove(face)
    return held


def _check_cards_played(played: PlayedHand, active: int) -> None:
    """Every card a seat with a known hand plays comes from that hand; every trick but
    the last has a card from each seat that plays; the seat the rules name leads the
    first trick and the winner of a trick leads the next."""
    variant = as_variant(played.variant)
    n = variant.players
    denom = played.contract.denom
    seats_playing = bin(active).count("1")
    remaining = {seat: list(cards) for seat, cards in played.hands.items()}
    winner = opening_leader(variant, played.bidder, played.dealer, active)
    for number, (leader, faces) in enumerate(played.tricks, 1):
        if not active >> leader & 1:
            raise RulesError(f"trick {number} led by seat {leader + 1}, who sits out this hand")
        if leader != winner:
            reason = f"won trick {number - 1}" if number > 1 else "leads the first trick"
            raise RulesError(f"trick {number} led by seat {leader + 1}: seat {winner + 1} {reason}")
        if len(faces) > seats_playing or (number < len(played.tricks) and len(faces) < seats_playing):
            raise RulesError(
                f"trick {number} has {len(faces)} cards: each of the {seats_playing} seats that play "
                "gives one"
            )
        player = leader
        winner, best = leader, faces[0] if faces else None
        led = int(SUIT_AT[denom, POSITION[denom, best]]) if faces else 0
        for face in faces:
            if takes_trick(face, best, denom, led):
                winner, best = player, face
            if player in remaining:
                if face not in remaining[player]:
                    raise RulesError(
                        f"trick {number}: seat {player + 1} plays {format_card(face)}, which its hand "
                        f"({' '.join(format_card(f) for f in played.hands[player])}) does not hold "
                        "or has played already"
                    )
                remaining[player].remove(face)
            player = _next(player, n, active)
    if len(played.tricks) > variant.hand_size:
        raise RulesError(f"{len(played.tricks)} tricks: a {variant.name} hand has {variant.hand_size}")


def _next(seat: int, n: int, active: int) -> int:
    """The next seat that plays (kernels.seats.next_active)."""
    return int(next_active(np.int64(seat), np.int64(n), np.int64(active)))


def _whole(value, what: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise RulesError(f"{what} {value!r}: give a seat number") from None


def _json_fields(text: str) -> dict:
    try:
        fields = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"played hand: not valid JSON ({error.msg} at line {error.lineno})") from None
    if not isinstance(fields, dict):
        raise RulesError("played hand: the JSON must be an object with the keys " + ", ".join(KEYS))
    return fields


def _text_fields(text: str) -> dict:
    """``key: value`` lines; ``hand N:`` and ``discards N:`` by seat; ``trick:`` repeated."""
    fields: dict = {"hands": {}, "discards": {}, "tricks": []}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"(hand|discards)\s+(\S+)\s*:(.*)", line) or re.fullmatch(r"(\w+)\s*:(.*)", line)
        if not match:
            raise RulesError(f"played hand, line {number}: {line!r}: write 'key: value', e.g. 'dealer: 4'")
        if match.re.groups == 3:
            kind, seat, value = match.groups()
            fields["hands" if kind == "hand" else "discards"][seat] = value.strip()
            continue
        key, value = match.group(1), match.group(2).strip()
        if key in ("hands", "discards", "tricks"):
            singular = {
                "hands": "hand N: CARDS",
                "discards": "discards N: CARDS",
                "tricks": "trick: SEAT: CARDS",
            }
            raise RulesError(
                f"played hand, line {number}: write one line per seat or trick, '{singular[key]}'"
            )
        if key == "trick":
            fields["tricks"].append(value)
        elif key in fields and key not in ("hands", "discards", "tricks"):
            raise RulesError(f"played hand, line {number}: {key!r} given twice")
        else:
            fields[key] = value
    return fields


__all__ = ["Decision", "Grade", "PlayedHand", "grade_hand", "read_played_hand"]
