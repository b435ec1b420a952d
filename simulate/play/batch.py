"""The ``solve --batch`` protocol: one deal per JSON line in, one JSON answer line out.

A line is an object with ``hands`` (one hand text per seat, a sitting-out seat's empty),
``trump`` and ``declarer``, and optionally ``variant`` (default: the caller's),
``leader`` (default: the declarer) and ``sitting_out``; seats are 1-based, as users
write them.  The answer is ``{"tricks": k}``, with ``"leads": {"JH": k1, ...}`` and
``"nodes": n`` when asked; a bad line is answered by ``{"error": "line N: ..."}`` and
the other lines are still solved.

Lines are read in chunks: :data:`BATCH_CHUNK` lines of an iterable (:func:`solve_lines`),
or :data:`BATCH_BLOCK` bytes of a stream cut at a line's end (:func:`solve_stream`, which
the command line uses), the first chunk smaller so that solving starts at once; while
the solver's threads (which release the GIL) solve one chunk, the next is parsed.  The
deals of a chunk are grouped by seat count, one bulk solver call each, and answers with
leads or nodes are written by one compiled pass (``write_answers``).

Parsing was most of a batch's time outside the solver, so lines in the usual form take a
fast path (:func:`_fast_read`): the chunk's bytes read by one compiled pass
(:mod:`simulate.kernels.batch_lines`, which builds every hand's mask), then the settings
checked once per distinct (variant, trump, seats) and remembered, and the hands' sizes
and the deck's copies checked with numpy for the whole chunk.  Whatever the fast path
does not recognise (an unusual spelling, an escape, a comma, a bad line) goes to
:func:`parse_line`, the one full parser, which answers exactly as before: the output
is the same byte for byte, only sooner.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import BinaryIO, NamedTuple

import numpy as np

from ..kernels.batch_lines import (
    ANSWER_BYTES,
    CARD_CODES,
    KEY_WORD,
    LINE_KEYS,
    MAX_SEATS,
    READ,
    TEN_CODE,
    TRUMP_WORD,
    VARIANT_WORD,
    read_lines,
    write_answers,
)
from ..rules.cards import format_card, parse_card
from ..rules.contracts import parse_denom
from ..rules.variants import DENOM_NAMES, SPECS, RulesError, Variant, as_variant, seat_index
from .solve import active_mask, solve_batch

BATCH_CHUNK = 16384  # lines parsed, then solved in bulk, per step
FIRST_CHUNK = 1024  # the first step's lines: the solver starts while the rest is parsed
BATCH_BLOCK = 1 << 21  # bytes read per step from a stream (about 14,000 euchre lines)
FIRST_BLOCK = 1 << 16  # the first step's bytes (about 430 euchre lines)
BATCH_KEYS = LINE_KEYS
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
    from ..dealing.deal import parse_deal  # the kernels of dealing load only for a line that needs them

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


def _card_face_table() -> np.ndarray:
    """parse_card's answer for each spelling batch files normally use (JH, jh, Jh, jH,
    10H, ...), by the kernel's token code (see kernels.batch_lines.TEN_CODE); -1 else."""
    faces = np.full(CARD_CODES, -1, np.int64)
    for face in range(24):
        rank, suit = format_card(face)
        for spelling in {r + x for r in (rank, rank.lower()) for x in (suit, suit.lower())}:
            assert parse_card(spelling) == face
            faces[ord(spelling[0]) * 128 + ord(spelling[1])] = face
        for letter in (suit, suit.lower()) if rank == "T" else ():
            assert parse_card("10" + letter) == face
            faces[TEN_CODE + ord(letter)] = face
    return faces


_CARD_FACES = _card_face_table()
_SPELLINGS = (str, str.lower, str.upper)
# The spellings the kernel reads (any other goes to the full parser): the keys, the
# variants' names, the denominations' names as written, lower case and upper case.
_WORDS = (
    [(KEY_WORD, key) for key in BATCH_KEYS]
    + [(VARIANT_WORD, name) for name in SPECS]
    + sorted({(TRUMP_WORD, spell(name)) for name in (*DENOM_NAMES, "High", "Low") for spell in _SPELLINGS})
)
_WORD_TEXT = [text for _, text in _WORDS]
_VOCABULARY = (
    np.frombuffer("".join(_WORD_TEXT).encode("ascii"), np.uint8),
    np.cumsum([0] + [len(text) for text in _WORD_TEXT], dtype=np.int64),
    np.searchsorted([kind for kind, _ in _WORDS], np.arange(4)).astype(np.int64),  # each kind's first word
)
_FIELD_BITS = 10  # every value the kernel reads is below 1,000 (three digits)


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


