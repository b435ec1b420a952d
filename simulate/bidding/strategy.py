"""Bidding strategies as data: thresholds on estimated P(make), built-ins, TOML files.

A :class:`Strategy` is a frozen value.  For every hand it is dealt, a player using it
asks the fast evaluator (:mod:`simulate.bidding.evaluator`) for the estimated chance of making
each contract, then wants the *highest* contract whose estimate clears the threshold of
that contract's kind:

=====================  =====================================================  ==========
parameter              estimate compared with it                               variants
=====================  =====================================================  ==========
``level_threshold``    P(the bidder's team takes at least n tricks)            bid euchre
``pig_threshold``      P(Pig bidder takes all 8 after the exchange)            pigs-and-hogs
``hog_threshold``      P(Hog bidder takes all 8 alone)                         pigs-and-hogs
``alone_threshold``    six-handed: P(Alone bidder takes all 8 after the
                       exchange); classic: P(a lone maker takes all 5)         six-handed,
                                                                               classic
``order_up_threshold`` P(makers take 3 or more) when ordering up (round 1)     classic
``call_threshold``     P(makers take 3 or more) when naming a suit (round 2)   classic
=====================  =====================================================  ==========

Each threshold is one number for every seat, or one per *auction position*: position 1
speaks first (the dealer's left), the last position is the dealer.  In the classic games
the position and the round say everything about the earlier bids (the first order-up
or call ends the auction, so every earlier seat passed).  In bid euchre the earlier
bids matter beyond the level a bid must beat: every threshold moves by
``partner_bid_shift`` when a partner holds the high bid (raising a partner's contract
needs more, or less, than opening) and by ``opponent_bid_shift`` when an opponent holds
it (overcalling).  The high bid's denomination matters too: the threshold of a bid in
that denomination moves further, by ``partner_suit_shift`` when a partner holds it (a
raise in partner's suit, which partner's trumps support) and by ``opponent_suit_shift``
when an opponent does (a bid in the suit an opponent holds the trumps of).  The seat
then bids the denomination with the most to spare over its threshold.  A bid context
(:func:`bid_context`) is therefore who holds the high bid and in which denomination.

Going alone in the classic games pays only on a march, so a classic maker goes alone
when it would order up or call anyway and P(march alone) clears ``alone_threshold``.

A wanted contract is bid only when the auction allows it (``AuctionState.can_bid``);
otherwise the player passes.  A dealer who may not pass (the stuck dealer, stick the
dealer) bids the allowed contract, not played alone, with the highest estimate.

*The score*: two terms move every threshold with the score of the bidder's team.
``equity_weight`` follows the match-equity tables (:mod:`simulate.bidding.score_term`):
the threshold moves by that fraction of the change in the break-even P(make) of the
kind's contract (bid it, or let the hand go by) from 0-0 to this score, so a team
bids more boldly where a make is worth more games than a set costs.  The older
``endgame_shift``: when the opponents are ahead and within ``endgame_fraction`` of the
target, every threshold drops by ``endgame_shift``.  Both are 0 (off) in ``balanced``.

Misdeal options (classic ``euchre``) are not a strategy choice here: every eligible
player calls them, the policy of :func:`simulate.rules.auction.misdeal_calls`.

TOML files hold the same fields at the top level, optionally starting from a built-in;
a threshold is a number or a list with one number per position::

    name = "bold-hog"
    base = "cautious"
    hog_threshold = 0.6
    order_up_threshold = [0.62, 0.6, 0.58, 0.55]

``fitted`` names the strategy fitted by self-play for a variant, shipped as
``simulate/data/fitted_<variant>.toml`` (``euchre-mc fit`` writes such files).
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

import numpy as np

from .. import data
from ..kernels import bidding
from ..kernels.rankings import EXCHANGE_RANK, HOG_RANK
from ..rules.variants import ALONE, CALL, HOG, LEVEL, ORDER_UP, PIG, RulesError, as_variant
from .evaluator import BidEstimates, ClassicEstimates

THRESHOLD_PARAMS = (
    "level_threshold",
    "pig_threshold",
    "hog_threshold",
    "alone_threshold",
    "order_up_threshold",
    "call_threshold",
)
SHIFT_PARAMS = ("partner_bid_shift", "opponent_bid_shift", "partner_suit_shift", "opponent_suit_shift")
SUIT_SHIFTS = ("partner_suit_shift", "opponent_suit_shift")
SCORE_PARAMS = ("equity_weight", "endgame_fraction", "endgame_shift")
SHIFT_BOUND = 0.5  # a bid-context shift lies in -SHIFT_BOUND .. SHIFT_BOUND
MAX_POSITIONS = 6  # the most seats a variant has

# Who holds the high bid when a bid-euchre seat speaks, and in which of the six
# denominations: the contexts its thresholds depend on, numbered 0 (nobody), then
# PARTNER_HIGH + 2 * denom and OPPONENT_HIGH + 2 * denom (kernels.bidding.AuctionCheck
# carries one threshold row per context).  PARTNER_HIGH and OPPONENT_HIGH themselves are
# the contexts of a high bid in denomination 0.
NOBODY_BID, PARTNER_HIGH, OPPONENT_HIGH = range(3)
DENOMS = 6
CONTEXTS = 1 + 2 * DENOMS
THRESHOLD_COLUMNS = len(THRESHOLD_PARAMS) + DENOMS  # a row: the thresholds, each denomination's shift
DENOM_SHIFT = "denomination_shift"  # seat_thresholds' key of each denomination's shift


def bid_context(seat: int, high_seat, high_denom: int = 0) -> int:
    """The context of ``seat``'s turn when ``high_seat`` (None or negative: nobody) holds
    the high bid, in denomination ``high_denom``; partners are the seats of the same team
    (same parity)."""
    if high_seat is None or high_seat < 0:
        return NOBODY_BID
    return (PARTNER_HIGH if (high_seat - seat) % 2 == 0 else OPPONENT_HIGH) + 2 * int(high_denom)


def bid_contexts(seat: int, high_seats: np.ndarray, high_denoms=0) -> np.ndarray:
    """:func:`bid_context` of ``seat`` against each entry of ``high_seats`` (-1 nobody)
    and ``high_denoms`` (one, or one per entry)."""
    high_seats = np.asarray(high_seats, np.int64)
    partner = (high_seats - seat) % 2 == 0
    holder = np.where(partner, PARTNER_HIGH, OPPONENT_HIGH) + 2 * np.asarray(high_denoms, np.int64)
    return np.where(high_seats < 0, NOBODY_BID, holder)


def context_holder(context: int) -> int:
    """Who holds the high bid in ``context``: NOBODY_BID, PARTNER_HIGH or OPPONENT_HIGH."""
    return NOBODY_BID if context == NOBODY_BID else 2 - context % 2


def context_denom(context: int) -> int | None:
    """The high bid's denomination in ``context`` (None when nobody has bid)."""
    return None if context == NOBODY_BID else (context - 1) // 2


