"""The text reports of ``best-card``, ``best-discard`` and ``best-gift``: every candidate
card ranked, with the note on how it was valued."""

from __future__ import annotations

from .lines import fill, fit, variant_text
from .numbers import probability, probability_in


def format_card_advice(advice) -> str:
    """One line per legal card, best first; the player's side's tricks for the whole hand."""
    lines = [
        f"variant {variant_text(advice.variant)}",
        f"{advice.contract} by seat {advice.bidder}; you are seat {advice.seat}, hand {advice.hand}",
        f"trick {advice.trick}, your side has {advice.won} trick{'s' if advice.won != 1 else ''}; "
        f"{advice.worlds} worlds, seed {advice.seed}",
    ]
    return "\n".join([fit(line) for line in lines] + _ranked(advice, "Play")) + "\n"


def format_exchange_advice(advice) -> str:
    """One line per card the player may throw away (``discard``) or give (``gift``)."""
    verb = "Discard" if advice.decision == "discard" else "Give"
    lines = [
        f"variant {variant_text(advice.variant)}",
        f"{advice.contract} by seat {advice.bidder}; you are seat {advice.seat}, holding {advice.hand}",
        f"which card to {'discard' if advice.decision == 'discard' else 'give the bidder'}: "
        f"{advice.worlds} worlds, seed {advice.seed}",
    ]
    return "\n".join([fit(line) for line in lines] + _ranked(advice, verb)) + "\n"


def _ranked(advice, verb: str) -> list[str]:
    lines = ["", f"  {'card':<5} {'tricks':>6} {'±95%':>5} {'P(make)':>7}   95% CI"]
    for i, row in enumerate(advice.cards):
        mark = ">" if i == 0 else " "
        lines.append(
            f"{mark} {row.card:<5} {row.mean_tricks:>6.2f} {row.tricks_half_width:>5.2f} "
            f"{probability_in(row.p_make, 7)}   {probability(row.p_make_low)}-{probability(row.p_make_high)}"
        )
    return lines + ["", f"{verb} {advice.best}.", fill(advice.note, indent="")]
