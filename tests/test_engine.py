"""The engine and the plug-in machinery: creating games, options, errors, records, copies, hooks."""

from __future__ import annotations

import random
import sys
from collections.abc import Generator
from importlib.metadata import EntryPoint
from typing import Any

import attrs
import pytest

import rummykit
import rummykit_variants.classic_rummy.plugin as classic
from rummykit import IllegalActionError, InvalidActionError, InvalidOptionError, hookimpl
from rummykit.core import plugins
from rummykit.core.actions import Action, Discard, Draw, GoDown
from rummykit.core.errors import InvalidPositionError, InvalidRecordError, PluginError, UnknownHouseRuleError
from rummykit.core.moves import Move, restrict
from rummykit.core.plugins import register_variant, unregister_variant
from rummykit.core.specs import HouseRuleSpec, RuleText, VariantSpec
from rummykit.core.state import GameState
from rummykit.documents.serialize import load_position, position_to_data
from rummykit.testing.random_play import random_setup
from rummykit_variants.classic_rummy.plugin import ClassicRummy
from rummykit_variants.railroad_rummy import Claim, RailroadRules
from tests.support import play_random


def test_the_built_in_variant_is_found_through_its_entry_point() -> None:
    assert "railroad-rummy" in rummykit.available_variants()
    spec = rummykit.variant_spec("railroad-rummy")
    assert (spec.name, spec.min_players, spec.max_players) == ("railroad-rummy", 2, 8)
    assert {f"RR-{n}" for n in (*range(1, 23), 30, 31)} <= spec.rule_ids


def test_an_unknown_variant_lists_the_installed_ones() -> None:
    with pytest.raises(rummykit.UnknownVariantError) as err:
        rummykit.new_game("railroad", players=4)
    assert "railroad-rummy" in str(err.value) and "railroad-rummy" in err.value.available


@pytest.mark.parametrize("players", [1, 9, 0])
def test_player_count_outside_the_range_cites_rr_1(players: int) -> None:
    with pytest.raises(InvalidOptionError) as err:
        rummykit.new_game("railroad-rummy", players=players)
    assert err.value.rule == "RR-1" and "2 to 8" in str(err.value)


def test_a_variant_played_by_some_counts_of_its_range_refuses_the_others_and_the_kit_never_tries_them() -> None:
    # Canasta: 2, 3, 4 or 6 players (CAN-1, CAN-39), not 5
    spec = rummykit.variant_spec("canasta")
    assert spec.players == (2, 3, 4, 6) and spec.players_text == "2, 3, 4 or 6"
    with pytest.raises(InvalidOptionError, match=r"played by 2, 3, 4 or 6 players, not 5 \(CAN-1\)"):
        rummykit.new_game("canasta", players=5)
    counts = {random_setup("canasta", (), random.Random(seed), max_steps=0).players for seed in range(60)}
    assert counts == {2, 3, 4, 6}
    with pytest.raises(ValueError, match="player_counts"):
        VariantSpec(name="v", title="V", min_players=2, max_players=6, player_counts=(2, 4))  # 6 not among them


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hmg": 2}, "no option 'hmg'"),
        ({"hmg_per_player": -1}, "at least 0"),
        ({"hmg_per_player": True}, "must be an int"),
        ({"hmg_per_player": "3"}, "must be an int"),
        ({"may_discard_taken_card": 1}, "must be a bool"),
        ({"max_turns_per_round": 0}, "at least 1"),
    ],
)
def test_bad_options_are_refused_never_reset(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        rummykit.new_game("railroad-rummy", players=3, options=options)


def test_options_take_effect() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=1, options={"hmg_per_player": 1})
    assert game.options["hmg_per_player"] == 1
    assert game.view(0).hmg == (1, 1, 1)  # type: ignore[attr-defined]


def test_an_unknown_house_rule_lists_the_valid_ones() -> None:
    with pytest.raises(UnknownHouseRuleError, match="not a house rule"):
        rummykit.new_game("railroad-rummy", players=3, house_rules=["no-such-rule"])


