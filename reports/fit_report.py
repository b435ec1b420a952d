"""The self-play fit as text: the changes made, the last step's gain, the records and
the bidding frequencies by auction position (:class:`simulate.games.fit.FitResult`;
its JSON is the result's own ``to_json``)."""

from __future__ import annotations

from .lines import fit, variant_text


def _percent(value) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def _signed(value: float) -> str:
    return f"{100 * value:+.1f}%"


def _gain(gain) -> str:
    return f"{_signed(gain.mean)} of games (95% CI {_signed(gain.low)} to {_signed(gain.high)})"


def position_name(position: int, seats: int) -> str:
    return "dealer" if position == seats else f"seat {position} to speak"


def format_fit(result, seats: int) -> str:
    """The fit's report, fitting the report width."""
    settings = result.settings
    lines = [
        fit(
            f"fit of {variant_text(settings.variant)} from {result.start.name}: {settings.games:,} games "
            f"a candidate, seed {settings.seed}, {settings.play} play"
        ),
        fit(
            f"{len(result.rounds)} round{'s' if len(result.rounds) != 1 else ''}, "
            + ("converged" if result.converged else "stopped by --max-rounds (not converged)")
            + f"; {result.sets_played} sets of games played, {result.sets_read} read from the state"
        ),
        "",
    ]
    changes = result.changes()
    if changes:
        lines.append(f"{'coordinate':<28}{'start':>8}{'fitted':>8}")
        lines += [f"{name:<28}{before:>8.3f}{after:>8.3f}" for name, before, after in changes]
    else:
        lines.append("the fit kept the start strategy: no step gained significantly")
    lines.append("")
    last = result.last_gain
    if last is not None and last.confirmed is not None:
        what = "last step's gain" if result.converged else "last kept step's gain"
        lines.append(
            fit(f"{what} ({last.coordinate} {last.before:g} -> {last.after:g}): {_gain(last.confirmed)}")
        )
        if result.converged:
            lines.append(
                fit("(the best single step left, on fresh games: how much this search can still exploit)")
            )
        lines.append("")
    lines.append(f"{'fitted against':<28}{'games':>7}{'wins':>7}{'win rate':>10}  95% CI")
    for record in result.records:
        interval = f"[{_percent(record.ci_low)}, {_percent(record.ci_high)}]"
        counts = f"{record.games:>7}{record.wins:>7}{_percent(record.win_rate):>10}"
        lines.append(f"{record.opponent[:27]:<28}{counts}  {interval}")
    lines.append("")
    lines.append(fit(f"bidding when the fitted strategy plays itself ({result.hands:,} hands):"))
    lines.append(f"{'position':<17}{'contract':<17}{'per hand':>9}{'bid':>7}{'make rate':>10}  95% CI")
    for row in result.frequencies:
        if row.bid == 0:
            continue
        interval = f"[{_percent(row.ci_low)}, {_percent(row.ci_high)}]"
        lines.append(
            f"{position_name(row.position, seats):<17}{row.contract:<17}{100 * row.per_hand:>8.1f}%"
            f"{row.bid:>7}{_percent(row.make_rate):>10}  {interval}"
        )
    return "\n".join(lines) + "\n"


__all__ = ["format_fit", "position_name"]
