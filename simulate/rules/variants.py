"""The four rule sets as values: variants with named options, their seats and figures.

A :class:`Variant` is a frozen value that prints and parses as a canonical string such
as ``euchre(target=10,stick_the_dealer=true,...)``; its :class:`VariantSpec` says how
many players, cards and copies it has, which contracts it knows, how it scores
(:class:`Scoring`, applied by :mod:`.scoring`) and which named :class:`RuleOption` s a table
may change.  Contracts and bids live in :mod:`.contracts`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

import numpy as np

from ..kernels.rankings import SPECIAL_RANKS
from .cards import SUIT_NAMES

DENOM_NAMES = SUIT_NAMES + ("High No Trump", "Low No Trump")


class RulesError(ValueError):
    """A value the rules do not allow; the message names it and what is allowed."""


# --------------------------------------------------------------------------- variants

LEVEL, PIG, HOG, ALONE, ORDER_UP, CALL = "level", "pig", "hog", "alone", "order up", "call"

# The two shapes of auction (see simulate.rules.auction).
RISING_LEVELS = "rising levels"  # one round, each bid above the high bid: bid euchre
UPCARD_ROUNDS = "upcard rounds"  # order up the upcard, then name another suit: classic


@dataclass(frozen=True)
class RuleOption:
    name: str
    default: object
    help: str
    choices: tuple = ()  # allowed values for a choice option
    low: int = 0  # range for an int option
    high: int = 0

    def parse(self, variant: str, text) -> object:
        """Coerce ``text`` (str or value) to this option's type, or raise RulesError."""
        raw = str(text).strip().lower() if not isinstance(text, (bool, int)) else text
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            if raw in ("true", "yes", "on", "1"):
                return True
            if raw in ("false", "no", "off", "0"):
                return False
            raise RulesError(f"option {self.name}={text!r} of {variant}: allowed values are true or false")
        if isinstance(self.default, int):
            try:
                value = int(raw)
            except ValueError:
                value = None
            if value is None or not self.low <= value <= self.high:
                raise RulesError(
                    f"option {self.name}={text!r} of {variant}: allowed is a whole number "
                    f"from {self.low} to {self.high}"
                )
            return value
        if raw not in self.choices:
            raise RulesError(
                f"option {self.name}={text!r} of {variant}: allowed values are {', '.join(self.choices)}"
            )
        return raw

    def format(self, value) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Scoring:
    """A variant's scoring table of docs/rules.md as data; :func:`score` is its one reader.

    Bid euchre (``rising levels``): a made level bid scores the tricks taken, a failed
    one loses the level; the defenders score their tricks when the bid fails, and also
    when it is made if ``defenders_score_made``.  A lone contract (``lone``: kind,
    points when it takes every trick, points when it does not) needs every trick; when
    it fails the defenders score their tricks.  Classic (``upcard rounds``): makers
    taking 3 or more score ``made``, all of them ``march`` (``alone_march`` alone); a
    euchre gives the defenders ``euchred``.
    """

    defenders_score_made: bool = False
    lone: tuple[tuple[str, int, int], ...] = ()
    made: int = 0
    march: int = 0
    alone_march: int = 0
    euchred: int = 0


@dataclass(frozen=True)
class VariantSpec:
    """Everything that tells one rule set from another; adding a variant adds one of these.

    Partnerships are the odd and the even seats in every variant.  ``special_kinds`` are
    the bid-euchre contracts above the levels, in auction order: the first one is played
    with the exchange, a second without; their auction ranks are the kernels'
    ``SPECIAL_RANKS`` (:meth:`Variant.rank`).  ``stuck_dealer`` is True (the dealer must
    bid when everyone before has passed), False, or an ``(option, value)`` pair: stuck
    when that option has that value.
    """

    name: str
    players: int
    copies: int  # copies of each face in the deck
    hand_size: int
    kitty: int  # cards left undealt; a kitty turns up its top card, the upcard
    rule_options: tuple[RuleOption, ...]
    summary: str
    auction: str  # RISING_LEVELS or UPCARD_ROUNDS
    bidder_leads: bool  # otherwise the seat left of the dealer leads
    special_kinds: tuple[str, ...]
    stuck_dealer: bool | tuple[str, object]
    scoring: Scoring

    @property
    def classic(self) -> bool:
        """The classic family: the upcard auction, ordering up and calling suits."""
        return self.auction == UPCARD_ROUNDS

    @property
    def has_upcard(self) -> bool:
        return self.kitty > 0

    @property
    def contract_kinds(self) -> tuple[str, ...]:
        """Every kind of contract a bidder may name, in auction order."""
        return (ORDER_UP, CALL) if self.classic else (LEVEL, *self.special_kinds)


