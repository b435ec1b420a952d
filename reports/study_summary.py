"""Summaries of a batch study's rows: P(make) and net points by feature bucket, thresholds.

Input is the rows DataFrame of ``simulate.study.run`` (see its ``schema.md``) and the
study's parameters; output is a dict of small DataFrames, written as CSV and Markdown
by :func:`write_summaries`.  Nothing here plays a card: made/not made and net points
come from the stored tricks through the variant's scoring table (``rules.score_table``).

Conventions
-----------
* *Net points* of a contract: bidding team minus defending team, from the scoring table.
* The four trump suits are pooled (they are symmetric under random deals); High and Low
  No Trump are summarised apart.
* Every P(make) carries its 95% Wilson interval and every mean net its 95% normal
  interval (mean +- 1.96 s / sqrt(n)); ``hands`` is the sample size of the bucket.
* A bid *turns profitable* at a feature value ``v`` when its mean net points are above
  zero in every bucket from ``v`` upwards that holds at least ``MIN_HANDS`` hands
  (``confident``: the lower interval bound is above zero there too).  Zero is what the
  team scores from the bid by not making it; a threshold is a floor for bidding, not a
  comparison with the other team's best bid.  Every threshold row carries a ``note``: the
  sample behind a filled value, or why a value is blank (too few hands, or the bid does
  not pay at the strongest holding the study has enough hands of).
* The sweep contracts (Pig, Hog, Alone) are decided by the top of the hand, so they are
  summarised by the top-trump run, side aces and voids (:mod:`simulate.bidding.features`), and
  their thresholds are the lowest top-trump run that pays for each trump length.
* A strong-hand study (``study --trumps N``, :mod:`simulate.dealing.strong_hands`) holds Hearts
  only: its tables are of Hearts, it has no no-trump tables, its pooled rows are of the
  hands it dealt (``given`` "N+ trumps (as dealt)"), and every threshold note starts with
  the study's condition and how rare its hands are.  A random-deal study's lone-contract
  row left blank for lack of hands points to such a study.
* ``answer`` says each threshold as a player reads it ("Hog pays from 8 trumps with at
  least the top trump (one right bower)").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ..simulate.bidding.features import DENOM_CODES
from ..simulate.dealing.strong_hands import condition_probability, exact, once_in
from ..simulate.rules.contracts import Contract
from ..simulate.rules.scoring import score_table
from ..simulate.rules.variants import LEVEL, as_variant
from ..simulate.stats import Z95, wilson_interval
from ..simulate.study.run import DENOM_LABELS, StudyParams, lone_kinds, study_denoms
from ..simulate.study.store import rows_per_deal
from .files import make_folder, write_text
from .numbers import cell

MIN_HANDS = 30


def position_name(position: int, players: int = 4) -> str:
    """A classic seat by its place from the dealer's left (1-based, the dealer last), as
    a player says it: "leads (left of dealer)", "dealer's partner", "right of dealer", "dealer"."""
    if position == players:
        return "dealer"
    if position == 1:
        return "leads (left of dealer)"
    if position == players // 2:
        return "dealer's partner"
    if position == players - 1:
        return "right of dealer"
    return f"seat {position} from the dealer's left"


POINT_EDGES = (0, 6, 9, 12, 15, 18, 21, 99)
"""Hand-strength buckets of ``points_<d>``: [0, 6), [6, 9), ... [21, 99)."""


POINT_LABELS = [f"{lo}-{hi - 1}" if hi < 99 else f"{lo}+" for lo, hi in zip(POINT_EDGES, POINT_EDGES[1:])]


def point_bucket(points) -> pd.Categorical:
    return pd.cut(np.asarray(points), bins=list(POINT_EDGES), right=False, labels=POINT_LABELS)


def summarise(frame: pd.DataFrame, keys: list[str], marches: bool = False) -> pd.DataFrame:
    """Group ``frame`` (columns ``made`` bool, ``net`` number, plus ``keys``) into estimates.

    With ``marches`` its boolean ``march`` column (all tricks taken) is summarised too.
    """
    grouped = frame.groupby(keys, observed=True, sort=True)
    counts = {
        "hands": ("net", "size"),
        "made": ("made", "sum"),
        "mean_net": ("net", "mean"),
        "sd": ("net", "std"),
    }
    if marches:
        counts["marches"] = ("march", "sum")
    table = grouped.agg(**counts).reset_index()
    table["p_make"] = table["made"] / table["hands"]
    table["ci_low"], table["ci_high"] = wilson_interval(table["made"], table["hands"])
    half = Z95 * table["sd"].fillna(0.0) / np.sqrt(table["hands"])
    table["net_ci_low"] = table["mean_net"] - half
    table["net_ci_high"] = table["mean_net"] + half
    order = ["hands", "made", "p_make", "ci_low", "ci_high"]
    if marches:
        table["p_march"] = table["marches"] / table["hands"]
        order += ["marches", "p_march"]
    return table[keys + order + ["mean_net", "net_ci_low", "net_ci_high"]]


def profitable_from(table: pd.DataFrame, feature: str, column: str = "mean_net") -> float:
    """Smallest ``feature`` value from which ``column`` > 0 in every bucket with enough hands."""
    enough = table[table["hands"] >= MIN_HANDS].sort_values(feature)
    threshold = np.nan
    for value, good in zip(enough[feature].to_numpy()[::-1], (enough[column] > 0).to_numpy()[::-1]):
        if not good:
            break
        threshold = value
    return threshold


# --------------------------------------------------------------------------- bid euchre


def _outcomes(variant, contract: Contract, tricks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Made flags and net points for tricks taken under ``contract``."""
    table = score_table(variant, contract)
    net = table[:, 0] - table[:, 1]
    return tricks >= contract.tricks_needed(variant.hand_size), net[tricks]


