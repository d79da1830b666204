"""The conformance kit (rummykit.testing) catches what it claims to: toy variants, each Classic Rummy
with one flaw planted, fail with the right property named, the seed and the action index; the toy
without a flaw passes. (The built-in variants pass it: tests/test_conformance.py.)"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
import rummykit_variants.classic_rummy.plugin as classic
from rummykit import Action, Card, Discard, GoDown, IllegalActionError, PluginError, TakeDiscard, hookimpl
from rummykit.core.cards import CardId, card_id
from rummykit.core.moves import Move
from rummykit.core.plugins import register_house_rule, register_variant, unregister_house_rule, unregister_variant
from rummykit.core.shoe import Randomness
from rummykit.core.specs import HouseRuleSpec, VariantSpec
from rummykit.core.state import GameState, RoundEnd
from rummykit.core.views import Picture, View, shown
from rummykit.documents.serialize import dump_record, dump_view, load_record, load_view
from rummykit.standard import StandardRules, StandardState, standard_moves, view_fields
from rummykit.testing import (
    PROPERTIES,
    ConformanceError,
    check_action,
    check_games,
    check_random_actions,
    choose_action,
    game_options,
)
from rummykit.testing.pytest_plugin import VariantConformance
from rummykit.testing.strategies import _built
from rummykit.testing.visibility import _Seen
from rummykit_variants.classic_rummy import ClassicRummyView
from rummykit_variants.classic_rummy.plugin import ClassicRummy


class Patched(Move[Any, Any]):
    """A move of the toy's with one part replaced (``check``, ``legal`` or ``perform``): a planted flaw."""

    def __init__(self, move: Move[Any, Any], **parts: Callable[..., Any]) -> None:
        self.move = move
        self.action_type = move.action_type
        self.phases = move.phases
        self.parts = parts

    def part(self, name: str) -> Callable[..., Any]:
        """The planted replacement for one part, or the move's own."""
        replaced: Callable[..., Any] = self.parts.get(name) or getattr(self.move, name)
        return replaced

    def check(self, state: GameState, action: Action) -> Action:
        checked: Action = self.part("check")(state, action)
        return checked

    def legal(self, state: GameState, seat: int) -> Iterable[Action]:
        listed: Iterable[Action] = self.part("legal")(state, seat)
        return listed

    def perform(self, state: GameState, action: Action, rng: Randomness) -> None:
        self.part("perform")(state, action, rng)

    def split(self, state: GameState, action: Action) -> list[Action] | None:
        parts: list[Action] | None = self.part("split")(state, action)
        return parts