def suit_shift_name(context: int) -> str:
    """The suit shift that moves a bid in the high bid's denomination in ``context`` (a
    context where somebody has bid): the partner's or the opponent's."""
    return SUIT_SHIFTS[context_holder(context) - PARTNER_HIGH]


# The contracts each parameter decides (the table above); a variant without any of them
# ignores the parameter, and tuning it would print the same row for every value.
PARAM_KINDS = {
    "level_threshold": (LEVEL,),
    "pig_threshold": (PIG,),
    "hog_threshold": (HOG,),
    "alone_threshold": (ALONE, ORDER_UP, CALL),
    "order_up_threshold": (ORDER_UP,),
    "call_threshold": (CALL,),
    "partner_bid_shift": (LEVEL,),
    "opponent_bid_shift": (LEVEL,),
    "partner_suit_shift": (LEVEL,),
    "opponent_suit_shift": (LEVEL,),
}


def _base_param(name: str) -> str:
    """``level_threshold`` of a coordinate name ``level_threshold@3``."""
    return name.split("@", 1)[0]


def unused_params(variant, names) -> list[str]:
    """The parameters among ``names`` that decide no contract of ``variant``."""
    kinds = set(as_variant(variant).spec.contract_kinds)
    return [
        name
        for name in names
        if _base_param(name) in PARAM_KINDS and not kinds & set(PARAM_KINDS[_base_param(name)])
    ]


