"""A plug-in written against rummykit 0.1 keeps working, and is told what to change.

Before 1.0 the API changes only with a deprecation warning first (``CHANGELOG.md``). The plug-in frozen
as it was written against 0.1 (``tests/frozen/shanghai_0_1``: Shanghai at commit ``4926410``, only
renamed ``shanghai-0-1``) is imported here from its source and registered for the process, as a variant
author does before packaging (``docs/howto/test-a-variant.md``); its own tests run in CI from its
directory. Each form of 0.1 that 0.2 still accepts has a test of its own below, which fails without
the deprecation path that keeps it working (``rummykit.core.legacy`` and where the old form is
met).
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import sys
import warnings
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from types import ModuleType
from typing import Any, Final

import attrs
import pytest

import rummykit
from rummykit import Discard, Draw, TakeDiscard, VariantSpec, hookimpl
from rummykit._moved import MOVED
from rummykit.core import plugins
from rummykit.core.actions import Action
from rummykit.core.cards import face
from rummykit.core.errors import IllegalActionError
from rummykit.core.moves import Move
from rummykit.core.plugins import register_variant, unregister_variant
from rummykit.core.shoe import Randomness
from rummykit.standard import DiscardMove, RuleIds, StandardRules, StandardState
from rummykit.standard.turns import end_turn
from rummykit.testing import check_games, check_random_actions, check_variant

FROZEN: Final = Path(__file__).resolve().parent / "frozen" / "shanghai_0_1" / "src"
"""The source of the plug-in frozen as written against rummykit 0.1."""
NAME: Final = "shanghai-0-1"
"""Its variant's name (Shanghai's, renamed so that it installs beside today's example)."""


@attrs.frozen
class Frozen:
    """The frozen plug-in's modules, imported from its source, and what importing them warned of."""

    plugin: ModuleType
    rules: ModuleType
    warned: tuple[warnings.WarningMessage, ...]


@pytest.fixture(scope="module")
def frozen() -> Iterator[Frozen]:
    """The 0.1 plug-in imported from its source (its old module paths imported afresh, so that they warn
    again) and registered for the process as ``shanghai-0-1``; all of it undone afterwards."""
    old_paths = {name: sys.modules.pop(name) for name in MOVED if name in sys.modules}
    sys.path.insert(0, str(FROZEN))
    try:
        with warnings.catch_warnings(record=True) as warned:
            warnings.simplefilter("always")
            plugin = importlib.import_module("rummykit_shanghai_0_1.plugin")
            rules = importlib.import_module("rummykit_shanghai_0_1.rules")
        register_variant(NAME, plugin.plugin)
        try:
            yield Frozen(plugin, rules, tuple(warned))
        finally:
            unregister_variant(NAME)
    finally:
        sys.path.remove(str(FROZEN))
        for name in [name for name in sys.modules if name.split(".")[0] == "rummykit_shanghai_0_1"]:
            del sys.modules[name]
        for name in MOVED:
            sys.modules.pop(name, None)
        sys.modules.update(old_paths)


