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

Going alone in the classic games pays only on a march, so a classic maker goes alone
when it would order up or call anyway and P(march alone) clears ``alone_threshold``.

A wanted contract is bid only when the auction allows it (``AuctionState.can_bid``);
otherwise the player passes.  A dealer who may not pass (the stuck dealer, stick the
dealer) bids the allowed contract, not played alone, with the highest estimate.

*Score-aware play*: when the opponents are ahead and within ``endgame_fraction`` of
the target (they need at most ``endgame_fraction * target`` more points), every
threshold drops by ``endgame_shift`` (clamped to 0..1), so a team about to lose bids
more boldly.  ``endgame_shift = 0`` turns this off.

Misdeal options (classic ``euchre``) are not a strategy choice here: every eligible
player calls them, the policy of :func:`simulate.rules.auction.misdeal_calls`.

TOML files hold the same fields at the top level, optionally starting from a built-in::

    name = "bold-hog"
    base = "cautious"
    hog_threshold = 0.6
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

import numpy as np

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


# The contracts each threshold decides (the table above); a variant without any of them
# ignores the threshold, and tuning it would print the same row for every value.
PARAM_KINDS = {
    "level_threshold": (LEVEL,),
    "pig_threshold": (PIG,),
    "hog_threshold": (HOG,),
    "alone_threshold": (ALONE, ORDER_UP, CALL),
    "order_up_threshold": (ORDER_UP,),
    "call_threshold": (CALL,),
}


def unused_params(variant, names) -> list[str]:
    """The parameters among ``names`` that decide no contract of ``variant``."""
    kinds = set(as_variant(variant).spec.contract_kinds)
    return [name for name in names if name in PARAM_KINDS and not kinds & set(PARAM_KINDS[name])]


def unused_param_warning(variant, name: str, where: str) -> str:
    """One line saying that ``name`` (set by ``where``) has no effect in ``variant``."""
    variant = as_variant(variant)
    used = [param for param in PARAMS if not unused_params(variant, [param])]
    return (
        f"warning: {where} sets {name}, which has no effect in {variant.name} (it has no "
        f"{' or '.join(PARAM_KINDS[name])} contracts); its parameters are {', '.join(used)}"
    )


@dataclass(frozen=True)
class Strategy:
    """A bidding strategy: a threshold per contract kind and a score-aware shift."""

    name: str = "balanced"
    level_threshold: float = 0.65
    pig_threshold: float = 0.75
    hog_threshold: float = 0.8
    alone_threshold: float = 0.75
    order_up_threshold: float = 0.6
    call_threshold: float = 0.6
    endgame_fraction: float = 0.2
    endgame_shift: float = 0.0

    def __post_init__(self):
        for name in THRESHOLD_PARAMS + ("endgame_fraction", "endgame_shift"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise RulesError(f"strategy {self.name!r}: {name}={value!r}; allowed is a number from 0 to 1")

    def with_param(self, param: str, value) -> Strategy:
        """A copy with one parameter changed (``tune`` varies one at a time)."""
        if param not in PARAMS:
            raise RulesError(f"unknown strategy parameter {param!r}: parameters are {', '.join(PARAMS)}")
        if isinstance(value, str):
            try:
                value = float(value)
            except ValueError:
                raise RulesError(
                    f"strategy parameter {param}={value!r}: allowed is a number from 0 to 1"
                ) from None
        return replace(self, name=f"{self.name}[{param}={value:g}]", **{param: value})

    def params(self) -> dict:
        """Every field but the name, for reports and JSON."""
        out = asdict(self)
        del out["name"]
        return out

    def __str__(self) -> str:
        return self.name


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
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise RulesError(f"{where}: {key}={_shown(value)}; allowed is a number from 0 to 1")
    return replace(BUILT_INS[base_name], name=name, **{k: float(v) for k, v in values.items()})


def load_strategy(spec: str) -> Strategy:
    """A built-in name (``cautious``, ``aggressive``, ...) or the path of a TOML file."""
    if spec in BUILT_INS:
        return BUILT_INS[spec]
    path = Path(spec)
    if not path.suffix == ".toml":
        raise RulesError(
            f"unknown strategy {spec!r}: built-ins are {', '.join(BUILT_INS)}, or give a .toml file"
        )
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
    return strategy_from_dict(data, spec)


def file_warnings(spec: str, variant) -> list[str]:
    """Warnings for a strategy file that sets thresholds ``variant`` has no use for
    (none for a built-in, whose every threshold is a default)."""
    if spec in BUILT_INS:
        return []
    data = tomllib.loads(Path(spec).read_text(encoding="utf-8"))  # load_strategy checked it
    return [unused_param_warning(variant, name, spec) for name in unused_params(variant, data)]


# --------------------------------------------------------------------------- decisions
# Every function below decides for all games and seats of a batch at once; arrays are
# (games, seats) unless said otherwise.


def seat_thresholds(teams: tuple[Strategy, Strategy], scores: np.ndarray, target: int, seats: int) -> dict:
    """Each seat's thresholds for this hand, after the score-aware shift of its team."""
    scores = np.asarray(scores, np.int64)
    team_of_seat = np.arange(seats) & 1
    out = {}
    for name in THRESHOLD_PARAMS:
        per_team = np.empty((scores.shape[0], 2))
        for team, strategy in enumerate(teams):
            ours, theirs = scores[:, team], scores[:, 1 - team]
            endgame = (theirs > ours) & (target - theirs <= strategy.endgame_fraction * target)
            per_team[:, team] = np.clip(getattr(strategy, name) - endgame * strategy.endgame_shift, 0.0, 1.0)
        out[name] = per_team[:, team_of_seat]
    return out


def threshold_columns(thresholds: dict, shape) -> np.ndarray:
    """The thresholds of every seat of ``shape`` (games, seats) as rows of six, in
    ``THRESHOLD_PARAMS`` order: how the kernels take them."""
    return np.stack([np.broadcast_to(thresholds[name], shape) for name in THRESHOLD_PARAMS], axis=-1)


def bid_euchre_wishes(
    estimates: BidEstimates, thresholds: dict, has_hog: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The contract each seat wants: (rank, denomination, bid code), rank 0 (code
    ``NO_BID``) for none, 1..8 a level, 9 Pig or Alone, 10 Hog.  The highest rank whose
    estimate clears its threshold wins; within a rank, the denomination with the best
    estimate (ties to the lower index).
    (kernels.bidding.bid_euchre_wish decides; this runs it over the arrays.)"""
    shape = estimates.level.shape[:-2]
    rank, denom, code = bidding.bid_euchre_wishes_many(
        np.ascontiguousarray(estimates.level.reshape(-1, 6, estimates.level.shape[-1])),
        np.ascontiguousarray(estimates.exchange_alone.reshape(-1, 6)),
        np.ascontiguousarray(estimates.hog.reshape(-1, 6)),
        np.ascontiguousarray(threshold_columns(thresholds, shape).reshape(-1, len(THRESHOLD_PARAMS))),
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
        np.ascontiguousarray(threshold_columns(thresholds, shape).reshape(-1, len(THRESHOLD_PARAMS))),
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
    "EXCHANGE_RANK",
    "HOG_RANK",
    "PARAMS",
    "THRESHOLD_PARAMS",
    "Strategy",
    "bid_euchre_chances",
    "bid_euchre_wishes",
    "classic_chances",
    "classic_wishes",
    "file_warnings",
    "load_strategy",
    "seat_thresholds",
    "strategy_from_dict",
    "threshold_columns",
    "unused_param_warning",
    "unused_params",
]