def _target(default: int) -> RuleOption:
    return RuleOption("target", default, "score that ends the game", low=1, high=1000)


def _stick(help_text: str) -> RuleOption:
    return RuleOption("stick_the_dealer", False, help_text)


_CLASSIC_SCORING = Scoring(made=1, march=2, alone_march=4, euchred=2)

SPECS = {
    "pigs-and-hogs": VariantSpec(
        "pigs-and-hogs",
        6,
        2,
        8,
        0,
        (_target(50),),
        "Six players in two teams of three, 48-card double deck, eight cards each, no kitty. "
        "One round of bidding from the dealer's left: 1..8 tricks, then Pig, then Hog, each "
        "naming a trump suit, High No Trump or Low No Trump; each bid must raise the level. "
        "If the first five pass, the dealer must bid. The bidder leads. Pig: the bidder "
        "discards two, each partner gives one card, partners sit out, the bidder must take "
        "all 8 (+12 / -12). Hog: no exchange, partners sit out, all 8 (+24 / -24). A made "
        "level bid scores the tricks taken; a failed one loses the bid and the defenders "
        "score their tricks. Identical cards: the first played wins.",
        RISING_LEVELS,
        bidder_leads=True,
        special_kinds=(PIG, HOG),
        stuck_dealer=True,
        scoring=Scoring(lone=((PIG, 12, -12), (HOG, 24, -24))),
    ),
    "six-handed": VariantSpec(
        "six-handed",
        6,
        2,
        8,
        0,
        (
            _target(50),
            RuleOption(
                "all_pass",
                "redeal",
                "when all six pass: redeal, or stick the dealer",
                choices=("redeal", "stick"),
            ),
        ),
        "Six players in two teams of three, pinochle deck (48 cards), eight cards each. One "
        "round of bidding: 1..8 High, Low or a suit, or Alone (above 8). The bidder leads. "
        "Each team scores a point per trick; a bidder who falls short loses the bid instead. "
        "Alone: discard two, each partner gives one, partners sit out, take all 8 for +20 "
        "or lose 8. Game to 50; if both teams reach it on one hand, the bidding team wins.",
        RISING_LEVELS,
        bidder_leads=True,
        special_kinds=(ALONE,),
        stuck_dealer=("all_pass", "stick"),
        scoring=Scoring(defenders_score_made=True, lone=((ALONE, 20, -8),)),
    ),
    "euchre": VariantSpec(
        "euchre",
        4,
        1,
        5,
        4,
        (
            _target(10),
            _stick("if all pass in round 2 the dealer must name a suit"),
            RuleOption("no_trump", False, "High No Trump (A high, no bowers) may be called in round 2"),
            RuleOption(
                "farmers_hand",
                False,
                "three 9s or three 10s may be swapped for the kitty's three face-down cards",
            ),
            RuleOption("ace_no_face", False, "a hand with an ace and no K, Q or J may call a misdeal"),
        ),
        "Four players in two partnerships, 24 cards, five each, a kitty of four with the top "
        "card turned up. Round 1: order up the upcard's suit (the dealer picks it up and "
        "discards) or pass. Round 2: name another suit or pass; all pass: thrown in (or "
        "stick the dealer). The maker may go alone. Left of the dealer leads. Makers 3-4: "
        "+1, all 5: +2, alone all 5: +4; euchred: defenders +2. Game to 10.",
        UPCARD_ROUNDS,
        bidder_leads=False,
        special_kinds=(),
        stuck_dealer=("stick_the_dealer", True),
        scoring=_CLASSIC_SCORING,
    ),
    "piq": VariantSpec(
        "piq",
        4,
        1,
        5,
        4,
        (_target(10), _stick("if the decision comes back to the dealer, the dealer must call trump")),
        "PiQ house rules: classic Midwest Euchre. Four players, 24 cards, five each, kitty of "
        "four with the top card turned up; order up or pass, then name another suit or pass; "
        "without stick the dealer the cards are thrown in. The maker may go alone. Makers 3-4: "
        "+1, march: +2, alone march: +4, euchred: defenders +2. Game to 10.",
        UPCARD_ROUNDS,
        bidder_leads=False,
        special_kinds=(),
        stuck_dealer=("stick_the_dealer", True),
        scoring=_CLASSIC_SCORING,
    ),
}