@dataclass(frozen=True)
class BidColumn:
    """One contract kind of a bid-euchre study: its label in the tables, the prefix of
    the rows' trick columns, and the contract it is in each denomination."""

    label: str
    prefix: str
    kind: str
    level: int

    def contract(self, denom: int) -> Contract:
        return Contract(self.kind, denom, self.level)


def bid_contracts(variant, levels: bool = True) -> list[BidColumn]:
    """Each contract kind of the variant: levels 1..8 (unless ``levels`` is False: a study of
    the sweep contracts only), then the lone contracts."""
    levels = (
        [BidColumn(str(n), "tricks", LEVEL, n) for n in range(1, variant.hand_size + 1)] if levels else []
    )
    return levels + [
        BidColumn(kind.capitalize(), kind, kind, variant.hand_size) for kind in lone_kinds(variant)
    ]


def bid_long(rows: pd.DataFrame, variant, column: BidColumn, denoms=range(6)) -> pd.DataFrame:
    """One contract kind for every row and denomination in ``denoms``: features, made, net."""
    parts = []
    for denom in denoms:
        code = DENOM_CODES[denom]
        made, net = _outcomes(variant, column.contract(denom), rows[f"{column.prefix}_{code}"].to_numpy())
        part = pd.DataFrame(
            {
                "denomination": "trump suit" if denom < 4 else DENOM_LABELS[denom],
                "points": rows[f"points_{code}"].to_numpy(),
                "aces": rows[f"aces_{code}"].to_numpy(),
                "voids": rows[f"voids_{code}"].to_numpy(),
                "made": made,
                "net": net,
            }
        )
        if denom < 4:
            part["trumps"] = rows[f"trumps_{code}"].to_numpy()
            part["bowers"] = rows[f"right_{code}"].to_numpy() + rows[f"left_{code}"].to_numpy()
            part["run"] = rows[f"run_{code}"].to_numpy()
            # side losers: the cards that are neither trumps nor side aces (an ace wins
            # when led once trumps are drawn, the first of two copies played winning)
            part["losers"] = variant.hand_size - part["trumps"] - part["aces"]
        else:
            part["runs"] = rows[f"runs_{code}"].to_numpy()
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def threshold_row(table: pd.DataFrame, feature: str, hint: str = "", **identity) -> dict:
    """A thresholds row: where ``table``'s bid turns profitable along ``feature``, with a note
    giving the sample behind the value, or why there is none (``hint``, if given, is added to
    a note that blames too few hands: where to find more)."""
    start = profitable_from(table, feature)
    enough = table[table["hands"] >= MIN_HANDS].sort_values(feature)
    if not np.isnan(start):
        at = enough[enough[feature] == start].iloc[0]
        note = (
            f"{feature}={int(start)}: {int(at['hands'])} hands, P(make) {at['p_make']:.3f}, "
            f"mean net {at['mean_net']:+.2f}"
        )
    elif enough.empty:
        most = int(table["hands"].max()) if len(table) else 0
        note = f"fewer than {MIN_HANDS} hands at every {feature} value (most: {most})" + hint
    else:
        top = enough.iloc[-1]
        note = (
            f"does not pay at the strongest {feature} with {MIN_HANDS}+ hands "
            f"({feature}={int(top[feature])}: {int(top['hands'])} hands, mean net {top['mean_net']:+.2f})"
        )
        if (table[feature] > top[feature]).any():
            note += f"; higher {feature} has fewer than {MIN_HANDS} hands" + hint
    return {
        **identity,
        "feature": feature,
        "profitable_from": start,
        "confident_from": profitable_from(table, feature, "net_ci_low"),
        "note": note,
    }