class Toy(ClassicRummy):
    """Classic Rummy under another name."""

    name: ClassVar[str] = "toy-rummy"
    view_type: ClassVar[type[View]] = ClassicRummyView

    @hookimpl
    def rummykit_variant(self) -> VariantSpec:
        return attrs.evolve(classic.SPEC, name=self.name, title=self.name, view_type=self.view_type)

    @hookimpl
    def rummykit_moves(self, rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
        moves = standard_moves(rules)
        return {kind: self.patch(kind, move) for kind, move in moves.items()}

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        """The toy's flaw, planted in one move (none in the toy itself)."""
        return move


class LosesACard(Toy):
    """Drops the bottom card of the stock with the first discard of round 1's third turn."""

    name = "toy-loses-a-card"

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        if kind is not Discard:
            return move

        def perform(state: GameState, action: Action, rng: Randomness) -> None:
            move.perform(state, action, rng)
            if state.round == 1 and state.turn_number == 3 and state.piles["stock"]:
                state.piles["stock"].pop(0)

        return Patched(move, perform=perform)


class ListsAnIllegalMove(Toy):
    """Lists a discard of a card the seat does not hold once it has drawn."""

    name = "toy-lists-an-illegal-move"

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        if kind is not Discard:
            return move

        def legal(state: GameState, seat: int) -> list[Action]:
            listed = list(move.legal(state, seat))
            if seat == state.turn:
                held = {rummykit.face(cid) for cid in state.hands[seat]}
                stranger = next(card for card in rummykit.core.cards.standard_deck() if card not in held)
                listed.append(Discard(seat=seat, card=stranger))
            return listed

        return Patched(move, legal=legal)


class MutatesBeforeRefusing(Toy):
    """Counts a turn before it finds out that the action is refused."""

    name = "toy-mutates-before-refusing"

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        def check(state: GameState, action: Action) -> Action:
            try:
                checked: Action = move.check(state, action)
            except IllegalActionError:
                state.turn_number += 1
                raise
            return checked

        return Patched(move, check=check)


@attrs.frozen(kw_only=True)
class PeekingView(ClassicRummyView):
    """A view with the next seat's hand in it."""

    peek: tuple[Card, ...] = ()


class ShowsAnOpponentsHand(Toy):
    """Shows each seat the hand of the seat after it."""

    name = "toy-shows-an-opponents-hand"
    view_type = PeekingView

    @hookimpl
    def rummykit_view(self, state: StandardState, seat: int | None, to_act: tuple[int, ...]) -> View:
        peek = () if seat is None else tuple(state.hand_faces(state.next_seat(seat)))
        return PeekingView(**view_fields(state, seat, to_act), peek=peek)


@attrs.frozen(kw_only=True)
class MisdeclaredView(ClassicRummyView):
    """A view declaring a pile that is not a count."""

    reserve: str = shown("reserve pile", picture=Picture.PILE)


class DeclaresAPictureItsFieldDoesNotFit(Toy):
    """Declares a field drawn as a pile of cards, and fills it with words."""

    name = "toy-declares-a-picture-its-field-does-not-fit"
    view_type = MisdeclaredView

    @hookimpl
    def rummykit_view(self, state: StandardState, seat: int | None, to_act: tuple[int, ...]) -> View:
        return MisdeclaredView(**view_fields(state, seat, to_act), reserve="a few")


class HidesTakingTheDiscard(Toy):
    """Never lists taking the top discard, though it accepts it."""

    name = "toy-hides-taking-the-discard"

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        return Patched(move, legal=lambda state, seat: ()) if kind is TakeDiscard else move


class CitesAnUndeclaredRule(Toy):
    """Refuses a discard of a card not held citing a rule it never declared."""

    name = "toy-cites-an-undeclared-rule"

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        def check(state: GameState, action: Action) -> Action:
            try:
                checked: Action = move.check(state, action)
            except IllegalActionError as exc:
                raise IllegalActionError("XX-1", exc.reason) from exc
            return checked

        return Patched(move, check=check)


class IgnoresTheCaps(Toy):
    """Plays on past the options max_turns_per_round (G-1) and max_rounds (G-3): its discards pass the
    turn without the engine's turn cap, and its scoring winds the round number back."""

    name = "toy-ignores-the-caps"

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        if kind is not Discard:
            return move

        def perform(state: GameState, action: Discard, rng: Randomness) -> None:
            card = next(cid for cid in state.hands[action.seat] if rummykit.face(cid) == action.card)
            state.hands[action.seat].remove(card)
            state.piles["discard"].append(card)
            if not state.hands[action.seat]:
                state.round_end = RoundEnd(action.seat, "CR-8", "out")
                return
            state.turn, state.turn_number, state.phase, state.taken = (
                state.next_seat(state.turn),
                state.turn_number + 1,
                "draw",
                None,
            )

        return Patched(move, perform=perform)

    @hookimpl
    def rummykit_score_round(self, state: StandardState) -> list[int]:
        state.round = 0
        return [0] * state.players


class ShufflesWithoutTheSeed(Toy):
    """Shuffles the shoe again before the deal with Python's global random source, not the game's."""

    name = "toy-shuffles-without-the-seed"

    @hookimpl
    def rummykit_start_round(self, state: StandardState, shoe: list[CardId], rng: Randomness) -> bool:
        random.shuffle(shoe)
        return super().rummykit_start_round(state, shoe, rng)


class SwapsNamedCards(Toy):
    """Lists one discard per rank and carries out a discard of any card as the first card of its rank
    in the hand (another suit than the one named: G-6)."""

    name = "toy-swaps-named-cards"

    @staticmethod
    def _first_of_rank(state: GameState, action: Discard) -> Discard:
        hand = sorted(state.hand_faces(action.seat), key=lambda card: card.index)
        return Discard(seat=action.seat, card=next(card for card in hand if card.rank is action.card.rank))

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        if kind is not Discard:
            return move

        def legal(state: GameState, seat: int) -> list[Action]:
            return [a for a in move.legal(state, seat) if self._first_of_rank(state, a) == a]

        return Patched(
            move, legal=legal, check=lambda state, action: self._first_of_rank(state, move.check(state, action))
        )


class ListsMeldsOneByOne(Toy):
    """Lists single melds only and declares a play of several melds as its melds one by one: a listing
    that stands for more than it shows, declared truly."""

    name = "toy-lists-melds-one-by-one"

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        if kind is not GoDown:
            return move
        return Patched(
            move,
            legal=lambda state, seat: [a for a in move.legal(state, seat) if len(a.melds) == 1],
            split=lambda state, action: self.parts(action) if len(action.melds) > 1 else None,
        )

    def parts(self, action: GoDown) -> list[Action]:
        return [GoDown(seat=action.seat, melds=(meld,)) for meld in action.melds]


class SplitsWrongly(ListsMeldsOneByOne):
    """Declares a play of several melds as its first meld alone: the parts leave another position."""

    name = "toy-splits-wrongly"

    def parts(self, action: GoDown) -> list[Action]:
        return [GoDown(seat=action.seat, melds=action.melds[:1])]


TOYS: list[type[Toy]] = [
    SwapsNamedCards,
    ListsMeldsOneByOne,
    SplitsWrongly,
    IgnoresTheCaps,
    ShufflesWithoutTheSeed,
    Toy,
    LosesACard,
    ListsAnIllegalMove,
    MutatesBeforeRefusing,
    ShowsAnOpponentsHand,
    DeclaresAPictureItsFieldDoesNotFit,
    HidesTakingTheDiscard,
    CitesAnUndeclaredRule,
]
PLUGINS = {toy.name: toy() for toy in TOYS}


@pytest.fixture(autouse=True, scope="module")
def _toys() -> Iterator[None]:
    """The toys are registered while this module's tests run, and only then: other modules list the
    installed variants."""
    for name, plugin in PLUGINS.items():
        register_variant(name, plugin)
    yield
    for name in PLUGINS:
        unregister_variant(name)


def find_flaw(variant: str, max_examples: int) -> object:
    """Random actions, the same examples every run."""
    return check_random_actions(variant, max_examples=max_examples, derandomize=True)


def failure(run: Callable[[], object]) -> ConformanceError:
    with pytest.raises(ConformanceError) as caught:
        run()
    return caught.value


# -- the kit catches each flaw, naming the property -------------------------------------------------------


def test_the_toy_without_a_flaw_passes() -> None:
    report = check_games(Toy.name, games=3)
    assert report.games == 3 and report.actions > 100 and report.rounds >= 3
    report = check_random_actions(Toy.name, max_examples=20)
    assert report.examples == 20 and report.accepted > 0 and sum(report.refusals.values()) > 0


def test_a_lost_card_fails_conservation_at_the_action_that_loses_it() -> None:
    err = failure(lambda: check_games(LosesACard.name, games=1))
    assert err.property == "conservation" and "lost" in err.detail
    assert (err.variant, err.seed, err.players) == (LosesACard.name, 0, 2)
    # the error alone replays the game to the action: the kit's bot, seeded like the game
    assert err.action_index is not None and err.players is not None
    game = rummykit.new_game(LosesACard.name, err.players, seed=err.seed, options=err.options)
    rng = random.Random(err.seed)
    for _ in range(err.action_index):
        game.apply(choose_action(game, rng))
    assert len(game.state.card_ids()) == 52
    action = choose_action(game, rng)
    game.apply(action)
    assert isinstance(action, Discard) and game.state.turn_number == 3 and len(game.state.card_ids()) == 51


def test_playing_past_the_caps_fails_termination() -> None:
    err = failure(lambda: check_games(IgnoresTheCaps.name, games=1))
    assert err.property == "termination" and "max_rounds=1" in err.detail and "G-3" in err.detail
    assert err.options == game_options(IgnoresTheCaps.name, 0) and err.action_index is not None
    assert err.options["max_rounds"] == 1
    err = failure(lambda: check_games(IgnoresTheCaps.name, games=1, options={"max_turns_per_round": 3}))
    assert err.property == "termination" and "max_turns_per_round=3 (G-1)" in err.detail


def test_a_shuffle_outside_the_seed_fails_determinism() -> None:
    err = failure(lambda: check_games(ShufflesWithoutTheSeed.name, games=1))
    assert err.property == "determinism" and err.seed == 0


def test_a_listed_illegal_move_fails_soundness() -> None:
    err = failure(lambda: check_games(ListsAnIllegalMove.name, games=1))
    assert err.property == "soundness" and err.seed == 0 and err.action_index is not None
    assert "is refused" in err.detail and "does not hold" in err.detail and "(G-7)" in err.detail


def test_a_state_changed_before_a_refusal_fails_refusal() -> None:
    err = failure(lambda: find_flaw(MutatesBeforeRefusing.name, max_examples=30))
    assert err.property == "refusal" and "changed the game" in err.detail
    assert err.seed is not None and err.action_index is not None
    # whole games show it too: the kit tries each listed play with other cards of its ranks (G-6)
    err = failure(lambda: check_games(MutatesBeforeRefusing.name, games=1))
    assert err.property == "refusal" and err.seed == 0 and err.action_index is not None


def test_a_view_showing_an_opponents_hand_fails_views() -> None:
    err = failure(lambda: check_games(ShowsAnOpponentsHand.name, games=1))
    assert err.property == "views" and err.action_index == 0 and "peek" in err.detail


def test_a_view_its_picture_cannot_draw_fails_views() -> None:
    err = failure(lambda: check_games(DeclaresAPictureItsFieldDoesNotFit.name, games=1))
    assert err.property == "views" and err.action_index == 0
    assert "MisdeclaredView.reserve is declared shown('reserve pile', picture='pile')" in err.detail
    assert "'a few'" in err.detail


def test_a_picture_drawing_a_card_its_view_does_not_hold_fails_views(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummykit import svg  # noqa: PLC0415 (the module the kit draws with)

    draw = svg.view

    def leaky(view: View, **kwargs: Any) -> svg.Svg:
        picture = draw(view, **kwargs)
        held = {str(card) for card in view.hand}
        extra = next(face for face in ("AS", "KH", "2C") if face not in held)
        return svg.Svg(picture.replace("</svg>", f'<use xlink:href="#rk-{extra}"/></svg>'))

    monkeypatch.setattr(svg, "view", leaky)
    err = failure(lambda: check_games(Toy.name, games=1))
    assert err.property == "views" and err.action_index == 0
    assert "picture draws" in err.detail and "which its view does not hold" in err.detail


def test_an_accepted_action_never_listed_fails_completeness() -> None:
    err = failure(lambda: find_flaw(HidesTakingTheDiscard.name, max_examples=60))
    assert err.property == "completeness" and "take" in err.detail.lower()


def test_a_play_carried_out_with_other_cards_than_named_fails_completeness() -> None:
    # G-6: the kit tries each listed play with other cards of the same ranks (another suit) too
    err = failure(lambda: check_games(SwapsNamedCards.name, games=2))
    assert err.property == "completeness" and "with other cards (G-6)" in err.detail
    assert err.action_index is not None


def test_a_listing_declared_to_stand_for_plays_in_parts_passes_and_a_wrong_split_fails() -> None:
    # seat 1 (dealt first, CR-1) holds three 5s and three 9s and draws the KS: two melds, listed one by one
    dealt = [
        "5C",
        "2D",
        "5D",
        "3D",
        "5H",
        "4D",
        "9C",
        "6D",
        "9D",
        "7D",
        "9H",
        "8D",
        "JC",
        "10D",
        "QC",
        "JD",
        "KC",
        "QD",
        "AC",
        "KD",
    ]
    top = [*dealt, "AH", "KS"]  # the up-card, then seat 1's draw
    shoe = top + [str(card) for card in rummykit.core.cards.standard_deck() if str(card) not in top]
    both = GoDown(seat=1, melds=["5C 5D 5H", "9C 9D 9H"])
    games = {}
    for toy in (ListsMeldsOneByOne, SplitsWrongly):
        games[toy] = rummykit.new_game(toy.name, players=2, dealer=0, shoe=shoe)
        games[toy].apply(rummykit.Draw(seat=1))
        assert both not in games[toy].legal_actions(1)
    assert check_action(games[ListsMeldsOneByOne], both) is None  # accepted, and listed in parts
    err = failure(lambda: check_action(games[SplitsWrongly], both))
    assert err.property == "completeness" and "leaves another position than its parts" in err.detail


def test_a_refusal_citing_an_undeclared_rule_fails_refusal() -> None:
    err = failure(lambda: find_flaw(CitesAnUndeclaredRule.name, max_examples=30))
    assert err.property == "refusal" and "'XX-1'" in err.detail


# -- the pytest form ---------------------------------------------------------------------------------------


class TestToyConformance(VariantConformance):
    """The pytest form on the toy without a flaw (a variant author's test module looks like this)."""

    variant = Toy.name
    games = 2
    max_examples = 10


class LoserConformance(VariantConformance):
    variant = LosesACard.name
    games = 1
    max_examples = 2


def test_the_pytest_form_fails_a_flawed_variant() -> None:
    (stack,) = LoserConformance.house_rule_stacks
    with pytest.raises(ConformanceError, match=r"^conservation: toy-loses-a-card, 2 players, seed 0, .*action \d+"):
        LoserConformance().test_seeded_games(tuple(stack))
    LoserConformance().test_random_actions(tuple(stack))  # random actions do not check conservation


# -- the error, the registration -------------------------------------------------------------------------


def test_a_conformance_error_names_the_property_game_seed_and_action_and_pickles() -> None:
    err = ConformanceError(
        "views", "seat 1 sees 5H", variant="rummy", house_rules=["jokers"], players=3, seed=4, action_index=17
    )
    assert str(err) == "views: rummy + jokers, 3 players, seed 4, action 17: seat 1 sees 5H"
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err) and again.action_index == 17
    with pytest.raises(ValueError, match="no property 'speed'"):
        ConformanceError("speed", "too slow")
    assert set(PROPERTIES) == {
        "termination",
        "conservation",
        "soundness",
        "completeness",
        "refusal",
        "determinism",
        "views",
        "records",
    }


def test_a_registered_variant_is_found_by_name_and_its_records_and_views_load() -> None:
    assert Toy.name in rummykit.available_variants()
    game = rummykit.new_game(Toy.name, 2, seed=3)
    assert game.variant == Toy.name
    game.apply(game.legal_actions()[0])
    assert rummykit.replay(load_record(dump_record(game.record))) == game
    assert load_view(dump_view(game.view(0))) == game.view(0)


def test_registering_a_taken_name_or_a_name_the_plugin_does_not_declare_is_refused() -> None:
    register_variant(Toy.name, PLUGINS[Toy.name])  # the same plug-in again: nothing happens
    with pytest.raises(PluginError, match="already installed or registered"):
        register_variant(Toy.name, Toy())
    with pytest.raises(PluginError, match="declares the name 'toy-rummy', not 'other'"):
        register_variant("other", Toy())
    with pytest.raises(PluginError, match="a house rule called 'jokers' is already installed"):
        register_house_rule("jokers", JokersAgain())
    with pytest.raises(PluginError, match="declares the name 'jokers', not 'wild-jokers'"):
        register_house_rule("wild-jokers", JokersAgain())
    with pytest.raises(PluginError, match="no house rule called 'jokers' was registered"):
        unregister_house_rule("jokers")


def test_an_unregistered_variant_is_no_longer_found() -> None:
    class Passing(Toy):
        name = "toy-passing-through"

    register_variant(Passing.name, Passing())
    game = rummykit.new_game(Passing.name, 2, seed=1)
    text = dump_view(game.view(0))
    assert load_view(text) == game.view(0)  # serialize caches its spec by name
    unregister_variant(Passing.name)
    assert Passing.name not in rummykit.available_variants()
    with pytest.raises(rummykit.UnknownVariantError):
        rummykit.new_game(Passing.name, 2)
    with pytest.raises(rummykit.InvalidPositionError, match="unknown variant 'toy-passing-through'"):
        load_view(text)
    with pytest.raises(PluginError, match="no variant called 'toy-passing-through' was registered"):
        unregister_variant(Passing.name)


class JokersAgain:
    """A second plug-in declaring the installed house rule ``jokers``."""

    @hookimpl
    def rummykit_house_rule(self) -> HouseRuleSpec:
        return HouseRuleSpec(name="jokers", applies_to=frozenset({"rummy"}))


def test_the_kit_builds_actions_of_every_type_field_by_field() -> None:
    game = rummykit.new_game("railroad-rummy", 4, seed=1)
    kinds: set[str] = set()

    @settings(max_examples=200, database=None)
    @given(data=st.data())
    def draw(data: st.DataObject) -> None:
        for cls in game.spec.actions:
            action = data.draw(_built(game, cls))
            assert isinstance(action, cls)
            kinds.add(action.kind)

    draw()
    assert kinds == {cls.kind for cls in game.spec.actions}


def test_check_action_reports_the_rule_or_acceptance() -> None:
    game = rummykit.new_game("rummy", 2, seed=5)
    assert check_action(game, Discard(seat=game.turn, card=game.hand(game.turn)[0])) == "CR-3"
    assert check_action(game, game.legal_actions()[0]) is None
    assert check_action(game, rummykit.Draw(seat=9)) == "malformed"


def test_the_kit_imports_without_pytest_and_rummykit_without_the_kit() -> None:
    code = (
        "import sys; sys.modules['pytest'] = None; import rummykit; "
        "assert 'rummykit.testing' not in sys.modules and 'hypothesis' not in sys.modules; "
        "import rummykit.testing; print(len(rummykit.testing.PROPERTIES))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "8"


def test_an_action_may_show_its_actors_cards_but_not_a_card_nobody_saw() -> None:
    five, nine, king = card_id(Card.parse("5H")), card_id(Card.parse("9C")), card_id(Card.parse("KS"))
    seen = _Seen(frozenset({king}))
    # seat 1 shows the 5H it holds (and keeps): known from now on
    seen.follow(Discard(seat=1, card="5H"), frozenset({king}), shown_from=[five])
    assert seen.hidden == [] and five in seen.ever
    # an action naming 9C, which nobody saw and its actor did not hold: no view may show it
    seen.follow(Discard(seat=1, card="9C"), frozenset({king}), shown_from=[five])
    assert seen.hidden == [1] and nine not in seen.ever
