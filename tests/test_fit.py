"""The self-play fit: a step finds a planted improvement, a seeded fit is reproducible and
the same after an interruption, the fitted strategy round-trips through TOML and beats
balanced, the bidding frequencies add up, and bad input is one line with exit 2."""

import json
from dataclasses import replace

import numpy as np
import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.bidding.strategy import BUILT_INS, load_strategy, strategy_to_toml
from euchre_mc.simulate.games import fit as fit_module
from euchre_mc.simulate.games.fit import FitSettings, fit_strategy, fitted_toml, paired_gain, play_set
from euchre_mc.simulate.games.fit_state import GameSet
from euchre_mc.simulate.games.game import game_runner, play_games, position_labels
from euchre_mc.simulate.rules.variants import RulesError, as_variant


def run(*args):
    return CliRunner().invoke(main, list(args))


def small(variant="euchre(target=5)", games=60, **more) -> FitSettings:
    return FitSettings(variant, "test", games, 5, record_games=20, **more)


def test_a_step_finds_the_planted_improvement():
    # a team that never orders up nor calls loses to one that does: the first round
    # must find that lowering those thresholds wins, and keep it
    bad = replace(BUILT_INS["balanced"], name="timid", order_up_threshold=0.99, call_threshold=0.99)
    only = ("order_up_threshold@2", "call_threshold@1", "alone_threshold@3")
    result = fit_strategy(small(games=150, step=0.3, min_step=0.3, only=only), bad, max_rounds=1)
    first = result.rounds[0]
    planted = set(first.kept) & {"order_up_threshold@2", "call_threshold@1"}
    assert planted, first
    for name in planted:
        assert fit_module.value_of(result.fitted, name) == pytest.approx(0.69)
    assert first.kept_gain.low > 0


def test_the_fit_moves_the_suit_shifts_of_bid_euchre_and_they_change_games():
    only = ("partner_suit_shift", "opponent_suit_shift")
    settings = small("six-handed(target=10)", games=30, step=0.3, min_step=0.3, only=only)
    result = fit_strategy(settings, BUILT_INS["balanced"], max_rounds=1)
    tried = {(trial.coordinate, trial.after) for trial in result.rounds[0].trials}
    assert tried == {(name, value) for name in only for value in (-0.3, 0.3)}
    assert any(trial.gain.mean != 0 for trial in result.rounds[0].trials)  # the games differ
    assert "partner_suit_shift" not in BUILT_INS["balanced"].coordinates("euchre")


def test_paired_gain_is_the_mean_difference_with_its_interval():
    base = GameSet(np.array([1, 0, 0, 1, 0, 1, 0, 0], bool), 10, np.zeros((4, 4, 2), np.int64))
    better = GameSet(np.array([1, 1, 0, 1, 1, 1, 0, 1], bool), 10, base.positions)
    gain = paired_gain(better, base)
    assert gain.mean == pytest.approx(3 / 8)
    assert gain.low < gain.mean < gain.high
    assert paired_gain(base, base).mean == 0 and paired_gain(base, base).low == 0


def test_a_seeded_fit_is_reproducible_and_the_same_after_an_interruption(tmp_path, monkeypatch):
    start = BUILT_INS["balanced"]
    settings = small(games=40, step=0.2, min_step=0.1, only=("order_up_threshold@1", "call_threshold@4"))
    whole = fit_strategy(settings, start, max_rounds=2, state=str(tmp_path / "whole"))
    again = fit_strategy(settings, start, max_rounds=2)
    assert whole.to_json() == again.to_json()

    real = fit_module.play_games
    calls = []

    def stop_at_the_fifth(*args, **kwargs):
        calls.append(1)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(fit_module, "play_games", stop_at_the_fifth)
    with pytest.raises(KeyboardInterrupt):
        fit_strategy(settings, start, max_rounds=2, state=str(tmp_path / "cut"))
    monkeypatch.setattr(fit_module, "play_games", real)
    resumed = fit_strategy(settings, start, max_rounds=2, state=str(tmp_path / "cut"))
    assert resumed.sets_played == whole.sets_played - 4
    assert resumed.to_json() == whole.to_json()
    # a third run plays nothing
    assert fit_strategy(settings, start, max_rounds=2, state=str(tmp_path / "cut")).sets_played == 0