def test_seeded_games_are_identical_and_unseeded_ones_replay() -> None:
    def play(seed: int | None) -> rummykit.Game:
        game = rummykit.new_game("railroad-rummy", players=4, seed=seed)
        play_random(game, random.Random(5), steps=300)
        return game

    first, second = play(11), play(11)
    assert first.record == second.record and first == second
    unseeded = play(None)
    assert unseeded.record.outcomes, "an unseeded game records its shuffles"
    assert rummykit.replay(unseeded.record) == unseeded


def test_replay_rebuilds_the_same_game() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=3)
    play_random(game, random.Random(3), steps=400)
    again = rummykit.replay(game.record)
    assert again == game and again.record == game.record
    partial = rummykit.replay(game.record, upto=10)
    assert len(partial.record.actions) == 10


def test_a_record_with_an_illegal_action_names_it() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=3)
    play_random(game, random.Random(3), steps=5)
    record = attrs.evolve(game.record, actions=(*game.record.actions, Discard(seat=0, card="JK")))
    with pytest.raises(InvalidRecordError) as err:
        rummykit.replay(record)
    assert err.value.path == "actions[5]"


def test_copy_is_independent() -> None:
    game = rummykit.new_game("railroad-rummy", players=4, seed=9)
    copy = game.copy()
    assert copy == game
    play_random(copy, random.Random(1), steps=50)
    assert copy != game and len(game.record.actions) == 0
    # A seeded copy's random source continues identically.
    twin = game.copy()
    play_random(twin, random.Random(1), steps=50)
    assert twin == copy


def test_copies_of_a_random_source_draw_the_same_whatever_the_order() -> None:
    # Copy on write: copies share a seeded generator until one draws; each then draws from its own.
    original = rummykit.Randomness(seed=3)
    original.randrange(10)
    first = original.copy()
    second = first.copy()
    draws: dict[str, list[int]] = {}
    for name, source in (("second", second), ("original", original), ("first", first)):
        items = list(range(20))
        source.shuffle(items)
        draws[name] = [*items, source.randrange(1000)]
    assert draws["original"] == draws["first"] == draws["second"]
    fresh = rummykit.Randomness(seed=3)
    fresh.randrange(10)
    again = list(range(20))
    fresh.shuffle(again)
    assert [*again, fresh.randrange(1000)] == draws["original"]


def test_a_seeded_shuffle_is_random_shuffle() -> None:
    # The seeded shuffle writes random.Random.shuffle's loop inline: the same permutation, and the
    # generator left in the same state, for every size a shoe has (and the edge cases).
    for seed in range(30):
        for size in (0, 1, 2, 3, 52, 53, 54, 64, 65, 108, 216, 424):
            expected = list(range(size))
            generator = random.Random(seed)
            generator.shuffle(expected)
            source = rummykit.Randomness(seed=seed)
            items = list(range(size))
            source.shuffle(items)
            assert items == expected
            assert source.randrange(2**40) == generator.randrange(2**40)


def test_a_stacked_shoe_deals_in_draw_order() -> None:
    shoe = list(rummykit.core.shoe.decks(4, jokers_per_deck=2))
    game = rummykit.new_game("railroad-rummy", players=2, dealer=1, shoe=shoe)
    # The seat after the dealer (seat 0) gets the first card, then seat 1, one at a time (RR-4).
    assert game.hand(0) == tuple(shoe[0:14:2]) and game.hand(1) == tuple(shoe[1:14:2])
    assert game.view(0).discard_top == shoe[14]
    assert rummykit.replay(game.record) == game


def test_a_stacked_shoe_must_be_the_whole_shoe() -> None:
    shoe = list(rummykit.core.shoe.decks(4, jokers_per_deck=2))
    with pytest.raises(InvalidPositionError, match="missing cards: JK"):
        rummykit.new_game("railroad-rummy", players=2, shoe=shoe[:-1])
    with pytest.raises(InvalidPositionError, match="not in this game's shoe"):
        rummykit.new_game("railroad-rummy", players=2, shoe=[*shoe, "5H"])
    with pytest.raises(InvalidPositionError, match="not a card"):
        rummykit.new_game("railroad-rummy", players=2, shoe=[*shoe[:-1], "ZZ"])


