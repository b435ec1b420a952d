"""The solve --batch protocol as a library: answers in order, chunk by chunk, bad lines
reported as they are parsed."""

import io
import json

import numpy as np

from euchre_mc.simulate.play import batch
from euchre_mc.simulate.play.batch import solve_lines, solve_stream

LINE = {
    "variant": "euchre",
    "hands": ["JH JD AH 9C 9S", "TC JC QC KC AC", "TS JS QS KS AS", "9D TD QD KD AD"],
    "trump": "Hearts",
    "declarer": 1,
}


def test_answers_come_in_input_order_across_chunks_and_errors_as_parsed(monkeypatch):
    monkeypatch.setattr(batch, "BATCH_CHUNK", 2)
    lines = [json.dumps(LINE), "", "[1]", json.dumps({**LINE, "leader": 2}), json.dumps(LINE)]
    events = []
    for block in solve_lines(lines, "euchre", leads=False, on_error=lambda m: events.append(("error", m))):
        events.append(("answers", block))
    assert events == [
        ("error", "line 3: a line must be a JSON object with hands, trump and declarer"),
        (
            "answers",
            '{"tricks": 5}\n{"error": "line 3: a line must be a JSON object with hands, trump and declarer"}',
        ),
        ("answers", '{"tricks": 4}\n{"tricks": 5}'),
    ]


def test_leads_and_nodes_are_json_objects():
    (block,) = solve_lines([json.dumps(LINE)], "euchre", leads=True, nodes=True)
    answer = json.loads(block)
    assert list(answer) == ["tricks", "leads", "nodes"] and answer["leads"]["JH"] == 5 and answer["nodes"] > 0


def _odd_lines() -> list[bytes]:
    """Deals of every seat count, as written and in every unusual form the fast path
    hands to the full parser (spellings, commas, wrong types, bad cards, bad seats)."""
    import random

    from euchre_mc.simulate.dealing.deal import deal_tables
    from euchre_mc.simulate.rules.cards import format_cards, mask_to_faces
    from euchre_mc.simulate.rules.variants import as_variant

    rng = random.Random(5)
    mutations = [
        lambda item, h: None,
        lambda item, h: h.__setitem__(0, h[0].lower()),
        lambda item, h: h.__setitem__(1, h[1].replace("T", "10")),
        lambda item, h: h.__setitem__(1, h[1].replace(" ", ", ")),
        lambda item, h: h.__setitem__(2, h[2].replace(" ", "   ")),
        lambda item, h: h.__setitem__(0, h[1]),  # every card of seat 2 twice
        lambda item, h: h.__setitem__(0, " ".join(h[0].split()[:-1])),  # a card short
        lambda item, h: h.__setitem__(0, h[0].replace("H", "♥")),
        lambda item, h: h.__setitem__(0, "XX " + h[0]),
        lambda item, h: h.__setitem__(0, 5),
        lambda item, h: item.update(declarer=True),
        lambda item, h: item.update(declarer=1.0),
        lambda item, h: item.update(declarer=99),
        lambda item, h: item.update(leader=None),
        lambda item, h: item.update(leader=0),
        lambda item, h: item.update(trump="hearts"),
        lambda item, h: item.update(trump=3),
        lambda item, h: item.update(variant="bogus"),
        lambda item, h: item.update(extra=1),
        lambda item, h: item.pop("trump"),
        lambda item, h: item.update(sitting_out=""),
        lambda item, h: item.update(sitting_out={}),
        lambda item, h: item.update(sitting_out=[True]),
        lambda item, h: item.update(sitting_out=[2]),  # seat 2 sits out holding cards
        lambda item, h: item.update(hands=h[:-1]),
    ]
    lines = []
    for variant in ("euchre", "piq", "pigs-and-hogs", "six-handed"):
        chosen = as_variant(variant)
        tables, _, _ = deal_tables(chosen, 7, 0, 2 * len(mutations))
        for number, table in enumerate(tables):
            hands = [format_cards(mask_to_faces(int(mask))) for mask in table]
            declarer = rng.randint(1, chosen.players)
            item = {"variant": variant, "hands": hands, "trump": "Hearts", "declarer": declarer}
            if chosen.players == 6 and number % 2:
                item["sitting_out"] = [s for s in range(1, 7) if s != declarer and (s - declarer) % 2 == 0]
                for seat in item["sitting_out"]:
                    hands[seat - 1] = ""
            mutations[number % len(mutations)](item, hands)
            lines.append(json.dumps(item).encode())
    line = json.dumps(LINE)
    return lines + [
        b"  " + line.encode() + b"  ",
        (line + " x").encode(),
        ("[" + line + "]").encode(),
        ("\ufeff" + line).encode(),
        (line + ", " + line).encode(),
        line.encode()[:5] + b"\xff" + line.encode()[5:],
        b"null",
        b"{}",
        b"[" * 5000,
    ]


def _nothing_read(chunk, default_variant):
    """The fast path refusing every line: the full parser answers them all."""
    count = len(chunk.numbers)
    return (
        np.zeros(count, bool),
        np.zeros(count, np.int64),
        np.zeros((count, 6), np.uint64),
        np.zeros((count, 4), np.int64),
    )


def test_the_fast_path_answers_every_line_as_the_full_parser_does(monkeypatch):
    lines = _odd_lines()
    fast_errors, full_errors = [], []
    fast = list(solve_lines(lines, "euchre", leads=True, nodes=True, on_error=fast_errors.append))
    monkeypatch.setattr(batch, "_fast_read", _nothing_read)
    full = list(solve_lines(lines, "euchre", leads=True, nodes=True, on_error=full_errors.append))
    assert fast == full and fast_errors == full_errors
    assert 50 < len(full_errors) < len(lines) - 50  # both kinds of line are there