SIDE_LOSERS_SHOWN = 2
"""Sweep thresholds are given for hands of 0 to this many side losers (side cards that are
not aces): more than a Pig's two discards never sweep."""

STRONG_HINT = "; a strong-hand study deals such hands on purpose (study --trumps N --contracts lone)"
STRONGER_HINT = "; a study with a larger --trumps deals more of the strongest hands"
"""Where a lone contract's threshold blank for lack of hands can be filled from."""


def condition_words(params: StudyParams) -> str:
    """A strong-hand study's condition, short, with how rare it is: "7+ trumps dealt to seat 1
    (Hearts, left bower included; a hand holds that once in 1,234 hands)"."""
    rarity = once_in(condition_probability(params.variant, params.trumps))
    return (
        f"{params.trumps}+ trumps dealt to seat 1 (Hearts, left bower included; a hand holds that {rarity})"
    )


def bid_summaries(rows: pd.DataFrame, params: StudyParams) -> dict[str, pd.DataFrame]:
    """Every bid-euchre table.  A strong-hand study (``params.conditioned``) holds Hearts
    only, so it has no no-trump tables, its pooled rows are of the hands it dealt
    (``given`` says so) and every threshold note names its condition."""
    variant = as_variant(params.variant)
    conditioned = params.conditioned
    hint = STRONGER_HINT if conditioned else STRONG_HINT
    pooled = f"{params.trumps}+ trumps (as dealt)" if conditioned else "any trumps"
    lone_tables, by_run, by_top, by_side, no_trump_lone, level_tables, thresholds = [], [], [], [], [], [], []
    for column in bid_contracts(variant, params.levels):
        label = column.label
        long = bid_long(rows, variant, column, study_denoms(params))
        by_points = summarise(
            long.assign(strength=point_bucket(long["points"])), ["denomination", "strength"]
        )
        level_tables.append(by_points.assign(contract=label))
        suits = long[long["denomination"] == "trump suit"].astype(
            {"trumps": np.int64, "bowers": np.int64, "run": np.int64}
        )
        no_trumps = long[long["denomination"] != "trump suit"]
        if not conditioned:  # a strong-hand study plays no no trump
            no_trumps = no_trumps.astype({"runs": np.int64})
        by_trumps = summarise(suits, ["trumps", "bowers"])
        for bowers, group in by_trumps.groupby("bowers"):
            thresholds.append(
                threshold_row(
                    group, "trumps", contract=label, denomination="trump suit", given=f"bowers={bowers}"
                )
            )
        if column.kind != LEVEL:
            lone_tables.append(by_trumps.assign(contract=label))
            by_run.append(summarise(suits, ["trumps", "run"]).assign(contract=label))
            by_top.append(summarise(suits, ["run", "aces", "voids"]).assign(contract=label))
            if not conditioned:
                no_trump_lone.append(
                    summarise(no_trumps, ["denomination", "runs", "aces"]).assign(contract=label)
                )
            thresholds.append(
                threshold_row(
                    summarise(suits, ["run"]),
                    "run",
                    hint,
                    contract=label,
                    denomination="trump suit",
                    given=pooled,
                )
            )
            # A sweep is lost to a side card that is not an ace as surely as to a short run
            # of trumps: 7 trumps with the top 3 and a side ace sweep, the same with a side
            # king mostly do not, and a run threshold by trump length alone blurs the two.
            by_losers = summarise(suits.astype({"losers": np.int64}), ["losers", "run"])
            by_side.append(by_losers.assign(contract=label))
            for feature, table, most in (
                ("trumps", by_run[-1], None),
                ("losers", by_losers, SIDE_LOSERS_SHOWN),
            ):
                for value, group in table.groupby(feature):
                    if most is None or value <= most:
                        thresholds.append(
                            threshold_row(
                                group,
                                "run",
                                hint,
                                contract=label,
                                denomination="trump suit",
                                given=f"{feature}={value}",
                            )
                        )
        for denomination, group in long.groupby("denomination"):
            thresholds.append(
                threshold_row(
                    summarise(group, ["points"]),
                    "points",
                    contract=label,
                    denomination=denomination,
                    given="",
                )
            )
        for denomination, group in no_trumps.groupby("denomination"):
            thresholds.append(
                threshold_row(
                    summarise(group, ["runs"]), "runs", contract=label, denomination=denomination, given=""
                )
            )
    front = ["contract"]
    thresholds = pd.DataFrame(thresholds)
    if conditioned:
        rarity = once_in(condition_probability(params.variant, params.trumps))
        thresholds["note"] = f"--trumps {params.trumps} study ({rarity}): " + thresholds["note"]
    thresholds["answer"] = [
        threshold_answer(row, variant.copies, params.trumps) for row in thresholds.itertuples()
    ]
    tables = {
        "lone_by_trumps_bowers": _front(pd.concat(lone_tables, ignore_index=True), front),
        "lone_by_trumps_run": _front(pd.concat(by_run, ignore_index=True), front),
        "lone_by_run_aces_voids": _front(pd.concat(by_top, ignore_index=True), front),
        "lone_by_losers_run": _front(pd.concat(by_side, ignore_index=True), front),
        "lone_no_trump_by_runs_aces": _front(pd.concat(no_trump_lone, ignore_index=True), front)
        if no_trump_lone
        else None,
        "bids_by_strength": _front(pd.concat(level_tables, ignore_index=True), front),
        "thresholds": thresholds[
            [
                "contract",
                "denomination",
                "feature",
                "given",
                "profitable_from",
                "confident_from",
                "answer",
                "note",
            ]
        ],
    }
    return {name: table for name, table in tables.items() if table is not None}


