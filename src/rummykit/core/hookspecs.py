"""The variant contract: every hook a variant or house rule may implement.

Hooks are grouped by when they are called. The ones under *Compiling* are called once per
configuration (variant, players, options, house rules), when its first game is created: pluggy does
its work then, and every game of the configuration shares the result. The others are called at
decision points (a round dealt, scored, a view asked for), never per card.

``firstresult`` hooks stop at the first implementation that returns something other than ``None``.
The core offers a neutral default for some of them, used only where no plug-in of the configuration
implements the hook; the variant's answer comes next, and house rules registered after the variant
override it (or, with ``wrapper=True``, adjust its answer). A hook that is not ``firstresult`` calls
every implementation.

Most variants derive their plug-in from
[`rummykit.standard.StandardRummy`][rummykit.standard.plugin.StandardRummy], which implements every hook
from its rules' data, and override only what their rules change. Implement hooks with
[`rummykit.hookimpl`][rummykit.hookimpl]::

    import rummykit
    from rummykit.standard import StandardRummy

    class MyRummy(StandardRummy):
        spec = rummykit.VariantSpec(
            name="my-rummy", title="My Rummy", min_players=2, max_players=4
        )

        @rummykit.hookimpl
        def rummykit_setup(self, config):
            ...  # the game's StandardRules, from config.players and config.options

A variant must implement ``rummykit_variant``, ``rummykit_setup``, ``rummykit_moves``,
``rummykit_start_round`` and ``rummykit_score_round`` ([`StandardRummy`][rummykit.standard.plugin.StandardRummy]
implements them all); the others have defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from rummykit.core.actions import Action
    from rummykit.core.bots import Bot
    from rummykit.core.cards import Card, CardId
    from rummykit.core.melds import Meld
    from rummykit.core.moves import Move
    from rummykit.core.shoe import Randomness
    from rummykit.core.specs import GameSettings, HouseRuleSpec, Ruleset, VariantSpec
    from rummykit.core.state import GameState, SeatScore
    from rummykit.core.views import View

__all__ = ["PROJECT", "hookimpl", "hookspec"]

PROJECT = "rummykit"
"""The pluggy project name."""
hookspec = pluggy.HookspecMarker(PROJECT)
"""Marks the hook specifications below (rummykit's own; plug-ins use [`hookimpl`][rummykit.core.hookspecs.hookimpl])."""
hookimpl = pluggy.HookimplMarker(PROJECT)
"""Marks a function or method as a rummykit hook implementation: ``@hookimpl``, or
``@hookimpl(wrapper=True)``, ``@hookimpl(trylast=True)`` and the other options of
`pluggy.HookimplMarker`. Also exported as ``rummykit.hookimpl``."""


# -- Declaring: what a plug-in is (called when variants are listed and games created) --------------


@hookspec(firstresult=True)
def rummykit_variant() -> VariantSpec:  # type: ignore[empty-body]
    """Declare a variant: its name, players, rules, options and action types.

    Implemented by every variant plug-in, and only by variants. The name must equal the plug-in's
    entry-point name in the ``rummykit.variants`` group.

    firstresult: the variant's answer is the one used.
    """


@hookspec(firstresult=True)
def rummykit_house_rule() -> HouseRuleSpec:  # type: ignore[empty-body]
    """Declare a house rule: its name, the variants it applies to, its rules and options.

    Implemented by every house-rule plug-in (entry-point group ``rummykit.house_rules``), and only
    by them.

    firstresult.
    """


# -- Compiling: once per configuration ------------------------------------------------------------


@hookspec(firstresult=True)
def rummykit_setup(config: GameSettings) -> Ruleset:  # type: ignore[empty-body]
    """The rules of a configuration, as data.

    Args:
        config: the variant, player count, every option's validated value and the house rules
            (its ``seed`` is ``None``: every game of the configuration shares the rules, whatever
            its seed).

    Returns:
        The configuration's [`Ruleset`][rummykit.core.specs.Ruleset] (a standard rummy's
        [`StandardRules`][rummykit.standard.rules.StandardRules]): the shoe, the deal, the meld rules, contracts,
        points. Game code reads it as ``state.rules``; it may hold caches that depend on the
        rules alone (a contract solver), since it is shared by every game of the configuration.

    firstresult. A house rule that changes data (adds jokers, makes the ace low only) implements
    this hook with ``wrapper=True``, takes the variant's rules from ``yield`` and returns an
    ``attrs.evolve``-d copy.
    """


@hookspec(firstresult=True)
def rummykit_moves(rules: Ruleset) -> Mapping[type[Action], Move[Any, Any]]:  # type: ignore[empty-body]
    """The moves of a configuration: for each action type the variant accepts, the
    [`Move`][rummykit.core.moves.Move] that checks it, lists it and carries it out, built for ``rules``.

    Returns:
        Moves by action type, in the order ``legal_actions`` lists their actions.

    firstresult. A variant adds its own moves (RailRoad Rummy's claims) to the standard rummy's
    ([`rummykit.standard.standard_moves`][rummykit.standard.plugin.standard_moves]); a house rule that
    forbids some plays implements this hook with ``wrapper=True`` and wraps one move
    ([`rummykit.core.moves.restrict`][rummykit.core.moves.restrict]).
    """


@hookspec
def rummykit_start_game(state: GameState) -> None:
    """Prepare a new game's state before the first round (each seat's HMGs for the whole game).
    ``state.dealer`` already holds the first dealer.

    Every implementation is called (variant first, then house rules). Returns nothing.
    """


# -- Rounds ------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def rummykit_start_round(state: GameState, shoe: list[CardId], rng: Randomness) -> bool:  # type: ignore[empty-body]
    """Deal a round.

    Called with ``state.round`` and ``state.dealer`` already set, the table empty, and ``shoe``
    holding every card id of the round's shoe (``state.rules.shoe``) in draw order, shuffled (or
    stacked by the caller): ``shoe[0]`` is the first card to come off. The variant builds its
    piles (``state.piles``), deals ``state.hands``, and sets ``state.turn`` and ``state.phase``.

    Returns:
        ``True`` once dealt. firstresult; a variant that adds to the standard deal (Railroad
        Canasta places red 3s) implements it with ``wrapper=True``.
    """


@hookspec(firstresult=True)
def rummykit_score_round(state: GameState) -> Sequence[int | SeatScore]:  # type: ignore[empty-body]
    """Score the round that has just ended (``state.round_end`` says who went out, if anyone).

    Returns:
        Each seat's score for the round: a number, or a [`SeatScore`][rummykit.core.state.SeatScore]
        that gives it line by line, each line with its rule (and the seat's deadwood); the engine
        adds them to ``state.totals`` and records a [`RoundResult`][rummykit.core.state.RoundResult]
        whose `seats` say, for each seat, its melds, lay-offs, cards left and score's lines (a
        number is one line, citing the rule that ended the round). firstresult.
    """


@hookspec(firstresult=True)
def rummykit_game_over(state: GameState) -> bool:  # type: ignore[empty-body]
    """After a round has been scored: has the game ended by the variant's rules?

    The engine itself ends the game when the option ``max_rounds`` is reached (G-3), or G-C1.

    Returns:
        ``True`` or ``False``. firstresult; the core's default answers ``False``.
    """


@hookspec(firstresult=True)
def rummykit_winners(state: GameState) -> tuple[int, ...]:  # type: ignore[empty-body]
    """The winning seats of a game that is over.

    Returns:
        The seats that won, in seat order. firstresult; the core's default takes the best total
        (lowest if ``state.rules.low_score_wins``), ties sharing the win.
    """


# -- Turns ---------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def rummykit_to_act(state: GameState) -> tuple[int, ...]:  # type: ignore[empty-body]
    """The seats that may act now (several during a claim window), in turn order.

    Returns:
        A tuple of seats; empty once the game is over. firstresult; the core's default is
        ``(state.turn,)`` until the game is over.
    """


@hookspec(firstresult=True)
def rummykit_check_turn(state: GameState, action: Action, move: Move[Any, Any]) -> bool | None:
    """The phase gate: may ``action``'s seat play ``move`` now, on its turn and in this phase?

    The engine asks it once an action, after ``move``'s own conditions
    ([`Move.check_condition`][rummykit.core.moves.Move.check_condition], cited whoever's turn it is, G-7)
    and before ``move``'s [`check`][rummykit.core.moves.Move.check], for every move played on a turn
    ([`Move.on_turn`][rummykit.core.moves.Move.on_turn]); so no move checks the turn or the phase itself.
    Raise [`IllegalActionError`][rummykit.core.errors.IllegalActionError] citing the rule that says whose turn
    or which phase it is; return ``True`` to let the action through to its move.

    Returns:
        ``True``, or raises. firstresult; the core's default refuses any seat but the turn player's
        (``state.turn``) citing G-2.
        [`StandardRummy`][rummykit.standard.plugin.StandardRummy] answers from its rules' turns
        (`StandardRules.check_turn` and `Turns.phase_rules`).
    """


@hookspec
def rummykit_check_position(state: GameState) -> None:
    """Check a position ([`Game.from_state`][rummykit.core.engine.Game.from_state]: a position read from
    a document, built by hand, or reset by an RL environment) for what only the variant knows: hand
    sizes for the phase, its piles, valid melds on the table, its own state.

    The core has already checked the card accounting (every card of the shoe exactly once), seats,
    phases and counts. Raise [`InvalidPositionError`][rummykit.core.errors.InvalidPositionError] naming the field path
    (``"hands[2]"``, ``"extra.hmg[1]"``) to refuse the position. Every implementation is called.
    """


@hookspec
def rummykit_check_view(view: View, rules: Ruleset) -> None:
    """Check a view loaded from data
    ([`rummykit.documents.serialize.load_view`][rummykit.documents.serialize.load_view]) for what only the
    variant knows: its own fields against ``rules`` and the view's round (a RailRoad Rummy view's
    hand size and contract), within the ranges its rules allow.

    The core has already checked the common fields: seats, phase, round and turn numbers, one
    count per seat, no negative count, no more cards than the shoe holds, and the seat's own
    cards. Raise [`InvalidPositionError`][rummykit.core.errors.InvalidPositionError] naming the field (``"hand_size"``)
    to refuse the view. Every implementation is called; a variant with nothing of its own to check
    implements nothing.
    """


@hookspec(firstresult=True)
def rummykit_read_meld(rules: Ruleset, cards: tuple[Card, ...]) -> Meld:  # type: ignore[empty-body]
    """``cards`` read as a meld laid down on the table under ``rules``: its kind and the rank each card
    stands for (G-5), for a position written by hand
    ([`rummykit.documents.builder.build_position`][rummykit.documents.builder.build_position], the position notation).

    Raise [`IllegalActionError`][rummykit.core.errors.IllegalActionError] citing the rule the cards break.
    firstresult; the core's default reads a set or a run under ``rules.melds`` (a
    [`MeldRules`][rummykit.core.melds.MeldRules], as the standard rummy's rules have) with
    [`read_meld`][rummykit.core.melds.read_meld].
    """


@hookspec
def rummykit_arrange_position(state: GameState, melded: frozenset[int], given: frozenset[str]) -> None:
    """Complete a position built from what a person knows
    ([`rummykit.documents.builder.build_position`][rummykit.documents.builder.build_position]): the cards are placed and
    the round, turn and phase set; set what the variant's rules derive from them, such as who has
    melded (the seats of ``melded``: the owners of the table's melds, or as given) or a frozen
    discard pile, leaving alone the fields of the variant's state named in ``given`` (the caller
    set them). Every implementation is called; the position is then checked
    (``rummykit_check_position``).
    """


# -- Information -----------------------------------------------------------------------------


@hookspec(firstresult=True)
def rummykit_view(state: GameState, seat: int | None, to_act: tuple[int, ...]) -> View:  # type: ignore[empty-body]
    """What ``seat`` may see (``None``: a spectator): its own hand and everything public, and
    nothing hidden from it.

    Returns:
        A [`View`][rummykit.core.views.View] (or the variant's subclass, whose own fields declare how
        they are shown: [`shown`][rummykit.core.views.shown]). firstresult; the core's default is a
        plain [`View`][rummykit.core.views.View].
    """


@hookspec
def rummykit_face_up_cards(state: GameState, seat: int | None) -> Iterable[CardId]:  # type: ignore[empty-body]
    """The cards ``seat`` (``None``: a spectator) may see now beyond what every variant shows: its
    own hand and seat piles, the melds on the table, the top card of the ``discard`` pile, the card
    taken from it this turn, and the seat piles the variant declares public
    (`public_seat_piles`). Every other card (other hands, every
    other pile, other seats' private piles) is hidden from the seat unless an implementation lists
    it here: a shared pile that lies face up, the cards under the top discard where they are spread.

    The engine never calls it: it is the variant's declaration of what its views may show, read by
    the conformance kit (`rummykit.testing`) and by tools that reason about hidden cards.

    Returns:
        Card ids. Every implementation is called and the answers merged; a variant that shows
        nothing beyond the common zones need not implement it.
    """


# -- Players ---------------------------------------------------------------------------------


@hookspec
def rummykit_bots() -> Mapping[str, Callable[[int | None], Bot]]:  # type: ignore[empty-body]
    """The bots a plug-in offers, by name: each a factory taking a seed (``None``: unseeded) and
    returning a [`Bot`][rummykit.core.bots.Bot].

    Every implementation is called and the answers merged, the variant's names winning over the
    core's (which offers ``random``).
    """


@hookspec(firstresult=True)
def rummykit_parse_move(seat: int, words: list[str]) -> Action | None:
    """Read a typed move of the variant's own (``claim``, ``hmg``, ``pass`` in RailRoad Rummy) for
    ``rummykit play``.

    Args:
        seat: the seat typing.
        words: the move split into lower-case words.

    Returns:
        The action, or ``None`` if the words are not a move of this plug-in (the common moves
        ``draw``, ``take``, ``down``, ``lay``, ``discard`` are read by the core). firstresult.
    """


@hookspec
def rummykit_move_help(rules: Ruleset) -> Sequence[tuple[str, str]]:  # type: ignore[empty-body]
    """How to type the plug-in's own moves in ``rummykit play``, for its ``help``: the words
    [`rummykit_parse_move`][rummykit.core.hookspecs.rummykit_parse_move] reads, beside it in the same plug-in.

    Args:
        rules: the configuration's rules, so that a move only some tables have (an option, a house
            rule) is explained only at those.

    Returns:
        Pairs of what to type and what it does, in the order to show them: ``("knock 9C", "knock,
        discarding 9C ...")``; a play of two moves in a row is written with ``then`` (``"take, then
        knock 9C"``). Every implementation is called; the help shows the variant's pairs, then each
        house rule's. Where no plug-in of the configuration gives any, ``rummykit play`` shows the
        words its own action types' kinds and fields read as.
    """