def unused_param_warning(variant, name: str, where: str) -> str:
    """One line saying that ``name`` (set by ``where``) has no effect in ``variant``."""
    variant = as_variant(variant)
    used = [param for param in PARAMS if not unused_params(variant, [param])]
    return (
        f"warning: {where} sets {name}, which has no effect in {variant.name} (it has no "
        f"{' or '.join(PARAM_KINDS[_base_param(name)])} contracts); its parameters are {', '.join(used)}"
    )


def strategy_bounds(name: str) -> tuple[float, float]:
    """The values a parameter (or coordinate ``name@position``) may take."""
    base = _base_param(name)
    if base in SHIFT_PARAMS:
        return -SHIFT_BOUND, SHIFT_BOUND
    if base in THRESHOLD_PARAMS or base in SCORE_PARAMS:
        return 0.0, 1.0
    raise RulesError(f"unknown strategy parameter {name!r}: parameters are {', '.join(PARAMS)}")


def _allowed(name: str) -> str:
    low, high = strategy_bounds(name)
    return f"a number from {low:g} to {high:g}"


def _number(strategy: str, name: str, value) -> float:
    """``value`` as a float within ``name``'s bounds, or a RulesError naming it."""
    low, high = strategy_bounds(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise RulesError(f"strategy {strategy!r}: {name}={_shown(value)}; allowed is {_allowed(name)}")
    return float(value)


def _threshold(strategy: str, name: str, value):
    """A threshold as stored: one float for every position, or a tuple of one per position."""
    if isinstance(value, (list, tuple)):
        if not 1 <= len(value) <= MAX_POSITIONS:
            raise RulesError(
                f"strategy {strategy!r}: {name} has {len(value)} values; give one number, or one "
                f"per auction position (at most {MAX_POSITIONS})"
            )
        values = tuple(_number(strategy, name, v) for v in value)
        return values[0] if len(values) == 1 else values
    return _number(strategy, name, value)


@dataclass(frozen=True)
class Strategy:
    """A bidding strategy: a threshold per contract kind (one, or one per auction
    position), the bid-context shifts of bid euchre and the score terms."""

    name: str = "balanced"
    level_threshold: float | tuple[float, ...] = 0.65
    pig_threshold: float | tuple[float, ...] = 0.75
    hog_threshold: float | tuple[float, ...] = 0.8
    alone_threshold: float | tuple[float, ...] = 0.75
    order_up_threshold: float | tuple[float, ...] = 0.6
    call_threshold: float | tuple[float, ...] = 0.6
    partner_bid_shift: float = 0.0
    opponent_bid_shift: float = 0.0
    partner_suit_shift: float = 0.0
    opponent_suit_shift: float = 0.0
    equity_weight: float = 0.0
    endgame_fraction: float = 0.2
    endgame_shift: float = 0.0

    def __post_init__(self):
        for name in THRESHOLD_PARAMS:
            object.__setattr__(self, name, _threshold(self.name, name, getattr(self, name)))
        for name in SHIFT_PARAMS + SCORE_PARAMS:
            object.__setattr__(self, name, _number(self.name, name, getattr(self, name)))

    def value(self, name: str) -> float:
        """A parameter's value, or one position's (``order_up_threshold@4``)."""
        base, _, position = name.partition("@")
        value = getattr(self, base) if base in PARAMS else None
        if value is None:
            strategy_bounds(name)  # names the unknown parameter
        if not position:
            if isinstance(value, tuple):
                raise RulesError(f"{base} has one value per position: name one, e.g. {base}@1")
            return value
        values = value if isinstance(value, tuple) else None
        index = _position(name, position, len(values) if values else MAX_POSITIONS)
        return values[index] if values else value

    def with_param(self, param: str, value) -> Strategy:
        """A copy with one parameter changed: every position's, or one position's
        (``order_up_threshold@4``, after :meth:`for_variant` gave one per position)."""
        base, _, position = param.partition("@")
        if base not in PARAMS:
            raise RulesError(f"unknown strategy parameter {param!r}: parameters are {', '.join(PARAMS)}")
        if isinstance(value, str):
            try:
                value = float(value)
            except ValueError:
                raise RulesError(
                    f"strategy parameter {param}={value!r}: allowed is {_allowed(param)}"
                ) from None
        new = value
        if position:
            current = getattr(self, base)
            if not isinstance(current, tuple):
                raise RulesError(
                    f"strategy parameter {param}: {self.name}'s {base} is one value for every "
                    "position; give one per position first (Strategy.for_variant)"
                )
            values = list(current)
            values[_position(param, position, len(values))] = value
            new = tuple(values)
        return replace(self, name=f"{self.name}[{param}={value:g}]", **{base: new})

    def for_variant(self, variant) -> Strategy:
        """The same strategy with every threshold given per position of ``variant``."""
        n = as_variant(variant).players
        expanded = {name: tuple(position_values(self, name, n)) for name in THRESHOLD_PARAMS}
        return replace(self, **expanded)

    def coordinates(self, variant) -> tuple[str, ...]:
        """The parameters a fit may move in ``variant``, one per position for the
        thresholds (``order_up_threshold@1`` .. ``@4``), then the bid-context shifts and
        ``equity_weight``."""
        variant = as_variant(variant)
        out = []
        for name in THRESHOLD_PARAMS:
            if not unused_params(variant, [name]):
                out += [f"{name}@{k}" for k in range(1, variant.players + 1)]
        out += [name for name in SHIFT_PARAMS if not unused_params(variant, [name])]
        return tuple(out) + ("equity_weight",)

    def params(self) -> dict:
        """Every field but the name, for reports and JSON (a per-position threshold as a
        list); the suit shifts only when set, as in :func:`format_params`, so a strategy
        without them reports (and keys a fit's stored games) as it always did."""
        out = asdict(self)
        del out["name"]
        return {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in out.items()
            if key not in SUIT_SHIFTS or value
        }

    def __str__(self) -> str:
        return self.name


def _position(name: str, text: str, count: int) -> int:
    """The 0-based index of position ``text`` (1-based) of ``count``, or a RulesError."""
    if not text.isdigit() or not 1 <= int(text) <= count:
        raise RulesError(f"strategy parameter {name!r}: positions are 1 to {count} (1 speaks first)")
    return int(text) - 1


def position_values(strategy: Strategy, name: str, players: int) -> list[float]:
    """Threshold ``name`` of each auction position 1..``players`` (index 0 speaks first)."""
    value = getattr(strategy, name)
    if not isinstance(value, tuple):
        return [value] * players
    if len(value) != players:
        raise RulesError(
            f"strategy {strategy.name!r}: {name} has {len(value)} values, one per position, but "
            f"this game has {players} seats; give one number or {players}"
        )
    return list(value)


def format_params(strategy: Strategy) -> str:
    """``level_threshold 0.65, order_up_threshold 0.62/0.6/0.58/0.55, ...`` for the output
    (the suit shifts only when set: a strategy without them reads as it always did)."""

    def shown(value):
        return "/".join(f"{v:g}" for v in value) if isinstance(value, tuple) else f"{value:g}"

    names = [name for name in PARAMS if name not in SUIT_SHIFTS or getattr(strategy, name)]
    return ", ".join(f"{name} {shown(getattr(strategy, name))}" for name in names)


PARAMS = tuple(f.name for f in fields(Strategy) if f.name != "name")

BUILT_INS = {
    "balanced": Strategy(),
    "cautious": Strategy(
        "cautious",
        level_threshold=0.8,
        pig_threshold=0.85,
        hog_threshold=0.9,
        alone_threshold=0.85,
        order_up_threshold=0.7,
        call_threshold=0.7,
    ),
    "aggressive": Strategy(
        "aggressive",
        level_threshold=0.5,
        pig_threshold=0.6,
        hog_threshold=0.65,
        alone_threshold=0.6,
        order_up_threshold=0.5,
        call_threshold=0.5,
    ),
    "score-aware": Strategy("score-aware", endgame_fraction=0.2, endgame_shift=0.15),
}
FITTED = "fitted"


def _shown(value) -> str:
    """A value for an error line: its repr, or its type when the repr would flood the line."""
    text = repr(value)
    return text if len(text) <= 40 else f"a {type(value).__name__}"


def strategy_from_dict(data: dict, where: str) -> Strategy:
    """Build a strategy from TOML-like data; ``where`` names the source in errors."""
    values = dict(data)
    base_name = values.pop("base", "balanced")
    if not isinstance(base_name, str) or base_name not in BUILT_INS:
        raise RulesError(f"{where}: base={_shown(base_name)}; built-in strategies are {', '.join(BUILT_INS)}")
    name = values.pop("name", Path(where).stem)
    if not isinstance(name, str) or not name:
        raise RulesError(f"{where}: name={name!r}; write a non-empty string")
    for key, value in values.items():
        if key not in PARAMS:
            raise RulesError(f"{where}: unknown key {key!r}; keys are name, base, {', '.join(PARAMS)}")
        listed = key in THRESHOLD_PARAMS and isinstance(value, list)
        for item in value if listed else [value]:
            if isinstance(item, bool) or not isinstance(item, (int, float)):
                per_position = ", or a list of them (one per position)" if key in THRESHOLD_PARAMS else ""
                raise RulesError(f"{where}: {key}={_shown(value)}; allowed is {_allowed(key)}{per_position}")
    try:
        return replace(BUILT_INS[base_name], name=name, **values)
    except RulesError as error:  # a value out of bounds: name the file, not the strategy
        raise RulesError(f"{where}: {str(error).split(': ', 1)[1]}") from None


def strategy_to_toml(strategy: Strategy) -> str:
    """The TOML text of ``strategy``: every field, so :func:`load_strategy` reads it back equal."""

    def shown(value):
        if isinstance(value, tuple):
            return "[" + ", ".join(repr(float(v)) for v in value) + "]"
        return repr(float(value))

    lines = [f"name = {_toml_string(strategy.name)}"]
    lines += [f"{name} = {shown(getattr(strategy, name))}" for name in PARAMS]
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fitted_path(variant) -> Path:
    """Where the fitted strategy of ``variant`` ships in the package."""
    return data.FOLDER / f"fitted_{as_variant(variant).name}.toml"


def load_strategy(spec: str, variant=None) -> Strategy:
    """A built-in name (``cautious``, ``aggressive``, ...), ``fitted`` (the strategy
    fitted for ``variant``) or the path of a TOML file."""
    if spec in BUILT_INS:
        return BUILT_INS[spec]
    if spec == FITTED:
        if variant is None:
            raise RulesError("strategy 'fitted' is fitted per variant: name the variant")
        path = fitted_path(variant)
        if not path.is_file():
            raise RulesError(
                f"no fitted strategy ships for {as_variant(variant).name}: use a built-in "
                f"({', '.join(BUILT_INS)}) or a .toml file"
            )
        return _read_strategy(path, f"fitted ({path.name})")
    path = Path(spec)
    if not path.suffix == ".toml":
        raise RulesError(
            f"unknown strategy {spec!r}: built-ins are {', '.join(BUILT_INS)}, {FITTED}, or give a .toml file"
        )
    return _read_strategy(path, spec)


def _read_strategy(path: Path, spec: str) -> Strategy:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulesError(f"strategy file {spec!r} cannot be read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RulesError(f"strategy file {spec!r} is not text (UTF-8): write a TOML file") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"strategy file {spec!r} is not valid TOML: {error}") from None
    except RecursionError:
        raise RulesError(
            f"strategy file {spec!r} is nested too deeply: a strategy is flat key = value"
        ) from None
    return strategy_from_dict(data, str(path) if spec.startswith(FITTED) else spec)


def file_warnings(spec: str, variant) -> list[str]:
    """Warnings for a strategy file that sets thresholds ``variant`` has no use for
    (none for a built-in, whose every threshold is a default, or the fitted one)."""
    if spec in BUILT_INS or spec == FITTED:
        return []
    data = tomllib.loads(Path(spec).read_text(encoding="utf-8"))  # load_strategy checked it
    return [unused_param_warning(variant, name, spec) for name in unused_params(variant, data)]


# --------------------------------------------------------------------------- decisions
# Every function below decides for all games and seats of a batch at once; arrays are
# (games, seats) unless said otherwise.


def seat_thresholds(
    teams: tuple[Strategy, Strategy], scores, variant, dealers, context: int = NOBODY_BID
) -> dict:
    """Each seat's thresholds for this hand: (games, seats) per parameter, by the seat's
    auction position from ``dealers`` (games,), after its team's score terms at
    ``scores`` (games, 2) and, in bid euchre, the shift of ``context`` (who holds the
    high bid when the seat speaks); and under ``DENOM_SHIFT`` (games, seats, 6) the
    shift of a bid in each denomination (the suit shift of the high bid's, else 0)."""
    variant = as_variant(variant)
    n = variant.players
    scores = np.asarray(scores, np.int64).reshape(-1, 2)
    games = scores.shape[0]
    dealers = np.broadcast_to(np.asarray(dealers, np.int64), (games,))
    position = (np.arange(n)[None, :] - dealers[:, None] - 1) % n  # 0 speaks first
    team_of_seat = np.arange(n) & 1
    score_shift = np.empty((games, 2))
    equity_shift = {}
    for team, strategy in enumerate(teams):
        ours, theirs = scores[:, team], scores[:, 1 - team]
        endgame = (theirs > ours) & (variant.target - theirs <= strategy.endgame_fraction * variant.target)
        score_shift[:, team] = -strategy.endgame_shift * endgame
        context_shift = 0.0
        if context_holder(context) == PARTNER_HIGH:
            context_shift = strategy.partner_bid_shift
        elif context_holder(context) == OPPONENT_HIGH:
            context_shift = strategy.opponent_bid_shift
        score_shift[:, team] += 0.0 if variant.classic else context_shift
        if strategy.equity_weight:
            from .score_term import break_even_shifts  # the match-equity table loads only when asked

            shifts = break_even_shifts(variant, ours, theirs, dealers & 1 == team)
            for name, shift in shifts.items():
                equity_shift.setdefault(name, np.zeros((games, 2)))[:, team] = strategy.equity_weight * shift
    out = {}
    for name in THRESHOLD_PARAMS:
        by_position = np.array([position_values(strategy, name, n) for strategy in teams])  # (2, n)
        base = by_position[team_of_seat[None, :], position]  # (games, n)
        shift = score_shift + equity_shift.get(name, 0.0)
        out[name] = np.clip(base + shift[:, team_of_seat], 0.0, 1.0)
    out[DENOM_SHIFT] = np.zeros((games, n, DENOMS))
    if not variant.classic and context != NOBODY_BID:
        suit_shift = np.array([getattr(strategy, suit_shift_name(context)) for strategy in teams])
        suit_shift = suit_shift[team_of_seat]
        out[DENOM_SHIFT][:, :, context_denom(context)] = suit_shift[None, :]
    return out


def suit_shifted(teams: tuple[Strategy, Strategy], context: int) -> bool:
    """Does the high bid's denomination move any threshold of ``teams`` in ``context``?
    (When not, the context's wishes are those of any other denomination's.)"""
    if context == NOBODY_BID:
        return False
    return any(getattr(strategy, suit_shift_name(context)) for strategy in teams)


def threshold_columns(thresholds: dict, shape) -> np.ndarray:
    """The thresholds of every seat of ``shape`` (games, seats) as rows of
    ``THRESHOLD_COLUMNS``: the ``THRESHOLD_PARAMS`` in order, then each denomination's
    shift (0 where ``thresholds`` has no ``DENOM_SHIFT``): how the kernels take them."""
    columns = np.stack([np.broadcast_to(thresholds[name], shape) for name in THRESHOLD_PARAMS], axis=-1)
    shifts = np.broadcast_to(thresholds.get(DENOM_SHIFT, 0.0), tuple(shape) + (DENOMS,))
    return np.concatenate([columns, shifts], axis=-1)


def bid_euchre_wishes(
    estimates: BidEstimates, thresholds: dict, has_hog: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The contract each seat wants: (rank, denomination, bid code), rank 0 (code
    ``NO_BID``) for none, 1..8 a level, 9 Pig or Alone, 10 Hog.  The highest rank whose
    estimate clears its threshold wins; within a rank, the denomination with the best
    estimate less its shift (ties to the lower index).
    (kernels.bidding.bid_euchre_wish decides; this runs it over the arrays.)"""
    shape = estimates.level.shape[:-2]
    rank, denom, code = bidding.bid_euchre_wishes_many(
        np.ascontiguousarray(estimates.level.reshape(-1, 6, estimates.level.shape[-1])),
        np.ascontiguousarray(estimates.exchange_alone.reshape(-1, 6)),
        np.ascontiguousarray(estimates.hog.reshape(-1, 6)),
        np.ascontiguousarray(threshold_columns(thresholds, shape).reshape(-1, THRESHOLD_COLUMNS)),
        bool(has_hog),
    )
    return rank.reshape(shape), denom.reshape(shape), code.reshape(shape)


def classic_wishes(
    estimates: ClassicEstimates, thresholds: dict, upcard_suit: np.ndarray, no_trump: bool
) -> dict:
    """Round 1: ``order`` and ``order_alone`` (bool); round 2: ``call`` (denomination or
    -1) and ``call_alone`` (bool); and the bid codes of both rounds, ``first`` and
    ``second`` (kernels.bidding.classic_wish decides).  A maker goes alone when P(march
    alone) clears ``alone_threshold``."""
    shape = estimates.order.shape[:-1]  # (G, N)
    suits = np.broadcast_to(np.asarray(upcard_suit, np.int64)[:, None], shape)
    out = bidding.classic_wishes_many(
        np.ascontiguousarray(estimates.order.reshape(-1, estimates.order.shape[-1])),
        np.ascontiguousarray(estimates.call.reshape(-1, 5, estimates.call.shape[-1])),
        np.ascontiguousarray(threshold_columns(thresholds, shape).reshape(-1, THRESHOLD_COLUMNS)),
        np.array(suits.ravel()),
        bool(no_trump),
    ).reshape(shape + (6,))
    return {
        "order": out[..., 0].astype(bool),
        "order_alone": out[..., 1].astype(bool),
        "call": out[..., 2],
        "call_alone": out[..., 3].astype(bool),
        "first": out[..., 4],
        "second": out[..., 5],
    }


def bid_euchre_chances(
    estimates: BidEstimates, thresholds: dict, has_hog: bool, floor: int, code: int, soft_scale: float
) -> np.ndarray:
    """Per row, the chance the seat bids ``code`` (``NO_BID``: passes) at a turn whose high
    bid has rank ``floor``, every threshold test at ``soft_scale`` (0: the rule itself,
    1.0 or 0.0; above 0: soft inference's logistic of that width).  ``estimates`` and
    ``thresholds`` are one seat's, (rows,) leading shape.
    (kernels.bidding.bid_euchre_chance decides, on the tests the wishes are made of.)"""
    rows = estimates.level.shape[0]
    return bidding.bid_euchre_chances_many(
        np.ascontiguousarray(estimates.level),
        np.ascontiguousarray(estimates.exchange_alone),
        np.ascontiguousarray(estimates.hog),
        np.ascontiguousarray(threshold_columns(thresholds, (rows,))),
        bool(has_hog),
        int(floor),
        int(code),
        float(soft_scale),
    )


def classic_chances(
    estimates: ClassicEstimates,
    thresholds: dict,
    upcard_suit: int,
    no_trump: bool,
    round_one: bool,
    code: int,
    soft_scale: float,
) -> np.ndarray:
    """Per row, the chance a classic seat bids ``code`` (``NO_BID``: passes) in round 1 or
    2, its tests at ``soft_scale`` as in :func:`bid_euchre_chances`; one seat's
    ``estimates`` and ``thresholds``, (rows,) leading shape.
    (kernels.bidding.classic_chance decides.)"""
    rows = estimates.order.shape[0]
    return bidding.classic_chances_many(
        np.ascontiguousarray(estimates.order),
        np.ascontiguousarray(estimates.call),
        np.ascontiguousarray(threshold_columns(thresholds, (rows,))),
        np.full(rows, upcard_suit, np.int64),
        bool(no_trump),
        bool(round_one),
        int(code),
        float(soft_scale),
    )


__all__ = [
    "BUILT_INS",
    "CONTEXTS",
    "DENOMS",
    "DENOM_SHIFT",
    "EXCHANGE_RANK",
    "FITTED",
    "HOG_RANK",
    "NOBODY_BID",
    "OPPONENT_HIGH",
    "PARAMS",
    "PARTNER_HIGH",
    "THRESHOLD_COLUMNS",
    "THRESHOLD_PARAMS",
    "Strategy",
    "bid_context",
    "bid_contexts",
    "bid_euchre_chances",
    "bid_euchre_wishes",
    "classic_chances",
    "classic_wishes",
    "context_denom",
    "context_holder",
    "file_warnings",
    "fitted_path",
    "format_params",
    "load_strategy",
    "position_values",
    "seat_thresholds",
    "strategy_bounds",
    "strategy_from_dict",
    "strategy_to_toml",
    "suit_shifted",
    "threshold_columns",
    "unused_param_warning",
    "unused_params",
]
