"""The conformance kit (rummykit.testing) catches what it claims to: toy variants, each Classic Rummy
with one flaw planted, fail with the right property named, the seed and the action index; the toy
without a flaw passes. (The built-in variants pass it: tests/test_conformance.py.)"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ClassVar, Final

import attrs
import pytest

import rummykit
import rummykit_variants.classic_rummy.plugin as classic
from rummykit import Action, Card, Discard, GoDown, IllegalActionError, PluginError, RuleText, TakeDiscard, hookimpl
from rummykit.core.cards import CardId, card_id
from rummykit.core.moves import Move
from rummykit.core.plugins import register_house_rule, register_variant, unregister_house_rule, unregister_variant
from rummykit.core.shoe import Randomness
from rummykit.core.specs import HouseRuleSpec, VariantSpec, rule_book
from rummykit.core.state import GameState, Phase, RoundEnd, in_hand, in_pile
from rummykit.core.views import Picture, View, shown
from rummykit.documents.notation import position_text
from rummykit.documents.serialize import dump_position, dump_record, dump_view, load_position, load_record, load_view
from rummykit.standard import StandardRules, StandardState, check_position, standard_moves, view_fields
from rummykit.standard.turns import discard, discard_choice
from rummykit.testing import (
    PROPERTIES,
    ConformanceError,
    check_action,
    check_games,
    check_random_actions,
    check_variant,
    game_options,
)
from rummykit.testing.coverage import coverage_targets, patient_choice, seat_players
from rummykit.testing.pytest_plugin import VariantConformance
from rummykit.testing.random_play import random_action
from rummykit.testing.visibility import _Seen
from rummykit_variants.classic_rummy import ClassicRummyView
from rummykit_variants.classic_rummy.plugin import ClassicRummy


class Patched(Move[Any, Any]):
    """A move of the toy's with one part replaced (``check``, ``legal`` or ``perform``): a planted flaw."""

    def __init__(self, move: Move[Any, Any], **parts: Callable[..., Any]) -> None:
        self.move = move
        self.action_type = move.action_type
        self.phases = move.phases
        self.on_turn = move.on_turn
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

    def represent(self, state: GameState, action: Action) -> Action | None:
        representative: Action | None = self.part("represent")(state, action)
        return representative


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


class MovesWithoutSaying(Toy):
    """Takes the top discard without noting the card it moves (`GameState.note_moved`), so that
    `Applied.moved` misses it."""

    name = "toy-moves-without-saying"

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        if kind is not TakeDiscard:
            return move

        def perform(state: GameState, action: Action, rng: Randomness) -> None:
            card = state.piles["discard"].pop()
            state.hands[action.seat].append(card)
            state.taken, state.phase = card, Phase.PLAY

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
            state.note_moved((card,), in_hand(action.seat), in_pile("discard"))
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


