"""The ``solve --batch`` protocol: one deal per JSON line in, one JSON answer line out.

A line is an object with ``hands`` (one hand text per seat, a sitting-out seat's empty),
``trump`` and ``declarer``, and optionally ``variant`` (default: the caller's),
``leader`` (default: the declarer) and ``sitting_out``; seats are 1-based, as users
write them.  The answer is ``{"tricks": k}``, with ``"leads": {"JH": k1, ...}`` and
``"nodes": n`` when asked; a bad line is answered by ``{"error": "line N: ..."}`` and
the other lines are still solved.

Lines are read in chunks of :data:`BATCH_CHUNK` (the first one smaller, so that solving
starts at once); while the solver's threads (which release the GIL) solve one chunk, the
next is parsed.  The deals of a chunk are grouped by seat count, one bulk solver call each.

Parsing is most of a batch's time outside the solver, so lines in the usual form take a
fast path (:func:`_fast_line`): ``json.loads``, the settings checked once per distinct
(variant, trump, seats) and remembered, each card looked up in a table of the usual
spellings, and every hand's mask built with numpy for the whole chunk.  Whatever the
fast path does not recognise (an unusual spelling, a comma, a bad line) goes to
:func:`parse_line`, the one full parser, which answers exactly as before: the output
is the same byte for byte, only sooner.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .cards import format_card, parse_card
from .rules import RulesError, Variant, as_variant, parse_denom, seat_index
from .solve import active_mask, solve_batch

BATCH_CHUNK = 16384  # lines parsed, then solved in bulk, per step
FIRST_CHUNK = 1024  # the first step's lines: the solver starts while the rest is parsed
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
    from .deal import parse_deal  # the kernels of dealing load only for a line that needs them

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


# ------------------------------------------------------------------ the fast path

# parse_card's answer for each spelling batch files normally use (JH, jh, Jh, jH, 10H, ...)
_FAST_FACES = {
    spelling: parse_card(spelling)
    for face in range(24)
    for rank, suit in [format_card(face)]
    for ranks in [(rank, rank.lower()) + (("10",) if rank == "T" else ())]
    for spelling in {r + x for r in ranks for x in (suit, suit.lower())}
}
_KEYS = frozenset(BATCH_KEYS)
_REQUIRED = frozenset(("hands", "trump", "declarer"))
_NO_SEATS: list = []  # a line without sitting_out: nobody sits out (never changed)
_scan = json.JSONDecoder().scan_once  # json.loads's scanner without its wrappers


@functools.lru_cache(maxsize=1024)
def _line_settings(hands: int, variant: str, trump: str, declarer: int, leader, sitting_out: tuple):
    """(seats, copies, hand size, sitting out per seat, denom, declarer, leader, active)
    of a line's settings (text and whole numbers only), checked as :func:`solve_setup`
    checks them; raises on anything it refuses."""
    chosen = _cached_variant(variant)
    n_seats = chosen.players
    if hands != n_seats or declarer in sitting_out:
        raise RulesError("the full parser names the error")
    out = [seat_index(seat, n_seats, "sitting-out seat", first=1) for seat in sitting_out]
    declarer0 = seat_index(declarer, n_seats, "declarer", first=1)
    leader0 = declarer0 if leader is None else seat_index(leader, n_seats, "leader", first=1)
    denom = _cached_denom(trump)
    sits_out = tuple(seat in out for seat in range(n_seats))
    return (
        n_seats,
        chosen.copies,
        chosen.hand_size,
        sits_out,
        denom,
        declarer0,
        leader0,
        active_mask(n_seats, out),
    )


def _fast_line(line, default_variant: str):
    """``(settings, each hand's card tokens)`` of a line in the usual form, or None: the
    full parser's to answer.  (The cards are checked for the whole chunk at once.)"""
    try:
        text = (line.decode("utf-8") if type(line) is bytes else line).strip()
        item, end = _scan(text, 0)
        if end != len(text) or type(item) is not dict or not _REQUIRED <= item.keys() <= _KEYS:
            return None
        hands, trump, declarer = item["hands"], item["trump"], item["declarer"]
        variant, leader = item.get("variant", default_variant), item.get("leader")
        sitting_out = item.get("sitting_out", _NO_SEATS)
        # exact types only: JSON's true is not seat 1, nor 1.0
        if type(variant) is not str or type(trump) is not str or type(declarer) is not int:
            return None
        if (leader is not None and type(leader) is not int) or type(hands) is not list:
            return None
        if type(sitting_out) is not list or any(type(seat) is not int for seat in sitting_out):
            return None
        settings = _line_settings(len(hands), variant, trump, declarer, leader, tuple(sitting_out))
        return settings, list(map(str.split, hands))
    except (ValueError, TypeError, StopIteration, RecursionError):
        return None  # every refusal, and every unusual form, is the full parser's to answer


def _fast_masks(members: list, seats: int) -> tuple[np.ndarray, np.ndarray]:
    """Hand masks ``(deals, seats)`` of lines of one seat count from their card tokens
    (``members[i] = (slot, number, line, settings, tokens per hand)``), the k-th copy of a
    face met in seat order becoming copy k as :func:`simulate.cards.hand_masks` has it;
    and which deals the full parser must answer instead: a token not in the usual
    spellings, a seat sitting out with cards, playing seats of unequal or impossible
    sizes, or a face more often than the deck has it."""
    deals = len(members)
    tokens = [hand for member in members for hand in member[4]]
    sizes = np.fromiter(map(len, tokens), np.int64, deals * seats).reshape(deals, seats)
    faces = np.fromiter(
        (_FAST_FACES.get(token, -1) for token in itertools.chain.from_iterable(tokens)), np.int64
    )
    copies = np.array([member[3][1] for member in members], np.int64)
    hand_size = np.array([member[3][2] for member in members], np.int64)
    out = np.array([member[3][3] for member in members], bool).reshape(deals, seats)
    per_deal = sizes.sum(axis=1)
    deal_of = np.repeat(np.arange(deals), per_deal)
    bad = np.zeros(deals, bool)
    bad[deal_of[faces < 0]] = True
    faces = np.maximum(faces, 0)
    largest = np.where(out, -1, sizes).max(axis=1)
    smallest = np.where(out, 1 << 30, sizes).min(axis=1)
    bad |= (sizes * out).any(axis=1) | (largest != smallest) | (smallest < 1) | (smallest > hand_size)
    # each card's copy: its place among the same face earlier in its deal, in seat order
    # (a stable sort by (deal, face) keeps seat order inside each run of one face)
    key = deal_of * 24 + faces
    order = np.argsort(key, kind="stable")
    sorted_key = key[order]
    run_start = np.flatnonzero(np.r_[True, sorted_key[1:] != sorted_key[:-1]])
    copy = np.empty_like(faces)
    copy[order] = np.arange(sorted_key.size) - np.repeat(
        run_start, np.diff(np.r_[run_start, sorted_key.size])
    )
    bad[deal_of[copy >= copies[deal_of]]] = True
    bits = np.left_shift(np.uint64(1), (2 * faces + np.minimum(copy, 1)).astype(np.uint64))
    # the bits of a hand are distinct, so its sum is its mask: one running sum serves every
    # hand, the empty hands of the seats that sit out included
    total = np.concatenate([np.zeros(1, np.uint64), np.cumsum(bits, dtype=np.uint64)])
    ends = np.cumsum(sizes.ravel())
    masks = (total[ends] - total[ends - sizes.ravel()]).reshape(deals, seats)
    return masks, bad


def _parse_chunk(lines, default_variant: str):
    """Checked deals of numbered lines: (outputs with error lines filled, errors, groups).

    ``groups[seats]`` is ``(output slots, masks, denoms, declarers, leaders, actives)``
    for the deals still to solve, in line order.
    """
    outputs: list[str] = []
    errors: list[tuple[int, str]] = []
    solved: dict[int, list[tuple[int, np.ndarray, tuple]]] = {}  # seats: (slot, masks, settings)
    fast: dict[int, list] = {}  # seats: (slot, number, line, settings, tokens per hand)

    def full_parse(slot: int, number: int, line) -> None:
        try:
            masks, *setup = parse_line(line, default_variant)
        except (ValueError, TypeError) as error:
            message = f"line {number}: {error}"
            errors.append((number, message))
            outputs[slot] = _encode({"error": message})
            return
        solved.setdefault(len(masks), []).append((slot, masks, tuple(setup)))

    for number, line in lines:
        slot = len(outputs)
        outputs.append("")
        quick = _fast_line(line, default_variant)
        if quick is None:
            full_parse(slot, number, line)
        else:
            fast.setdefault(quick[0][0], []).append((slot, number, line, *quick))
    for seats, members in fast.items():
        masks, bad = _fast_masks(members, seats)
        for row, (slot, number, line, settings, _) in enumerate(members):
            if bad[row]:
                full_parse(slot, number, line)
            else:
                solved.setdefault(seats, []).append((slot, masks[row], settings[4:]))
    errors.sort()
    groups = {}
    for seats, members in solved.items():
        members.sort(key=lambda member: member[0])
        settings = np.array([member[2] for member in members], np.int64).reshape(len(members), 4)
        groups[seats] = (
            [member[0] for member in members],
            np.array([member[1] for member in members], np.uint64).reshape(len(members), seats),
            *settings.T,
        )
    return outputs, [message for _, message in errors], groups


def _solve_chunk(outputs: list[str], groups, leads: bool, nodes: bool) -> list[str]:
    """Fill the outputs of each group of deals with one bulk solver call per seat count."""
    for slots, masks, *settings in groups.values():
        result = solve_batch(masks, *settings, leads=leads)
        tricks = result.tricks.tolist()
        if not leads and not nodes:
            # trick counts alone have a handful of answers: encode each once, not per line
            # (per-line encoding was 5% of the process's CPU time on 100,000 euchre deals)
            answers = {count: _encode({"tricks": count}) for count in set(tricks)}
            for slot, count in zip(slots, tricks):
                outputs[slot] = answers[count]
            continue
        searched = result.nodes.tolist() if nodes else None
        values = result.leads.tolist() if leads else None
        for i, slot in enumerate(slots):
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
        size = min(FIRST_CHUNK, BATCH_CHUNK)
        while True:
            chunk = list(itertools.islice(numbered, size))
            size = BATCH_CHUNK
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
