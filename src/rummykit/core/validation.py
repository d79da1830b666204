"""Checking a game state: does it describe a position that play under its rules can be in?

[`validate`][rummykit.core.validation.validate] is the one check of a position, whoever built it: a
position document read by [`rummykit.documents`][rummykit.documents.serialize], a position built by hand
([`build_position`][rummykit.documents.builder.build_position]), the position notation, an RL
environment reset to a position. [`Game.from_state`][rummykit.core.engine.Game.from_state] runs it
before a game continues from a state.

It checks what every variant shares (every card of the shoe in exactly one place, seats, piles,
phases, counts, the rounds played), then asks the variant (``rummykit_check_position``) for what only
it knows, then checks that the position goes on: someone may act, or the game is over as its rules
and its rounds say.

Examples:
    >>> import rummykit
    >>> game = rummykit.new_game("rummy", players=2, seed=1)
    >>> state = game.state.copy()
    >>> state.hands[0].append(state.piles["stock"][-1])  # a card in two places
    >>> validate(game.configuration, state)
    Traceback (most recent call last):
    ...
    rummykit.core.errors.InvalidPositionError: piles.stock[...]: ... is already at hands[0][10]; every card ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummykit.core.cards import CardId, card_id_text, face
from rummykit.core.errors import InvalidPositionError, PluginError, RummyError, quote
from rummykit.core.state import GameState, Phase, RoundResult
from rummykit.core.views import View

if TYPE_CHECKING:
    from rummykit.core.configuration import Configuration
    from rummykit.core.specs import VariantSpec

__all__ = ["check_progress", "check_seat", "validate", "validate_view"]


def check_seat(value: Any, players: int, path: str) -> int:
    """``value`` if it is a seat of a game of ``players``, else an error naming ``path``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidPositionError(path, f"there is no seat {quote(value)}: seats are 0 to {players - 1}")
    return value


def check_progress(
    spec: VariantSpec, players: int, phase: str, round: int, turn_number: int, history: Sequence[RoundResult]
) -> None:
    """Where a position (or a view) says the game is: a phase of the variant, round and turn numbers
    from 1, and rounds played whose results name seats of the game and give one score and one total
    per seat."""
    phases = {*(str(p) for p in Phase), *spec.phases}
    if phase not in phases:
        listing = ", ".join(sorted(phases))
        raise InvalidPositionError("phase", f"{quote(phase)} is not a phase of {spec.name}: {listing}")
    if round < 1:
        raise InvalidPositionError("round", f"rounds are numbered from 1, not {round}")
    if turn_number < 1:
        raise InvalidPositionError("turn_number", f"turns are numbered from 1, not {turn_number}")
    for i, result in enumerate(history):
        if result.went_out is not None:
            check_seat(result.went_out, players, f"history[{i}].went_out")
        if len(result.scores) != players or len(result.totals) != players:
            raise InvalidPositionError(
                f"history[{i}]", f"a round result has one score and one total per seat ({players})"
            )


