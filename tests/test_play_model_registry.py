"""The play models come from one registry: every --play choice list of the command line
is built from it, a bad name is refused naming what is allowed, and it loads nothing
heavy (the command line builds its --help from it)."""

import subprocess
import sys

import click
import pytest

from euchre_mc.cli import main
from euchre_mc.simulate.play.models import PLAY_MODELS, offered_by, play_model
from euchre_mc.simulate.rules.variants import RulesError
from euchre_mc.simulate.runtime.compiling import COMPILE_SECONDS


def play_choice(command: str) -> click.Option:
    (option,) = [param for param in main.commands[command].params if param.name == "play"]
    return option


@pytest.mark.parametrize("command", ["analyse", "should-i-bid", "study", "games", "tune", "match-equity"])
def test_every_play_choice_list_is_the_registrys_with_the_default_first(command):
    option = play_choice(command)
    assert sorted(option.type.choices) == sorted(offered_by(command))
    if option.default is not None:
        assert option.type.choices[0] == option.default


def test_commands_without_a_play_model_offer_none():
    offered = {command for model in PLAY_MODELS.values() for command in model.commands}
    for command in main.commands:
        has_play = any(param.name == "play" for param in main.commands[command].params)
        assert has_play == (command in offered), command


def test_a_bad_name_is_refused_with_the_allowed_names():
    with pytest.raises(RulesError, match="play model 'smart': models are dd, pimc, heuristic, random"):
        play_model("smart")
    with pytest.raises(RulesError, match="play model 'random' for games: allowed are dd, pimc, heuristic"):
        play_model("random", "games")
    assert play_model("pimc", "study").samples_worlds


def test_each_model_compiles_in_a_kernel_group_that_exists():
    assert {model.compile_group for model in PLAY_MODELS.values()} <= set(COMPILE_SECONDS)


def test_the_registry_loads_no_numpy():
    code = "import sys, euchre_mc.simulate.play.models\nprint('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