def _as_bytes(line) -> bytes:
    """A line's bytes for the kernel; b"" (which it refuses) for text UTF-8 cannot hold."""
    if type(line) is bytes:
        return line
    try:
        return line.encode("utf-8")
    except (AttributeError, UnicodeEncodeError):
        return b""


class _Chunk(NamedTuple):
    """Numbered non-blank lines as one byte buffer: line k is ``buffer[starts[k]:ends[k]]``,
    number ``numbers[k]``; ``lines`` the line objects as given (None: the buffer's bytes)."""

    numbers: list[int]
    buffer: bytes
    starts: np.ndarray
    ends: np.ndarray
    lines: list | None

    def line(self, k: int):
        """Line k as given, for the full parser."""
        return self.buffer[self.starts[k] : self.ends[k]] if self.lines is None else self.lines[k]


def _line_chunks(lines: Iterable) -> Iterator[_Chunk]:
    """The non-blank lines of an iterable, :data:`BATCH_CHUNK` at a time (the first
    :data:`FIRST_CHUNK`)."""
    numbered = ((number, line) for number, line in enumerate(lines, 1) if line.strip())
    size = min(FIRST_CHUNK, BATCH_CHUNK)
    while chunk := list(itertools.islice(numbered, size)):
        size = BATCH_CHUNK
        texts = [_as_bytes(line) for _, line in chunk]
        lengths = np.fromiter(map(len, texts), np.int64, len(texts))
        ends = np.cumsum(lengths)
        yield _Chunk(
            [number for number, _ in chunk],
            b"".join(texts),
            ends - lengths,
            ends,
            [line for _, line in chunk],
        )


_BLANK = np.zeros(256, bool)
_BLANK[list(b" \t\n\r\x0b\x0c")] = True  # what bytes.strip() removes


def _stream_chunks(stream) -> Iterator[_Chunk]:
    """The non-blank lines of a binary stream, read in blocks of :data:`BATCH_BLOCK`
    bytes (the first :data:`FIRST_BLOCK`) cut after their last newline; a line is the
    bytes up to and including its newline, as iterating over the stream gives it."""
    number = 1
    rest = b""
    size = FIRST_BLOCK
    while True:
        block = stream.read(size)
        size = BATCH_BLOCK
        data = rest + block
        cut = data.rfind(b"\n") + 1 if block else len(data)
        data, rest = data[:cut], data[cut:]
        if not data:
            if not block:
                return
            continue  # a line longer than the block: read on
        array = np.frombuffer(data, np.uint8)
        ends = np.flatnonzero(array == 10) + 1
        if ends.size == 0 or ends[-1] != len(data):
            ends = np.append(ends, len(data))
        starts = np.concatenate([[0], ends[:-1]])
        # a blank line starts with white space: only those few are looked at one by one
        kept = np.ones(ends.size, bool)
        for k in np.flatnonzero(_BLANK[array[starts]]).tolist():
            kept[k] = bool(data[starts[k] : ends[k]].strip())
        kept = np.flatnonzero(kept)
        if kept.size:  # a chunk of blank lines has no answers, not an empty one
            yield _Chunk((kept + number).tolist(), data, starts[kept], ends[kept], None)
        number += ends.size