TRUMP_RANKS = ("right bower", "left bower", "ace", "king", "queen", "ten", "nine")
"""The trumps from the top, as a player names them."""


def run_words(run: int, copies: int = 2) -> str:
    """A top-trump run as a player says it: 4 (double deck) is "both right bowers and both
    left bowers"; 3 (single deck) "the right bower, the left bower and the ace"."""
    if run <= 0:
        return "no right bower"
    whole_faces, part = divmod(int(run), copies)
    names = [f"both {name}s" if copies == 2 else f"the {name}" for name in TRUMP_RANKS[:whole_faces]]
    if part:
        names.append(f"one {TRUMP_RANKS[whole_faces]}")
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _top_trumps(run: int, copies: int) -> str:
    """A threshold on the run: that run or a longer one."""
    top = "at least the top trump" if run == 1 else f"at least the top {run} trumps"
    return f"{top} ({run_words(run, copies)})"


def _bowers(count: str) -> str:
    return f"{count} bower{'' if count == '1' else 's'}"


def _losers_words(losers: str) -> str:
    """Side losers (side cards that are not aces) as a player says them."""
    return {
        "0": "every side card an ace (or none)",
        "1": "one side card that is not an ace",
        "2": "two side cards that are not aces",
    }.get(losers, f"{losers} side cards that are not aces")


