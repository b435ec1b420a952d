"""``solve --batch`` lines in the usual form, read from their bytes in one compiled pass.

:mod:`simulate.play.batch` joins a chunk's lines into one byte buffer and this kernel reads
each line that has the usual form: one JSON object whose keys are among
:data:`LINE_KEYS`, each at most once, with JSON's whitespace (space, tab, CR, LF)
between tokens; ``variant`` and ``trump`` strings spelled exactly as one of the caller's
words; ``hands`` a list of at most six strings of card tokens separated by spaces, each
token one of the caller's card spellings; ``declarer``, ``leader`` and the seats of
``sitting_out`` whole numbers of one to three digits, unsigned.  Every other form (an
escape, a byte above 127, ``null``, a float, a fourth digit ...) is refused, and the
caller's full parser answers that line, so each error message stays the full parser's.

The kernel decides the form and builds each hand's mask, nothing else: whether the seats
exist, the hands' sizes and the deck's copies are the caller's checks, on the values
returned here.
"""

import numpy as np

from .jit import njit

# The keys a line may have, in the order of the vocabulary's first words (the caller
# lists them first, so a key's word number is its index here).
LINE_KEYS = ("variant", "hands", "trump", "declarer", "leader", "sitting_out")
VARIANT, HANDS, TRUMP, DECLARER, LEADER, SITTING_OUT = range(6)
REQUIRED = (1 << HANDS) | (1 << TRUMP) | (1 << DECLARER)
# kinds of vocabulary word, in the vocabulary's order
KEY_WORD, VARIANT_WORD, TRUMP_WORD = range(3)
MAX_SEATS = 6
# a card token's code: two characters c0 c1 -> c0 * 128 + c1, "10" + c -> TEN_CODE + c
TEN_CODE = 128 * 128
CARD_CODES = TEN_CODE + 128
READ, REFUSED = 0, 1  # a line's status


@njit(cache=True)
def _space(buf, i, end):
    """The first index from ``i`` that is not JSON whitespace (or ``end``)."""
    while i < end:
        c = buf[i]
        if c != 32 and c != 9 and c != 10 and c != 13:
            break
        i += 1
    return i


@njit(cache=True)
def _string_end(buf, i, end):
    """The closing quote of a string whose text starts at ``i``, or -1 unless the text is
    plain printable ASCII (no escape: the full parser reads those)."""
    while i < end:
        c = buf[i]
        if c == 34:
            return i
        if c == 92 or c < 32 or c > 126:
            return -1
        i += 1
    return -1


@njit(cache=True)
def _word(buf, i, stop, words, word_starts, kind_starts, kind):
    """The number of the vocabulary word of ``kind`` spelled ``buf[i:stop]``, or -1."""
    length = stop - i
    for w in range(kind_starts[kind], kind_starts[kind + 1]):
        first = word_starts[w]
        if word_starts[w + 1] - first != length:
            continue
        k = 0
        while k < length and buf[i + k] == words[first + k]:
            k += 1
        if k == length:
            return w
    return -1


@njit(cache=True)
def _whole(buf, i, end):
    """(value, index after) of an unsigned whole number of one to three digits at ``i``
    (no leading zero, as JSON has it), or (-1, i)."""
    value = 0
    j = i
    while j < end and j - i < 4 and 48 <= buf[j] <= 57:
        value = value * 10 + np.int64(buf[j]) - 48
        j += 1
    digits = j - i
    if digits == 0 or digits > 3 or (digits > 1 and buf[i] == 48):
        return -1, i
    return value, j