@dataclass(frozen=True)
class Variant:
    """A rule set with every option set; ``str()`` is its canonical, parseable form."""

    name: str
    rule_options: tuple[tuple[str, object], ...] = field(default=())

    @staticmethod
    def of(name: str, **options) -> Variant:
        spec = variant_spec(name)
        known = {o.name: o for o in spec.rule_options}
        for key in options:
            if key not in known:
                allowed = ", ".join(known) or "none"
                near = _near(key, known)
                hint = f"; did you mean {near[0]}?" if near else ""
                raise RulesError(f"unknown option {key!r} for {name}: options are {allowed}{hint}")
        values = tuple(
            (o.name, o.parse(name, options[o.name]) if o.name in options else o.default)
            for o in spec.rule_options
        )
        return Variant(name, values)

    @staticmethod
    def parse(text: str) -> Variant:
        """Parse ``name`` or ``name(opt=value,...)``; missing options take their defaults."""
        match = re.fullmatch(r"\s*([a-z-]+)\s*(?:\((.*)\))?\s*", text.strip().lower())
        if not match:
            raise unknown_variant(text)
        name, body = match.group(1), match.group(2)
        options = {}
        for item in filter(None, (p.strip() for p in (body or "").split(","))):
            key, eq, value = item.partition("=")
            if not eq:
                raise RulesError(f"option {item!r} of {name}: write name=value, e.g. target=50")
            key = key.strip().replace("-", "_")
            if key in options:
                raise RulesError(f"option {key} of {name} is given twice: give each option once")
            options[key] = value.strip()
        return Variant.of(name, **options)

    @property
    def spec(self) -> VariantSpec:
        return SPECS[self.name]

    def rule_option(self, name: str):
        return dict(self.rule_options)[name]

    def __str__(self) -> str:
        spec = self.spec
        parts = [f"{k}={o.format(v)}" for o, (k, v) in zip(spec.rule_options, self.rule_options)]
        return f"{self.name}({','.join(parts)})"

    # Shortcuts used everywhere
    players = property(lambda self: self.spec.players)
    hand_size = property(lambda self: self.spec.hand_size)
    copies = property(lambda self: self.spec.copies)
    classic = property(lambda self: self.spec.classic)
    has_upcard = property(lambda self: self.spec.has_upcard)
    target = property(lambda self: self.rule_option("target"))

    @property
    def dealer_stuck(self) -> bool:
        """Must the dealer bid when every seat before has passed (the last round, classic)?"""
        rule = self.spec.stuck_dealer
        if isinstance(rule, bool):
            return rule
        option, value = rule
        return self.rule_option(option) == value

    def leader(self, dealer: int, bidder: int) -> int:
        """Who leads the first trick: the bidder, or the seat left of the dealer."""
        return bidder if self.spec.bidder_leads else (dealer + 1) % self.players

    def rank(self, contract) -> int:
        """Auction order of a bid-euchre contract: levels 1..hand size, then the specials
        (kernels.rankings.SPECIAL_RANKS); 0 for a classic contract."""
        if contract.kind == LEVEL:
            return contract.level
        kinds = self.spec.special_kinds
        return SPECIAL_RANKS[kinds.index(contract.kind)] if contract.kind in kinds else 0