def test_malformed_actions_are_invalid_not_illegal() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=1)
    with pytest.raises(InvalidActionError, match="no seat 7"):
        game.apply(Draw(seat=7))
    with pytest.raises(InvalidActionError, match="not an action"):
        game.apply("draw")  # type: ignore[arg-type]

    @attrs.frozen
    class Knock(rummykit.Action):
        kind = "knock"

    with pytest.raises(InvalidActionError, match="no action 'knock'"):
        game.apply(Knock(seat=0))


def test_no_action_once_the_game_is_over() -> None:
    game = rummykit.new_game("railroad-rummy", players=2, seed=2, options={"max_rounds": 1})
    play_random(game, random.Random(2))
    assert game.is_over and game.to_act == () and game.legal_actions(0) == []
    assert len(game.history) == 1  # G-3
    with pytest.raises(rummykit.GameOverError) as err:
        game.apply(Draw(seat=0))
    assert err.value.rule == "G-0"


def test_explain_and_is_legal_agree_with_apply() -> None:
    game = rummykit.new_game("railroad-rummy", players=3, seed=4)
    wrong = Draw(seat=game.state.next_seat(game.turn))
    err = game.explain(wrong)
    assert err is not None and err.rule == "RR-2" and not game.is_legal(wrong)
    assert "seat" in str(err) and "(RR-2)" in str(err)
    assert game.is_legal(Draw(seat=game.turn)) and game.explain(Draw(seat=game.turn)) is None


# -- house rules compose through pluggy ----------------------------------------------------------


class NoClaims:
    """A house rule: nobody may claim; only passing is allowed."""

    @hookimpl
    def rummykit_house_rule(self) -> HouseRuleSpec:
        return HouseRuleSpec(
            name="no-claims",
            applies_to=frozenset({"railroad-rummy"}),
            rules=(RuleText("NC-1", "No claims", "Nobody claims the top discard."),),
        )

    @hookimpl(wrapper=True)
    def rummykit_moves(self) -> Generator[None, dict[type[Action], Move[Any, Any]], dict[type[Action], Move[Any, Any]]]:
        moves = yield
        return {**moves, Claim: restrict(moves[Claim], self.refuse)}

    @staticmethod
    def refuse(state: GameState, action: Claim) -> None:
        raise IllegalActionError("NC-1", "claims are off at this table", action=action)


class OneHmg:
    """A house rule that changes data: everybody starts with one HMG (a ``rummykit_setup`` wrapper)."""

    @hookimpl
    def rummykit_house_rule(self) -> HouseRuleSpec:
        return HouseRuleSpec(name="one-hmg", applies_to=frozenset({"railroad-rummy"}))

    @hookimpl(wrapper=True)
    def rummykit_setup(self) -> Generator[None, RailroadRules, RailroadRules]:
        rules = yield
        return attrs.evolve(rules, hmg_per_player=1)


def _claim_window(house_rules: list[Any]) -> rummykit.Game:
    game = rummykit.new_game("railroad-rummy", players=3, seed=6, house_rules=house_rules)
    game.apply(Draw(seat=game.turn))
    assert game.phase == "claim"
    return game


def test_a_house_rule_restricts_actions_and_legal_actions() -> None:
    game = _claim_window([NoClaims()])
    seat = game.to_act[0]
    assert [a.kind for a in game.legal_actions(seat)] == ["pass"]
    with pytest.raises(IllegalActionError) as err:
        game.apply(Claim(seat=seat))
    assert err.value.rule == "NC-1" and "NC-1" in game.rule_ids
    plain = _claim_window([])
    assert {a.kind for a in plain.legal_actions(plain.to_act[0])} == {"pass", "claim"}


def test_a_house_rule_wrapper_changes_the_rules_data() -> None:
    game = _claim_window([OneHmg()])
    assert game.view(0).hmg == (1, 1, 1)  # type: ignore[attr-defined]
    stacked = _claim_window([OneHmg(), NoClaims()])
    assert [h.name for h in stacked.house_rules] == ["one-hmg", "no-claims"]