def given_words(given: str) -> str:
    """A thresholds row's ``given`` as a player reads it: "trumps=7" is "7 trumps"."""
    if given.startswith("trumps="):
        trumps = given.removeprefix("trumps=")
        return f"{trumps} trump{'' if trumps == '1' else 's'}"
    if given.startswith("losers="):
        return _losers_words(given.removeprefix("losers="))
    return given


def _bid_words(contract: str) -> str:
    return f"Bidding {contract}" if contract.isdigit() else contract


def threshold_answer(row, copies: int = 2, least: int | None = None) -> str:
    """A thresholds row as a player reads it: "Hog pays from 8 trumps with at least the top 4
    trumps (both right bowers and both left bowers)", or why there is no answer.  ``least``: the
    fewest trumps a strong-hand study deals (a trump count that pays from there may pay
    from fewer)."""
    bid = _bid_words(row.contract)
    given = row.given
    trumps = given.removeprefix("trumps=") if given.startswith("trumps=") else None
    losers = given.removeprefix("losers=") if given.startswith("losers=") else None
    where = {
        "run": f"with {trumps} trump{'' if trumps == '1' else 's'}"
        if trumps
        else f"with {_losers_words(losers)}"
        if losers
        else "whatever the trump length"
        if given == "any trumps"
        else f"among hands of {given.removesuffix(' (as dealt)')}",
        "trumps": f"with {_bowers(given.removeprefix('bowers='))} (right and left copies)",
        "points": f"in {'a ' if row.denomination == 'trump suit' else ''}{row.denomination}",
        "runs": f"in {row.denomination}",
    }[row.feature]
    if np.isnan(row.profitable_from):
        if "does not pay" in row.note:
            return f"{bid} {where}: does not pay at any holding the study has {MIN_HANDS}+ hands of"
        return f"{bid} {where}: too few hands to say (see the note)"
    value = int(row.profitable_from)
    if row.feature == "run":
        if trumps:
            return f"{bid} pays from {trumps} trumps with {_top_trumps(value, copies)}"
        if losers:
            return f"{bid} {where} pays with {_top_trumps(value, copies)}"
        return f"{bid} pays with {_top_trumps(value, copies)} {where}"
    if row.feature == "trumps":
        if value == least:
            return f"{bid} {where} pays with {value} trumps, the fewest this study deals"
        return f"{bid} {where} pays from {value} trumps"
    if row.feature == "points":
        return f"{bid} {where} pays from {value} points"
    return f"{bid} {where} pays from {value} cards that cash from the top (the suits' top runs added up)"


# --------------------------------------------------------------------------- classic


def classic_summaries(rows: pd.DataFrame, params: StudyParams) -> dict[str, pd.DataFrame]:
    def outcomes(contract: str, net: str, feature: str) -> pd.DataFrame:
        tricks = rows[f"tricks_{contract}"]
        return summarise(
            rows.assign(made=tricks >= 3, march=tricks == 5, net=rows[net]),
            ["position", feature],
            marches=True,
        )

    order = outcomes("order", "ev_order", "trumps")
    alone = outcomes("alone", "ev_alone", "trumps")
    call = outcomes("call", "ev_call", "call_trumps")
    call_alone = outcomes("call_alone", "ev_call_alone", "call_trumps")
    thresholds = []
    for position in sorted(rows["position"].unique()):
        pick = order["position"] == position
        both = order[pick].merge(
            alone[alone["position"] == position], on=["position", "trumps"], suffixes=("", "_alone")
        )
        both["alone_gain"] = both["mean_net_alone"] - both["mean_net"]
        row = {
            "position": position,
            "order_profitable_from": profitable_from(order[pick], "trumps"),
            "order_confident_from": profitable_from(order[pick], "trumps", "net_ci_low"),
            "alone_beats_order_from": profitable_from(both, "trumps", "alone_gain"),
            "call_profitable_from": profitable_from(call[call["position"] == position], "call_trumps"),
        }
        called = call[call["position"] == position]
        row["note"] = "; ".join(
            _classic_blank(name, table, feature, column, what)
            for name, table, feature, column, what in (
                ("order_profitable_from", order[pick], "trumps", "mean_net", "ordering up"),
                (
                    "alone_beats_order_from",
                    both,
                    "trumps",
                    "alone_gain",
                    "going alone instead of with the partner",
                ),
                ("call_profitable_from", called, "call_trumps", "mean_net", "the best call"),
            )
            if np.isnan(row[name])
        )
        thresholds.append(row)
    players = as_variant(params.variant).players
    return {
        name: _named_seats(table, players)
        for name, table in (
            ("order_by_position_trumps", _merge_alone(order, alone, "trumps")),
            ("call_by_position_trumps", _merge_alone(call, call_alone, "call_trumps")),
            ("classic_thresholds", pd.DataFrame(thresholds)),
        )
    }


