"""The study's index.html is a page a person reads, checked by its
structure: headings in words, a sentence for every chart and table, counts whole, small
probabilities not 0.000, a width the CSS keeps to a laptop screen.  The same page in a
real browser at 1,280 and 390 px: ``make check-report`` (benchmarks/check_report.py,
run by .ci/run; tests/test_check_report.py checks the checker)."""

import re
from html.parser import HTMLParser

import pytest

from euchre_mc.reports.study_charts import build_study_reports
from euchre_mc.reports.study_page import CHARTS, PAGE_WIDTH, STYLE
from euchre_mc.reports.study_summary import TABLE_NOTES, TABLE_TITLES
from euchre_mc.simulate.study.run import run_study

LONG_EUCHRE = "euchre(stick_the_dealer=true,no_trump=true,farmers_hand=true,ace_no_face=true)"


class Page(HTMLParser):
    """The page's headings, captions, paragraphs before each image, and table cells."""

    def __init__(self):
        super().__init__()
        self.open: list[str] = []
        self.text: dict[str, list[str]] = {"h1": [], "h2": [], "th": [], "td": [], "caption": [], "p": []}
        self.tables = 0
        self.images: list[tuple[str, str]] = []  # (src, the paragraph before it)
        self.probabilities: list[str] = []  # the cells of probability columns
        self.buffer = ""

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables += 1
        if tag == "img":
            self.images.append((dict(attrs)["src"], self.text["p"][-1] if self.text["p"] else ""))
        if tag in self.text:
            if tag == "td" and dict(attrs).get("class") == "p":
                self.open.append("p-cell")
            self.open.append(tag)
            self.buffer = ""

    def handle_endtag(self, tag):
        if self.open and tag == self.open[-1]:
            self.text[self.open.pop()].append(self.buffer.strip())
            if self.open and self.open[-1] == "p-cell":
                self.open.pop()
                self.probabilities.append(self.text["td"][-1])
            self.buffer = ""

    def handle_data(self, data):
        if self.open:
            self.buffer += data


@pytest.fixture(scope="module", params=[LONG_EUCHRE, "pigs-and-hogs"])
def page(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("page") / "study"
    run_study(request.param, 40, 1, out, play="heuristic", chunk_size=20)
    text = build_study_reports(out).read_text()
    parsed = Page()
    parsed.feed(text)
    return text, parsed


def test_headings_are_words_not_internal_names(page):
    _, parsed = page
    for heading in parsed.text["h1"] + parsed.text["h2"] + parsed.text["th"]:
        assert "_" not in heading, heading
    shown = {name for name in TABLE_NOTES if f"summary/{name}.csv" in page[0]}
    assert shown and set(parsed.text["h2"]) >= {TABLE_TITLES[name] for name in shown}


def test_every_table_has_a_caption_sentence_from_the_summary(page):
    _, parsed = page
    assert parsed.tables and len(parsed.text["caption"]) == parsed.tables
    for caption in parsed.text["caption"]:
        assert len(caption.split()) >= 8 and re.search(r"[a-z]\.", caption), caption
        assert any(note[:40] in caption.replace("&#x27;", "'") for note in TABLE_NOTES.values())


def test_every_chart_has_a_title_and_a_sentence(page):
    _, parsed = page
    assert parsed.images
    for src, sentence in parsed.images:
        stem = src.rsplit("/", 1)[-1].removesuffix(".png")
        assert stem in CHARTS, f"chart {stem} has no title or sentence in study_page.CHARTS"
        assert sentence == CHARTS[stem][1]


def test_counts_are_whole_and_no_probability_reads_zero(page):
    _, parsed = page
    cells = [re.sub(r"\s+", " ", c) for c in parsed.text["td"]]
    assert not [c for c in cells if re.fullmatch(r"-?[\d,]+\.0+", c)], "a count printed with decimals"
    shown = [re.sub(r"\s+", " ", c) for c in parsed.probabilities]
    rounded = [c for c in shown if re.search(r"\b[01]\.000\b", c)]
    assert shown and not rounded, f"probabilities rounded to 0 or 1: {rounded}"
    assert not [c for c in cells if c == ""], "an unexplained blank cell"


def test_blank_cells_are_explained_where_they_appear(page):
    text, parsed = page
    if "&mdash;" in text:
        assert any("A dash" in caption for caption in parsed.text["caption"])


def test_the_layout_is_held_to_a_laptop_screen():
    assert f"max-width: {PAGE_WIDTH}px" in STYLE and PAGE_WIDTH <= 1280 - 2 * 40
    assert re.search(r"\.scroll \{[^}]*overflow-x: auto", STYLE), "wide tables scroll in their own box"
    assert re.search(r"h1 \{[^}]*overflow-wrap: anywhere", STYLE), "a long title wraps"
    assert re.search(r"img \{[^}]*max-width: 100%", STYLE)
    assert re.search(r"caption \{[^}]*position: sticky; left: 0; max-width: calc\(100vw", STYLE), (
        "a caption stays on a phone's screen while its table scrolls"
    )


def test_the_long_variant_title_can_wrap(page):
    text, parsed = page
    if "euchre(" in text:
        assert "stick_the_dealer=true, no_trump=true" in text  # spaces where it may break
        assert parsed.text["h1"][0].startswith("Euchre study: 160 hands (40 deals), heuristic play")


def test_every_summary_table_has_a_title_in_words_and_a_sentence():
    assert set(TABLE_TITLES) == set(TABLE_NOTES), "a summary table needs a title in TABLE_TITLES too"
    assert all("_" not in title for title in TABLE_TITLES.values())