def validate(configuration: Configuration, state: GameState) -> None:
    """Check that ``state`` is a position a game of ``configuration`` can be in, and continue from.

    Raises:
        InvalidPositionError: naming the field path (``hands[2][4]``, ``table[0].owner``,
            ``extra.hmg[1]`` for a field of the variant's own state) and what is wrong.
        PluginError: the variant's own check (``rummykit_check_position``) failed with an error that
            is not a verdict on the position (a bug of the plug-in, not of the data).
    """
    spec = configuration.spec
    players = configuration.players
    config = state.config
    if (config.variant, config.players, dict(config.options), config.house_rules) != (
        spec.name,
        players,
        dict(configuration.options),
        tuple(rule.name for rule in configuration.house_rules),
    ):
        raise InvalidPositionError("", f"the state is not one of {configuration!r}")
    if len(state.hands) != players:
        raise InvalidPositionError("hands", f"{len(state.hands)} hands for {players} players")
    if len(state.totals) != players:
        raise InvalidPositionError("totals", f"{len(state.totals)} totals for {players} players")
    if list(state.piles) != list(spec.piles) and set(state.piles) != set(spec.piles):
        raise InvalidPositionError(
            "piles", f"{spec.name} has the piles {', '.join(spec.piles)}, not {quote(sorted(state.piles))}"
        )
    if set(state.seat_piles) != set(spec.seat_piles):
        raise InvalidPositionError(
            "seat_piles",
            f"{spec.name} gives each seat the piles {', '.join(spec.seat_piles) or '(none)'}, "
            f"not {quote(sorted(state.seat_piles)) if state.seat_piles else '(none)'}",
        )
    for name, per_seat in state.seat_piles.items():
        if len(per_seat) != players:
            raise InvalidPositionError(f"seat_piles.{name}", f"{len(per_seat)} piles for {players} players")
    for index, table_meld in enumerate(state.table):
        check_seat(table_meld.owner, players, f"table[{index}].owner")
        meld = table_meld.meld
        if not table_meld.ids or len(meld.ranks) != len(table_meld.ids):
            raise InvalidPositionError(f"table[{index}].ranks", "a meld gives one rank per card")
    _check_cards(configuration, state)
    for index, table_meld in enumerate(state.table):
        if table_meld.meld.cards != tuple(map(face, table_meld.ids)):
            raise InvalidPositionError(f"table[{index}].cards", "the meld's cards are not its card ids' faces")
    check_progress(spec, players, state.phase, state.round, state.turn_number, state.history)
    check_seat(state.dealer, players, "dealer")
    check_seat(state.turn, players, "turn")
    seats = {action.seat for action in state.log}
    if seats and not seats <= set(range(players)):
        for i, action in enumerate(state.log):
            check_seat(action.seat, players, f"log[{i}].seat")
    if state.taken is not None:
        on_table = any(state.taken in table_meld.ids for table_meld in state.table)
        if state.taken not in state.hands[state.turn] and not on_table:
            raise InvalidPositionError(
                "taken",
                f"{card_id_text(state.taken)} is neither in the turn player's hand (seat {state.turn}) "
                "nor on the table",
            )
    _check_history(state)
    _call_plugin(configuration, "rummykit_check_position", configuration.check_position, state)
    if state.phase == Phase.OVER:
        _check_over(configuration, state)
    else:
        _check_someone_acts(configuration, state)


def _check_cards(configuration: Configuration, state: GameState) -> None:
    """Every card of the shoe in exactly one place (hands, piles, seats' piles, table), checked in one
    pass; if it fails, read again place by place to name the first bad card."""
    expected = configuration.rules.card_ids
    found = state.card_ids()
    if len(found) == len(expected) and expected.issuperset(found) and len(set(found)) == len(found):
        return
    seen: dict[CardId, str] = {}
    for path, cards in _paths(state):
        for i, cid in enumerate(cards):
            where = f"{path}[{i}]"
            if cid not in expected:
                raise InvalidPositionError(where, f"{card_id_text(cid)} is not a card of this game's shoe")
            if cid in seen:
                raise InvalidPositionError(
                    where, f"{card_id_text(cid)} is already at {seen[cid]}; every card is in one place"
                )
            seen[cid] = where
    missing = sorted(expected - seen.keys())
    shown = " ".join(card_id_text(cid) for cid in missing[:12])
    more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
    count = f"{len(missing)} card{'s' if len(missing) > 1 else ''}"
    raise InvalidPositionError("", f"{count} of the shoe {'are' if len(missing) > 1 else 'is'} nowhere: {shown}{more}")


def _paths(state: GameState) -> list[tuple[str, Sequence[CardId]]]:
    """Every place that holds cards, by its path in a position document."""
    places: list[tuple[str, Sequence[CardId]]] = [(f"hands[{seat}]", hand) for seat, hand in enumerate(state.hands)]
    places += [(f"piles.{name}", pile) for name, pile in state.piles.items()]
    places += [
        (f"seat_piles.{name}[{seat}]", pile)
        for name, per_seat in state.seat_piles.items()
        for seat, pile in enumerate(per_seat)
    ]
    places += [(f"table[{index}].cards", table_meld.ids) for index, table_meld in enumerate(state.table)]
    return places


