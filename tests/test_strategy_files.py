"""Strategy TOML files: every bad file is one line naming what is wrong (RulesError)."""

import pytest

from euchre_mc.simulate.bidding.strategy import load_strategy
from euchre_mc.simulate.rules.variants import RulesError


@pytest.mark.parametrize(
    "content, message",
    [
        ('base = ["cautious"]', "base=['cautious']; built-in strategies are balanced"),
        ("[base]\nname = 'x'", "base={'name': 'x'}; built-in strategies are"),
        ('base = "timid"', "base='timid'; built-in strategies are"),
        ("hog_threshold = [[0.5]]", "hog_threshold=[[0.5]]; allowed is a number from 0 to 1, or a list"),
        ("hog_threshold = [0.5, 2.0]", "hog_threshold=2.0; allowed is a number from 0 to 1"),
        ("hog_threshold = [" + "0.5, " * 7 + "]", "hog_threshold has 7 values; give one number"),
        ("hog_threshold = " + "[" * 30 + "]" * 30, "hog_threshold=a list; allowed is a number"),
        ("x = " + "[" * 5000 + "]" * 5000, "is nested too deeply"),
        ("hog_threshold = 0.5\nhog_threshold = 0.6", "is not valid TOML"),
        ("colour = 'blue'", "unknown key 'colour'"),
        ("hog_threshold = 1.5", "hog_threshold"),
    ],
)
def test_bad_strategy_files_are_one_line(tmp_path, content, message):
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(RulesError) as caught:
        load_strategy(str(path))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_binary_strategy_file_is_one_line(tmp_path):
    path = tmp_path / "binary.toml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    with pytest.raises(RulesError, match="is not text"):
        load_strategy(str(path))


def test_a_missing_strategy_file_is_one_line(tmp_path):
    with pytest.raises(RulesError, match="cannot be read: No such file"):
        load_strategy(str(tmp_path / "none.toml"))
