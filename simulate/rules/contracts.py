"""Denominations, contracts and bids: what a bidder plays and how a user writes it.

A :class:`Contract` is what a bidder plays (``5 Hearts``, ``Pig Low No Trump``,
``order up alone``); a bid is a contract or :data:`PASS`.  Parsing is forgiving of case
and abbreviations and refuses what the variant does not have with the allowed words.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ..kernels.rankings import HIGH_NO_TRUMP, LOW_NO_TRUMP
from .cards import SUIT_SYMBOLS, suit_of
from .variants import (
    ALONE,
    CALL,
    DENOM_NAMES,
    HOG,
    LEVEL,
    ORDER_UP,
    PIG,
    SPECS,
    RulesError,
    Variant,
    as_variant,
    upcard_variants,
    whole_number,
)

# --------------------------------------------------------------------------- denominations

_DENOM_WORDS = {
    "c": 0,
    "club": 0,
    "clubs": 0,
    "d": 1,
    "diamond": 1,
    "diamonds": 1,
    "h": 2,
    "heart": 2,
    "hearts": 2,
    "s": 3,
    "spade": 3,
    "spades": 3,
    "high": 4,
    "high no trump": 4,
    "high notrump": 4,
    "high nt": 4,
    "no trump": 4,
    "notrump": 4,
    "nt": 4,
    "low": 5,
    "low no trump": 5,
    "low notrump": 5,
    "low nt": 5,
}
_DENOM_WORDS.update({sym: "CDHS".index(letter) for sym, letter in SUIT_SYMBOLS.items()})


def parse_denom(text: str) -> int:
    """``Hearts``, ``H``, ``♥``, ``High``, ``High No Trump``, ``Low NT`` ... -> 0..5."""
    key = re.sub(r"[\s-]+", " ", text.strip().lower())
    if key not in _DENOM_WORDS:
        raise RulesError(
            f"unknown denomination {text!r}: write Clubs, Diamonds, Hearts, Spades, "
            f"High No Trump or Low No Trump"
        )
    return _DENOM_WORDS[key]


def denom_name(denom: int) -> str:
    return DENOM_NAMES[denom]


# --------------------------------------------------------------------------- contracts


@dataclass(frozen=True)
class Contract:
    """What the bidder plays: a kind, a denomination and, for level bids, the level.

    ``kind`` is one of ``level``, ``pig``, ``hog`` (pigs-and-hogs), ``alone``
    (six-handed), ``order up`` or ``call`` (classic).  ``alone`` marks a classic maker
    going alone; Pig, Hog and six-handed Alone always play alone.
    """

    kind: str
    denom: int
    level: int = 0
    alone: bool = False

    @property
    def plays_alone(self) -> bool:
        return self.alone or self.kind in (PIG, HOG, ALONE)

    @property
    def exchange(self) -> bool:
        """Does the bidder discard two and receive a card from each partner first?"""
        return self.kind in (PIG, ALONE)

    def tricks_needed(self, hand_size: int) -> int:
        if self.kind == LEVEL:
            return self.level
        if self.kind in (ORDER_UP, CALL):
            return 3
        return hand_size

    def __str__(self) -> str:
        name = DENOM_NAMES[self.denom]
        if self.kind == LEVEL:
            return f"{self.level} {name}"
        if self.kind in (PIG, HOG, ALONE):
            return f"{self.kind.capitalize()} {name}"
        if self.kind == ORDER_UP:
            return "order up alone" if self.alone else "order up"
        return f"call {name}" + (" alone" if self.alone else "")


PASS = "pass"


def parse_bid(text: str, variant, upcard: int | None = None) -> Contract | str:
    """Parse a bid in the variant's grammar; returns a Contract or ``PASS``.

    Bid euchre: ``5 Hearts``, ``6 High No Trump``, ``7 Low``, ``Pig Diamonds``,
    ``Hog High No Trump``, ``Alone Low``.  Classic: ``order up``, ``order up alone``,
    ``call Spades``, ``call Spades alone`` (``call High No Trump`` with no_trump on).
    ``order up`` needs the upcard to know its suit.  Everyone: ``pass``.
    """
    variant = as_variant(variant)
    words = re.sub(r"\s+", " ", text.strip().lower())
    if words == PASS:
        return PASS
    if variant.classic:
        return _parse_classic_bid(text, words, variant, upcard)
    match = re.fullmatch(r"(\d+|pig|hog|alone) (.+)", words)
    if not match:
        raise RulesError(
            f"unknown bid {text!r} for {variant.name}: write a level 1-8 and a denomination "
            f"(e.g. 5 Hearts, 6 Low No Trump), {_special_bids(variant)}, or pass" + _classic_bid_hint(words)
        )
    head, denom = match.group(1), parse_denom(match.group(2))
    if head.isdigit():
        level = whole_number(head)
        if not 1 <= level <= variant.hand_size:
            raise RulesError(f"bid level {head} in {text!r}: levels are 1 to {variant.hand_size}")
        return Contract(LEVEL, denom, level)
    if head not in variant.spec.special_kinds:
        raise RulesError(
            f"bid {text!r}: {variant.name} has no {head.capitalize()}; it has {_special_bids(variant)}"
        )
    return Contract(head, denom, variant.hand_size)


def other_variants_hint(variant, cards: int) -> str:
    """For a hand of ``cards`` cards that ``variant`` does not deal: the variants that do,
    as the end of an error line (empty when none does)."""
    names = [name for name, spec in SPECS.items() if spec.hand_size == cards and name != variant.name]
    if not names:
        return ""
    return f"; {cards}-card hands are {' and '.join(names)}: give --variant {names[0]}"


def example_bids(variant) -> tuple[str, str]:
    """Two bids this variant has, for messages that suggest one (never another game's)."""
    variant = as_variant(variant)
    if variant.classic:
        return "order up", "call Spades"
    return "5 Hearts", f"{variant.spec.special_kinds[-1].capitalize()} Low"


def _classic_bid_hint(words: str) -> str:
    """The end of an error line for a classic bid given to a bid-euchre variant (the
    default one, when --variant was left out)."""
    if not re.match(r"(order|pick|call)\b", words):
        return ""
    return f"; {words} is a bid of {upcard_variants()}: give --variant euchre"


def _special_bids(variant: Variant) -> str:
    return " or ".join(kind.capitalize() for kind in variant.spec.special_kinds) + " plus a denomination"


def _parse_classic_bid(text: str, words: str, variant: Variant, upcard: int | None) -> Contract:
    alone = words.endswith(" alone")
    core = words[: -len(" alone")] if alone else words
    if core in ("order up", "order it up", "pick up", "pick it up"):
        if upcard is None:
            raise RulesError(f"bid {text!r} needs the upcard: give --upcard")
        return Contract(ORDER_UP, suit_of(upcard), alone=alone)
    if core.startswith("call "):
        denom = parse_denom(core[5:])
        if denom == LOW_NO_TRUMP or (denom == HIGH_NO_TRUMP and not _has_no_trump(variant)):
            callable_ = "Clubs, Diamonds, Hearts, Spades" + (
                ", High No Trump" if _has_no_trump(variant) else ""
            )
            raise RulesError(
                f"bid {text!r}: {variant.name} has no {DENOM_NAMES[denom]} here; callable are {callable_}"
            )
        if upcard is not None and denom == suit_of(upcard):
            raise RulesError(
                f"bid {text!r}: the turned-down upcard's suit ({DENOM_NAMES[denom]}) "
                "cannot be called in round 2"
            )
        return Contract(CALL, denom, alone=alone)
    raise RulesError(
        f"unknown bid {text!r} for {variant.name}: write order up, order up alone, call SUIT, "
        f"call SUIT alone, or pass"
    )


def _has_no_trump(variant: Variant) -> bool:
    return dict(variant.rule_options).get("no_trump", False)


def parse_contract(text: str, variant, upcard: int | None = None) -> Contract:
    """A bid that is not a pass."""
    bid = parse_bid(text, variant, upcard)
    if bid == PASS:
        raise RulesError(
            f"'pass' is not a contract: name a contract such as {' or '.join(example_bids(variant))}"
        )
    return bid


def same_score_text(bids) -> str:
    """Bids that score the same on every deal, as a player says it: ``1 to 6 Hearts``."""
    bids = sorted(bids, key=lambda bid: (-2,) if bid == PASS else (bid.level, bid.kind, bid.alone))
    levels = [bid for bid in bids if bid != PASS and bid.kind == LEVEL]
    if len(levels) == len(bids) > 2 and len({bid.denom for bid in bids}) == 1:
        if [bid.level for bid in bids] == list(range(bids[0].level, bids[-1].level + 1)):
            return f"{bids[0].level} to {bids[-1]}"
    names = ["passing" if bid == PASS else str(bid) for bid in bids]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def format_bid(bid) -> str:
    return PASS if bid == PASS else str(bid)


def all_contracts(variant, upcard: int | None = None, round_: int | None = None) -> tuple[Contract, ...]:
    """Every contract the variant allows, in auction order.

    Classic variants need the upcard: round 1 offers ``order up`` (alone or not), round 2
    each other suit (and High No Trump with no_trump on); ``round_`` None gives both.
    """
    return _all_contracts(as_variant(variant), upcard, round_)


@functools.cache
def _all_contracts(variant: Variant, upcard: int | None, round_: int | None) -> tuple[Contract, ...]:
    # Cached: auctions ask for the same list at every step of every simulated hand.
    denoms = range(6)
    if not variant.classic:
        out = [Contract(LEVEL, d, n) for n in range(1, variant.hand_size + 1) for d in denoms]
        specials = variant.spec.special_kinds
        return tuple(out + [Contract(k, d, variant.hand_size) for k in specials for d in denoms])
    if upcard is None:
        raise RulesError(f"{variant.name} contracts depend on the upcard: give --upcard")
    out = []
    if round_ in (None, 1):
        out += [Contract(ORDER_UP, suit_of(upcard), alone=a) for a in (False, True)]
    if round_ in (None, 2):
        calls = [d for d in range(4) if d != suit_of(upcard)]
        if _has_no_trump(variant):
            calls.append(HIGH_NO_TRUMP)
        out += [Contract(CALL, d, alone=a) for d in calls for a in (False, True)]
    return tuple(out)


def check_contract(variant, contract: Contract) -> None:
    """Raise RulesError if the variant has no such contract."""
    variant = as_variant(variant)
    if contract.kind not in variant.spec.contract_kinds:
        raise RulesError(f"contract {contract} is not in {variant.name}")
