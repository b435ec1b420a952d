"""Whole-game results as plain data, text tables and a tuning chart.

:func:`games_summary` turns the per-game results of :func:`simulate.game.play_games`
into plain data (what ``games --json`` prints, with no timings, so the same seed gives
the same bytes); :func:`format_games` prints it as text.  Every rate comes with its
sample size and a 95% interval: win and make rates a Wilson interval, means a normal
half-width over games (points per hand as a ratio of per-game totals, by the delta
method).  :func:`tune_rows`, :func:`format_tune` and :func:`tune_figure` do the same
for a parameter sweep.
"""

from __future__ import annotations

import math
import textwrap

import numpy as np
from matplotlib.figure import Figure

from ..simulate.stats import Z95, mean_half_width, wilson_interval

TEAM_NAMES = ("A", "B")
DIGITS = 6  # rounding of floats in plain data: stable text, no false precision


def _round(value: float) -> float:
    return round(float(value), DIGITS)


def _rate(successes: int, trials: int) -> dict:
    if trials == 0:
        return {"rate": None, "ci_low": None, "ci_high": None}
    low, high = wilson_interval(successes, trials)
    return {"rate": _round(successes / trials), "ci_low": _round(low), "ci_high": _round(high)}


def _ratio_half_width(totals: np.ndarray, counts: np.ndarray) -> float:
    """95% half-width of sum(totals) / sum(counts) over games (delta method)."""
    n = totals.shape[0]
    if n < 2:
        return 0.0
    ratio = totals.sum() / counts.sum()
    residuals = totals - ratio * counts
    return Z95 * math.sqrt((residuals**2).sum() / (n * (n - 1))) / counts.mean()


def games_summary(totals, variant, teams, seed: int, play: str, kinds: tuple[str, ...]) -> dict:
    """Plain data for a run of games: settings, each team's results, contract counts."""
    games = int(totals.winner.shape[0])
    hands = totals.hands.astype(np.float64)
    summary = {
        "variant": str(variant),
        "games": games,
        "seed": int(seed),
        "play": play,
        "teams": [],
        "hands_per_game": _round(hands.mean()),
        "hands_per_game_half_width": _round(mean_half_width(hands)),
        "thrown_in_per_game": _round(totals.thrown_in.mean()),
        "contracts": [],
    }
    for team, strategy in enumerate(teams):
        wins = int((totals.winner == team).sum())
        win = _rate(wins, games)
        points = totals.scores[:, team].astype(np.float64)
        summary["teams"].append(
            {
                "team": TEAM_NAMES[team],
                "seats": list(range(team + 1, variant.players + 1, 2)),
                "strategy": strategy.name,
                "params": strategy.params(),
                "wins": wins,
                "win_rate": win["rate"],
                "ci_low": win["ci_low"],
                "ci_high": win["ci_high"],
                "points_per_hand": _round(points.sum() / hands.sum()),
                "points_per_hand_half_width": _round(_ratio_half_width(points, hands)),
            }
        )
    total_hands = int(totals.hands.sum())
    for team in range(2):
        for index, kind in enumerate(kinds):
            bid, made, set_ = (int(v) for v in totals.contracts[team, index])
            make = _rate(made, bid)
            summary["contracts"].append(
                {
                    "team": TEAM_NAMES[team],
                    "kind": kind,
                    "bid": bid,
                    "made": made,
                    "set": set_,
                    "bid_per_hand": _round(bid / total_hands),
                    "make_rate": make["rate"],
                    "ci_low": make["ci_low"],
                    "ci_high": make["ci_high"],
                }
            )
    return summary


