"""Moves: each kind of action's check, listing and effect, in one place.

A [`Move`][rummykit.core.moves.Move] answers for one action type (``Draw``, ``GoDown``, a variant's
``Claim``): ``check`` raises [`IllegalActionError`][rummykit.core.errors.IllegalActionError] naming the
rule, or returns the action as it will be carried out (the same cards, G-6); ``legal`` lists the
seat's legal actions of that type; and ``perform`` carries out a checked action (and notes the cards
it moves: [`GameState.note_moved`][rummykit.core.state.GameState.note_moved]). Because all three
live side by side, checking and listing cannot drift apart. A variant's moves are built once per
configuration, bound to its rules (``rummykit_moves``), and the engine dispatches on the action's
type.

A house rule that forbids some plays wraps one move with [`restrict`][rummykit.core.moves.restrict]:

Examples:
    >>> import rummykit
    >>> from rummykit import GoDown, IllegalActionError
    >>> def no_long_melds(state, action):
    ...     if any(len(meld) > 3 for meld in action.melds):
    ...         raise IllegalActionError("XX-1", "melds of 3 cards only at this table")
    >>> game = rummykit.new_game("rummy", players=2, seed=1)
    >>> move = restrict(game.configuration.moves[GoDown], no_long_melds)
    >>> move.action_type.__name__
    'GoDown'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rummykit.core.actions import Action
from rummykit.core.errors import IllegalActionError

if TYPE_CHECKING:
    from rummykit.core.shoe import Randomness
    from rummykit.core.state import GameState

__all__ = ["Move", "Restricted", "restrict"]

S = TypeVar("S", bound="GameState")
A = TypeVar("A", bound=Action)


class Move(Generic[S, A]):
    """One kind of action: its check, its listing and its effect.

    Subclasses set [`action_type`][rummykit.core.actions.Action] and [`phases`][rummykit.core.moves.Move.phases]
    and implement [`check`][rummykit.core.moves.Move.check], [`legal`][rummykit.core.moves.Move.legal] and
    [`perform`][rummykit.core.moves.Move.perform]; a move that stands for plays listed in parts implements
    [`split`][rummykit.core.moves.Move.split] too. A move is built once per configuration and shared by its
    games: it keeps no game state of its own (what it needs to remember goes in the game's state).
    """

    action_type: type[Action] = Action
    """The action type this move answers for."""
    phases: frozenset[str] = frozenset()
    """The phases in which the move may be legal: [`legal`][rummykit.core.moves.Move.legal] is asked only then."""
    on_turn: bool | None = None
    """Whether the move is played on its seat's turn, in its ``phases``. ``True``: the engine's phase gate
    (the hook ``rummykit_check_turn``) checks the turn and the phase before
    [`check`][rummykit.core.moves.Move.check], which then checks neither; every move of `rummykit.standard`
    says so. ``False``: the move's ``check`` says who may play it and when, as for a claim on another seat's
    discard, or a move whose every refusal, the turn's too, cites a rule of its own. ``None`` (not
    declared, as in a move written for rummykit 0.1): gated as ``True``, except that an action the gate
    refuses from a seat among those to act (``rummykit_to_act``) still goes to the move's ``check``, as
    before the gate, with a ``DeprecationWarning`` when ``check`` accepts it; rummykit 0.3 gates it as
    ``True``."""

    def check_condition(self, state: S, action: A) -> None:
        """The seat's own conditions for the action, refused citing their rule whoever's turn it is (G-7: a
        lay-off before the seat has melded, a second go-down): the engine checks them first, before the
        turn and the phase ([`on_turn`][rummykit.core.moves.Move.on_turn]) and
        [`check`][rummykit.core.moves.Move.check]. The default checks nothing.

        Raises:
            IllegalActionError: citing the condition's rule.
        """

    def check(self, state: S, action: A) -> A:
        """Check ``action`` against every rule without changing anything, and return it as it will
        be carried out and recorded (the same cards, G-6; at most in an order of their own).

        Raises:
            IllegalActionError: citing the most specific rule that forbids it (G-7).
            InvalidActionError: the action is malformed for this game.
        """
        raise NotImplementedError

    def legal(self, state: S, seat: int) -> Iterable[A]:
        """Every legal action of this type for ``seat`` now, in the form
        [`check`][rummykit.core.moves.Move.check] returns, each once; a variant may list one representative of
        plays its rules treat alike (G-6)."""
        return ()

    def perform(self, state: S, action: A, rng: Randomness) -> None:
        """Carry out an action [`check`][rummykit.core.moves.Move.check] returned: move cards (noting each
        with [`state.note_moved`][rummykit.core.state.GameState.note_moved], which
        [`Applied.moved`][rummykit.core.applied.Applied.moved] reports), advance the phase and the turn,
        and set ``state.round_end`` when the round ends."""
        raise NotImplementedError

    def split(self, state: S, action: A) -> Sequence[Action] | None:
        """The parts in which [`legal`][rummykit.core.moves.Move.legal] lists an accepted play it does not
        list whole, or ``None`` (the play is listed whole, or with suits set aside where
        `listing_ignores_suits`).

        A listing may stay short by listing one representative of plays the rules treat alike
        (G-6): Railroad Canasta lists an initial meld in its least forms, and a larger one is its
        least form followed by the rest, meld by meld and card by card. The engine never calls it:
        it is the variant's declaration of what its listing stands for, checked by the conformance
        kit (`rummykit.testing`): every part is listed in turn, and the parts, played one after
        another, leave the position the whole play leaves.

        Returns:
            The parts, in the order they are played, naming exactly the play's cards (meld numbers
            as they will be when each part comes).
        """
        return None

    def represent(self, state: S, action: A) -> Action | None:
        """The listed play that stands for an accepted play [`legal`][rummykit.core.moves.Move.legal]
        does not list, or ``None`` (the play is listed whole, with suits set aside, or in parts:
        [`split`][rummykit.core.moves.Move.split]).

        A listing may stay short by listing one representative of plays the rules treat alike
        (G-6): RailRoad Rummy lists one go-down for each choice of its melds' ranks, the one with the
        fewest wild cards, and Railroad Canasta one least form of an initial meld for each. Like
        ``split``, the engine never calls it: it is the variant's declaration of what its listing
        stands for, checked by the conformance kit (`rummykit.testing`): the play it names is listed,
        and the accepted play and its representative are of one type, by one seat.
        """
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} for {self.action_type.__name__}>"


class Restricted(Move[S, A]):
    """A move with one more restriction: ``refuse(state, action)`` raises
    [`IllegalActionError`][rummykit.core.errors.IllegalActionError] for the plays it forbids (after the
    move's own check accepted them); everything else is the move's own. Built by
    [`restrict`][rummykit.core.moves.restrict]."""

    def __init__(self, move: Move[S, A], refuse: Callable[[S, A], None]) -> None:
        self.move = move
        self.refuse = refuse
        self.action_type = move.action_type
        self.phases = move.phases
        self.on_turn = move.on_turn

    def check_condition(self, state: S, action: A) -> None:
        self.move.check_condition(state, action)

    def check(self, state: S, action: A) -> A:
        checked = self.move.check(state, action)
        try:
            self.refuse(state, checked)
        except IllegalActionError as err:
            if err.action is None:
                err.action = action
            raise
        return checked

    def legal(self, state: S, seat: int) -> Iterable[A]:
        for action in self.move.legal(state, seat):
            try:
                self.refuse(state, action)
            except IllegalActionError:
                continue
            yield action

    def perform(self, state: S, action: A, rng: Randomness) -> None:
        self.move.perform(state, action, rng)

    def split(self, state: S, action: A) -> Sequence[Action] | None:
        return self.move.split(state, action)

    def represent(self, state: S, action: A) -> Action | None:
        return self.move.represent(state, action)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.move, name)


def restrict(move: Move[S, A], refuse: Callable[[S, A], None]) -> Move[S, A]:
    """``move`` with one more restriction (a house rule that forbids some plays): ``refuse(state,
    action)`` raises [`IllegalActionError`][rummykit.core.errors.IllegalActionError] citing the house rule
    for a play it forbids, and returns for the others. The restriction applies to ``check`` (and so
    ``apply``) and to the listing alike."""
    return Restricted(move, refuse)
