"""Chart labels a player can read without zooming: the numbers in the analysis chart's
cells are at least 14 px high as saved (6-7 pt at 110 dpi gave 9-10 px type and 7 px
capitals), and each line of the match-equity chart says which chance it marks."""

from __future__ import annotations

import numpy as np
from matplotlib.text import Text

from euchre_mc.reports.charts import DPI, analysis_figure
from euchre_mc.reports.equity_report import CONTOURS, equity_figure
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.bidding.strategy import BUILT_INS
from euchre_mc.simulate.games.equity import match_equity

STRONG = "JH JH JD AH KH QH 9S AC"
SMALLEST_CELL_PX = 14


def test_every_cell_number_of_the_analysis_chart_is_readable():
    result = analyse_hand(
        "pigs-and-hogs", STRONG, contracts="Hog Hearts, Pig Hearts, 6 Hearts, 6 Spades", deals=30
    )
    figure = analysis_figure(result)
    cells = [text for axes in figure.axes[:2] for text in axes.texts]
    assert len(cells) >= 4
    for text in cells:
        assert text.get_fontsize() * DPI / 72 >= SMALLEST_CELL_PX, (text.get_text(), text.get_fontsize())
    figure.canvas.draw()  # and two numbers of a grid cell side by side do not touch
    grid = sorted((t for t in figure.axes[1].texts), key=lambda t: t.get_position())
    boxes = [t.get_window_extent() for t in grid]
    for left, right in zip(boxes, boxes[1:]):
        if abs(left.y0 - right.y0) < 1:
            assert left.x1 < right.x0, "neighbouring cell labels overlap"


def test_each_equity_contour_is_labelled_with_its_chance():
    balanced = BUILT_INS["balanced"]
    equity = match_equity("euchre", balanced, balanced, hands=500, seed=1)
    figure = equity_figure(equity)
    texts = {t.get_text() for t in figure.findobj(Text)}
    for label in CONTOURS.values():
        assert label in texts, (label, sorted(texts))
    assert np.isclose(sorted(CONTOURS), [0.25, 0.5, 0.75]).all()