def _classic_blank(name: str, table: pd.DataFrame, feature: str, column: str, what: str) -> str:
    """Why the classic threshold ``name`` is blank: too few hands, or the strongest holding
    with enough hands still loses (its hands and its mean, a point a hand)."""
    enough = table[table["hands"] >= MIN_HANDS].sort_values(feature)
    if enough.empty:
        return f"{name} blank: fewer than {MIN_HANDS} hands at every trump count"
    top = enough.iloc[-1]
    sign = "gains" if column == "alone_gain" else "nets"
    return (
        f"{name} blank: {what} does not pay in every bucket up to {int(top[feature])} trumps, "
        f"the strongest with {MIN_HANDS}+ hands ({int(top['hands'])} hands, {sign} {top[column]:+.2f} a hand)"
    )


def _named_seats(table: pd.DataFrame, players: int) -> pd.DataFrame:
    """The table with a ``seat`` column naming each position, right after ``position``."""
    table = table.copy()
    table.insert(
        table.columns.get_loc("position") + 1, "seat", [position_name(p, players) for p in table["position"]]
    )
    return table


def _merge_alone(partner: pd.DataFrame, alone: pd.DataFrame, feature: str) -> pd.DataFrame:
    return partner.merge(alone.drop(columns="hands"), on=["position", feature], suffixes=("", "_alone"))


def _front(frame: pd.DataFrame, first: list[str]) -> pd.DataFrame:
    return frame[first + [c for c in frame.columns if c not in first]]


# --------------------------------------------------------------------------- output


def study_summaries(rows: pd.DataFrame, params: StudyParams) -> dict[str, pd.DataFrame]:
    """Every summary table of a study, by name."""
    if as_variant(params.variant).classic:
        return classic_summaries(rows, params)
    return bid_summaries(rows, params)


def markdown_table(frame: pd.DataFrame) -> str:
    """A GitHub Markdown table; cells as :func:`reports.numbers.cell` writes them (counts
    whole, small probabilities with their digits), missing values blank."""
    header = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "---|" * len(frame.columns)
    body = [
        "| " + " | ".join(cell(column, value) for column, value in zip(frame.columns, row)) + " |"
        for row in frame.itertuples(index=False)
    ]
    return "\n".join([header, rule] + body)


def study_title(params: StudyParams, rows: int) -> str:
    deals = rows // rows_per_deal(params)
    play = f"{params.play} play" + ("" if params.levels else ", sweep contracts only")
    strong = f" - {params.trumps}+ Hearts dealt to seat 1" if params.conditioned else ""
    return f"{params.variant} - {play}{strong} - {rows:,} hands ({deals:,} deals) - seed {params.seed}"


READING = (
    "How to read the tables: a hand is one seat's cards in one deal; hands is the sample "
    "size of a row; P(make) is the share of those hands whose contract made, with its 95% "
    "Wilson interval; net points are the points of the bidding team (in classic euchre the "
    "seat's team) minus the other team's, from the scoring table, with a 95% normal "
    "interval; the four trump suits are pooled, no trump (where the variant has it) apart."
)
"""How to read every summary (summary.md and index.html print it)."""