def _fast_read(chunk: _Chunk, default_variant: str):
    """The lines the kernel reads, checked: ``(read, seats, masks, settings)`` with
    ``read[k]`` False where the full parser must answer line k (a form the kernel
    refuses, settings :func:`_line_settings` refuses, a seat sitting out with cards,
    playing seats of unequal or impossible sizes, or a face more often than the deck
    has it); for the others their seat count, masks ``(lines, 6)`` and settings
    ``(lines, 4)``: denomination, declarer, leader and active seats, 0-based."""
    count = len(chunk.numbers)
    status = np.empty(count, np.int8)
    values = np.empty((count, 13), np.int64)
    masks = np.empty((count, MAX_SEATS), np.uint64)
    sizes = np.empty((count, MAX_SEATS), np.int64)
    buffer = np.frombuffer(chunk.buffer, np.uint8)
    read_lines(buffer, chunk.starts, chunk.ends, *_VOCABULARY, _CARD_FACES, status, values, masks, sizes)
    rows = np.flatnonzero(status == READ)
    row_values = values[rows]
    # each distinct setting checked once: two packed keys (the settings, the seats out)
    shifted = row_values[:, :12] + np.array([0, 1, 0, 0, 1] + [0] * 7, np.int64)
    weights = np.left_shift(1, _FIELD_BITS * np.arange(6, dtype=np.int64))
    _, first_of = np.unique(shifted[:, :6] @ weights, return_inverse=True)
    seat_kinds, seats_of = np.unique(shifted[:, 6:] @ weights, return_inverse=True)
    _, kind_of = np.unique(first_of.reshape(-1) * len(seat_kinds) + seats_of.reshape(-1), return_inverse=True)
    kind_of = kind_of.reshape(-1)
    first = np.empty(kind_of.max(initial=-1) + 1, np.int64)
    first[kind_of[::-1]] = np.arange(rows.size - 1, -1, -1)
    table = np.zeros((first.size, 7), np.int64)  # seats, copies, hand size, the 4 settings
    out_table = np.zeros((first.size, MAX_SEATS), bool)
    accepted = np.zeros(first.size, bool)
    for kind, row in enumerate(row_values[first].tolist()):
        hands, variant, trump, declarer, leader, n_out = row[:6]
        try:
            seats, copies, hand_size, sits_out, *settings = _line_settings(
                hands,
                default_variant if variant < 0 else _WORD_TEXT[variant],
                _WORD_TEXT[trump],
                declarer,
                None if leader < 0 else leader,
                tuple(row[6 : 6 + n_out]),
            )
        except (ValueError, TypeError):
            continue  # the full parser names the error
        accepted[kind] = True
        table[kind] = (seats, copies, hand_size, *settings)
        out_table[kind, :seats] = sits_out
    line_table = np.zeros((count, 7), np.int64)
    line_table[rows] = table[kind_of]
    out = np.zeros((count, MAX_SEATS), bool)
    out[rows] = out_table[kind_of]
    read = np.zeros(count, bool)
    read[rows] = accepted[kind_of]
    seats = line_table[:, 0]
    playing = ~out & (np.arange(MAX_SEATS) < seats[:, None])
    largest = np.where(playing, sizes, -1).max(axis=1)
    smallest = np.where(playing, sizes, 1 << 30).min(axis=1)
    read &= ~(sizes * out).any(axis=1) & (largest == smallest) & (smallest >= 1)
    read &= (smallest <= line_table[:, 2]) & (values[:, 12] <= line_table[:, 1])
    return read, seats, masks, line_table[:, 3:]


def _parse_chunk(chunk: _Chunk, default_variant: str):
    """Checked deals of a chunk's lines: (outputs with error lines filled, errors, groups).

    ``groups[seats]`` is ``(output slots, masks, denoms, declarers, leaders, actives)``
    for the deals still to solve, in line order.
    """
    outputs = [""] * len(chunk.numbers)
    errors: list[tuple[int, str]] = []
    parsed: dict[int, list[tuple[int, np.ndarray, tuple]]] = {}  # seats: (slot, masks, settings)
    read, seats, masks, settings = _fast_read(chunk, default_variant)
    for slot in np.flatnonzero(~read).tolist():
        number = chunk.numbers[slot]
        try:
            hands, *setup = parse_line(chunk.line(slot), default_variant)
        except (ValueError, TypeError) as error:
            message = f"line {number}: {error}"
            errors.append((number, message))
            outputs[slot] = _encode({"error": message})
            continue
        parsed.setdefault(len(hands), []).append((slot, hands, tuple(setup)))
    groups = {}
    for count in sorted(set(seats[read].tolist()) | set(parsed)):
        fast = np.flatnonzero(read & (seats == count))
        full = parsed.get(count, [])
        slots = np.concatenate([fast, np.array([slot for slot, _, _ in full], np.int64)])
        order = np.argsort(slots, kind="stable")
        group_masks = np.concatenate(
            [masks[fast, :count], np.array([hands for _, hands, _ in full], np.uint64).reshape(-1, count)]
        )[order]
        group_settings = np.concatenate(
            [settings[fast], np.array([setup for _, _, setup in full], np.int64).reshape(-1, 4)]
        )[order]
        groups[count] = (slots[order].tolist(), np.ascontiguousarray(group_masks), *group_settings.T)
    errors.sort()
    return outputs, [message for _, message in errors], groups