def _check_history(state: GameState) -> None:
    """The rounds played come one after another, up to this one, and add up to the totals."""
    history = state.history
    if not history:
        return
    over = state.phase == Phase.OVER
    last = state.round if over else state.round - 1
    first = last - len(history) + 1
    for i, result in enumerate(history):
        if result.round != first + i or first < 1:
            raise InvalidPositionError(
                f"history[{i}].round", f"the rounds played are rounds {max(first, 1)} to {last}, one after another"
            )
        if i and [a + b for a, b in zip(history[i - 1].totals, result.scores, strict=True)] != list(result.totals):
            raise InvalidPositionError(f"history[{i}].totals", "each total is the last round's plus this round's score")
        _check_seat_results(result, f"history[{i}]")
    if list(history[-1].totals) != list(state.totals):
        raise InvalidPositionError(
            "totals", f"the totals after round {history[-1].round} are {list(history[-1].totals)}, not {state.totals}"
        )


def _check_seat_results(result: RoundResult, path: str) -> None:
    """A round result's seats, if it gives them (a position saved before 0.2 does not), agree with its
    scores and totals, seat by seat, and each score is its lines added up."""
    if not result.seats:
        return
    if [seat.seat for seat in result.seats] != list(range(len(result.scores))):
        seats = len(result.scores)
        raise InvalidPositionError(f"{path}.seats", f"a round result gives seats 0 to {seats - 1}, in order")
    for seat in result.seats:
        where = f"{path}.seats[{seat.seat}]"
        if seat.score != sum(item.points for item in seat.items):
            raise InvalidPositionError(f"{where}.score", f"the score {seat.score} is not its lines added up")
        if (seat.score, seat.total) != (result.scores[seat.seat], result.totals[seat.seat]):
            raise InvalidPositionError(where, "the seat's score and total are not the round's")


def _check_over(configuration: Configuration, state: GameState) -> None:
    """A game over has ended as its rules end a game: by the variant's own rule, or the engine's
    round caps (G-3, G-C1), after the round it says it ended in."""
    history = state.history
    if not history or history[-1].round != state.round:
        raise InvalidPositionError("phase", "a game is over only after its last round has been scored (history)")
    options = state.config.options
    max_rounds = options["max_rounds"]
    capped = sum(1 for result in history if result.rule == "G-1")
    ended = (
        (max_rounds is not None and state.round >= max_rounds)
        or capped >= options["max_capped_rounds"]
        or _call_plugin(configuration, "rummykit_game_over", configuration.game_over, state)
    )
    if not ended:
        raise InvalidPositionError(
            "phase", f"the game is not over after round {state.round}: its rules and its rounds say it goes on"
        )


def _check_someone_acts(configuration: Configuration, state: GameState) -> None:
    """Every seat to act has a legal action (no dead end), and somebody is to act."""
    seats = _call_plugin(configuration, "rummykit_to_act", configuration.to_act, state)
    if not seats:
        raise InvalidPositionError("phase", "nobody may act, yet the game is not over")
    moves = configuration.by_phase.get(state.phase, ())[::-1]  # a turn's last moves (discards) list fastest
    for seat in seats:
        if not any(any(True for _ in move.legal(state, seat)) for move in moves):
            raise InvalidPositionError(
                "phase", f"seat {seat} is to act in phase {state.phase!r} but has no legal action: a dead end"
            )


def _call_plugin(configuration: Configuration, hook: str, function: Any, state: GameState) -> Any:
    """``function(state)``, a variant's hook: a verdict on the position passes through; any other
    error is the plug-in's, reported as a [`PluginError`][rummykit.core.errors.PluginError]."""
    try:
        return function(state)
    except RummyError:
        raise
    except Exception as exc:
        raise PluginError(
            f"{hook} of {configuration.spec.name} raised {type(exc).__name__}: {quote(str(exc))}",
            hook=hook,
            plugin=configuration.spec.name,
        ) from exc