STRONG_READING = (
    "This is a strong-hand study: every hand in it was dealt on purpose, {condition}, "
    "uniformly among such hands, the other seats' hands uniform given it; seat 1 bids "
    "every contract with Hearts trump, and nothing else is played (other suits and no trump "
    "would be biased by the condition). A row of hands that all meet the condition (such as "
    "a trump count) reads as it would in a random-deal study; rows pooled over trump counts "
    "describe the hands this study dealt."
)


def reading(params: StudyParams) -> str:
    """:data:`READING`, and for a strong-hand study what its hands are (with the condition's
    exact probability)."""
    if not params.conditioned:
        return READING
    probability = exact(condition_probability(params.variant, params.trumps))
    strong = STRONG_READING.format(condition=condition_words(params))
    return f"{for_study(READING, params)} {strong} The condition's exact probability: {probability} per hand."


_POOLED = re.compile(
    r"(the four )?trump suits (are )?pooled(, no trumps? (\(where the variant has it\) )?apart)?"
)
HEARTS_ONLY = "Hearts only (strong hands dealt on purpose)"


def for_study(text: str, params: StudyParams) -> str:
    """A table's or chart's sentence for this study: a strong-hand study holds Hearts only,
    where a random-deal study pools the four trump suits."""
    return _POOLED.sub(HEARTS_ONLY, text) if params.conditioned else text


TABLE_TITLES = {
    "lone_by_trumps_bowers": "Lone contracts by trumps and bowers held",
    "lone_by_trumps_run": "Lone contracts by trumps held and top-trump run",
    "lone_by_run_aces_voids": "Lone contracts by top-trump run, side aces and voids",
    "lone_by_losers_run": "Lone contracts by side losers and top-trump run",
    "lone_no_trump_by_runs_aces": "Lone no-trump contracts by the suits' top runs and top cards",
    "bids_by_strength": "Every bid by hand strength",
    "thresholds": "The weakest hand worth each bid",
    "order_by_position_trumps": "Ordering up by position and trumps held",
    "call_by_position_trumps": "The best round-2 call by position and trumps held",
    "classic_thresholds": "The fewest trumps worth ordering up, going alone or calling",
}
"""Each table's title in words (the name is its CSV file's)."""

TABLE_NOTES = {
    "lone_by_trumps_bowers": "P(make) and mean net points of each lone contract by trumps held and bowers "
    "(right + left copies), the four trump suits pooled.",
    "lone_by_trumps_run": "P(make) and mean net points of each lone contract by trumps held and top-trump "
    "run (the top trumps held in unbroken order, both copies counted: 6 = both right bowers, both left "
    "bowers and both trump aces), trump suits pooled.",
    "lone_by_run_aces_voids": "Each lone contract by top-trump run, side aces (top cards of the other suits) "
    "and voids (side suits with no card), trump suits pooled.",
    "lone_by_losers_run": "Each lone contract by side losers (side cards that are not aces: 0 means every "
    "side card is an ace, or there is none) and top-trump run, trump suits pooled.",
    "lone_no_trump_by_runs_aces": "Each lone contract in High and Low No Trump by the suits' top runs added "
    "up (cards that cash from the top) and top cards held (aces in High, nines in Low).",
    "bids_by_strength": "Every bid by hand strength (points bucket), trump suits pooled, no trumps apart.",
    "thresholds": "Smallest feature value from which the bid's mean net points "
    f"(confident: the lower 95% bound) "
    f"stay above 0 in every bucket of at least {MIN_HANDS} hands; `note` gives the sample at that value, "
    f"or why the cell is blank (fewer than {MIN_HANDS} hands, or the bid does not pay at the strongest "
    "holding with enough hands).",
    "order_by_position_trumps": "Ordering up with the partner and alone (columns *_alone) by seat "
    "(position 1 leads from the dealer's left, 2 is the dealer's partner, 3 the dealer's right, 4 the "
    "dealer) and trumps held (the dealer counts the upcard).",
    "call_by_position_trumps": "The best round-2 call (chosen from the hand: most trumps) with the partner "
    "and alone, by position and trumps in the called suit.",
    "classic_thresholds": f"Per seat, the trump count from which ordering up (or the call) pays, and "
    f"from which going alone beats playing with the partner (buckets of {MIN_HANDS}+ hands); `note` says "
    "why a cell is blank.",
}