@njit(cache=True, inline="always")
def _hands(buf, i, end, card_faces, line, masks, sizes, counts):
    """Read the list of hands at ``i`` (just after its ``[``) into ``masks[line]`` and
    ``sizes[line]``; (hands, index after the list, most copies of one face), hands -1 if
    refused.  The k-th copy of a face met in seat order is copy k (as
    :func:`simulate.rules.cards.hand_masks` numbers them)."""
    counts[:] = 0
    seat = 0
    i = _space(buf, i, end)
    if i < end and buf[i] == 93:
        return 0, i + 1, 0
    while True:
        if i >= end or buf[i] != 34 or seat == MAX_SEATS:
            return -1, i, 0
        stop = _string_end(buf, i + 1, end)
        if stop < 0:
            return -1, i, 0
        mask = np.uint64(0)
        size = 0
        j = i + 1
        while j < stop:
            if buf[j] == 32:
                j += 1
                continue
            token = j
            while j < stop and buf[j] != 32:
                j += 1
            if j - token == 2:
                code = np.int64(buf[token]) * 128 + np.int64(buf[token + 1])
            elif j - token == 3 and buf[token] == 49 and buf[token + 1] == 48:
                code = TEN_CODE + np.int64(buf[token + 2])
            else:
                return -1, i, 0
            face = card_faces[code]
            if face < 0:
                return -1, i, 0
            copy = min(counts[face], 1)
            counts[face] += 1
            mask |= np.uint64(1) << np.uint64(2 * face + copy)
            size += 1
        masks[line, seat] = mask
        sizes[line, seat] = size
        seat += 1
        i = _space(buf, stop + 1, end)
        if i >= end:
            return -1, i, 0
        if buf[i] == 93:
            return seat, i + 1, counts.max()
        if buf[i] != 44:
            return -1, i, 0
        i = _space(buf, i + 1, end)


@njit(cache=True, inline="always")
def _read_line(buf, start, end, vocabulary, card_faces, line, values, masks, sizes, counts):
    """Read one line into ``values[line]`` (see :func:`read_lines`), masks and sizes."""
    words, word_starts, kind_starts = vocabulary
    i = _space(buf, start, end)
    if i >= end or buf[i] != 123:
        return REFUSED
    i = _space(buf, i + 1, end)
    seen = 0
    while True:
        if i >= end or buf[i] != 34:
            return REFUSED
        stop = _string_end(buf, i + 1, end)
        key = -1 if stop < 0 else _word(buf, i + 1, stop, words, word_starts, kind_starts, KEY_WORD)
        if key < 0 or (seen >> key) & 1:
            return REFUSED
        seen |= 1 << key
        i = _space(buf, stop + 1, end)
        if i >= end or buf[i] != 58:
            return REFUSED
        i = _space(buf, i + 1, end)
        if i >= end:
            return REFUSED
        if key in (VARIANT, TRUMP):
            stop = _string_end(buf, i + 1, end) if buf[i] == 34 else -1
            kind = VARIANT_WORD if key == VARIANT else TRUMP_WORD
            word = -1 if stop < 0 else _word(buf, i + 1, stop, words, word_starts, kind_starts, kind)
            if word < 0:
                return REFUSED
            values[line, 1 if key == VARIANT else 2] = word
            i = stop + 1
        elif key in (DECLARER, LEADER):
            value, i = _whole(buf, i, end)
            if value < 0:
                return REFUSED
            values[line, 3 if key == DECLARER else 4] = value
        elif key == SITTING_OUT:
            if buf[i] != 91:
                return REFUSED
            i = _space(buf, i + 1, end)
            seats = 0
            if i < end and buf[i] == 93:
                i += 1
            else:
                while True:
                    value, i = _whole(buf, i, end)
                    if value < 0 or seats == MAX_SEATS:
                        return REFUSED
                    values[line, 6 + seats] = value
                    seats += 1
                    i = _space(buf, i, end)
                    if i >= end:
                        return REFUSED
                    if buf[i] == 93:
                        i += 1
                        break
                    if buf[i] != 44:
                        return REFUSED
                    i = _space(buf, i + 1, end)
            values[line, 5] = seats
        else:
            if buf[i] != 91:
                return REFUSED
            hands, i, most = _hands(buf, i + 1, end, card_faces, line, masks, sizes, counts)
            if hands < 0:
                return REFUSED
            values[line, 0] = hands
            values[line, 12] = most
        i = _space(buf, i, end)
        if i >= end:
            return REFUSED
        if buf[i] == 125:
            break
        if buf[i] != 44:
            return REFUSED
        i = _space(buf, i + 1, end)
    if _space(buf, i + 1, end) != end or seen & REQUIRED != REQUIRED:
        return REFUSED
    return READ