def test_a_state_directory_of_another_fit_is_refused(tmp_path):
    fit_strategy(small(games=20, step=0.5, min_step=0.5), BUILT_INS["balanced"], 1, state=str(tmp_path))
    with pytest.raises(RulesError, match=r"holds another fit .*seed is 5, not 6"):
        fit_strategy(
            replace(small(games=20, step=0.5, min_step=0.5), seed=6),
            BUILT_INS["balanced"],
            1,
            state=str(tmp_path),
        )


def test_the_fitted_strategy_round_trips_through_toml(tmp_path):
    settings = replace(small(games=40, step=0.2, min_step=0.2, only=("call_threshold@2",)), start="cautious")
    result = fit_strategy(settings, BUILT_INS["cautious"], 1)
    path = tmp_path / "fitted.toml"
    path.write_text(fitted_toml(result))
    variant = result.settings.variant
    assert load_strategy(str(path)).for_variant(variant).params() == result.fitted.params()
    path.write_text(strategy_to_toml(result.fitted))
    assert load_strategy(str(path)).params() == result.fitted.params()


def test_the_command_writes_the_strategy_and_prints_text_and_json(tmp_path):
    out = tmp_path / "fitted.toml"
    args = ["fit", "piq", "--games", "20", "--record-games", "20", "--max-rounds", "1", "--seed", "2"]
    args += ["--only", "order_up_threshold@4,call_threshold@1"]
    text = run(*args, "--output", str(out))
    assert text.exit_code == 0, text.output
    assert text.stdout.startswith("fit of piq(") and "fitted against" in text.stdout
    *report, written = text.stdout.splitlines()
    assert "dealer" in text.stdout and all(len(line) <= 80 for line in report)
    assert written == f"fitted strategy: {out}"
    assert out.read_text().startswith("# fitted by: euchre-mc fit 'piq(target=10,stick_the_dealer=false)'")
    assert load_strategy(str(out)).params()
    assert "level_threshold" not in out.read_text()  # piq has no level bids
    first, second = run(*args, "--json"), run(*args, "--json")
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert [r["opponent"] for r in data["records"]][:3] == ["balanced", "cautious", "aggressive"]
    assert data["rounds"][0]["trials"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["fit", "euchre", "--games", "5"], "--games 5: allowed is a whole number from 10"),
        (["fit", "euchre", "--step", "0.7"], "--step 0.7: allowed is a number above 0 and at most 0.5"),
        (
            ["fit", "euchre", "--step", "0.1", "--min-step", "0.2"],
            "--min-step 0.2: allowed is at most --step",
        ),
        (["fit", "euchre", "--output", "fitted.txt"], "write the strategy to a .toml file"),
        (["fit", "euchre", "--start", "bold"], "unknown strategy 'bold'"),
        (["fit", "bridge"], "bridge"),
        (["fit", "euchre", "--max-rounds", "0"], "--max-rounds 0"),
        (["fit", "euchre", "--only", "pig_threshold@1"], "--only 'pig_threshold@1': euchre's parameters are"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize("variant", ["euchre", "pigs-and-hogs(target=20)", "six-handed(target=20)"])
def test_bids_by_auction_position_add_up_to_the_contracts(variant):
    totals = play_games(variant, BUILT_INS["balanced"], BUILT_INS["aggressive"], 12, seed=4)
    assert totals.positions.shape == (
        as_variant(variant).players,
        len(position_labels(as_variant(variant))),
        2,
    )
    assert totals.positions[..., 0].sum() == totals.contracts[..., 0].sum()
    assert totals.positions[..., 1].sum() == totals.contracts[..., 1].sum()


def test_the_shipped_fitted_euchre_strategy_beats_balanced_beyond_noise():
    # paired on the same seeded games, as the fit measures: fitted against balanced,
    # and balanced against itself; the gain's 95% interval lies above 0
    fitted = load_strategy("fitted", "euchre")
    balanced = BUILT_INS["balanced"]
    assert fitted.params() != balanced.for_variant("euchre").params()
    games = 4000
    against = play_set("euchre", fitted, balanced, games, 11, "heuristic", 20)
    itself = play_set("euchre", balanced, balanced, games, 11, "heuristic", 20)
    gain = paired_gain(against, itself)
    assert gain.low > 0, gain


def test_the_fit_is_the_same_on_worker_processes():
    settings = small(games=30, step=0.2, min_step=0.2, only=("order_up_threshold@1", "call_threshold@2"))
    here = fit_strategy(settings, BUILT_INS["balanced"], 1)
    with game_runner(2) as runner:
        there = fit_strategy(settings, BUILT_INS["balanced"], 1, runner=runner)
    assert there.to_json() == here.to_json()