def _play(game: rummykit.Game, seed: int) -> rummykit.Game:
    """``game`` played to its end by the plug-in's heuristic bot and the random bot, seat by seat."""
    bots = [rummykit.make_bot("heuristic" if seat % 2 else "random", NAME, seed=seed + seat) for seat in range(6)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def _from_plugin(warning: warnings.WarningMessage, module: str) -> bool:
    """``warning`` is shown at a line of the frozen plug-in's ``module`` (``plugin.py``, ``rules.py``)."""
    return Path(warning.filename).parts[-2:] == ("rummykit_shanghai_0_1", module)


# -- the frozen plug-in: imported, played to the end, warned of what to change ----------------------------


def test_the_0_1_plugin_is_warned_of_each_old_form_it_uses_with_what_to_change(frozen: Frozen) -> None:
    texts = [str(warning.message) for warning in frozen.warned]
    assert all(issubclass(warning.category, DeprecationWarning) for warning in frozen.warned), texts
    # the module paths of 0.1 it imports, each naming its new path
    for old in ("rummykit.actions", "rummykit.move", "rummykit.cards", "rummykit.shoe"):
        assert any(text.startswith(f"{old} is now {MOVED[old]}") for text in texts), (old, texts)
    # GameConfig, in both modules that import it, shown at their lines
    renamed = [warning for warning in frozen.warned if "GameConfig is now" in str(warning.message)]
    assert {module for module in ("plugin.py", "rules.py") for w in renamed if _from_plugin(w, module)} == {
        "plugin.py",
        "rules.py",
    }
    assert all("GameConfig is now rummykit.GameSettings" in str(w.message) for w in renamed)
    assert all("removed in rummykit 0.3" in str(w.message) for w in renamed)
    # RuleIds.empty_discard given as a text, shown where its RuleIds is made, naming the id to give
    (ids,) = [warning for warning in frozen.warned if "RuleIds.empty_discard" in str(warning.message)]
    assert (
        _from_plugin(ids, "rules.py")
        and ids.lineno == inspect.getsourcelines(frozen.rules)[0].index("IDS: Final = RuleIds(\n") + 1
    )
    assert "give empty_discard='SH-13', not 'a new stock was formed, SH-13'" in str(ids.message)
    assert "rummykit 0.3" in str(ids.message)
    # and nothing else
    assert len(frozen.warned) == 4 + len(renamed) + 1, texts


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_of_the_0_1_plugin_plays_to_the_end_and_the_lowest_total_wins(frozen: Frozen, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # playing warns of nothing more: every old form was met at import
        game = _play(rummykit.new_game(NAME, players, seed=players, options={"rounds": 3}), seed=players)
    assert len(game.history) == 3 and game.is_over
    assert sorted(game.state.card_ids()) == sorted(game.state.rules.card_ids)  # every card, once
    # SH-14, golf scoring: the lowest total wins, as 0.1 played it (the spec and the rules both say so)
    assert game.spec.low_score_wins and game.state.rules.low_score_wins
    lowest = min(game.scores)
    assert game.winners == tuple(seat for seat, total in enumerate(game.scores) if total == lowest)
    assert max(game.scores) > lowest  # so that the highest total would have been another answer
    assert rummykit.replay(game.record) == game


def test_the_0_1_plugin_passes_its_own_kit_test_warned_of_its_undeclared_round_ends(frozen: Frozen) -> None:
    # its own conformance test, as written against 0.1 (tests/frozen/shanghai_0_1/tests/test_conformance.py)
    with pytest.warns(DeprecationWarning, match="not declared among the ways a round ends") as warned:
        report = check_games(NAME, games=6)
    check_random_actions(NAME, max_examples=40)
    assert "round-end:SH-12" in report.undeclared and report.games >= 6 and report.reached["phase:over"] == 6
    texts = [str(warning.message) for warning in warned if "not declared among" in str(warning.message)]
    assert all(f"a round of {NAME} ended by SH-" in text and "VariantSpec.round_ends" in text for text in texts)


@pytest.mark.slow  # the kit's whole default run: seconds
def test_the_0_1_plugin_passes_the_default_call_which_warns_of_its_undeclared_round_ends(frozen: Frozen) -> None:
    # the call a variant author makes first, with its defaults
    with pytest.warns(DeprecationWarning, match="ended by SH-12, which is not declared"):
        report = check_variant(NAME)
    assert report.undeclared and all(report.reached.get(target) for target in report.targets), report.table()


def test_the_0_1_text_of_empty_discard_is_still_what_a_refused_draw_says(frozen: Frozen) -> None:
    game = rummykit.new_game(NAME, 3, seed=1)
    state = game.state.copy()
    state.piles["stock"][:0] = state.piles["discard"]  # the discard pile emptied (every card kept)
    state.piles["discard"].clear()
    move = game.configuration.moves[TakeDiscard]
    with pytest.raises(IllegalActionError) as refused:
        move.check(state, TakeDiscard(seat=state.turn))
    assert refused.value.rule == "SH-8"
    assert refused.value.reason.endswith("the discard pile is empty (a new stock was formed, SH-13)")


def test_a_0_1_text_in_empty_discard_is_warned_of_where_the_rule_ids_are_made() -> None:
    """0.1 took a text there (Shanghai: "a new stock was formed, SH-13"); 0.2 documents a rule id. The
    text keeps working as it did, and the warning names the id to give instead."""
    ids = {"start": "SH-2", "draw": "SH-8", "meld": "SH-9", "lay_off": "SH-10", "discard": "SH-11"}
    with pytest.warns(DeprecationWarning, match=r"give empty_discard='SH-13', not 'a new stock") as warned:
        RuleIds(**ids, empty_discard="a new stock was formed, SH-13")
    assert warned[0].filename == __file__ and "rummykit 0.3" in str(warned[0].message)
    with pytest.warns(DeprecationWarning, match="give empty_discard the id of the rule that says why"):
        RuleIds(**ids, empty_discard="shuffled into the stock")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        RuleIds(**ids, empty_discard="SH-13")
        RuleIds(**ids)


# -- 0.1's moves that move cards without noting them ------------------------------------------------------


class HandDiscard(DiscardMove[StandardState]):
    """A discard as a 0.1 plug-in wrote its moves: the card moved by hand, nothing noted (0.1's engine
    worked out what an action moved on its own)."""

    def perform(self, state: StandardState, action: Discard, rng: Randomness) -> None:
        hand = state.hands[action.seat]
        cid = next(cid for cid in hand if face(cid) == action.card and cid != state.taken)
        hand.remove(cid)
        state.piles["discard"].append(cid)
        end_turn(state)
        state.melds_this_turn = 0


def _hand_discard_variant(frozen: Frozen, name: str, **spec: Any) -> Any:
    """The frozen Shanghai, named ``name``, whose discards are `HandDiscard`'s, and its spec evolved
    with ``spec``."""
    shanghai = frozen.plugin.Shanghai
    declared: VariantSpec = attrs.evolve(frozen.plugin.SPEC, name=name, **spec)

    class HandShanghai(shanghai):  # type: ignore[misc, valid-type]
        spec = declared

        @hookimpl
        def rummykit_moves(self, rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
            moves: dict[type[Action], Move[Any, Any]] = super().rummykit_moves(rules)
            return {**moves, Discard: HandDiscard(rules)}

    return HandShanghai()


def _draw_and_discard(game: rummykit.Game) -> rummykit.Applied:
    seat = game.turn
    game.apply(Draw(seat=seat))
    return game.apply(Discard(seat=seat, card=game.hand(seat)[0]))


def test_a_0_1_move_that_notes_nothing_still_reports_the_cards_it_moved(frozen: Frozen) -> None:
    """0.1's Applied.moved was worked out by the engine; 0.2's is what moves note. A 0.1 plug-in's move
    (of a variant that declares no round ends, as none did in 0.1) is checked against where the cards
    lay before and after it: Applied.moved and state.moved (the RL environments' memory) say what it
    moved, and a warning at its ``perform`` says what to change."""
    game = rummykit.new_game(_hand_discard_variant(frozen, "shanghai-0-1-by-hand"), 3, seed=2)
    seat = game.turn
    with pytest.warns(DeprecationWarning, match=r"moved cards without noting them") as warned:
        applied = _draw_and_discard(game)
    discarded = applied.action
    assert isinstance(discarded, Discard)
    assert [(moved.card, str(moved.source), str(moved.target)) for moved in applied.moved] == [
        (discarded.card, f"hand {seat}", "discard")
    ]
    assert [(face(cid), str(source), str(target)) for cid, source, target in game.state.moved] == [
        (discarded.card, f"hand {seat}", "discard")
    ]
    (warning,) = [w for w in warned if "without noting" in str(w.message)]
    text = str(warning.message)
    assert "HandDiscard.perform" in text and "state.note_moved(cards, source, target)" in text
    assert "rummykit 0.3" in text
    code = HandDiscard.perform.__code__
    assert (warning.filename, warning.lineno) == (code.co_filename, code.co_firstlineno)  # the move to change


def test_a_variant_that_declares_its_round_ends_is_written_for_0_2_and_its_moves_are_not_checked(
    frozen: Frozen,
) -> None:
    """A variant that declares how its rounds end (new in 0.2) notes what its moves move: the engine
    takes its notes as they are, and pays nothing to check them (the conformance kit checks them)."""
    variant = _hand_discard_variant(frozen, "shanghai-0-2-by-hand", round_ends=("SH-12", "SH-13"))
    game = rummykit.new_game(variant, 3, seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        applied = _draw_and_discard(game)
    assert applied.moved == ()  # it noted nothing, and 0.2 takes it at its word


def test_the_0_1_plugin_s_own_moves_are_rummykit_s_and_note_what_they_move(frozen: Frozen) -> None:
    game = rummykit.new_game(NAME, 3, seed=2)
    seat = game.turn
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        applied = game.apply(Draw(seat=seat))
    assert [(str(moved.source), str(moved.target)) for moved in applied.moved] == [("stock", f"hand {seat}")]


def test_0_1_s_snapshot_of_where_the_cards_lie_is_still_there() -> None:
    game = rummykit.new_game("rummy", 2, seed=1)
    applied_module = importlib.import_module("rummykit.core.applied")
    with pytest.warns(DeprecationWarning, match=r"applied\.zones .* goes in rummykit 0\.3: Applied\.moved") as warned:
        zones = applied_module.zones
    assert warned[0].filename == __file__
    hands, piles, _ = zones(game.state)
    assert hands == tuple(map(tuple, game.state.hands)) and dict(piles)["stock"] == tuple(game.state.piles["stock"])
    with pytest.warns(DeprecationWarning, match=r"applied\.Zones"):
        assert applied_module.Zones is not None


# (0.1's renamed names and moved module paths: tests/test_deprecations.py)


# -- what 0.1 refused, said out loud ----------------------------------------------------------------------


def test_rules_that_say_the_lowest_total_wins_against_their_spec_are_warned_of(frozen: Frozen) -> None:
    """0.1 refused a VariantSpec and rules that disagree on low_score_wins (PluginError). 0.2 takes the
    spec's (the rules carry it): rules that say True against a spec that says False are not quietly
    overruled, the warning says that the spec decides and what to declare."""
    shanghai = frozen.plugin.Shanghai

    class HighestWins(shanghai):  # type: ignore[misc, valid-type]
        spec = attrs.evolve(frozen.plugin.SPEC, name="shanghai-0-1-highest", low_score_wins=False)

    with pytest.warns(UserWarning, match=r"say low_score_wins=True, but its VariantSpec says low_score_wins=False"):
        game = rummykit.new_game(HighestWins(), 2, seed=3, options={"rounds": 1})
    assert not game.state.rules.low_score_wins
    _play(game, seed=3)
    assert game.winners == tuple(seat for seat, total in enumerate(game.scores) if total == max(game.scores))


FROZEN_FILES: Final = {
    "README.md": "885d1434fe17b907e7179fd67d973e26e3931a3c72a47330ca6a38b5bfa5640f",
    "pyproject.toml": "a8e467e193e4ab888e1e50d802ad94144cb24cefa396d53fbee0078a3767a6bf",
    "src/rummykit_shanghai_0_1/__init__.py": "f2a5b9a4ac881ecb856f90a664862bb0c2d8ac10e681035f4f73e5db1fe9dc00",
    "src/rummykit_shanghai_0_1/bot.py": "c7d4acf778a6521f595103c457440f8eb948f7c45f09b219a2700baa2a14bcc8",
    "src/rummykit_shanghai_0_1/plugin.py": "05f86fa1d925a1e0b97597c670d090ea7b24c5f6653394763043a8aa03ea6cea",
    "src/rummykit_shanghai_0_1/py.typed": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "src/rummykit_shanghai_0_1/rules.py": "933a103dcebe64121b4bd374eec54ea42f3cb2147e78732c9b57ddb6acbfb45f",
    "tests/test_conformance.py": "940812d342a28575d228faa05837eda42a5447af321287437678742429a7bc72",
    "tests/test_positions.py": "5ea167ab8ea735678014e1f8c9629fe04ce0fff6cc0d632d2210ad8a91a67412",
    "tests/test_rl.py": "8c71027fdfa2a3186efc77fc3415ea7b84fbb49ec2a7a44c387ef6c59edc7144",
    "tests/test_shanghai.py": "df39ed3a9b1d76cac4f2817ffeacd5a163225340f3b537a821ccc044b3b45d04",
}
"""Every file of the frozen plug-in, and the SHA-256 of its bytes: what it was frozen as."""


def test_the_frozen_plugin_is_never_edited() -> None:
    """The fixture is Shanghai as at 4926410 with only its names changed, and a README section that says
    so (``tests/frozen/shanghai_0_1/README.md``). A change to it hides a break: fix rummykit instead."""
    changed = [
        path
        for path, digest in FROZEN_FILES.items()
        if hashlib.sha256((FROZEN.parent / path).read_bytes().replace(b"\r\n", b"\n")).hexdigest() != digest
    ]
    assert not changed, f"tests/frozen/shanghai_0_1 is frozen, yet these files changed: {changed}"
    rules = (FROZEN / "rummykit_shanghai_0_1" / "rules.py").read_text(encoding="utf-8")
    assert 'empty_discard="a new stock was formed, SH-13"' in rules and "low_score_wins=True" in rules


# -- a game built in after a plug-in of its name was written ---------------------------------------------------------

_HOUSE_500: Final = '''
"""A Rummy 500 written as a plug-in before rummykit built one in: Classic Rummy's rules to 500, named rummy-500."""
import attrs
from rummykit import GameSettings, hookimpl
from rummykit_variants.classic_rummy.plugin import SPEC, ClassicRummy


class HouseRummy500(ClassicRummy):
    spec = attrs.evolve(SPEC, name="rummy-500", title="House Rummy 500")

    @hookimpl
    def rummykit_setup(self, config: GameSettings):
        rules = super().rummykit_setup(config)
        return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, target=500))
'''


@pytest.fixture
def house_500(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A third-party ``rummy-500`` on the path, its entry point beside the built-in one; yields a function that
    installs the given entry points of ``rummy-500`` as the only ones of that name."""
    (tmp_path / "house_rummy_500.py").write_text(_HOUSE_500)
    monkeypatch.syspath_prepend(str(tmp_path))
    installed = [
        (name, ep) for name, ep in plugins._scan(plugins.VARIANT_GROUP, tuple(sys.path)) if name != "rummy-500"
    ]

    def install(*values: str) -> None:
        eps = [EntryPoint("rummy-500", value, plugins.VARIANT_GROUP) for value in values]
        resolved = (*installed, *plugins.resolve_names(plugins.VARIANT_GROUP, eps))
        monkeypatch.setattr(plugins, "_scan", lambda group, path: resolved if group == plugins.VARIANT_GROUP else ())

    yield install
    sys.modules.pop("house_rummy_500", None)


BUILT_IN_500: Final = "rummykit_variants.rummy_500.plugin:Rummy500"


def test_a_plug_in_keeps_its_name_when_rummykit_builds_in_a_game_of_that_name(house_500: Any) -> None:
    house_500(BUILT_IN_500, "house_rummy_500:HouseRummy500")
    game = rummykit.new_game("rummy-500", players=2, seed=1)
    assert game.spec.title == "House Rummy 500" and getattr(game.state.rules, "scoring").target == 500  # noqa: B009
    assert TakeDiscard in game.spec.actions  # the plug-in's own game, not the built-in's deep take
    house_500("house_rummy_500:HouseRummy500", BUILT_IN_500)  # whichever order the entry points are found in
    assert rummykit.new_game("rummy-500", players=2, seed=1).spec.title == "House Rummy 500"


def test_the_built_in_plays_where_no_plug_in_takes_its_name(house_500: Any) -> None:
    house_500(BUILT_IN_500)
    assert rummykit.new_game("rummy-500", players=2, seed=1).spec.title == "Rummy 500"


def test_two_plug_ins_of_one_name_are_refused_naming_both(house_500: Any) -> None:
    house_500("house_rummy_500:HouseRummy500", BUILT_IN_500, "house_rummy_500:HouseRummy500Too")
    with pytest.raises(rummykit.PluginError, match=r"2 installed plug-ins call themselves 'rummy-500'") as refused:
        rummykit.new_game("rummy-500", players=2, seed=1)
    assert "house_rummy_500:HouseRummy500 and house_rummy_500:HouseRummy500Too" in str(refused.value)