def test_a_house_rule_for_another_variant_is_refused() -> None:
    class Elsewhere(OneHmg):
        @hookimpl
        def rummykit_house_rule(self) -> HouseRuleSpec:
            return HouseRuleSpec(name="elsewhere", applies_to=frozenset({"rummy"}))

    with pytest.raises(UnknownHouseRuleError, match="does not apply"):
        rummykit.new_game("railroad-rummy", players=3, house_rules=[Elsewhere()])


def test_a_plugin_without_the_required_hooks_is_refused() -> None:
    class Half:
        @hookimpl
        def rummykit_variant(self) -> rummykit.VariantSpec:
            return rummykit.VariantSpec(name="half", title="Half", min_players=2, max_players=2)

    with pytest.raises(PluginError, match="does not implement rummykit_setup"):
        rummykit.new_game(Half(), players=2)


def test_games_of_one_configuration_share_it_and_others_do_not() -> None:
    no_claims = NoClaims()
    with_rule = _claim_window([no_claims])
    without = _claim_window([])
    assert with_rule.configuration is not without.configuration
    assert with_rule.plugin_manager is not without.plugin_manager
    assert _claim_window([no_claims]).configuration is with_rule.configuration  # compiled once
    assert len(without.legal_actions(without.to_act[0])) > 1


def test_a_plug_in_implementing_a_hook_rummykit_does_not_have_is_refused() -> None:
    class Old:  # the restriction hook of rummykit 0.1, gone: a move is restricted instead
        @hookimpl
        def rummykit_house_rule(self) -> HouseRuleSpec:
            return HouseRuleSpec(name="old", applies_to=frozenset({"railroad-rummy"}))

        @hookimpl
        def rummykit_restrict_action(self, state: GameState, action: rummykit.Action) -> None:
            raise IllegalActionError("OLD-1", "never", action=action)

    with pytest.raises(PluginError, match="rummykit_restrict_action"):
        rummykit.new_game("railroad-rummy", players=3, house_rules=[Old()])


def test_an_entry_point_may_name_the_plug_in_class_whose_one_object_every_game_shares() -> None:
    # The built-in variants' entry points name their classes: the class is the whole declaration.
    [entry_point] = [ep for name, ep in plugins._scan(plugins.VARIANT_GROUP, tuple(sys.path)) if name == "rummy"]
    assert not isinstance(entry_point, plugins.NameClash)
    assert entry_point.value == "rummykit_variants.classic_rummy.plugin:ClassicRummy"
    loaded = plugins.load_variant("rummy")
    assert type(loaded) is ClassicRummy and plugins.load_variant("rummy") is loaded
    by_name = rummykit.new_game("rummy", 2, seed=4)
    by_class = rummykit.new_game(ClassicRummy, 2, seed=4)
    assert by_class.configuration is by_name.configuration  # one object of the class, one compiled configuration
    assert by_class.state == by_name.state


def test_a_plug_in_class_that_cannot_be_made_without_arguments_is_refused_naming_it() -> None:
    class Needs(ClassicRummy):
        def __init__(self, level: int) -> None:
            self.level = level

    with pytest.raises(PluginError, match=r"Needs could not be made without arguments: TypeError"):
        rummykit.new_game(Needs, 2)


@pytest.mark.parametrize(
    ("group", "value", "load"),
    [
        ("rummykit.variants", "rummykit_variants.railroad_rummy.plugin:RailroadRummy", "load_variant"),
        ("rummykit.house_rules", "rummykit_variants.classic_rummy.house_rules.jokers:plugin", "load_house_rule"),
    ],
)
def test_an_entry_point_named_unlike_its_spec_is_refused(
    monkeypatch: pytest.MonkeyPatch, group: str, value: str, load: str
) -> None:
    installed = plugins._scan(group, tuple(sys.path))
    misnamed = EntryPoint(name="misnamed", value=value, group=group)
    monkeypatch.setattr(plugins, "_scan", lambda *_: (*installed, ("misnamed", misnamed)))
    with pytest.raises(PluginError, match=rf"installed as 'misnamed' \({value}\) declares the name '[a-z-]+'"):
        getattr(plugins, load)("misnamed")
    assert getattr(plugins, load)(installed[0][0]) is not None  # the rightly named ones still load


