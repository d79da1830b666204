"""The checks of the conformance kit, one position, one action and one game at a time:
[`check_position`][rummykit.testing.checks.check_position] (soundness, completeness and refusal, views
and pictures, the position's JSON and notation), [`check_action`][rummykit.testing.checks.check_action]
(refusal and completeness) and [`play_checked`][rummykit.testing.checks.play_checked] (a whole game,
termination and conservation after every action, the costly checks where it first reaches something).
[`rummykit.testing.runs`][rummykit.testing.runs] makes the runs of games and positions they check."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final

import attrs

import rummykit
from rummykit.core.actions import Action
from rummykit.core.applied import Applied
from rummykit.core.cards import FACE_MASK, Card, CardId, card_id_text, face, shoe_ids
from rummykit.core.deprecation import REMOVED_IN
from rummykit.core.engine import Game
from rummykit.core.errors import IllegalActionError, InvalidActionError
from rummykit.core.state import CACHE, GameState, Place, in_hand, in_pile, in_seat_pile, on_table
from rummykit.testing.coverage import Coverage, Driver, coverage_targets
from rummykit.testing.errors import ConformanceError
from rummykit.testing.random_play import MELD_KINDS, GameSetup, cards_in, merges, near_miss, random_action
from rummykit.testing.visibility import (
    RoundWatch,
    ViewLeak,
    card_lists,
    check_hidden_cards_make_no_difference,
    check_pictures,
    check_views,
    hidden_places,
    observers,
)

__all__ = [
    "ACTIONS_PER_TURN",
    "ARCHIVE_EVERY",
    "PROBES_PER_POSITION",
    "card_places",
    "check_action",
    "check_determinism",
    "check_position",
    "check_records",
    "play_checked",
    "suit_blind",
]

ACTIONS_PER_TURN: Final = 200
"""Termination: more actions than any turn of a rummy game takes (draws, melds, lay-offs, a discard,
a claim window's declarations)."""
ROUND_LIMIT: Final = 100
"""Termination: the rounds a game may last when it is created without ``max_rounds`` (G-3)."""
ARCHIVE_EVERY: Final = 10
"""The kit keeps a copy of every 10th position of its games, to search from."""
PROBES_PER_POSITION: Final = 8
"""Random actions (mostly illegal: listed actions with a field changed, actions built field by field)
the kit tries at each position it checks in full: refusal and completeness."""


@contextmanager
def located(setup: GameSetup, game: Game | None = None) -> Iterator[None]:
    """Report a failure inside with its game (the index of the next action, if not known, and the
    game's record)."""
    try:
        yield
    except ConformanceError as exc:
        index = len(game.record.actions) if game is not None else None
        raise exc.locate(
            variant=setup.variant,
            house_rules=setup.house_rules,
            players=setup.players,
            seed=setup.seed,
            options=setup.options,
            action_index=index,
            record=game.record if game is not None else None,
        ) from exc


def failure(prop: str, detail: str, index: int | None = None) -> ConformanceError:
    return ConformanceError(prop, detail, action_index=index)


def _views(game: Game) -> list[Any]:
    return [game.view(seat) for seat in observers(game)]


def _check_position_soundness(game: Game, index: int) -> None:
    """Every seat to act has a legal action; every listed action is in canonical form, listed once, and
    applies (to a copy)."""
    for seat in game.to_act:
        listed = game.legal_actions(seat)
        if not listed:
            raise failure("soundness", f"seat {seat} is to act but has no legal action", index)
        if len(set(listed)) != len(listed):
            twice = [action for action, count in Counter(listed).items() if count > 1]
            raise failure("soundness", f"seat {seat}'s legal actions list {twice[0]!r} more than once", index)
        for action in listed:
            try:
                canonical = game.check(action)
                game.copy().apply(action)
            except Exception as exc:
                raise failure("soundness", f"listed {action!r} is refused: {type(exc).__name__}: {exc}", index) from exc
            if canonical != action:
                raise failure("soundness", f"listed {action!r} is not in canonical form ({canonical!r})", index)
        twins = [twin for action in listed if (twin := _twin(game, action)) is not None]
        plays = [action for action in listed if action.kind in MELD_KINDS]
        listing = _Listing(game)
        for probe in [*twins[:TWINS_PER_POSITION], *merges(game, plays, TWINS_PER_POSITION)]:
            _check_action(game.copy(), probe, listing)


TWINS_PER_POSITION: Final = 6
"""G-6: how many listed plays of a position the kit also tries with other cards of the same ranks, and
how many pairs of listed plays it tries merged into one ([`merged`][rummykit.testing.random_play.merged])."""


def _twin(game: Game, action: Action) -> Action | None:
    """``action`` naming, for each card, the next face of its rank the seat holds (another suit or
    copy), or ``None`` if it names no card the seat holds in another face: a play the rules treat
    alike where suits do not matter, which must be carried out as named (G-6)."""
    held: dict[Any, list[Card]] = {}
    for card in sorted(set(game.hand(action.seat)), key=lambda card: card.index):
        held.setdefault(card.rank, []).append(card)

    def other(value: Any) -> Any:
        if isinstance(value, Card):
            faces = held.get(value.rank, [value])
            return faces[(faces.index(value) + 1) % len(faces)] if value in faces else value
        if isinstance(value, tuple):
            return tuple(other(item) for item in value)
        return value

    changes = {field.name: other(getattr(action, field.name)) for field in attrs.fields(type(action)) if field.init}
    twin = attrs.evolve(action, **changes)
    return None if twin == action else twin


def _check_conservation(game: Game, shoe: Sequence[int], index: int | None) -> None:
    ids = game.state.card_ids()
    if len(ids) == len(shoe) and sorted(ids) == shoe:
        return
    counts = Counter(ids)
    twice = sorted(cid for cid, count in counts.items() if count > 1)
    lost = sorted(set(shoe) - set(counts))
    made = sorted(set(counts) - set(shoe))
    parts = [
        f"{what}: {' '.join(card_id_text(cid) for cid in cards)}"
        for what, cards in (("lost", lost), ("in two places", twice), ("not of the shoe", made))
        if cards
    ]
    after = "at the deal" if index is None else f"after {game.record.actions[index]!r}"
    raise failure("conservation", f"{after}, cards {'; '.join(parts)}", index)


def card_places(state: GameState) -> dict[CardId, Place]:
    """Where each card of ``state`` lies, as [`Applied.moved`][rummykit.core.applied.Applied.moved]
    names places."""
    places: dict[CardId, Place] = {}
    for seat, hand in enumerate(state.hands):
        places.update(dict.fromkeys(hand, in_hand(seat)))
    for name, pile in state.piles.items():
        places.update(dict.fromkeys(pile, in_pile(name)))
    for name, per_seat in state.seat_piles.items():
        for seat, pile in enumerate(per_seat):
            places.update(dict.fromkeys(pile, in_seat_pile(name, seat)))
    for index, table_meld in enumerate(state.table):
        places.update(dict.fromkeys(table_meld.ids, on_table(index)))
    return places


def _check_moved(before: dict[CardId, Place], after: dict[CardId, Place], applied: Applied, index: int) -> None:
    """Conservation: the cards an action reports it moved (its move's notes,
    [`GameState.note_moved`][rummykit.core.state.GameState.note_moved]) are exactly those that changed
    place, from where to where."""
    # places are mostly the same objects (in_hand, in_pile... are cached): identity first, then equality
    get = before.get
    changed = {(cid, old, place) for cid, place in after.items() if (old := get(cid)) is not place and old != place}
    reported = {(moved.card_id, moved.source, moved.target) for moved in applied.moved}
    if changed != reported:
        missing = ", ".join(f"{card_id_text(c)}: {s} -> {t}" for c, s, t in sorted(changed - reported, key=str))
        wrong = ", ".join(f"{card_id_text(c)}: {s} -> {t}" for c, s, t in sorted(reported - changed, key=str))
        detail = f"{applied.action!r} moved cards it does not report (state.note_moved): {missing or 'none'}"
        raise failure("conservation", f"{detail}; reported moves that did not happen: {wrong or 'none'}", index)


def check_position(game: Game, watch: RoundWatch | None = None, rng: random.Random | None = None) -> None:
    """Check ``game``'s position in full, as the kit checks the positions of its games it picks
    (see [`check_games`][rummykit.testing.runs.check_games]): soundness (every listed action applies),
    completeness and refusal (listed plays with other cards of their ranks, merged plays, and
    [`PROBES_PER_POSITION`][rummykit.testing.checks.PROBES_PER_POSITION] random actions), views (and
    their JSON; the pictures of the spectator's view and of the seats to act, of every seat's once
    the game is over; two cards hidden from each seat exchanged change nothing it sees), and
    records (the position's JSON and its notation read back to the same state and views).

    ``watch`` has followed the round so far (default: a watch started now, which knows only what is
    face up now); ``rng`` draws the random actions and hidden cards (default: seeded by the position).

    Raises:
        ConformanceError: naming the property, with the index of the next action.

    Examples:
        >>> import rummykit
        >>> game = rummykit.new_game("railroad-rummy", 3, seed=2)
        >>> game.apply(rummykit.Draw(seat=game.turn)).action.kind
        'draw'
        >>> check_position(game)  # in RailRoad Rummy's claim window: nothing to report
    """
    index = len(game.record.actions)
    watch = watch if watch is not None else RoundWatch(game)
    rng = rng if rng is not None else random.Random(f"{game.state.round} {index}")
    _check_position_soundness(game, index)
    _check_views(game, watch, index, dump=True)
    _check_pictures(game, index, None if game.is_over else [None, *game.to_act])
    check_exchanges(game, watch, rng, index)
    if not game.is_over:
        listing = _Listing(game)
        listed = game.legal_actions()
        for _ in range(PROBES_PER_POSITION):
            probe = near_miss(game, rng, listed) if listed and rng.random() < 0.5 else random_action(game, rng)
            if probe is not None:
                _check_action(game.copy(), probe, listing)
    _check_round_trips(game, index)


def _check_round_trips(game: Game, index: int) -> None:
    """The position's JSON and its notation read back to the same state and views."""
    from rummykit.documents import notation, serialize  # noqa: PLC0415 (only records need them)

    phase = game.state.phase
    try:
        loaded = serialize.load_position(serialize.dump_position(game))
    except Exception as exc:
        raise failure(
            "records", f"a position in phase {phase} does not dump and load: {type(exc).__name__}: {exc}", index
        ) from exc
    if loaded.state != game.state or _views(loaded) != _views(game):
        raise failure("records", f"a position in phase {phase} loaded from its JSON differs from the game's", index)
    try:
        text = notation.position_text(game)
        again = notation.read_position(text)
    except Exception as exc:
        raise failure(
            "records",
            f"a position in phase {phase} does not write and read back in the notation: {type(exc).__name__}: {exc}",
            index,
        ) from exc
    if again.state != game.state or _views(again) != _views(game) or notation.position_text(again) != text:
        raise failure("records", f"a position in phase {phase} read from its notation differs from the game's", index)


def check_exchanges(game: Game, watch: RoundWatch, rng: random.Random, index: int) -> None:
    """For each observer: two cards hidden from it, of different faces, drawn with ``rng`` and
    exchanged, change nothing it sees."""
    lists = dict(card_lists(game.state))
    for seat in observers(game):
        places = hidden_places(game, watch, seat)
        if len(places) < 2:
            continue
        first = rng.choice(places)
        first_face = lists[first[0]][first[1]] & FACE_MASK
        for _ in range(EXCHANGE_TRIES):
            second = rng.choice(places)
            if lists[second[0]][second[1]] & FACE_MASK != first_face:
                break
        else:
            continue
        try:
            check_hidden_cards_make_no_difference(game, seat, first, second)
        except ViewLeak as exc:
            raise failure("views", str(exc), index) from exc


EXCHANGE_TRIES: Final = 20
"""How many hidden cards the kit draws to find one of another face than the first (to exchange them)."""


def play_checked(
    setup: GameSetup,
    *,
    soundness_every: int = 10,
    views_every: int = 10,
    json_every: int = 50,
    coverage: Coverage | None = None,
    players: Sequence[str | None] | None = None,
    archive: list[Game] | None = None,
    source: str | None = None,
    mood: str | None = None,
    script: Sequence[Action] = (),
) -> Game:
    """Play ``setup``'s game to its end (or ``setup.steps`` actions), its actions chosen by a
    [`Driver`][rummykit.testing.coverage.Driver] toward what ``coverage`` has not reached (default:
    a coverage of this game alone) with ``players`` at the seats (default: the kit's random player, in
    ``mood`` if given), checking termination and conservation after every action; soundness every
    ``soundness_every`` positions and views every ``views_every`` positions (their JSON too every
    ``json_every``); and every check of [`check_position`][rummykit.testing.checks.check_position] at
    the deal, at the first position of each phase in the game, after the first action of each kind in
    the run (``coverage``), and after each round's end. With ``archive``, a copy of every
    [`ARCHIVE_EVERY`][rummykit.testing.checks.ARCHIVE_EVERY]-th position is kept there (positions
    to search from, [`check_games`][rummykit.testing.runs.check_games]). ``source`` says how the game
    came about, for the report (``Coverage.how``). With ``script``, the game's first actions are those
    (a game found by play without the checks, checked now), then the driver's.

    A round that ends by a rule the variant does not declare (``VariantSpec.round_ends``) is counted
    in ``coverage.undeclared`` and warned about (``DeprecationWarning``), once a run and rule.

    Raises:
        ConformanceError: located in its game, with the action's index and the game's record.
    """
    game = setup.new_game()
    coverage = coverage if coverage is not None else Coverage(coverage_targets(setup.variant, setup.house_rules))
    coverage.start_game(source)
    rng = random.Random(setup.seed)
    with located(setup, game):
        driver = Driver(game, rng, coverage, players, mood=mood)
        shoe = sorted(shoe_ids(game.state.rules.shoe))
        _check_conservation(game, shoe, None)
        watch = RoundWatch(game)
        # the bounds are the options the game was created with, whatever the variant made of them
        max_turns: int = game.options["max_turns_per_round"]
        max_rounds: int = game.options["max_rounds"] if game.options["max_rounds"] is not None else ROUND_LIMIT
        first_round = game.state.round
        index = 0
        action_limit = max_rounds * (max_turns + 1) * ACTIONS_PER_TURN
        turn_key = (game.round, game.turn, game.state.turn_number)
        turn_actions = 0
        in_full = True  # the deal
        while not game.is_over and (setup.steps is None or index < setup.steps):
            if setup.position is not None and game.state.round != first_round:
                break  # a game from a start position is played to the end of its round
            if setup.rounds is not None and len(game.state.history) >= setup.rounds:
                break  # a game of a few rounds stops at the next deal, checked in full below
            in_full = _see_phase(game, coverage, index) or in_full
            if in_full:
                check_position(game, watch, rng)
                coverage.positions_checked += 1
            else:
                if index % soundness_every == 0:
                    _check_position_soundness(game, index)
                if index % views_every == 0:
                    _check_views(game, watch, index, dump=index % json_every == 0)
            if index >= action_limit:
                raise failure("termination", f"the game is not over after {action_limit} actions (G-1, G-3)", index)
            action = script[index] if index < len(script) else _next_action(game, driver, index)
            before = card_places(game.state)
            try:
                applied = game.apply(action)
            except Exception as exc:
                raise failure("soundness", f"listed {action!r} is refused: {type(exc).__name__}: {exc}", index) from exc
            if applied.round_result is None:  # at a round's end the next deal has moved every card since
                _check_moved(before, card_places(game.state), applied, index)
            kind = f"action:{action.kind}"
            in_full = not coverage.reached[kind]  # the first action of its kind in the run
            coverage.see(kind)
            if applied.round_result is not None:
                _see_round_end(coverage, game, applied.round_result.rule)
                in_full = True
            _check_conservation(game, shoe, index)
            state = game.state
            if state.turn_number > max_turns:
                detail = f"round {state.round} reached turn {state.turn_number}, past max_turns_per_round={max_turns}"
                detail += " (G-1)"
                raise failure("termination", detail, index)
            played = len(state.history)
            if played > max_rounds or (not game.is_over and (state.round > max_rounds or played >= max_rounds)):
                raise failure("termination", f"the game plays more than max_rounds={max_rounds} rounds (G-3)", index)
            key = (game.round, game.turn, state.turn_number)
            turn_actions = turn_actions + 1 if key == turn_key else 1
            turn_key = key
            if turn_actions > ACTIONS_PER_TURN:
                raise failure("termination", f"a turn lasts more than {ACTIONS_PER_TURN} actions", index)
            watch.follow(game)
            index += 1
            if archive is not None and index % ARCHIVE_EVERY == 0 and not game.is_over:
                archive.append(game.copy())
        _see_phase(game, coverage, index)
        check_position(game, watch, rng)
        coverage.positions_checked += 1
        if setup.steps is None and setup.position is None and setup.rounds is None and not game.winners:
            raise failure("termination", "the game is over but names no winner", None)
    coverage.end_game()
    return game


def _see_phase(game: Game, coverage: Coverage, index: int) -> bool:
    """Count the position's phase; ``True`` if it is the first of its phase in the game."""
    target = f"phase:{game.state.phase}"
    first = coverage.see(target)
    if target not in coverage.targets:
        detail = f"a position is in phase {game.state.phase!r}, which the variant does not declare (VariantSpec.phases)"
        raise failure("coverage", detail, index)
    return first


def _see_round_end(coverage: Coverage, game: Game, rule: str) -> None:
    """Count the round's end; warn, once a run, of a way to end a round the variant does not declare."""
    target = f"round-end:{rule}"
    coverage.see(target)
    if target not in coverage.targets and coverage.undeclared[target] == 1:
        declared = [name.removeprefix("round-end:") for name in coverage.targets if name.startswith("round-end:")]
        stack = " + ".join((game.variant, *game.state.config.house_rules))
        warnings.warn(
            f"a round of {stack} ended by {rule}, which is not declared among the ways a round ends "
            f"({', '.join(declared)}): declare it in VariantSpec.round_ends (or the house rule's "
            f"HouseRuleSpec.round_ends), so that the conformance kit's games aim at it; from rummykit {REMOVED_IN} "
            "the kit fails on a way to end a round that is not declared",
            DeprecationWarning,
            stacklevel=2,
        )


def _next_action(game: Game, driver: Driver, index: int) -> Action:
    """The driver's choice, or a ``soundness`` failure if nobody can act in a game not over."""
    if not game.to_act:
        raise failure("soundness", "the game is not over but no seat is to act", index)
    try:
        return driver.choose(game)
    except ValueError as exc:  # a seat to act without a legal action
        raise failure("soundness", str(exc), index) from exc


def _check_views(game: Game, watch: RoundWatch, index: int, *, dump: bool) -> None:
    try:
        check_views(game, watch, dump=dump)
    except ViewLeak as exc:
        raise failure("views", str(exc), index) from exc


def _check_pictures(game: Game, index: int, seats: Sequence[int | None] | None = None) -> None:
    try:
        check_pictures(game, seats)
    except ViewLeak as exc:
        raise failure("views", str(exc), index) from exc


def check_determinism(setup: GameSetup, game: Game) -> None:
    """The same seed and the same actions give the same record, state, scores, winners and views."""
    with located(setup):
        again = setup.new_game()
        for index, action in enumerate(game.record.actions):
            try:
                again.apply(action)
            except Exception as exc:
                raise failure("determinism", f"{action!r} is refused the second time: {exc}", index) from exc
        for what, first, second in (
            ("record", game.record, again.record),
            ("state", game.state, again.state),
            ("scores", game.scores, again.scores),
            ("winners", game.winners, again.winners),
            ("views", _views(game), _views(again)),
        ):
            if first != second:
                raise failure("determinism", f"the same seed and actions give another {what}")


def check_records(setup: GameSetup, game: Game) -> None:
    """The record survives JSON and replays to the game."""
    from rummykit.documents import serialize  # noqa: PLC0415

    with located(setup):
        try:
            text = serialize.dump_record(game.record)
            loaded = serialize.load_record(text, check=False)
            replayed = rummykit.replay(loaded)
        except Exception as exc:
            raise failure("records", f"the record does not dump, load and replay: {type(exc).__name__}: {exc}") from exc
        if loaded != game.record:
            raise failure("records", "the record loaded from its JSON differs from the game's")
        if replayed != game or replayed.record != game.record or replayed.scores != game.scores:
            raise failure("records", "the record replays to another game")


def check_action(game: Game, action: Action) -> str | None:
    """Apply ``action`` to ``game`` and check what happens: refused, it must raise
    [`IllegalActionError`][rummykit.core.errors.IllegalActionError] citing one of ``game.rule_ids`` (or
    [`InvalidActionError`][rummykit.core.errors.InvalidActionError] for malformed input) and change nothing;
    accepted, it must be carried out with the cards it names, be represented in the listing
    ([`suit_blind`][rummykit.testing.checks.suit_blind], the move's ``represent`` or ``split``), and be recorded as
    ``check`` returned it. Returns the rule cited, or ``None`` if accepted.

    Raises:
        ConformanceError: ``refusal`` or ``completeness``, with the action's index in the record.
    """
    return _check_action(game, action, _Listing(game.copy()))  # listed before the action changes the game


class _Listing:
    """A position's legal actions, listed once per seat and looked up with suits set aside where the
    variant's listing ignores them."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.ignores_suits = game.spec.listing_ignores_suits
        self.seats: dict[int, tuple[set[Action], set[tuple[Any, ...]]]] = {}

    def holds(self, action: Action) -> bool:
        """``action`` is listed, or a play with the same ranks is (where suits are ignored)."""
        known = self.seats.get(action.seat)
        if known is None:
            listed = self.game.legal_actions(action.seat)
            keys = {suit_blind(other) for other in listed} if self.ignores_suits else set()
            known = self.seats[action.seat] = (set(listed), keys)
        return action in known[0] or (self.ignores_suits and suit_blind(action) in known[1])


def _check_action(game: Game, action: Action, listing: _Listing) -> str | None:
    index = len(game.record.actions)
    before = game.copy()
    record = game.record
    refusal: Exception | None = None
    try:
        game.apply(action)
    except (IllegalActionError, InvalidActionError) as exc:
        refusal = exc
    except Exception as exc:
        raise failure(
            "refusal", f"{action!r} raised {type(exc).__name__}: {exc}, not IllegalActionError", index
        ) from exc
    if refusal is not None:
        if game != before or game.record != record:
            raise failure("refusal", f"refusing {action!r} ({refusal}) changed the game", index)
        if isinstance(refusal, IllegalActionError):
            if refusal.rule not in game.rule_ids:
                raise failure("refusal", f"refusing {action!r} cites {refusal.rule!r}, no rule of the game", index)
            return refusal.rule
        return "malformed"
    canonical = before.check(action)
    if Counter(cards_in(canonical)) != Counter(cards_in(action)):
        raise failure("completeness", f"{action!r} is carried out as {canonical!r}, with other cards (G-6)", index)
    _check_represented(before, canonical, index, listing)
    if game.record.actions[-1] != canonical:
        raise failure(
            "completeness", f"{action!r} is recorded as {game.record.actions[-1]!r}, not as {canonical!r}", index
        )
    return None


def suit_blind(action: Action) -> tuple[Any, ...]:
    """``action`` with every card it names reduced to its rank: the key under which a variant whose
    listing ignores suits (`listing_ignores_suits`) lists plays.

    Examples:
        >>> from rummykit import Discard, GoDown
        >>> suit_blind(GoDown(seat=1, melds=["5H 5D JK"])) == suit_blind(GoDown(seat=1, melds=["5C 5S JK"]))
        True
        >>> suit_blind(Discard(seat=1, card="5H")) == suit_blind(Discard(seat=2, card="5H"))
        False
    """
    return (type(action), *(_rank_only(getattr(action, field.name)) for field in attrs.fields(type(action))))


def _rank_only(value: Any) -> Any:
    if isinstance(value, Card):
        return value.rank
    if isinstance(value, tuple):
        return tuple(_rank_only(item) for item in value)
    return value


def _outcome(game: Game) -> tuple[Any, ...]:
    """What a play leaves: the faces in each hand and meld and the ranks each meld's places stand for (a
    wild card at one end of a run or the other), the order of the melds and of their cards aside (copies
    of one face are alike), and the rest of the state but what it caches (`cache`)."""
    state = game.state

    def faces(cards: Sequence[int]) -> list[int]:
        return sorted(face(cid).index for cid in cards)

    rest = tuple(
        (field.name, getattr(state, field.name))
        for field in attrs.fields(type(state))
        if field.name not in ("config", "rules", "log", "hands", "table", "moved") and not field.metadata.get(CACHE)
    )
    melds = sorted((m.owner, faces(m.ids), sorted(rank.value for rank in m.meld.ranks)) for m in state.table)
    return ([faces(hand) for hand in state.hands], melds, rest)


def _check_represented(before: Game, canonical: Action, index: int, listing: _Listing) -> None:
    """Completeness: the accepted ``canonical`` play is listed (up to suits, where the listing ignores
    them), or the play its move names as its representative (``represent``) is, or its parts (the
    move's ``split``) are, one after another (each itself or by its representative), and leave what
    it leaves."""
    problem = _unrepresented(before, listing, canonical)
    if problem is None:
        return
    if problem:
        raise failure("completeness", f"{canonical!r} was accepted; {problem}", index)
    parts = before.configuration.moves[type(canonical)].split(before.state, canonical)
    if not parts:
        raise failure("completeness", f"{canonical!r} was accepted but is not listed", index)
    probe = before.copy()
    for number, part in enumerate(parts):
        problem = _unrepresented(probe, _Listing(probe), part)
        if problem is not None:
            detail = f"{canonical!r} was accepted; its part {number}, {part!r}, is not listed"
            raise failure("completeness", f"{detail} ({problem})" if problem else detail, index)
        try:
            probe.apply(part)
        except Exception as exc:
            detail = f"{canonical!r} was accepted; its part {number}, {part!r}, is refused: {exc}"
            raise failure("completeness", detail, index) from exc
    whole = before.copy()
    whole.apply(canonical)
    if _outcome(probe) != _outcome(whole):
        raise failure("completeness", f"{canonical!r} leaves another position than its parts {list(parts)!r}", index)


def _unrepresented(game: Game, listing: _Listing, action: Action) -> str | None:
    """``None`` if ``action`` is listed in ``game`` (``listing``), or the play its move names as its
    representative (``represent``) is, of the same kind and by the same seat; else what is wrong, or
    ``""`` where the move names no representative (the play may still be listed in parts)."""
    if listing.holds(action):
        return None
    representative = game.configuration.moves[type(action)].represent(game.state, action)
    if representative is None:
        return ""
    if type(representative) is not type(action) or representative.seat != action.seat:
        return f"it is represented by {representative!r}, another kind of play"
    if not listing.holds(representative):
        return f"its representative {representative!r} is not listed"
    return None