def validate_view(configuration: Configuration, view: View) -> None:
    """Check that ``view`` is what a seat of a game of ``configuration`` could be shown: where the game
    is, one count per seat within the shoe's size, the seat's own cards and the table's melds cards
    of the shoe each once, and the variant's own fields (``rummykit_check_view``).

    Raises:
        InvalidPositionError: naming the field and the problem.
        PluginError: the variant's own check failed with an error of the plug-in's.
    """
    spec = configuration.spec
    players = configuration.players
    if dict(view.options) != dict(configuration.options):
        raise InvalidPositionError("options", "every option's value is given")
    shoe = configuration.rules.card_ids
    shoe_size = len(shoe)
    check_progress(spec, players, view.phase, view.round, view.turn_number, view.history)
    for field in ("hand_sizes", "totals"):
        if len(getattr(view, field)) != players:
            raise InvalidPositionError(field, f"one per seat ({players}), not {len(getattr(view, field))}")
    for i, size in enumerate(view.hand_sizes):
        if not 0 <= size <= shoe_size:
            raise InvalidPositionError(f"hand_sizes[{i}]", f"a hand holds 0 to {shoe_size} cards, not {size}")
    for field in ("stock_size", "discard_size"):
        if not 0 <= getattr(view, field) <= shoe_size:
            raise InvalidPositionError(field, f"a pile holds 0 to {shoe_size} cards, not {getattr(view, field)}")
    if (view.discard_top is None) != (view.discard_size == 0):
        raise InvalidPositionError(
            "discard_top",
            f"a discard pile of {view.discard_size} cards has {'a' if view.discard_size else 'no'} top card",
        )
    for field in ("turn", "dealer"):
        check_seat(getattr(view, field), players, field)
    if view.seat is not None:
        check_seat(view.seat, players, "seat")
    for i, seat in enumerate(view.to_act):
        check_seat(seat, players, f"to_act[{i}]")
    for i, action in enumerate(view.log):
        check_seat(action.seat, players, f"log[{i}].seat")
    seen: dict[CardId, str] = {}
    places = [(f"table[{i}].cards", table_meld.ids) for i, table_meld in enumerate(view.table)]
    for path, cards in [*places, ("hand_ids", view.hand_ids)]:
        for j, cid in enumerate(cards):
            where = f"{path}[{j}]"
            if cid not in shoe:
                raise InvalidPositionError(where, f"{card_id_text(cid)} is not a card of this game's shoe")
            if cid in seen:
                raise InvalidPositionError(where, f"{card_id_text(cid)} is already at {seen[cid]}")
            seen[cid] = where
    for i, table_meld in enumerate(view.table):
        check_seat(table_meld.owner, players, f"table[{i}].owner")
        if not table_meld.ids or len(table_meld.meld.ranks) != len(table_meld.ids):
            raise InvalidPositionError(f"table[{i}].ranks", "a meld gives one rank per card")
    if tuple(face(cid) for cid in view.hand_ids) != view.hand:
        raise InvalidPositionError("hand", "the hand's cards are not those of hand_ids")
    if view.seat is None and view.hand_ids:
        raise InvalidPositionError("hand_ids", "a spectator holds no hand")
    if view.seat is not None and len(view.hand_ids) != view.hand_sizes[view.seat]:
        sizes = view.hand_sizes[view.seat]
        raise InvalidPositionError("hand_ids", f"{len(view.hand_ids)} cards, but hand_sizes says {sizes}")
    on_table = sum(len(table_meld.ids) for table_meld in view.table)
    if sum(view.hand_sizes) + view.stock_size + view.discard_size + on_table > shoe_size:
        where = "the hands, the stock, the discard pile and the table"
        raise InvalidPositionError("hand_sizes", f"{where} hold more cards than the shoe's {shoe_size}")
    hook = configuration.plugin_manager.hook.rummykit_check_view
    try:
        hook(view=view, rules=configuration.rules)
    except RummyError:
        raise
    except Exception as exc:
        raise PluginError(
            f"rummykit_check_view of {spec.name} raised {type(exc).__name__}: {quote(str(exc))}",
            hook="rummykit_check_view",
            plugin=spec.name,
        ) from exc