@pytest.mark.parametrize(("variant", "players"), [("railroad-canasta", 2), ("rummy", 3), ("railroad-canasta", 4)])
def test_g_c1_a_game_whose_rounds_end_at_the_turn_cap_ends(variant: str, players: int) -> None:
    # One turn a round (G-1): nobody can reach Canasta's 20,000 or Rummy's 100, so without G-C1 the
    # game never ends (issue 14: 6,043 rounds in 120 s). G-C1: it ends after max_capped_rounds such rounds.
    game = rummykit.new_game(variant, players=players, seed=3, options={"max_turns_per_round": 1})
    bots = [rummykit.make_bot("heuristic", variant, seed=seat) for seat in range(players)]
    for _ in range(10_000):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    assert game.is_over
    assert [result.rule for result in game.history] == ["G-1"] * 10  # the default: 10 rounds cut short
    assert all(result.turns == 1 and result.went_out is None for result in game.history)
    best = max(game.scores)
    assert game.winners == tuple(seat for seat, total in enumerate(game.scores) if total == best)  # G-3


def test_g_c1_counts_only_rounds_cut_short_and_takes_its_option() -> None:
    game = rummykit.new_game("railroad-rummy", players=2, seed=1, options={"max_turns_per_round": 2})
    assert game.options["max_capped_rounds"] == 10  # RailRoad Rummy's 7 rounds end first (RR-31)
    while not game.is_over:
        game.apply(game.legal_actions(game.to_act[0])[0])
    assert len(game.history) == 7
    game = rummykit.new_game("rummy", players=2, seed=1, options={"max_turns_per_round": 2, "max_capped_rounds": 2})
    while not game.is_over:
        game.apply(game.legal_actions(game.to_act[0])[-1])
    assert [result.rule for result in game.history].count("G-1") == 2 and game.history[-1].rule == "G-1"
    with pytest.raises(rummykit.InvalidOptionError) as err:
        rummykit.new_game("rummy", players=2, options={"max_capped_rounds": 0})
    assert err.value.rule == "G-C1"


def test_a_configuration_named_again_is_the_same_one_but_an_option_of_another_type_is_still_checked() -> None:
    first = rummykit.configure("rummy", 2, options={"max_rounds": 3}, house_rules=["jokers"])
    assert rummykit.configure("rummy", 2, options={"max_rounds": 3}, house_rules="jokers") is first
    with pytest.raises(InvalidOptionError, match="max_rounds"):  # True == 1, but a bool is not a round count
        rummykit.configure("rummy", 2, options={"max_rounds": True})
    rummykit.configure("rummy", 2, options={"max_rounds": 1})
    with pytest.raises(InvalidOptionError, match="max_rounds"):
        rummykit.configure("rummy", 2, options={"max_rounds": True})
    with pytest.raises(InvalidOptionError, match="players must be an int"):
        rummykit.configure("rummy", True)


def test_a_configuration_named_again_after_a_plugin_is_unregistered_is_compiled_again() -> None:
    first = rummykit.configure("rummy", 2, options={"max_rounds": 3})
    plugins.register_house_rule("one-hmg", OneHmg())
    plugins.unregister_house_rule("one-hmg")
    again = rummykit.configure("rummy", 2, options={"max_rounds": 3})
    assert again is not first and again.rules == first.rules


class _Buggy(ClassicRummy):
    """Classic Rummy under another name, whose position check or view has a bug of its own."""

    def __init__(self, broken: str) -> None:
        self.broken = broken

    @hookimpl
    def rummykit_variant(self) -> rummykit.VariantSpec:
        return attrs.evolve(classic.SPEC, name=f"buggy-{self.broken}", title="Buggy")

    @hookimpl
    def rummykit_check_position(self, state: GameState) -> None:
        if self.broken == "check":
            state.no_such_field  # type: ignore[attr-defined]  # noqa: B018 - the plug-in's bug
        super().rummykit_check_position(state)  # type: ignore[arg-type]


