"""The text report of ``best-card``: every legal card ranked, with the strategy-fusion note."""

from __future__ import annotations

import textwrap

from .numbers import probability, probability_in


def format_card_advice(advice) -> str:
    """One line per legal card, best first; the player's side's tricks for the whole hand."""
    lines = [
        f"variant {advice.variant}",
        f"{advice.contract} by seat {advice.bidder}; you are seat {advice.seat}, hand {advice.hand}",
        f"trick {advice.trick}, your side has {advice.won} trick{'s' if advice.won != 1 else ''}; "
        f"{advice.worlds} worlds, seed {advice.seed}",
        "",
        f"  {'card':<5} {'tricks':>6} {'±95%':>5} {'P(make)':>7}   95% CI",
    ]
    for i, row in enumerate(advice.cards):
        mark = ">" if i == 0 else " "
        lines.append(
            f"{mark} {row.card:<5} {row.mean_tricks:>6.2f} {row.tricks_half_width:>5.2f} "
            f"{probability_in(row.p_make, 7)}   {probability(row.p_make_low)}-{probability(row.p_make_high)}"
        )
    lines += ["", f"Play {advice.best}.", textwrap.fill(advice.note, width=100)]
    return "\n".join(lines) + "\n"