# Lines at the edge of the form the kernel reads: (line, read by the kernel?).  Each is
# answered as the full parser answers it, read or not.
_HANDS = '["JH JD AH 9C 9S", "TC JC QC KC AC", "TS JS QS KS AS", "9D TD QD KD AD"]'


def _with(line: str, old: str = "", new: str = "") -> str:
    """``line`` with the four euchre hands (``old`` in them replaced by ``new``) at ``@``."""
    return line.replace("@", _HANDS.replace(old, new) if old else _HANDS)


_EDGE_LINES = [
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1}'), True),
    (_with('\t{ "declarer" :2,"trump":"hearts" ,\r"hands":@ ,"leader": 3}\r\n'), True),
    (_with('{"variant": "euchre", "hands": @, "trump": "HIGH", "declarer": 1, "sitting_out": []}'), True),
    (_with('{"hands": @, "trump": "Low", "declarer": 1}', "TC", "10c"), True),
    (_with('{"hands": @, "trump": "Hearts", "declarer": 9}'), False),  # no seat 9
    (_with('{"hands": @, "trump": "Hearts", "declarer": 999}'), False),
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1000}'), False),  # a fourth digit
    (_with('{"hands": @, "trump": "Hearts", "declarer": 01}'), False),  # not JSON
    (_with('{"hands": @, "trump": "Hearts", "declarer": -1}'), False),
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1e0}'), False),
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1, "declarer": 2}'), False),  # JSON keeps the last
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1, "leader": null}'), False),
    (_with('{"hands": @, "trump": "H\\u0065arts", "declarer": 1}'), False),  # an escape
    (_with('{"hands": @, "trump": "\u2665", "declarer": 1}'), False),  # a byte above 127
    (_with('{"hands": @, "trump": "H", "declarer": 1}'), False),  # a spelling the kernel lacks
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1, "variant": "euchre(target=5)"}'), False),
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1}', "JH", "Jh,"), False),
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1}', "JH", "JH JH"), False),  # two JH
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1}', "9S", ""), False),  # a card short
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1}', "]", ', ""]'), False),  # 5 hands
    ('{"hands": [], "trump": "Hearts", "declarer": 1}', False),
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1} x'), False),
    (_with('{"hands": @, "trump": "Hearts", "declarer": 1, "sitting_out": [1, 2, 3, 4, 5, 6, 7]}'), False),
    (_with('\x0c{"hands": @, "trump": "Hearts", "declarer": 1}'), False),  # Python strips \x0c
    (_with('{"hands": @, "trump": "Hearts"}'), False),
]


def test_the_kernel_reads_the_usual_form_and_leaves_the_rest_to_the_full_parser(monkeypatch):
    lines = [line for line, _ in _EDGE_LINES]
    read, *_ = batch._fast_read(next(batch._line_chunks(lines)), "euchre")
    assert read.tolist() == [kernel for _, kernel in _EDGE_LINES]
    for form in (lines, [line.encode() for line in lines]):
        fast_errors, full_errors = [], []
        fast = list(solve_lines(form, "euchre", leads=True, nodes=True, on_error=fast_errors.append))
        with monkeypatch.context() as patch:
            patch.setattr(batch, "_fast_read", _nothing_read)
            full = list(solve_lines(form, "euchre", leads=True, nodes=True, on_error=full_errors.append))
        assert fast == full and fast_errors == full_errors


def test_a_stream_read_in_blocks_answers_as_its_lines_do(monkeypatch):
    # blank lines (counted, not answered), CRLF, a line that is not UTF-8, lines longer
    # than a block and no newline at the end
    lines = [line.encode() for line, _ in _EDGE_LINES] + _odd_lines()[:60]
    lines[3:3] = [b"\n", b"  \t\r\n", b"\x0c\n"]
    text = b"".join(line.rstrip(b"\n") + b"\n" for line in lines).replace(b"}\n", b"}\r\n", 5)[:-1]
    expected_errors, errors = [], []
    expected = "\n".join(solve_lines(io.BytesIO(text), "euchre", nodes=True, on_error=expected_errors.append))
    for block in (1, 7, 100, 1 << 16):
        monkeypatch.setattr(batch, "BATCH_BLOCK", block)
        monkeypatch.setattr(batch, "FIRST_BLOCK", block)
        errors.clear()
        answers = solve_stream(io.BytesIO(text), "euchre", nodes=True, on_error=errors.append)
        assert "\n".join(answers) == expected and errors == expected_errors
    assert len(expected.splitlines()) == len(lines) - 3 and len(expected_errors) > 30


def test_the_line_reader_and_writer_compile_one_signature_each_for_every_input_and_answer():
    from euchre_mc.simulate.kernels.batch_lines import read_lines, write_answers

    line = json.dumps(LINE)
    for answers in (
        solve_lines([line], "euchre"),
        solve_lines([line.encode()], "euchre", nodes=True),
        solve_lines([line.encode()], "euchre", leads=False, nodes=True),
        solve_stream(io.BytesIO(line.encode()), "euchre"),
    ):
        list(answers)
    assert len(read_lines.signatures) == 1 and len(write_answers.signatures) == 1


def test_answers_are_written_as_json_dumps_writes_them():
    lines = [json.dumps({**LINE, "leader": leader}) for leader in (1, 2, 3, 4)] * 3
    for leads, nodes in ((True, False), (True, True), (False, True)):
        written = "\n".join(solve_lines(lines, "euchre", leads=leads, nodes=nodes)).split("\n")
        assert [json.dumps(json.loads(answer)) for answer in written] == written
        assert all(("leads" in json.loads(answer)) == leads for answer in written)