_FACE_BYTES = np.frombuffer("".join(FACE_NAMES).encode("ascii"), np.uint8).reshape(24, 2)
# the fixed texts of an answer, as json.dumps writes them (see write_answers)
_ANSWER_PIECES = np.frombuffer(b'{"tricks": , "leads": {, "nodes": ', np.uint8)
_NO_LEADS = np.empty((0, 24), np.int8)
_NO_NODES = np.empty(0, np.int64)


def _solve_chunk(outputs: list[str], groups, leads: bool, nodes: bool) -> list[str]:
    """Fill the outputs of each group of deals with one bulk solver call per seat count."""
    for slots, masks, *settings in groups.values():
        result = solve_batch(masks, *settings, leads=leads)
        if not leads and not nodes:
            tricks = result.tricks.tolist()
            # trick counts alone have a handful of answers: encode each once, not per line
            # (encoding every line would be a visible share of the process's CPU time)
            answers = {count: _encode({"tricks": count}) for count in set(tricks)}
            for slot, count in zip(slots, tricks):
                outputs[slot] = answers[count]
            continue
        # leads or nodes: every answer is written by one compiled pass
        count = len(slots)
        out = np.empty(count * ANSWER_BYTES, np.uint8)
        written = write_answers(
            result.tricks,
            result.leads if leads else _NO_LEADS,
            result.nodes if nodes else _NO_NODES,
            _FACE_BYTES,
            _ANSWER_PIECES,
            out,
        )
        for slot, answer in zip(slots, out[:written].tobytes().decode("ascii").split("\n")):
            outputs[slot] = answer
    return outputs


def solve_lines(
    lines: Iterable[str | bytes],
    default_variant: str,
    leads: bool = True,
    nodes: bool = False,
    on_error: Callable[[str], None] | None = None,
) -> Iterator[str]:
    """Answer every non-blank line (text, or UTF-8 bytes), in order: yields the answers one
    chunk at a time (the chunk's JSON lines joined by newlines).  ``on_error(message)``
    hears of each bad line of a chunk as soon as it is parsed, after the previous chunk's
    answers are yielded."""
    return _answer(_line_chunks(lines), default_variant, leads, nodes, on_error)


def solve_stream(
    stream: BinaryIO,
    default_variant: str,
    leads: bool = True,
    nodes: bool = False,
    on_error: Callable[[str], None] | None = None,
) -> Iterator[str]:
    """:func:`solve_lines` for the lines of a binary stream (a file opened ``"rb"``,
    stdin's buffer), read in blocks: the same answers, without a Python object per line."""
    return _answer(_stream_chunks(stream), default_variant, leads, nodes, on_error)


def _answer(
    chunks: Iterator[_Chunk], default_variant: str, leads: bool, nodes: bool, on_error
) -> Iterator[str]:
    """Parse each chunk while the solver's thread solves the one before; yield its answers."""
    with ThreadPoolExecutor(1) as solver:
        pending = None
        while True:
            chunk = next(chunks, None)
            parsed = None if chunk is None else _parse_chunk(chunk, default_variant)
            if pending is not None:
                yield "\n".join(pending.result())
            if parsed is None:
                return
            outputs, errors, groups = parsed
            if on_error is not None:
                for message in errors:
                    on_error(message)
            pending = solver.submit(_solve_chunk, outputs, groups, leads, nodes)


__all__ = ["BATCH_CHUNK", "BATCH_KEYS", "parse_line", "solve_lines", "solve_setup", "solve_stream"]