def format_study_run(run) -> str:
    """Where a study's rows and schema went (:class:`~simulate.study.run.StudyRun`), in
    lines that fit the report width."""
    from .lines import fit, variant_text

    params = run.params
    lines = [
        f"study {variant_text(params.variant)}: {params.hands} deals, seed {params.seed}, {params.play} "
        f"play, {'' if params.levels else 'sweep contracts only, '}chunk size {params.chunk_size}",
    ]
    if params.conditioned:
        lines.append(f"strong hands: {condition_words(params)}")
    lines.append(f"rows: {run.out}/rows (schema: {run.out}/schema.md)")
    return "\n".join(fit(line) for line in lines) + "\n"


def _trumps_first(given: pd.Series) -> pd.Series:
    """Sort key of ``given`` = "any trumps", "trumps=8", "trumps=7", ..., then "losers=0",
    "losers=1", ...: the pooled row first."""
    trumps = -pd.to_numeric(given.str.removeprefix("trumps="), errors="coerce").fillna(99)
    losers = pd.to_numeric(given.str.removeprefix("losers="), errors="coerce")
    return trumps.where(losers.isna(), 100 + losers)


def strength_answers(tables: dict[str, pd.DataFrame], params: StudyParams | None = None) -> list[str]:
    """Markdown lines answering "how strong must a hand be to bid X?" from the thresholds."""
    thresholds = tables.get("thresholds")
    if thresholds is None:
        return []
    suits = (
        f"Hearts only, in a study of {condition_words(params)}"
        if params is not None and params.conditioned
        else "trump suits pooled"
    )
    lines = [
        "## How strong must a hand be?",
        "",
        "Read off `thresholds` below (a bid pays when its mean net points are above 0, "
        f"in every bucket of {MIN_HANDS}+ hands from there up; {suits}).",
        "",
    ]
    lone = thresholds[thresholds["feature"] == "run"]
    for contract, group in lone.groupby("contract", sort=False):
        lines.append(
            f"- **{contract}** with a trump suit, by trumps held or by side losers (top-trump run needed):"
        )
        for row in group.sort_values("given", key=_trumps_first).itertuples():
            held = given_words(row.given)
            if np.isnan(row.profitable_from):
                lines.append(f"  - {held}: no answer: {row.note}")
            else:
                lines.append(f"  - {held}: {row.answer} ({row.note})")
    points = thresholds[thresholds["feature"].isin(["points", "runs"])]
    filled = points[~points["profitable_from"].isna()]
    if len(filled):
        lines.append("- **By point count or top runs** (every bid that pays somewhere):")
        for row in filled.itertuples():
            start = int(row.profitable_from)
            lines.append(f"  - {row.contract} {row.denomination}: from {row.feature} {start} ({row.note})")
    blank = len(points) - len(filled)
    if blank:
        lines.append(
            f"- {blank} point-count and top-run rows have no threshold: the `note` of each says why."
        )
    return lines + [""]


def write_summaries(out, rows: pd.DataFrame, params: StudyParams) -> dict[str, pd.DataFrame]:
    """Write ``summary/<name>.csv`` and ``summary/summary.md`` under ``out``; return the tables."""
    tables = study_summaries(rows, params)
    folder = make_folder(Path(out) / "summary")
    sections = [f"# Study summary: {study_title(params, len(rows))}", "", reading(params), ""]
    sections += strength_answers(tables, params)
    for name, table in tables.items():
        write_text(folder / f"{name}.csv", table.to_csv(index=False))
        heading = f"## {TABLE_TITLES.get(name, name.replace('_', ' '))} ({name}.csv)"
        sections += [heading, "", for_study(TABLE_NOTES[name], params), "", markdown_table(table), ""]
    write_text(folder / "summary.md", "\n".join(sections))
    return tables