def test_a_position_check_that_fails_is_the_plug_ins_error_not_bad_data() -> None:
    """Issue 25, finding 5: on 4926410 a position check raising AttributeError read as
    ``InvalidPositionError: unreadable position``; it is a PluginError naming the hook and the plug-in."""
    buggy = _Buggy("check")
    register_variant("buggy-check", buggy)
    try:
        game = rummykit.new_game("buggy-check", players=2, seed=1)
        with pytest.raises(PluginError, match="rummykit_check_position of buggy-check raised AttributeError") as caught:
            load_position(position_to_data(game))
    finally:
        unregister_variant("buggy-check")
    assert (caught.value.hook, caught.value.plugin) == ("rummykit_check_position", "buggy-check")
    assert not isinstance(caught.value, InvalidPositionError)


class _FailingPerform(Move[Any, Any]):
    """A move whose effect has a bug of its own: its check and listing are the move's."""

    def __init__(self, move: Move[Any, Any]) -> None:
        self.move, self.action_type, self.phases = move, move.action_type, move.phases

    def check(self, state: Any, action: Any) -> Any:
        return self.move.check(state, action)

    def legal(self, state: Any, seat: int) -> Any:
        return self.move.legal(state, seat)

    def perform(self, state: Any, action: Any, rng: Any) -> None:
        raise KeyError("the plug-in's bug")


class _BrokenDiscard(_Buggy):
    @hookimpl
    def rummykit_moves(self, rules: Any) -> dict[type[Action], Move[Any, Any]]:
        moves = dict(super().rummykit_moves(rules))
        return {**moves, Discard: _FailingPerform(moves[Discard])}


def test_a_move_that_fails_is_the_plug_ins_error_and_changes_nothing() -> None:
    game = rummykit.new_game(_BrokenDiscard("move"), players=2, seed=1)
    seat = game.to_act[0]
    game.apply(Draw(seat=seat))
    discard = next(action for action in game.legal_actions(seat) if isinstance(action, Discard))
    before = game.copy()
    with pytest.raises(PluginError, match=r"the move of 'discard' \(perform\) of buggy-move raised KeyError") as caught:
        game.apply(discard)
    assert caught.value.plugin == "buggy-move"
    assert game == before


class _ScoresByNumbers(ClassicRummy):
    """Classic Rummy under another name whose rounds score as 0.1's variants scored them: bare numbers."""

    @hookimpl
    def rummykit_variant(self) -> rummykit.VariantSpec:
        return attrs.evolve(classic.SPEC, name="numbers-rummy", title="Numbers")

    @hookimpl
    def rummykit_score_round(self, state: GameState) -> list[int]:
        return [7 if seat == 0 else -3 for seat in range(state.players)]


def test_a_round_scored_by_bare_numbers_gets_one_line_a_seat_citing_the_rule_that_ended_it() -> None:
    register_variant("numbers-rummy", _ScoresByNumbers())
    try:
        game = rummykit.build_position(
            "numbers-rummy", 2, seed=1, turn=0, phase="play", hands=["9H 10H JH QS", None], discard="2C"
        )
        game.apply(GoDown(seat=0, melds=["9H 10H JH"]))
        game.apply(Discard(seat=0, card="QS"))
    finally:
        unregister_variant("numbers-rummy")
    result = game.history[-1]
    assert result.scores == (7, -3) and result.rule == "CR-8"
    assert [[(item.rule, item.points) for item in seat.items] for seat in result.seats] == [
        [("CR-8", 7)],
        [("CR-8", -3)],
    ]
    assert [seat.left for seat in result.seats][0] == () and [seat.score for seat in result.seats] == [7, -3]


def test_a_saved_round_result_whose_lines_do_not_add_up_is_refused() -> None:
    game = rummykit.build_position("rummy", 2, seed=1, turn=0, phase="play", hands=["9H 10H JH QS", None], discard="2C")
    game.apply(GoDown(seat=0, melds=["9H 10H JH"]))
    game.apply(Discard(seat=0, card="QS"))
    data = position_to_data(game)
    data["history"][0]["seats"][0]["items"][0]["points"] += 1
    with pytest.raises(InvalidPositionError, match=r"history\[0\]\.seats\[0\]\.score"):
        load_position(data)
