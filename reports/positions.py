"""Text and JSON forms of one solved double-dummy position (``euchre-mc solve``)."""

from __future__ import annotations

from ..simulate.rules.cards import format_card
from ..simulate.rules.contracts import denom_name
from .lines import fit, line_width, variant_text


def position_dict(result, nodes: bool = False) -> dict:
    """``{"tricks": k, "leads": {"JH": k1, ...}}`` (leads if solved), with ``"nodes"`` if asked."""
    payload = {"tricks": result.tricks}
    if result.leads is not None:
        payload["leads"] = {format_card(face): value for face, value in result.leads.items()}
    if nodes:
        payload["nodes"] = result.nodes
    return payload


def format_position(
    variant, result, masks, denom: int, declarer: int, leader: int, active: int, nodes: bool
) -> str:
    """The declarer side's tricks, the value of each lead and (if asked) the nodes searched;
    seats 0-based in, 1-based in the text.  A leader who sits out passes the lead left."""
    n_seats = variant.players
    on_lead = leader
    while not active >> on_lead & 1:
        on_lead = (on_lead + 1) % n_seats
    side = ", ".join(str(s + 1) for s in range(n_seats) if s % 2 == declarer % 2 and active >> s & 1)
    lines = [
        f"{variant_text(variant)}  {denom_name(denom)}  declarer seat {declarer + 1}, "
        f"seat {on_lead + 1} leads",
        f"declarer's side (seats {side}) takes {result.tricks} of {int(masks[declarer]).bit_count()} tricks",
    ]
    if result.leads is not None:
        values = [f"{format_card(face)} {value}" for face, value in result.leads.items()]
        lines += _pairs(f"leads of seat {on_lead + 1}:", values)
    if nodes:
        lines.append(f"positions searched: {result.nodes}")
    return "\n".join(fit(line, indent="  ") for line in lines) + "\n"


def _pairs(head: str, items: list[str]) -> list[str]:
    """``head`` and the items two spaces apart, on as many lines as the width needs; a
    card never parts from its value."""
    lines, line, gap = [], head, " "
    for item in items:
        if len(line) + len(gap) + len(item) > line_width() and line.strip():
            lines.append(line)
            line, gap = "  ", ""
        line += gap + item
        gap = "  "
    return lines + [line]


__all__ = ["format_position", "position_dict"]