def _percent(value) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def format_games(summary: dict) -> str:
    """The summary as text, fitting 100 columns."""
    lines = [
        f"{summary['variant']}: {summary['games']} games, seed {summary['seed']}, {summary['play']} play",
        "",
        f"{'team':<5}{'seats':<8}{'strategy':<24}{'wins':>7}{'win rate':>10}  "
        f"{'95% CI':<17}{'points/hand':>18}",
    ]
    for team in summary["teams"]:
        seats = " ".join(str(s) for s in team["seats"])
        interval = f"[{_percent(team['ci_low'])}, {_percent(team['ci_high'])}]"
        points = f"{team['points_per_hand']:+.3f} ± {team['points_per_hand_half_width']:.3f}"
        lines.append(
            f"{team['team']:<5}{seats:<8}{team['strategy'][:23]:<24}{team['wins']:>7}"
            f"{_percent(team['win_rate']):>10}  {interval:<17}{points:>18}"
        )
    lines.append("")
    lines.append(
        f"hands per game {summary['hands_per_game']:.2f} ± {summary['hands_per_game_half_width']:.2f}, "
        f"thrown in {summary['thrown_in_per_game']:.2f} per game"
    )
    lines.append("")
    lines.append(
        f"{'contract':<16}{'team':<6}{'bid':>8}{'per hand':>10}{'made':>8}{'set':>8}{'make rate':>11}  95% CI"
    )
    for row in summary["contracts"]:
        interval = "" if row["bid"] == 0 else f"[{_percent(row['ci_low'])}, {_percent(row['ci_high'])}]"
        lines.append(
            f"{row['kind']:<16}{row['team']:<6}{row['bid']:>8}{row['bid_per_hand']:>10.3f}"
            f"{row['made']:>8}{row['set']:>8}{_percent(row['make_rate']):>11}  {interval}"
        )
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- tune


def tune_rows(param: str, values, summaries: list[dict]) -> list[dict]:
    """One row per value of ``param``: team A's (the tuned strategy's) results."""
    rows = []
    for value, summary in zip(values, summaries):
        team = summary["teams"][0]
        rows.append(
            {
                "value": _round(value),
                "games": summary["games"],
                "wins": team["wins"],
                "win_rate": team["win_rate"],
                "ci_low": team["ci_low"],
                "ci_high": team["ci_high"],
                "points_per_hand": team["points_per_hand"],
                "points_per_hand_half_width": team["points_per_hand_half_width"],
            }
        )
    return rows


def format_tune(settings: dict, rows: list[dict]) -> str:
    lines = [
        f"{settings['variant']}: {settings['param']} of {settings['base']} against {settings['against']}, "
        f"{settings['games']} games per value, seed {settings['seed']}, {settings['play']} play",
        "",
        f"{settings['param']:>20}{'wins':>8}{'win rate':>10}  {'95% CI':<17}{'points/hand':>18}",
    ]
    for row in rows:
        interval = f"[{_percent(row['ci_low'])}, {_percent(row['ci_high'])}]"
        points = f"{row['points_per_hand']:+.3f} ± {row['points_per_hand_half_width']:.3f}"
        lines.append(
            f"{row['value']:>20g}{row['wins']:>8}{_percent(row['win_rate']):>10}  {interval:<17}{points:>18}"
        )
    return "\n".join(lines) + "\n"


def tune_figure(settings: dict, rows: list[dict]) -> Figure:
    """Win rate of the tuned strategy by parameter value, with its 95% band."""
    values = [row["value"] for row in rows]
    figure = Figure(figsize=(7, 4.5), layout="constrained")
    axes = figure.subplots()
    axes.fill_between(
        values,
        [r["ci_low"] for r in rows],
        [r["ci_high"] for r in rows],
        alpha=0.25,
        label="95% Wilson interval",
    )
    axes.plot(values, [r["win_rate"] for r in rows], marker="o", label="win rate")
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axes.set_xlabel(settings["param"])
    axes.set_ylabel(f"games won by {settings['base']} (tuned)")
    axes.set_ylim(0, 1)
    axes.legend(loc="lower right")
    axes.set_title(
        f"{settings['param']} of {settings['base']} against {settings['against']}\n"
        f"{textwrap.fill(settings['variant'].replace(',', ', '), 80)}\n"
        f"{settings['games']} games per value, seed {settings['seed']}, {settings['play']} play",
        fontsize=9,
    )
    return figure


__all__ = ["format_games", "format_tune", "games_summary", "tune_figure", "tune_rows"]
