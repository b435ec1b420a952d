"""Whole-game results as text tables and a tuning chart.

:func:`format_games` prints a :class:`~simulate.games.results.GamesSummary`;
:func:`format_tune` and :func:`tune_figure` a :class:`~simulate.games.results.Tuning`
(a parameter sweep).  The numbers, their intervals and their JSON forms are the
results' own (:mod:`simulate.games.results`).
"""

from __future__ import annotations

import textwrap

from matplotlib.figure import Figure

from .lines import fit, variant_text
from .numbers import probability_in


def _percent(value) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def format_games(summary) -> str:
    """The summary as text, fitting the report width."""
    width = min(max(10, *(len(team.strategy) + 2 for team in summary.teams)), 19)
    lines = [
        fit(
            f"{variant_text(summary.variant)}: {summary.games} games, seed {summary.seed}, "
            f"{summary.play} play"
        ),
        "",
        f"{'team':<5}{'seats':<7}{'strategy':<{width}}{'wins':>6}{'win rate':>9}  "
        f"{'95% CI':<16}{'points/hand':>16}",
    ]
    for team in summary.teams:
        seats = " ".join(str(s) for s in team.seats)
        interval = f"[{_percent(team.ci_low)}, {_percent(team.ci_high)}]"
        points = f"{team.points_per_hand:+.3f} ± {team.points_per_hand_half_width:.3f}"
        lines.append(
            f"{team.team:<5}{seats:<7}{team.strategy[: width - 1]:<{width}}{team.wins:>6}"
            f"{_percent(team.win_rate):>9}  {interval:<16}{points:>16}"
        )
    lines.append("")
    lines.append(
        f"hands per game {summary.hands_per_game:.2f} ± {summary.hands_per_game_half_width:.2f}, "
        f"thrown in {summary.thrown_in_per_game:.2f} per game"
    )
    lines.append("")
    lines.append(
        f"{'contract':<15}{'team':<5}{'bid':>7}{'per hand':>9}{'made':>7}{'set':>7}{'make rate':>10}  95% CI"
    )
    for row in summary.contracts:
        interval = "" if row.bid == 0 else f"[{_percent(row.ci_low)}, {_percent(row.ci_high)}]"
        lines.append(
            f"{row.kind:<15}{row.team:<5}{row.bid:>7}{probability_in(row.bid_per_hand, 9)}"
            f"{row.made:>7}{row.set:>7}{_percent(row.make_rate):>10}  {interval}".rstrip()
        )
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- tune


def _against(settings) -> str:
    """The opponent with its own value of the parameter, when the sweep knows it."""
    if settings.against_value is None:
        return settings.against
    return f"{settings.against} ({settings.param} {settings.against_value:g})"


def format_tune(tuning) -> str:
    """A parameter sweep as text: one line per value."""
    settings = tuning.settings
    lines = [
        fit(
            f"{variant_text(settings.variant)}: {settings.param} of {settings.base} against "
            f"{_against(settings)}, {settings.games} games per value, seed {settings.seed}, "
            f"{settings.play} play"
        ),
        "",
        f"{settings.param:>20}{'wins':>8}{'win rate':>10}  {'95% CI':<17}{'points/hand':>18}",
    ]
    for row in tuning.rows:
        interval = f"[{_percent(row.ci_low)}, {_percent(row.ci_high)}]"
        points = f"{row.points_per_hand:+.3f} ± {row.points_per_hand_half_width:.3f}"
        lines.append(f"{row.value:>20g}{row.wins:>8}{_percent(row.win_rate):>10}  {interval:<17}{points:>18}")
    return "\n".join(lines) + "\n"


def tune_limits(rows) -> tuple[float, float]:
    """Win-rate axis limits around the points and their intervals (not 0..1 when they
    span 0.48..0.53), taking in the even line 0.5 when it is no farther off than the data
    are wide; never beyond 0..1."""
    low = min(r.ci_low for r in rows if r.ci_low is not None)
    high = max(r.ci_high for r in rows if r.ci_high is not None)
    span = max(high - low, 0.02)
    if low - span <= 0.5 < low:
        low = 0.5
    if high < 0.5 <= high + span:
        high = 0.5
    pad = 0.08 * max(high - low, 0.02)
    return max(0.0, low - pad), min(1.0, high + pad)


def tune_figure(tuning) -> Figure:
    """Win rate of the tuned strategy by parameter value: each point with its 95% interval,
    the axis fitted to them, the even line and the opponent's own value marked."""
    settings = tuning.settings
    rows = [row for row in tuning.rows if row.win_rate is not None]
    values = [row.value for row in rows]
    figure = Figure(figsize=(7, 4.5), layout="constrained")
    axes = figure.subplots()
    axes.fill_between(values, [r.ci_low for r in rows], [r.ci_high for r in rows], alpha=0.15)
    axes.errorbar(
        values,
        [r.win_rate for r in rows],
        yerr=[[r.win_rate - r.ci_low for r in rows], [r.ci_high - r.win_rate for r in rows]],
        marker="o",
        capsize=3,
        label="win rate, 95% Wilson interval",
    )
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle="--", label="even (0.5)")
    if settings.against_value is not None:
        axes.axvline(
            settings.against_value,
            color="tab:red",
            linewidth=1,
            linestyle=":",
            label=f"{settings.against}'s own value ({settings.against_value:g})",
        )
    axes.set_xlabel(settings.param)
    axes.set_ylabel(f"games won by {settings.base} (tuned)")
    if rows:
        axes.set_ylim(*tune_limits(rows))
    axes.legend(loc="best", fontsize=8)
    axes.set_title(
        f"{settings.param} of {settings.base} against {_against(settings)}\n"
        f"{textwrap.fill(settings.variant.replace(',', ', '), 80)}\n"
        f"{settings.games} games per value, seed {settings.seed}, {settings.play} play",
        fontsize=9,
    )
    return figure


__all__ = ["format_games", "format_tune", "tune_figure", "tune_limits"]
