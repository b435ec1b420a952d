"""The text reports of ``best-card``, ``best-discard`` and ``best-gift``: every candidate
card ranked by the player's side's expected points, cards that cannot be told apart
from the best marked ``=``, and the notes on how the cards were valued.

``>`` marks the advice, as in every table of the tool."""

from __future__ import annotations

from .lines import fill, fit, variant_text
from .numbers import probability, probability_in


def format_card_advice(advice) -> str:
    """One line per legal card, the advice first; the player's side's points and tricks
    for the whole hand, and P(the bidder's side makes the contract)."""
    lines = [
        f"variant {variant_text(advice.variant)}",
        f"{advice.contract} by seat {advice.bidder}; you are seat {advice.seat}, hand {advice.hand}",
        f"trick {advice.trick}, your side has {advice.won} trick{'s' if advice.won != 1 else ''}; "
        f"{advice.worlds} worlds, seed {advice.seed}",
    ]
    lines = [fit(line) for line in lines] + _ranked(advice, "Play")
    if advice.heard:
        lines.append(fill(advice.heard, indent=""))
    if advice.played:
        lines.append(fill(advice.played, indent=""))
    if getattr(advice, "rollout", "dd") == "pimc":
        lines.append(
            fill(
                f"Each card is valued by playing the rest of the deal with PIMC for every seat "
                f"({advice.rollout_worlds} worlds a decision), each seat from its own view: no later "
                "card sees the hidden cards.",
                indent="",
            )
        )
    return "\n".join(lines + [fill(advice.note, indent="")]) + "\n"


def format_exchange_advice(advice) -> str:
    """One line per card the player may throw away (``discard``) or give (``gift``)."""
    verb = "Discard" if advice.decision == "discard" else "Give"
    lines = [
        f"variant {variant_text(advice.variant)}",
        f"{advice.contract} by seat {advice.bidder}; you are seat {advice.seat}, holding {advice.hand}",
        f"which card to {'discard' if advice.decision == 'discard' else 'give the bidder'}: "
        f"{advice.worlds} worlds, seed {advice.seed}",
    ]
    lines = [fit(line) for line in lines] + _ranked(advice, verb)
    if advice.heard:
        lines.append(fill(advice.heard, indent=""))
    return "\n".join(lines + [fill(advice.note, indent="")]) + "\n"


def _ranked(advice, verb: str) -> list[str]:
    """The table (``>`` the advice, ``=`` a card as good on these worlds) and the advice;
    with a score, P(win) first: the column the cards are ranked by."""
    scored = getattr(advice, "score", None) is not None
    lines = [""]
    if scored:
        us, them = advice.score
        lines.append(f"P(win): your team wins the game from {us}-{them}, after this hand")
    lines += [
        "points, tricks: your side's for the hand; P(make): the bidder's side makes it",
        f"  {'card':<5} "
        + (f"{'P(win)':>7} {'±95%':>7} " if scored else "")
        + f"{'points':>6} {'±95%':>5} {'tricks':>6} {'P(make)':>7}   95% CI",
    ]
    for i, row in enumerate(advice.cards):
        mark = ">" if i == 0 else "=" if row.equal_to_best else " "
        win = f"{probability_in(row.p_win, 7)} {probability_in(row.p_win_half_width, 7)} " if scored else ""
        lines.append(
            f"{mark} {row.card:<5} {win}{row.mean_points:>+6.2f} {row.points_half_width:>5.2f} "
            f"{row.mean_tricks:>6.2f} {probability_in(row.p_make, 7)}   "
            f"{probability(row.p_make_low)}-{probability(row.p_make_high)}"
        )
    return [*lines, "", fit(_advice_line(advice, verb), indent="")]


def _advice_line(advice, verb: str) -> str:
    """ "Play KS." and, when other cards are as good, which and why this one."""
    best, *rest = advice.cards
    equal = [row.card for row in rest if row.equal_to_best]
    if not equal:
        return f"{verb} {best.card}."
    others = ", ".join(equal)
    same = all(row.behind_half_width == 0 for row in rest if row.equal_to_best)
    if same:
        why = f"they score alike in all {advice.worlds} worlds; the lower card is advised, the higher kept"
        if any(row.mean_tricks != best.mean_tricks for row in rest if row.equal_to_best):
            why = f"they score alike in all {advice.worlds} worlds; the one taking more tricks is advised"
    else:
        why = f"the {advice.worlds} worlds cannot tell them apart (inside the 95% interval)"
    return f"{verb} {best.card} (= {others}: {why})."