class ListsSingleMelds(Toy):
    """Lists go-downs of one meld only, and declares what a play of several melds stands as: a
    listing that stands for more than it shows."""

    def patch(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        if kind is not GoDown:
            return move
        return Patched(
            move, legal=lambda state, seat: [a for a in move.legal(state, seat) if len(a.melds) == 1], **self.declared()
        )

    def declared(self) -> dict[str, Callable[..., Any]]:
        """The parts of the move that declare what a play of several melds stands as."""
        raise NotImplementedError


class ListsMeldsOneByOne(ListsSingleMelds):
    """Declares a play of several melds as its melds one by one, truly."""

    name = "toy-lists-melds-one-by-one"

    def declared(self) -> dict[str, Callable[..., Any]]:
        return {"split": lambda state, action: self.parts(action) if len(action.melds) > 1 else None}

    def parts(self, action: GoDown) -> list[Action]:
        return [GoDown(seat=action.seat, melds=(meld,)) for meld in action.melds]


class SplitsWrongly(ListsMeldsOneByOne):
    """Declares a play of several melds as its first meld alone: the parts leave another position."""

    name = "toy-splits-wrongly"

    def parts(self, action: GoDown) -> list[Action]:
        return [GoDown(seat=action.seat, melds=action.melds[:1])]


class ListsTheLowestMeldFor(ListsSingleMelds):
    """Declares a play of several melds represented by its lowest meld alone, truly: a listing that
    names one representative of the plays it stands for (as RailRoad Rummy's names one go-down for
    each choice of ranks)."""

    name = "toy-lists-the-lowest-meld-for"

    def declared(self) -> dict[str, Callable[..., Any]]:
        return {"represent": lambda state, action: self.representative(action) if len(action.melds) > 1 else None}

    def representative(self, action: GoDown) -> Action:
        return GoDown(seat=action.seat, melds=action.melds[:1])


class RepresentsByAnUnlistedPlay(ListsTheLowestMeldFor):
    """Declares a play of several melds represented by itself, which it never lists."""

    name = "toy-represents-by-an-unlisted-play"

    def representative(self, action: GoDown) -> Action:
        return action


class RepresentsByAnotherKindOfPlay(ListsTheLowestMeldFor):
    """Declares a go-down represented by a discard."""

    name = "toy-represents-by-another-kind-of-play"

    def representative(self, action: GoDown) -> Action:
        return Discard(seat=action.seat, card=action.melds[0][0])


# -- toys whose one flaw hides in a rare place ----------------------------------------------------------
# A Gin-like knock added to Classic Rummy: two phases after the draw that plain random play seldom
# reaches (the old kit's bot never did), and a way to end a round of their own.

KNOCK: Final = "knock"
"""The knocker's phase: they have knocked and must discard."""
LAY_OFF: Final = "lay-off"
"""The next seat's phase: it looks at the knock and accepts it (in Gin Rummy it would lay off)."""
KNOCK_RULES = rule_book("""
TK-1 | Knocking | A player who has laid down a meld this turn and holds two or three cards worth 10 points or fewer
    in all (CR-10) may knock; then they discard one card, and nothing else.
TK-2 | The knock accepted | After the knocker's discard, the next seat accepts the knock and the round ends: the
    knocker scores the cards left in the other hands (CR-11).
""")


@attrs.frozen
class Knock(Action):
    """Knock (TK-1)."""

    kind: ClassVar[str] = "knock"


@attrs.frozen
class AcceptKnock(Action):
    """Accept the knock, ending the round (TK-2)."""

    kind: ClassVar[str] = "accept-knock"


class KnockMove(Move[StandardState, Knock]):
    """TK-1: knock after laying down a meld this turn, holding two or three cards worth 10 points or
    fewer in all."""

    action_type = Knock
    phases = frozenset({Phase.PLAY})
    on_turn = True

    def __init__(self, rules: StandardRules) -> None:
        self.rules = rules

    def check(self, state: StandardState, action: Knock) -> Knock:
        self.rules.check_turn(state, action)  # the engine's gate checks it too; the listing asks check alone
        hand = state.hands[action.seat]
        points = sum(self.rules.scoring.points_of(rummykit.face(cid)) for cid in hand)
        if state.phase != Phase.PLAY or not state.melds_this_turn or not 2 <= len(hand) <= 3 or points > 10:
            reason = "a knock needs a meld laid down this turn and two or three cards worth 10 or less in all"
            raise IllegalActionError("TK-1", reason, action=action)
        return action

    def legal(self, state: StandardState, seat: int) -> list[Knock]:
        try:
            return [self.check(state, Knock(seat=seat))]
        except IllegalActionError:
            return []

    def perform(self, state: StandardState, action: Knock, rng: Randomness) -> None:
        state.phase = KNOCK


class AcceptKnockMove(Move[StandardState, AcceptKnock]):
    """TK-2: the next seat accepts the knock, and the round ends."""

    action_type = AcceptKnock
    phases = frozenset({LAY_OFF})
    on_turn = False  # the next seat's answer to the knock

    def check(self, state: StandardState, action: AcceptKnock) -> AcceptKnock:
        if state.phase != LAY_OFF:
            raise IllegalActionError("TK-2", "there is no knock to accept", action=action)
        if action.seat != state.next_seat(state.turn):
            raise IllegalActionError("G-2", f"seat {state.next_seat(state.turn)} accepts the knock", action=action)
        return action

    def legal(self, state: StandardState, seat: int) -> list[AcceptKnock]:
        return [AcceptKnock(seat=seat)] if state.phase == LAY_OFF and seat == state.next_seat(state.turn) else []

    def perform(self, state: StandardState, action: AcceptKnock, rng: Randomness) -> None:
        state.round_end = RoundEnd(state.turn, "TK-2", f"seat {state.turn} knocked (TK-2)")


class KnockRummy(Toy):
    """Classic Rummy with a knock (TK-1, TK-2), without a flaw."""

    name = "toy-knock-rummy"

    @hookimpl
    def rummykit_variant(self) -> VariantSpec:
        return attrs.evolve(
            classic.SPEC,
            name=self.name,
            title=self.name,
            view_type=self.view_type,
            rules=(*classic.SPEC.rules, *KNOCK_RULES),
            actions=(*classic.SPEC.actions, Knock, AcceptKnock),
            phases=(KNOCK, LAY_OFF),
            round_ends=(*classic.SPEC.round_ends, "TK-2"),
        )

    @hookimpl
    def rummykit_moves(self, rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
        moves = {kind: self.guarded(kind, move) for kind, move in standard_moves(rules).items()}
        moves[Knock] = KnockMove(rules)
        moves[AcceptKnock] = AcceptKnockMove()
        return {kind: self.patch(kind, move) for kind, move in moves.items()}

    def guarded(self, kind: type[Action], move: Move[Any, Any]) -> Move[Any, Any]:
        """The standard move, refused in the knock's phases, but the knocker's discard (TK-1, TK-2)."""

        def check(state: StandardState, action: Action) -> Action:
            if (state.phase == KNOCK and kind is not Discard) or state.phase == LAY_OFF:
                rule = "TK-1" if state.phase == KNOCK else "TK-2"
                raise IllegalActionError(rule, f"not in the {state.phase} phase", action=action)
            checked: Action = move.check(state, action)
            return checked

        def perform(state: StandardState, action: Action, rng: Randomness) -> None:
            if state.phase != KNOCK:
                move.perform(state, action, rng)
                return
            assert isinstance(action, Discard)
            card = discard_choice(state.hands[action.seat], action.card, state.taken)
            assert card is not None, "checked actions only"
            discard(state, action.seat, card)
            state.taken, state.melds_this_turn, state.phase = None, 0, LAY_OFF
            self.after_the_knock(state)

        guarded = Patched(move, check=check, perform=perform)
        if kind is Discard:
            guarded.phases = move.phases | {KNOCK}
        return guarded

    def after_the_knock(self, state: StandardState) -> None:
        """The knocker has discarded (a flaw's place)."""

    @hookimpl
    def rummykit_to_act(self, state: StandardState) -> tuple[int, ...]:
        if state.is_over:
            return ()
        return (state.next_seat(state.turn),) if state.phase == LAY_OFF else (state.turn,)

    @hookimpl
    def rummykit_check_position(self, state: StandardState) -> None:
        if state.phase != KNOCK:
            check_position(state)
            return
        state.phase = Phase.PLAY  # the knocker laid down melds and may hold the card taken, as in play
        try:
            check_position(state)
        finally:
            state.phase = KNOCK


class RefusesKnockPositions(KnockRummy):
    """(a) Checks positions as the standard rummy does, which says "melds are laid down only after the
    draw" of a position in the knock phase: a knock's positions cannot be saved and loaded."""

    name = "toy-refuses-knock-positions"

    @hookimpl
    def rummykit_check_position(self, state: StandardState) -> None:
        check_position(state)


class LosesACardAfterAKnock(KnockRummy):
    """(b) The knocker's discard drops the bottom card of the stock."""

    name = "toy-loses-a-card-after-a-knock"

    def after_the_knock(self, state: StandardState) -> None:
        state.piles["stock"].pop(0)


@attrs.frozen(kw_only=True)
class ShowdownView(ClassicRummyView):
    """A view with the other hands, shown at a round's end."""

    showdown: tuple[Card, ...] = ()


class ShowsHandsAfterAStalemate(Toy):
    """(c) After a round ended because the stock ran out once too often (CR-9), shows each seat the
    other hands, meant to be those laid down at the round's end, but read from the next deal."""

    name = "toy-shows-hands-after-a-stalemate"
    view_type = ShowdownView

    @hookimpl
    def rummykit_view(self, state: StandardState, seat: int | None, to_act: tuple[int, ...]) -> View:
        ended = bool(state.history) and state.history[-1].rule == "CR-9" and not state.log
        others = [other for other in range(state.players) if ended and seat is not None and other != seat]
        showdown = tuple(card for other in others for card in state.hand_faces(other))
        return ShowdownView(**view_fields(state, seat, to_act), showdown=showdown)


class DeclaresAnIntermission(Toy):
    """Declares a phase its games never reach."""

    name = "toy-declares-an-intermission"

    @hookimpl
    def rummykit_variant(self) -> VariantSpec:
        return attrs.evolve(super().rummykit_variant(), name=self.name, title=self.name, phases=("intermission",))


class DeclaresNoRoundEnd(Toy):
    """Declares no way for a round to end but the turn cap (G-1)."""

    name = "toy-declares-no-round-end"

    @hookimpl
    def rummykit_variant(self) -> VariantSpec:
        return attrs.evolve(
            super().rummykit_variant(), name=self.name, title=self.name, round_ends=(), unreachable_in_tests={}
        )


class CountingBot:
    """A bot that plays the first legal action and counts its choices."""

    choices = 0

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        CountingBot.choices += 1
        return legal[0]


class OffersABot(Toy):
    """The toy with a bot of its own."""

    name = "toy-offers-a-bot"

    @hookimpl
    def rummykit_bots(self) -> dict[str, Callable[[int | None], Any]]:
        return {"counting": CountingBot}


TOYS: list[type[Toy]] = [
    SwapsNamedCards,
    ListsMeldsOneByOne,
    SplitsWrongly,
    ListsTheLowestMeldFor,
    RepresentsByAnUnlistedPlay,
    RepresentsByAnotherKindOfPlay,
    IgnoresTheCaps,
    ShufflesWithoutTheSeed,
    Toy,
    LosesACard,
    MovesWithoutSaying,
    ListsAnIllegalMove,
    MutatesBeforeRefusing,
    ShowsAnOpponentsHand,
    DeclaresAPictureItsFieldDoesNotFit,
    HidesTakingTheDiscard,
    DeclaresAnIntermission,
    DeclaresNoRoundEnd,
    OffersABot,
    CitesAnUndeclaredRule,
    KnockRummy,
    RefusesKnockPositions,
    LosesACardAfterAKnock,
    ShowsHandsAfterAStalemate,
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
    """Random actions (the same examples every run: the kit follows its seed)."""
    return check_random_actions(variant, max_examples=max_examples)


def failure(run: Callable[[], object]) -> ConformanceError:
    with pytest.raises(ConformanceError) as caught:
        run()
    return caught.value


# -- the kit catches each flaw, naming the property -------------------------------------------------------


def test_the_toy_without_a_flaw_passes_and_its_report_counts_what_its_games_reached() -> None:
    report = check_games(Toy.name, games=GAMES)
    assert report.games == GAMES and report.actions > 100 and report.rounds >= GAMES
    # every position, action and round's end of the games is counted, and in how many games
    assert report.reached["phase:over"] == report.reached_games["phase:over"] == GAMES
    actions = sum(count for target, count in report.reached.items() if target.startswith("action:"))
    ends = sum(count for target, count in report.reached.items() if target.startswith("round-end:"))
    positions = sum(count for target, count in report.reached.items() if target.startswith("phase:"))
    assert actions == report.actions and ends == report.rounds and positions == report.actions + GAMES
    assert all(report.reached_games[target] <= GAMES for target in report.reached) and report.searches == 0
    assert report.positions_checked >= GAMES * 3  # each game: its deal, a draw and a play, its end
    report = check_random_actions(Toy.name, max_examples=10)
    assert report.examples == 10 and report.accepted > 0 and sum(report.refusals.values()) > 0


GAMES: Final = 6
"""Games of a small run: enough for the kit to reach every phase, action kind and way to end a round
of the toys (the knock of the knock toys is the rarest)."""


def test_a_lost_card_fails_conservation_at_the_action_that_loses_it() -> None:
    err = failure(lambda: check_games(LosesACard.name, games=1))
    assert err.property == "conservation" and "lost" in err.detail
    assert (err.variant, err.seed, err.players) == (LosesACard.name, 0, 2)
    # the error's record replays the game to the action that loses the card
    assert err.action_index is not None and err.record is not None
    assert len(err.record.actions) == err.action_index + 1
    game = rummykit.replay(err.record, upto=err.action_index)
    assert len(game.state.card_ids()) == 52
    action = err.record.actions[err.action_index]
    game.apply(action)
    assert isinstance(action, Discard) and game.state.turn_number == 3 and len(game.state.card_ids()) == 51


def test_a_move_that_does_not_note_a_card_it_moves_fails_conservation() -> None:
    err = failure(lambda: check_games(MovesWithoutSaying.name, games=1))
    assert err.property == "conservation" and "does not report" in err.detail
    assert "discard -> hand" in err.detail  # the card it took from the discard pile, unreported
    action = err.record.actions[err.action_index] if err.record and err.action_index is not None else None
    assert isinstance(action, TakeDiscard)


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


def test_a_listing_declared_to_stand_for_plays_by_a_representative_passes_and_a_wrong_one_fails() -> None:
    # the position above: seat 1 holds three 5s and three 9s and draws the KS; the toys list one meld
    # at a time and declare the go-down of both represented by the first meld alone (Move.represent)
    dealt = ["5C", "2D", "5D", "3D", "5H", "4D", "9C", "6D", "9D", "7D"]
    dealt += ["9H", "8D", "JC", "10D", "QC", "JD", "KC", "QD", "AC", "KD"]
    top = [*dealt, "AH", "KS"]
    shoe = top + [str(card) for card in rummykit.core.cards.standard_deck() if str(card) not in top]
    both = GoDown(seat=1, melds=["5C 5D 5H", "9C 9D 9H"])
    games = {}
    for toy in (ListsTheLowestMeldFor, RepresentsByAnUnlistedPlay, RepresentsByAnotherKindOfPlay):
        games[toy] = rummykit.new_game(toy.name, players=2, dealer=0, shoe=shoe)
        games[toy].apply(rummykit.Draw(seat=1))
        assert both not in games[toy].legal_actions(1)
    assert check_action(games[ListsTheLowestMeldFor], both) is None  # accepted, and represented
    err = failure(lambda: check_action(games[RepresentsByAnUnlistedPlay], both))
    assert err.property == "completeness" and "is not listed" in err.detail and "representative" in err.detail
    err = failure(lambda: check_action(games[RepresentsByAnotherKindOfPlay], both))
    assert err.property == "completeness" and "another kind of play" in err.detail


def test_a_refusal_citing_an_undeclared_rule_fails_refusal() -> None:
    err = failure(lambda: find_flaw(CitesAnUndeclaredRule.name, max_examples=30))
    assert err.property == "refusal" and "'XX-1'" in err.detail


# -- flaws in rare places: the kit drives its games there -------------------------------------------------
# Each of these passed the kit as it was (commit 2c165da: its bot never knocked, nor ended a round by
# CR-9, in these games, and it reloaded one position a game, from the middle of it).


def test_a_position_check_refusing_the_knock_phase_fails_records() -> None:
    # (a) positions after a knock cannot be saved and loaded: only the knock phase's are refused
    err = failure(lambda: check_games(RefusesKnockPositions.name, games=GAMES))
    assert err.property == "records" and "a position in phase knock does not dump and load" in err.detail
    assert "extra.melds_this_turn: melds are laid down only after the draw" in err.detail
    assert err.record is not None and err.action_index == len(err.record.actions)
    game = rummykit.replay(err.record)
    assert game.state.phase == KNOCK and isinstance(err.record.actions[-1], Knock)
    with pytest.raises(rummykit.InvalidPositionError, match="melds are laid down only after the draw"):
        load_position(dump_position(game))


def test_a_card_lost_only_after_a_knock_fails_conservation() -> None:
    # (b) the knocker's discard loses the bottom card of the stock
    err = failure(lambda: check_games(LosesACardAfterAKnock.name, games=GAMES))
    assert err.property == "conservation" and "cards lost" in err.detail
    assert err.record is not None and err.action_index is not None
    game = rummykit.replay(err.record, upto=err.action_index)
    assert game.state.phase == KNOCK and len(game.state.card_ids()) == 52
    game.apply(err.record.actions[err.action_index])
    assert game.state.phase == LAY_OFF and len(game.state.card_ids()) == 51


def test_a_view_showing_hands_only_after_a_stalemate_fails_views() -> None:
    # (c) the leak shows at the first position after a round that ended by CR-9, and nowhere else
    err = failure(lambda: check_games(ShowsHandsAfterAStalemate.name, games=GAMES))
    assert err.property == "views" and "the view's showdown shows" in err.detail
    assert err.record is not None
    game = rummykit.replay(err.record)
    assert game.history[-1].rule == "CR-9" and not game.state.log


def test_the_knock_toy_without_a_flaw_passes_its_games_reach_the_knock_and_check_every_phase_they_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rummykit.testing import checks  # noqa: PLC0415 (the module whose check is watched)

    round_trips = checks._check_round_trips
    checked: set[tuple[int | None, str]] = set()

    def watched(game: rummykit.Game, index: int) -> None:
        checked.add((game.state.config.seed, str(game.state.phase)))
        round_trips(game, index)

    monkeypatch.setattr(checks, "_check_round_trips", watched)
    report = check_games(KnockRummy.name, games=GAMES)
    assert report.targets == (
        "phase:draw",
        "phase:play",
        "phase:knock",
        "phase:lay-off",
        "phase:over",
        "action:draw",
        "action:take-discard",
        "action:go-down",
        "action:lay-off",
        "action:discard",
        "action:knock",
        "action:accept-knock",
        "round-end:G-1",
        "round-end:CR-8",
        "round-end:CR-9",
        "round-end:CR-C2",
        "round-end:TK-2",
    )
    for target in ("phase:knock", "phase:lay-off", "action:knock", "action:accept-knock", "round-end:TK-2"):
        assert report.reached[target] >= 1 and report.reached_games[target] >= 1, target
    # every phase a game reached was saved and loaded (JSON and notation), and checked, in that game
    for target, games in report.reached_games.items():
        if target.startswith("phase:"):
            phase = target.removeprefix("phase:")
            assert len({seed for seed, checked_phase in checked if checked_phase == phase}) == games, target
    check_random_actions(KnockRummy.name, max_examples=10, max_steps=100)


@pytest.mark.slow  # the budget's searches and steered games toward a phase no game reaches: 15 s and more
def test_a_phase_never_reached_fails_coverage_after_the_budget_of_searches() -> None:
    err = failure(lambda: check_games(DeclaresAnIntermission.name, games=GAMES, budget=5))
    # the games, then the budget of searches and steered games toward it, never reached it
    assert err.property == "coverage" and err.detail.startswith(f"{GAMES + 3} games (and 80 scouting games")
    assert "never reached phase:intermission:" in err.detail
    assert err.reproduce == (
        "from rummykit.testing import check_games; check_games('toy-declares-an-intermission', games=6, budget=5)"
    )
    assert "unreachable" in err.detail and err.variant == DeclaresAnIntermission.name


def test_a_phase_declared_unreachable_needs_a_reason_and_is_reported_with_it() -> None:
    reason = "no rule of the toy ever starts an intermission"
    report = check_games(DeclaresAnIntermission.name, games=GAMES, unreachable={"phase:intermission": reason})
    assert report.unreachable["phase:intermission"] == reason and "phase:intermission" not in report.reached
    assert f"phase:intermission: never (declared unreachable in tests: {reason})" in report.coverage_lines()
    with pytest.raises(ValueError, match="'phase:recess' is declared unreachable, but it is no target"):
        check_games(DeclaresAnIntermission.name, games=1, unreachable={"phase:recess": reason})
    with pytest.raises(ValueError, match="without a reason"):
        check_games(DeclaresAnIntermission.name, games=1, unreachable={"phase:intermission": " "})


def test_a_round_ending_by_a_rule_not_declared_is_accepted_with_a_deprecation_warning_once_a_rule() -> None:
    # 0.1 plug-ins declare no VariantSpec.round_ends: their rounds' ends are counted and warned about, not failed
    with pytest.warns(DeprecationWarning, match="not declared among the ways a round ends") as warned:
        report = check_games(DeclaresNoRoundEnd.name, games=GAMES)
    texts = [str(warning.message) for warning in warned if "not declared among" in str(warning.message)]
    assert "round-end:CR-8" in report.undeclared and set(report.undeclared) <= {"round-end:CR-8", "round-end:CR-9"}
    assert len(texts) == len(report.undeclared), texts  # once a rule, however often it ends a round
    assert all("declare it in VariantSpec.round_ends" in text and "rummykit 0.3" in text for text in texts)
    assert any("ended by CR-8, which is not declared among the ways a round ends (G-1)" in text for text in texts)
    assert report.reached["round-end:CR-8"] == report.undeclared["round-end:CR-8"] > 0
    assert "round-end:CR-8" not in report.targets
    assert (
        "round-end:CR-8",
        f"{report.undeclared['round-end:CR-8']:,}",
        "",
        "not declared (VariantSpec.round_ends): deprecated",
    ) in report.rows()


def test_the_variants_bots_are_mixed_in_and_an_unknown_bot_is_refused() -> None:
    CountingBot.choices = 0
    report = check_games(OffersABot.name, games=GAMES, bots=["counting"])
    assert CountingBot.choices > 0 and report.games >= GAMES
    # by default, every bot of the variant but "random" is mixed in
    CountingBot.choices = 0
    report = check_games(OffersABot.name, games=2, budget=0, unreachable={"round-end:CR-9": "2 games are too few"})
    assert CountingBot.choices > 0 and report.games == 2
    with pytest.raises(rummykit.UnknownBotError, match="no bot 'clever'"):
        check_games(OffersABot.name, games=2, bots=["clever"])


def test_a_start_position_is_played_to_the_end_of_its_round() -> None:
    game = rummykit.new_game(Toy.name, 3, seed=11, options={"max_rounds": 2})
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    report = check_games(Toy.name, games=GAMES, positions=[position_text(game), game])
    assert report.games == GAMES + 2
    other = rummykit.new_game("rummy", 2, seed=1)
    with pytest.raises(ValueError, match="a start position of rummy cannot be played in a check of toy-rummy"):
        check_games(Toy.name, games=1, positions=[other])
    with pytest.raises(ValueError, match="of toy-rummy cannot be played in a check of toy-rummy \\+ jokers"):
        check_games(Toy.name, house_rules=["jokers"], games=1, positions=[game])


class SuddenEnd:
    """A house rule declaring a way for a round to end of its own."""

    @hookimpl
    def rummykit_house_rule(self) -> HouseRuleSpec:
        return HouseRuleSpec(
            name="toy-sudden-end",
            applies_to=frozenset({"rummy"}),
            rules=(RuleText("SE-1", "Sudden end", "A round may end at once."),),
            round_ends=("SE-1",),
        )


def test_a_house_rules_way_to_end_a_round_is_a_target_of_its_stacks_only() -> None:
    register_house_rule("toy-sudden-end", SuddenEnd())
    try:
        assert coverage_targets("rummy", ["toy-sudden-end"])[-1] == "round-end:SE-1"
        assert "round-end:SE-1" not in coverage_targets("rummy")
    finally:
        unregister_house_rule("toy-sudden-end")


def test_the_kits_players_keep_to_their_seats_and_moods() -> None:
    assert seat_players(0, 4, ["heuristic"]) == [None] * 4  # even games: the kit's random player only
    assert seat_players(1, 4, ["heuristic"]) == ["heuristic", None, "heuristic", None]
    assert seat_players(3, 4, ["heuristic"]) == [None, "heuristic", None, "heuristic"]
    assert seat_players(1, 3, ["heuristic", "random"]) == ["heuristic", "random", None]
    legal: list[Action] = [GoDown(seat=0, melds=["5C 5D 5H"]), Discard(seat=0, card="9C")]
    assert patient_choice(legal, 4, random.Random(0)) == Discard(seat=0, card="9C")  # keeps 3 cards


# -- the pytest form ---------------------------------------------------------------------------------------


class TestToyConformance(VariantConformance):
    """The pytest form on the toy without a flaw (a variant author's test module looks like this)."""

    variant = Toy.name
    bots = ("heuristic",)
    games = GAMES
    max_examples = 10
    max_steps = 100


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
    game = rummykit.new_game("rummy", 2, seed=4)
    game.apply(game.legal_actions()[0])
    with_record = pickle.loads(pickle.dumps(ConformanceError("views", "seat 1 sees 5H", record=game.record)))
    assert with_record.record == game.record
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
        "coverage",
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
    rng = random.Random(1)
    for _ in range(100):
        for cls in game.spec.actions:
            action = random_action(game, rng, cls)
            assert isinstance(action, cls)
            kinds.add(action.kind)
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
    assert result.stdout.strip() == "9"


def test_an_action_may_show_its_actors_cards_but_not_a_card_nobody_saw() -> None:
    five, nine, king = card_id(Card.parse("5H")), card_id(Card.parse("9C")), card_id(Card.parse("KS"))
    seen = _Seen(frozenset({king}))
    # seat 1 shows the 5H it holds (and keeps): known from now on
    seen.follow(Discard(seat=1, card="5H"), frozenset({king}), shown_from=[five])
    assert seen.hidden == [] and five in seen.ever
    # an action naming 9C, which nobody saw and its actor did not hold: no view may show it
    seen.follow(Discard(seat=1, card="9C"), frozenset({king}), shown_from=[five])
    assert seen.hidden == [1] and nine not in seen.ever


# -- the same run for the same seed, a report people read, the pytest option ------------------------------

RUN_IN_A_PROCESS: Final = (
    "import json, sys, attrs\n"
    "from rummykit.testing import ConformanceError, check_variant\n"
    "try:\n"
    "    small = {'round-end:GIN-7': 'a small run', 'round-end:GIN-8': 'a small run'}\n"
    "    report = check_variant('gin-rummy', games=3, max_examples=8, budget=8, seed={seed}, unreachable=small)\n"
    "    print(json.dumps(attrs.asdict(report), sort_keys=True))\n"
    "except ConformanceError as err:\n"
    "    print(err)\n"
    "assert 'hypothesis' not in sys.modules, 'the kit runs without hypothesis, whatever its example database'\n"
)


def _run_in_a_process(seed: int, hash_seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    result = subprocess.run(
        [sys.executable, "-c", RUN_IN_A_PROCESS.replace("{seed}", str(seed))],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.slow  # four new processes: seconds; the quick suite has the seed's test in this process
def test_the_same_seed_gives_the_same_games_positions_and_report_in_every_process() -> None:
    # two processes whose hashes of strings differ (set orders differ), as two machines' runs would
    first, second = _run_in_a_process(5, hash_seed=1), _run_in_a_process(5, hash_seed=2)
    assert first == second and '"games": ' in first
    assert _run_in_a_process(6, hash_seed=1) != first  # the seed does choose the run


def test_the_random_actions_follow_the_seed_alone() -> None:
    runs = [check_random_actions("rummy", max_examples=6, seed=seed) for seed in (3, 3, 4)]
    assert runs[0] == runs[1] and runs[0].examples == 6 and runs[0].accepted + sum(runs[0].refusals.values()) > 20
    assert runs[2] != runs[0]
    with pytest.warns(DeprecationWarning, match="derandomize and shrink are deprecated"):
        check_random_actions("rummy", max_examples=1, derandomize=True)


def test_a_failure_names_the_call_that_makes_its_run_again() -> None:
    err = failure(lambda: check_games(LosesACard.name, games=1, seed=4))
    assert err.reproduce == "from rummykit.testing import check_games; check_games('toy-loses-a-card', games=1, seed=4)"
    assert str(err).endswith(f"\nreproduce: {err.reproduce}")
    namespace: dict[str, Any] = {}
    with pytest.raises(ConformanceError) as again:
        exec(err.reproduce, namespace)
    assert str(again.value) == str(err)
    err = failure(lambda: check_variant(LosesACard.name, games=1, max_examples=3))
    assert err.reproduce is not None and "check_games('toy-loses-a-card', games=1, max_examples" not in err.reproduce
    assert err.reproduce.startswith("from rummykit.testing import check_games; check_games('toy-loses-a-card'")
    assert pickle.loads(pickle.dumps(err)).reproduce == err.reproduce


def test_the_report_says_how_each_target_was_first_reached_in_a_table_of_80_columns() -> None:
    report = check_games(Toy.name, games=GAMES)
    assert set(report.how) == {target for target in report.targets if report.reached.get(target)}
    assert report.how["phase:draw"] == "game 1 from the deal"
    assert all(how.startswith(("game ", "search ", "steered game ")) for how in report.how.values())
    table = report.table()
    assert all(len(line) <= 80 for line in table.splitlines()), table
    for target in report.targets:
        assert target in table
    assert f"seed 0: {report.games} games" in table and "first reached by" in table


def test_a_steered_game_sets_the_options_of_an_unreached_ending_at_their_extremes() -> None:
    # CR-9 (the stock runs out once too often) is rare in 2 games; a game with stock_rebuilds=0 ends so
    report = check_games("rummy", games=1, budget=40, seed=3)
    assert report.reached["round-end:CR-9"] > 0
    assert "stock_rebuilds=0" in report.how["round-end:CR-9"] or report.how["round-end:CR-9"].startswith("game")


class SeedRecorded(VariantConformance):
    """The pytest form, recording the seed each test follows instead of checking."""

    variant = Toy.name
    seen: ClassVar[list[int]] = []

    def check_games(self, house_rules: Sequence[str]) -> Any:
        self.seen.append(self.the_seed)


@pytest.mark.slow  # a pytest of its own in a subprocess: 4 s
def test_the_pytest_plugin_takes_the_seed_as_an_option(tmp_path: Any) -> None:
    module = tmp_path / "test_seeded.py"
    module.write_text(
        "from rummykit.testing.pytest_plugin import VariantConformance\n"
        "SEEN = []\n"
        "class TestRummy(VariantConformance):\n"
        "    variant = 'rummy'\n"
        "    def check_games(self, house_rules):\n"
        "        SEEN.append(self.the_seed)\n"
        "    def test_random_actions(self, house_rules):\n"
        "        SEEN.append(self.the_seed)\n"
        "def test_zz_seen():\n"
        "    print('SEEN', SEEN)\n"
    )
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    for option, seen in (([], "[0, 0]"), (["--rummykit-seed", "7"], "[7, 7]")):
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-p",
                "no:cacheprovider",
                "-p",
                "no:xdist",
                "-s",
                "-q",
                str(module),
                *option,
            ],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"SEEN {seen}" in result.stdout
    SeedRecorded().test_seeded_games(())  # outside pytest, the class's own seed
    assert SeedRecorded.seen == [0]


def test_what_a_play_leaves_tells_where_a_wild_card_stands_in_a_run() -> None:
    """A play and its parts must leave the same position: a joker laid at the low end of 5H 6H (standing
    for the 4, CR-24: the jokers house rule) leaves another run than one laid at the high end (the 7),
    though the cards are the same. Before, the kit compared the cards only."""

    def with_run(run: str) -> rummykit.Game:
        return rummykit.build_position(
            "rummy", 2, house_rules=["jokers"], hands=["2C 3D 9S", None], table=[(0, run)], turn=0, phase="play"
        )

    from rummykit.testing import checks  # noqa: PLC0415 (the module whose private comparison is asked)

    low, high = with_run("JK 5H 6H"), with_run("5H 6H JK")
    assert [str(m.meld) for m in low.state.table] == ["JK(4) 5H 6H"]
    assert [str(m.meld) for m in high.state.table] == ["5H 6H JK(7)"]
    assert checks._outcome(low) != checks._outcome(high)
    assert checks._outcome(low) == checks._outcome(with_run("JK 5H 6H"))
