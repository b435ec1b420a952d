"""The solve --batch protocol as a library: answers in order, chunk by chunk, bad lines
reported as they are parsed."""

import json

from euchre_mc.simulate import batch
from euchre_mc.simulate.batch import solve_lines

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