@njit(cache=True, nogil=True)
def read_lines(buf, starts, ends, words, word_starts, kind_starts, card_faces, status, values, masks, sizes):
    """Read the lines ``buf[starts[k]:ends[k]]``: ``status[k]`` READ or REFUSED, and for a
    line read ``values[k]`` = (hands, variant word or -1 when absent, trump word, declarer,
    leader or -1 when absent, seats sitting out, those seats (six places, 0 beyond),
    most copies of one face in the deal), ``masks[k, seat]`` and ``sizes[k, seat]`` (0
    beyond the hands given).

    ``words[word_starts[w]:word_starts[w + 1]]`` is the spelling of word ``w``; the words
    of kind ``k`` (KEY_WORD, VARIANT_WORD, TRUMP_WORD) are numbered ``kind_starts[k]`` to
    ``kind_starts[k + 1] - 1``, the keys first, in the order of LINE_KEYS;
    ``card_faces[code]`` is the face of a card token's code (see TEN_CODE) or -1.
    Releases the GIL.
    """
    vocabulary = (words, word_starts, kind_starts)
    counts = np.zeros(24, np.int64)
    for line in range(starts.size):
        values[line, :] = 0
        values[line, 1] = -1
        values[line, 4] = -1
        masks[line, :] = 0
        sizes[line, :] = 0
        status[line] = _read_line(
            buf, starts[line], ends[line], vocabulary, card_faces, line, values, masks, sizes, counts
        )


@njit(cache=True)
def _put(out, at, text):
    for k in range(text.size):
        out[at + k] = text[k]
    return at + text.size


@njit(cache=True)
def _put_whole(out, at, value):
    """Write the non-negative ``value`` in decimal at ``at``; the index after it."""
    digits = 1
    rest = value // 10
    while rest > 0:
        digits += 1
        rest //= 10
    for k in range(digits - 1, -1, -1):
        out[at + k] = 48 + value % 10
        value //= 10
    return at + digits


ANSWER_BYTES = 16 * 24 + 64  # room for one answer line: every lead and a 19-digit node count


@njit(cache=True, nogil=True)
def write_answers(tricks, leads, nodes, face_names, pieces, out):
    """Write each deal's answer as ``json.dumps`` writes it, one line each (newline
    after every line but the last), into ``out`` (``ANSWER_BYTES`` per deal); the bytes
    written.  ``{"tricks": k, "leads": {"9C": v, ...}, "nodes": n}``, with the leads
    (faces in order, ``leads[d, face] >= 0``) only when ``leads`` has a row per deal,
    the nodes only when ``nodes`` has a value per deal.  ``pieces`` holds the fixed
    texts: ``{"tricks": ``, ``, "leads": {``, ``, "nodes": ``; ``face_names`` each
    face's two characters."""
    tricks_text = pieces[0:11]
    leads_text = pieces[11:23]
    nodes_text = pieces[23:34]
    with_leads = leads.shape[0] == tricks.size
    with_nodes = nodes.size == tricks.size
    at = 0
    for d in range(tricks.size):
        if d > 0:
            out[at] = 10
            at += 1
        at = _put(out, at, tricks_text)
        at = _put_whole(out, at, np.int64(tricks[d]))
        if with_leads:
            at = _put(out, at, leads_text)
            first = True
            for face in range(24):
                value = leads[d, face]
                if value < 0:
                    continue
                if not first:
                    out[at] = 44
                    out[at + 1] = 32
                    at += 2
                first = False
                out[at] = 34
                out[at + 1] = face_names[face, 0]
                out[at + 2] = face_names[face, 1]
                out[at + 3] = 34
                out[at + 4] = 58
                out[at + 5] = 32
                at = _put_whole(out, at + 6, np.int64(value))
            out[at] = 125
            at += 1
        if with_nodes:
            at = _put(out, at, nodes_text)
            at = _put_whole(out, at, nodes[d])
        out[at] = 125
        at += 1
    return at
