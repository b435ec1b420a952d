"""The ``solve --batch`` protocol: one deal per JSON line in, one JSON answer line out.

A line is an object with ``hands`` (one hand text per seat, a sitting-out seat's empty),
``trump`` and ``declarer``, and optionally ``variant`` (default: the caller's),
``leader`` (default: the declarer) and ``sitting_out``; seats are 1-based, as users
write them.  The answer is ``{"tricks": k}``, with ``"leads": {"JH": k1, ...}`` and
``"nodes": n`` when asked; a bad line is answered by ``{"error": "line N: ..."}`` and
the other lines are still solved.

Lines are read in chunks of :data:`BATCH_CHUNK`; while the solver's threads (which
release the GIL) solve one chunk, the next is parsed, so parsing adds nothing to the
solving time.  The deals of a chunk are grouped by seat count, one bulk solver call each.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .cards import format_card
from .deal import parse_deal
from .rules import RulesError, Variant, as_variant, parse_denom, seat_index
from .solve import active_mask, solve_batch

BATCH_CHUNK = 16384  # lines parsed, then solved in bulk, per step
BATCH_KEYS = ("variant", "hands", "trump", "declarer", "leader", "sitting_out")
FACE_NAMES = tuple(format_card(face) for face in range(24))
# json.dumps's own text (the same separators), without its per-call checks: answers hold
# no cycles
_encode = json.JSONEncoder(check_circular=False).encode


@functools.lru_cache(maxsize=256)
def _cached_variant(text: str):
    return as_variant(text)


@functools.lru_cache(maxsize=256)
def _cached_denom(text: str) -> int:
    return parse_denom(text)


def solve_setup(variant, hands, trump, declarer, leader, sitting_out):
    """Checked (masks, denom, declarer, leader, active) for one deal; seats 1-based in."""
    chosen = variant if isinstance(variant, Variant) else _cached_variant(str(variant))
    n_seats = chosen.players
    out = [seat_index(seat, n_seats, "sitting-out seat", first=1) for seat in sitting_out]
    masks = np.array(parse_deal(chosen, hands, out), np.uint64)
    declarer0 = seat_index(declarer, n_seats, "declarer", first=1)
    leader0 = declarer0 if leader is None else seat_index(leader, n_seats, "leader", first=1)
    if declarer in sitting_out:
        raise RulesError(f"declarer seat {declarer} sits out: the declarer must play")
    if not isinstance(trump, str):
        raise RulesError(f"trump {trump!r}: write Hearts, Clubs, Diamonds, Spades, High or Low")
    return masks, _cached_denom(trump), declarer0, leader0, active_mask(n_seats, out)


def parse_line(line: str | bytes, default_variant: str):
    """One JSON line (text, or bytes that must be UTF-8) as a checked deal setup (see
    :func:`solve_setup`)."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RulesError(
                f"not UTF-8 text (byte 0x{line[error.start]:02x} at column {error.start + 1}): "
                "write each line as UTF-8 JSON"
            ) from None
    try:
        item = json.loads(line.strip())
    except json.JSONDecodeError as error:
        raise RulesError(f"not valid JSON ({error.msg} at column {error.colno})") from None
    except RecursionError:
        raise RulesError("JSON nested too deeply: a line is one object of hands, trump, declarer") from None
    except ValueError:  # Python's limit on the digits of one int: far past any seat
        raise RulesError("a number of thousands of digits: seats are small whole numbers") from None
    if not isinstance(item, dict):
        raise RulesError("a line must be a JSON object with hands, trump and declarer")
    unknown = sorted(set(item) - set(BATCH_KEYS))
    if unknown:
        raise RulesError(f"unknown key {unknown[0]!r}: keys are {', '.join(BATCH_KEYS)}")
    for key in ("hands", "trump", "declarer"):
        if key not in item:
            raise RulesError(f"missing key {key!r}: each line needs hands, trump and declarer")
    hands = item["hands"]
    if not isinstance(hands, list):
        raise RulesError(f"hands {hands!r}: give a list of hand texts, one per seat")
    sitting_out = item.get("sitting_out", [])
    if not isinstance(sitting_out, list):
        raise RulesError(f"sitting_out {sitting_out!r}: give a list of seats, e.g. [3, 5]")
    return solve_setup(
        item.get("variant", default_variant),
        hands,
        item["trump"],
        item["declarer"],
        item.get("leader"),
        sitting_out,
    )


def _parse_chunk(lines, default_variant: str):
    """Checked deals of numbered lines: (outputs with error lines filled, errors, groups).

    ``groups[seats]`` lists (output slot, deal setup) for the deals still to solve.
    """
    outputs: list[str] = []
    errors: list[str] = []
    groups: dict[int, list[tuple[int, tuple]]] = {}
    for number, line in lines:
        try:
            setup = parse_line(line, default_variant)
        except (ValueError, TypeError) as error:
            message = f"line {number}: {error}"
            errors.append(message)
            outputs.append(_encode({"error": message}))
            continue
        groups.setdefault(len(setup[0]), []).append((len(outputs), setup))
        outputs.append("")
    return outputs, errors, groups


def _solve_chunk(outputs: list[str], groups, leads: bool, nodes: bool) -> list[str]:
    """Fill the outputs of each group of deals with one bulk solver call per seat count."""
    for members in groups.values():
        columns = list(zip(*(setup for _, setup in members)))
        result = solve_batch(np.array(columns[0], np.uint64), *columns[1:], leads=leads)
        tricks = result.tricks.tolist()
        if not leads and not nodes:
            # trick counts alone have a handful of answers: encode each once, not per line
            # (per-line encoding was 5% of the process's CPU time on 100,000 euchre deals)
            answers = {count: _encode({"tricks": count}) for count in set(tricks)}
            for (slot, _), count in zip(members, tricks):
                outputs[slot] = answers[count]
            continue
        searched = result.nodes.tolist() if nodes else None
        values = result.leads.tolist() if leads else None
        for i, (slot, _) in enumerate(members):
            answer = {"tricks": tricks[i]}
            if leads:
                answer["leads"] = {FACE_NAMES[face]: v for face, v in enumerate(values[i]) if v >= 0}
            if nodes:
                answer["nodes"] = searched[i]
            outputs[slot] = _encode(answer)
    return outputs


def solve_lines(
    lines: Iterable[str | bytes],
    default_variant: str,
    leads: bool = True,
    nodes: bool = False,
    on_error: Callable[[str], None] | None = None,
) -> Iterator[str]:
    """Answer every non-blank line (text, or UTF-8 bytes), in order: yields the answers one
    chunk at a time (the chunk's JSON lines joined by newlines).  ``on_error(message)`` hears of each bad line
    of a chunk as soon as it is parsed, after the previous chunk's answers are yielded."""
    numbered = ((number, line) for number, line in enumerate(lines, 1) if line.strip())
    with ThreadPoolExecutor(1) as solver:
        pending = None
        while True:
            chunk = list(itertools.islice(numbered, BATCH_CHUNK))
            parsed = _parse_chunk(chunk, default_variant) if chunk else None
            if pending is not None:
                yield "\n".join(pending.result())
            if parsed is None:
                return
            outputs, errors, groups = parsed
            if on_error is not None:
                for message in errors:
                    on_error(message)
            pending = solver.submit(_solve_chunk, outputs, groups, leads, nodes)


__all__ = ["BATCH_CHUNK", "BATCH_KEYS", "parse_line", "solve_lines", "solve_setup"]
