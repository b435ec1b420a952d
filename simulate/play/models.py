"""The play models: how the seats play a deal out once the contract is set.

One registry, :data:`PLAY_MODELS`, holds every model with what the rest of the package
asks of it: the analyser's deals per step, what the seats know as they play, the kernel
group its playouts compile in, and which commands offer it (every ``--play`` choice list
of the command line is built from it).  It imports nothing heavy, so the command line
builds its ``--help`` from it before any kernel loads; the models themselves are played
by :func:`.playout.play_deals`.
"""

from __future__ import annotations

from dataclasses import dataclass

# The kernel groups of runtime/compiling.py that a model's playouts compile in.  The
# solver and the random/heuristic playouts are compiled for every command; PIMC's group
# only for runs that play under it.
SOLVER_KERNELS = "double-dummy solver"
PLAYOUT_KERNELS = "random and heuristic play"
PIMC_KERNELS = "single-dummy play (PIMC)"

# The places that offer a choice of play model (command names, as typed).
ANALYSE = "analyse"
SHOULD_I_BID = "should-i-bid"
COMPARE_PLAY = "analyse --compare-play"  # the models played side by side on the same deals
STUDY = "study"
GAMES = "games"
TUNE = "tune"
MATCH_EQUITY = "match-equity"
FIT = "fit"  # self-play fits: PIMC's games are too slow for the thousands a fit plays
STRATEGY_CHART = "strategy-chart"  # the charts value each cell's hands as the analyser does


@dataclass(frozen=True)
class PlayModel:
    """One way of playing a deal out."""

    name: str  # as typed after --play
    description: str
    # Deals the analyser plays per step: a step should take about a second, so the
    # progress bar moves and Ctrl-C keeps a recent result, and hold enough deals to keep
    # both cores busy (each step ends with one thread waiting for the other's last deal).
    analysis_chunk: int
    seats_know: str  # what a seat knows as it chooses a card
    compile_group: str  # the kernel group (runtime/compiling.py) its playouts compile in
    commands: tuple[str, ...]  # where it is offered
    # Exact: the double-dummy value of the deal, no random stream; a sweep can be asked
    # as the solver's cheaper yes/no question.
    exact: bool = False
    # The seats search (the double-dummy solver): far slower per deal than rules of thumb.
    searches: bool = False
    # Each seat samples worlds of the cards it cannot see (``--worlds`` applies) from what
    # it knows (dealing/knowledge.py builds that knowledge per deal).
    samples_worlds: bool = False
    # A game trace can replay the hand trick by trick (one deal's kernel records it).
    traces_tricks: bool = False
    # Deals per step when hands hold more than five cards, if fewer than analysis_chunk:
    # a PIMC deal of Pigs and Hogs costs many times a classic one, and a step is what
    # Ctrl-C waits for.
    long_hands_chunk: int | None = None
    # Games played together (simulate/games/game.py): a batch ends in seconds, and a Ctrl-C
    # keeps the finished batches.  Rules of thumb play a thousand games in a second; a
    # searching model plays one hand per call (pimc) or slows below a few hundred games a
    # batch (dd: benchmarks/RESULTS.md, "The steps a Ctrl-C stops between").
    game_batch: int = 1024

    def analysis_step(self, hand_size: int) -> int:
        """Deals the analyser plays per step for hands of ``hand_size`` cards."""
        if hand_size > 5 and self.long_hands_chunk is not None:
            return self.long_hands_chunk
        return self.analysis_chunk

    def offered_by(self, command: str) -> bool:
        return command in self.commands


PLAY_MODELS: dict[str, PlayModel] = {
    model.name: model
    for model in (
        PlayModel(
            "dd",
            "double dummy: every seat sees every card and plays perfectly",
            analysis_chunk=250,
            seats_know="every card",
            compile_group=SOLVER_KERNELS,
            commands=(
                ANALYSE,
                SHOULD_I_BID,
                COMPARE_PLAY,
                STUDY,
                GAMES,
                TUNE,
                MATCH_EQUITY,
                FIT,
                STRATEGY_CHART,
            ),
            exact=True,
            searches=True,
            game_batch=256,
        ),
        PlayModel(
            "pimc",
            "single dummy (PIMC): each seat plays the card best on average over sampled worlds "
            "solved double dummy (docs/pimc.md)",
            analysis_chunk=20,
            seats_know="its own hand, the play, what the table showed before play, and the auction",
            compile_group=PIMC_KERNELS,
            commands=(ANALYSE, SHOULD_I_BID, COMPARE_PLAY, STUDY, GAMES, TUNE, STRATEGY_CHART),
            searches=True,
            samples_worlds=True,
            long_hands_chunk=4,
            game_batch=4,
        ),
        PlayModel(
            "heuristic",
            "rules of thumb (simulate/play/playout.py lists them)",
            analysis_chunk=5_000,
            seats_know="its own hand and the play",
            compile_group=PLAYOUT_KERNELS,
            commands=(
                ANALYSE,
                SHOULD_I_BID,
                COMPARE_PLAY,
                STUDY,
                GAMES,
                TUNE,
                MATCH_EQUITY,
                FIT,
                STRATEGY_CHART,
            ),
            traces_tricks=True,
        ),
        PlayModel(
            "random",
            "uniform random legal cards",
            analysis_chunk=5_000,
            seats_know="nothing it uses: any legal card",
            compile_group=PLAYOUT_KERNELS,
            commands=(ANALYSE, SHOULD_I_BID),
        ),
    )
}


def offered_by(command: str) -> tuple[str, ...]:
    """The names of the models ``command`` offers, in the registry's order."""
    return tuple(name for name, model in PLAY_MODELS.items() if model.offered_by(command))


def play_model(name: str, command: str | None = None) -> PlayModel:
    """The model called ``name`` (offered by ``command``, when given); a RulesError naming
    the bad value and the allowed names otherwise."""
    model = PLAY_MODELS.get(name) if isinstance(name, str) else None
    if model is not None and (command is None or model.offered_by(command)):
        return model
    # the rules' module (and numpy with it) loads only to refuse a name: the command line
    # builds its --help from this module before anything heavy loads
    from ..rules.variants import RulesError

    if command is not None:
        raise RulesError(f"play model {name!r} for {command}: allowed are {', '.join(offered_by(command))}")
    raise RulesError(f"play model {name!r}: models are {', '.join(PLAY_MODELS)}")


__all__ = [
    "ANALYSE",
    "COMPARE_PLAY",
    "FIT",
    "GAMES",
    "MATCH_EQUITY",
    "PIMC_KERNELS",
    "PLAYOUT_KERNELS",
    "PLAY_MODELS",
    "SHOULD_I_BID",
    "SOLVER_KERNELS",
    "STRATEGY_CHART",
    "STUDY",
    "TUNE",
    "PlayModel",
    "offered_by",
    "play_model",
]