def team_seats(players: int, team: int) -> tuple[int, ...]:
    """The 0-based seats of ``team`` (0 is team A, the odd seats 1, 3, ... of the rules)."""
    return tuple(range(team, players, 2))


def seat_index(seat, players: int, what: str, first: int = 0) -> int:
    """The one seat check: ``seat`` counted from ``first`` as a 0-based library seat.

    The user-facing edges (the CLI) count seats from 1 (``first=1``) and name the value
    as ``what`` (``"dealer seat"`` gives ``dealer seat 7: seats are 1 to 6``); the Python
    API counts from 0 (``what="dealer"`` gives ``dealer index 6: seat indexes are 0 to
    5 ...``).  Raises RulesError for anything else, a bool included.
    """
    whole = isinstance(seat, (int, np.integer)) and not isinstance(seat, bool)
    if not whole or not first <= seat < players + first:
        if first == 1:
            raise RulesError(f"{what} {seat!r}: seats are 1 to {players}")
        raise RulesError(
            f"{what} index {seat!r}: seat indexes are 0 to {players - 1} (seat 1 of the rules is 0)"
        )
    return int(seat) - first


# More significant digits than any level, seat or count can need: a longer number is
# refused by the caller's range check instead of reaching Python's 4,300-digit limit
# on int() (a ValueError that would carry no message about the bad value).
_DIGITS_KEPT = 18


def whole_number(digits: str) -> int:
    """A run of decimal digits as an int, any length: beyond 18 significant digits the
    value is ``10**18``, out of every range the rules allow, so the caller refuses it.

    >>> whole_number("007"), whole_number("9" * 5000) == 10**18
    (7, True)
    """
    significant = digits.lstrip("0")
    return int(significant or "0") if len(significant) <= _DIGITS_KEPT else 10**_DIGITS_KEPT


def variant_spec(name: str) -> VariantSpec:
    if name not in SPECS:
        raise unknown_variant(name)
    return SPECS[name]


# Names players use for a rule set that spelling alone would not lead to.
_OTHER_NAMES = {"classic": "euchre", "four-handed": "euchre"}


def near_variants(text: str) -> list[str]:
    """The variant names a mistyped ``text`` most likely means (none when nothing is
    near): the names that start with it (``pigs``) or that it starts with, else the
    names holding it (``hogs``), else the closest spelling (``six-handd``).

    >>> near_variants("pigs"), near_variants("Six Handed"), near_variants("bridge")
    (['pigs-and-hogs'], ['six-handed'], [])
    """
    key = re.sub(r"[\s_]+", "-", str(text).split("(")[0].strip().lower())
    if not key:
        return []
    if key in _OTHER_NAMES:
        return [_OTHER_NAMES[key]]
    near = [name for name in SPECS if name.startswith(key) or key.startswith(name)]
    if not near and len(key) >= 3:
        near = [name for name in SPECS if key in name]
    return near or _near(key, SPECS)


def _near(key: str, names) -> list[str]:
    """The one name among ``names`` spelt most like ``key``, if any is close."""
    return difflib.get_close_matches(key, list(names), n=1, cutoff=0.6)


def upcard_variants() -> str:
    """The variants that turn an upcard (the classic games), for errors that send a
    player there: ``euchre or piq``."""
    return " or ".join(name for name, spec in SPECS.items() if spec.has_upcard)


def unknown_variant(text) -> RulesError:
    """The one error for a variant name the rules do not know, with the near names."""
    near = near_variants(text)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    return RulesError(f"unknown variant {text!r}: variants are {', '.join(SPECS)}{hint}")


def as_variant(value) -> Variant:
    return value if isinstance(value, Variant) else Variant.parse(str(value))
