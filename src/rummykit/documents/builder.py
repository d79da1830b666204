"""Positions from what a person knows: [`build_position`][rummykit.documents.builder.build_position].

A puzzle, a bug report or a bot test starts from a position someone wrote down: "seat 0 holds
5H 5D 5C 8S 8H 8D 9C, the up-card is KD, seat 1 has gone down with these melds". The builder takes
exactly that, for any variant (built-in or installed), places every other card of the shoe from a
seed, works out what the rules derive (the kind of each meld and the rank each wild card stands for,
who has melded, a frozen pile), and checks the result as a position loaded from a file is checked.

Examples:
    >>> import rummykit
    >>> game = rummykit.build_position(
    ...     "railroad-rummy", players=2, seed=1,
    ...     hands=["5H 5D 5C 8S 8H 8D 9C", "KC KD KH 2S"],
    ...     discard="KS", table=[(1, "QC QD QH"), (1, "6H 7H JK 9H")], turn=0,
    ... )
    >>> rummykit.format_cards(game.hand(0)), game.view(0).discard_top, game.view(0).melded
    ('5H 5D 5C 8S 8H 8D 9C', Card.parse('KS'), (False, True))
    >>> [str(table_meld.meld) for table_meld in game.view(0).table]
    ['QC QD QH', '6H 7H JK(8) 9H']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, get_type_hints

from rummykit.core.cards import Card, CardId, card_id_text, face, parse_card_id
from rummykit.core.configuration import Configuration, configure
from rummykit.core.engine import Game
from rummykit.core.errors import IllegalActionError, InvalidCardError, InvalidPositionError, quote
from rummykit.core.plugins import Plugin
from rummykit.core.shoe import Randomness
from rummykit.core.state import GameState, Phase, RoundResult, TableMeld
from rummykit.documents.converter import structure_checked
from rummykit.documents.serialize import own_fields

__all__ = ["build_position"]


def build_position(
    variant: str | Plugin,
    players: int,
    *,
    hands: Sequence[str | Iterable[str | Card] | None],
    seed: int | None = 0,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str | Plugin] | str | None = (),
    round: int = 1,
    dealer: int | None = None,
    turn: int | None = None,
    phase: str = Phase.DRAW,
    turn_number: int | None = None,
    discard: str | Iterable[str | Card] | None = None,
    stock: str | Iterable[str | Card] = "",
    piles: Mapping[str, str | Iterable[str | Card] | int] | None = None,
    seat_piles: Mapping[str, Sequence[str | Iterable[str | Card] | None]] | None = None,
    table: Sequence[tuple[int, str | Iterable[str | Card]]] = (),
    melded: Iterable[int] | None = None,
    taken: str | Card | None = None,
    totals: Sequence[int] | None = None,
    history: Sequence[RoundResult] = (),
    facts: Mapping[str, Any] | None = None,
    rest: str = "stock",
) -> Game:
    """A game of ``variant`` at the position described, checked as a loaded position is.

    Cards are written as text (``"5H 5D JK"``) or as lists of cards; a card names a face, and the
    builder chooses its physical copy (``"5H#1"`` names copy 1 itself). Every card of the shoe not
    named is placed from ``seed``: into the hands given as ``None`` (as many as the round deals), the
    seat piles and the piles not given (as many as a deal leaves in them), the discard pile if it is
    not given (the up-card a deal turns, if any), and the rest into ``rest``.

    A hand may hold any number of cards that play can give it, as the variant's position rules say:
    in Gin Rummy, the cards dealt until the knock (one more after the turn's draw); in Classic Rummy,
    at most that many; where an empty hand ends the round, never none before the round's end. In
    RailRoad Rummy, Railroad Canasta and Rummy 500, where claims and the discard pile taken grow a hand,
    any number the shoe holds. In Indian Rummy, 13 cards, one more after the draw.

    Args:
        variant: the variant, by name or as a plug-in; ``players``, ``options``, ``house_rules`` and
            ``seed`` as [`new_game`][rummykit.core.engine.new_game] takes them (the seed also places the
            cards not named, and seeds the game from there on).
        hands: each seat's hand, or ``None`` for a hand dealt from the cards not named.
        round: the round being played (1-based).
        dealer: the seat that dealt it (default: the seat before ``turn``, or drawn from the seed).
        turn: the seat whose turn it is (default: the seat after the dealer).
        phase: the turn's phase: ``"draw"`` (the turn starts), ``"play"`` (after the draw), or one of
            the variant's own.
        turn_number: how many turns into the round (default: 1, or one round of turns later when a
            seat has melded, so that it melded on an earlier turn).
        discard: the discard pile as it lies, bottom card first and the top card last (``""``: empty).
        stock: the next cards to be drawn from the stock, the first to be drawn first.
        piles: the variant's other shared piles (RailRoad Rummy's ``standby``), each as cards (the
            next to come off first) or a number of cards.
        seat_piles: the variant's piles of each seat (Railroad Canasta's ``kitty`` and
            ``red_threes``), as a list with one entry per seat (``None``: dealt from the rest).
        table: the melds on the table as ``(owner, cards)``, a run listed from low to high; each
            card's rank (a wild card's, G-5) is worked out as the variant reads melds.
        melded: the seats that have gone down or made their first meld this round (default: the
            owners of the table's melds).
        taken: a card of the turn player's hand taken from the discard pile this turn.
        totals: each seat's total before this round (default: 0 each, or the last of ``history``).
        history: the results of the rounds played before this one, if they matter (the rule G-C1
            counts the rounds that ended at the turn cap).
        facts: fields of the variant's own state, by name (``{"hmg": [3, 2]}`` in RailRoad Rummy,
            ``{"kitty_taken": [True, False]}`` in Railroad Canasta), read as a position file's
            ``extra`` is; what they do not give is derived (a frozen pile) or as at the deal.
        rest: the pile that takes every card left over (default: the stock, under ``stock``).

    Raises:
        InvalidPositionError: naming the argument (``hands[1]``, ``table[0]``, ``facts.hmg[0]``) and
            the card, seat or rule: a card the shoe has no copy left of, a meld the rules refuse, a
            position the variant's position rules refuse.
        InvalidOptionError: a bad variant, player count or option; UnknownHouseRuleError: a house rule
            that is not installed or does not apply.

    Examples:
        >>> from rummykit import build_position
        >>> build_position("rummy", players=2, hands=["5H 5D", "5C 5S 5H"])
        Traceback (most recent call last):
        ...
        rummykit.core.errors.InvalidPositionError: hands[1]: there is no 5H left to place: the shoe holds 1, at hands[0]
        >>> from rummykit import InvalidPositionError
        >>> try:
        ...     build_position("gin-rummy", players=2, hands=["AS 2S 3S", None])
        ... except InvalidPositionError as err:
        ...     print(err.path, err.problem.split(":")[0])
        hands[0] 3 cards
    """
    configuration = configure(variant, players, options=options, house_rules=house_rules)
    spec, rules = configuration.spec, configuration.rules
    if not isinstance(round, int) or isinstance(round, bool) or round < 1:
        raise InvalidPositionError("round", f"rounds are numbered from 1, not {quote(round)}")
    for name, seat in (("dealer", dealer), ("turn", turn)):
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise InvalidPositionError(name, f"there is no seat {quote(seat)}: seats are 0 to {players - 1}")
    _check_arguments(
        players, phase=phase, turn_number=turn_number, table=table, melded=melded, totals=totals, history=history
    )
    if not isinstance(rest, str):
        raise InvalidPositionError("rest", f"the name of a pile, not {quote(rest)}")
    for name, mapping in (("piles", piles), ("seat_piles", seat_piles)):
        if mapping is not None and not isinstance(mapping, Mapping):
            raise InvalidPositionError(name, f"a mapping of pile names, not {quote(mapping)}")
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
        count = len(hands) if isinstance(hands, Sequence) and not isinstance(hands, str) else quote(hands)
        raise InvalidPositionError("hands", f"one hand per seat ({players}), not {count}")
    piles = dict(piles or {})
    seat_piles = dict(seat_piles or {})
    others = [pile for pile in spec.piles if pile not in ("stock", "discard")]
    for name in piles:
        if name not in others:
            raise InvalidPositionError(
                "piles", f"{quote(name)} is not another pile of {spec.name}: {', '.join(others) or '(none)'}"
            )
    for name in seat_piles:
        if name not in spec.seat_piles:
            raise InvalidPositionError(
                "seat_piles", f"{spec.name} has no seat pile {quote(name)}: {', '.join(spec.seat_piles) or '(none)'}"
            )
    if rest not in spec.piles:
        raise InvalidPositionError("rest", f"{spec.name} has the piles {', '.join(spec.piles)}, not {quote(rest)}")

    rng = Randomness(seed)
    state = _dealt(configuration, seed, rng, round, dealer, turn, players)
    if dealer is None and turn is not None:
        state.dealer = (turn - 1) % players
    if turn is not None:
        state.turn = turn
    pool = _Pool(rules.card_ids, _shuffled_rest(state))

    hand_ids: list[list[CardId] | None] = [
        None if hand is None else pool.take(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)
    ]
    table_melds = [
        _table_meld(configuration, pool, item, players, f"table[{index}]") for index, item in enumerate(table)
    ]
    discard_ids = None if discard is None else pool.take(discard, "discard")
    stock_ids = pool.take(stock, "stock")
    pile_ids: dict[str, list[CardId] | int] = {}
    for name, value in piles.items():
        if isinstance(value, bool) or (isinstance(value, int) and value < 0):
            raise InvalidPositionError(f"piles.{name}", f"cards, or a number of cards, not {quote(value)}")
        pile_ids[name] = value if isinstance(value, int) else pool.take(value, f"piles.{name}")
    seat_pile_ids: dict[str, list[list[CardId] | None]] = {}
    for name, per_seat in seat_piles.items():
        if isinstance(per_seat, str) or not isinstance(per_seat, Sequence) or len(per_seat) != players:
            raise InvalidPositionError(f"seat_piles.{name}", f"one pile per seat ({players})")
        seat_pile_ids[name] = [
            None if pile is None else pool.take(pile, f"seat_piles.{name}[{seat}]")
            for seat, pile in enumerate(per_seat)
        ]
    taken_id = None if taken is None else _taken(taken, hand_ids, state.turn)

    # the cards not named, dealt from the seed: hands, seat piles, the up-card, other piles, the rest
    state.hands = [ids if ids is not None else pool.deal(len(state.hands[seat])) for seat, ids in enumerate(hand_ids)]
    dealt_sizes = _seat_pile_sizes(state)
    for name in spec.seat_piles:
        given = seat_pile_ids.get(name, [None] * players)
        state.seat_piles[name] = [
            ids if ids is not None else pool.deal(dealt_sizes.get(name, 0)) for seat, ids in enumerate(given)
        ]
    new_piles: dict[str, list[CardId]] = {}
    if discard_ids is None:
        discard_ids = pool.deal(len(state.piles.get("discard", ())))
    for name in spec.piles:
        if name in ("stock", "discard", rest):
            continue
        named = pile_ids.get(name)
        if named is None or isinstance(named, int):
            size = len(state.piles.get(name, ())) if named is None else named
            new_piles[name] = list(reversed(pool.deal(size)))
        else:
            new_piles[name] = list(reversed(named))
    new_piles["discard"] = discard_ids
    new_piles["stock"] = list(reversed(stock_ids))
    left = pool.deal(pool.left)
    if rest == "discard":
        new_piles["discard"] = left + new_piles["discard"]
    elif rest == "stock":
        new_piles["stock"] = list(reversed(left)) + new_piles["stock"]
    else:
        named = pile_ids.get(rest)
        top = [] if named is None or isinstance(named, int) else list(reversed(named))
        new_piles[rest] = list(reversed(left)) + top
    state.piles = {name: new_piles.get(name, []) for name in spec.piles}
    state.table = table_melds

    # where the game is
    melded_seats = frozenset(table_meld.owner for table_meld in table_melds) if melded is None else frozenset(melded)
    for seat in melded_seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidPositionError("melded", f"there is no seat {quote(seat)}: seats are 0 to {players - 1}")
    state.phase = phase
    state.turn_number = turn_number if turn_number is not None else (players + 1 if melded_seats else 1)
    state.history = list(history)
    if totals is None:
        totals = history[-1].totals if history else [0] * players
    state.totals = list(totals)
    if len(state.totals) != players:
        raise InvalidPositionError("totals", f"one total per seat ({players}), not {len(state.totals)}")
    state.taken = taken_id
    fact_names = _set_facts(configuration, state, facts or {})
    configuration.plugin_manager.hook.rummykit_arrange_position(state=state, melded=melded_seats, given=fact_names)
    try:
        return Game.from_state(state, configuration=configuration, rng=rng)
    except InvalidPositionError as exc:  # the variant's own fields are the builder's facts
        path = exc.path.replace("extra.", "facts.", 1) if exc.path.startswith("extra.") else exc.path
        raise InvalidPositionError(path, exc.problem) from exc


def _check_arguments(
    players: int,
    *,
    phase: object,
    turn_number: object,
    table: object,
    melded: object,
    totals: object,
    history: object,
) -> None:
    """The arguments of [`build_position`][rummykit.documents.builder.build_position] that are not
    cards, checked for their types before anything is made of them.

    Raises:
        InvalidPositionError: naming the argument and what it is instead.
    """
    if not isinstance(phase, str):
        raise InvalidPositionError("phase", f"a phase is a name ('draw', 'play'...), not {quote(phase)}")
    if turn_number is not None and (
        isinstance(turn_number, bool) or not isinstance(turn_number, int) or turn_number < 1
    ):
        raise InvalidPositionError("turn_number", f"turns are numbered from 1, not {quote(turn_number)}")
    if isinstance(table, str | bytes) or not isinstance(table, Sequence):
        raise InvalidPositionError("table", f"a list of (owner, cards), not {quote(table)}")
    if melded is not None and (isinstance(melded, str | bytes | Mapping) or not isinstance(melded, Iterable)):
        raise InvalidPositionError("melded", f"the seats that have melded, not {quote(melded)}")
    if totals is not None:
        if isinstance(totals, str | bytes) or not isinstance(totals, Sequence):
            raise InvalidPositionError("totals", f"one total per seat ({players}), not {quote(totals)}")
        for seat, total in enumerate(totals):
            if isinstance(total, bool) or not isinstance(total, int):
                raise InvalidPositionError(f"totals[{seat}]", f"a total is an integer, not {quote(total)}")
    if (
        isinstance(history, str | bytes)
        or not isinstance(history, Sequence)
        or not all(isinstance(result, RoundResult) for result in history)
    ):
        raise InvalidPositionError("history", f"a list of round results (RoundResult), not {quote(history)}")


def _dealt(
    configuration: Configuration,
    seed: int | None,
    rng: Randomness,
    round: int,
    dealer: int | None,
    turn: int | None,
    players: int,
) -> GameState:
    """A state of ``configuration`` with round ``round`` just dealt by ``rng`` (so that the variant's
    state is as a deal leaves it), the seat after ``dealer`` (or before ``turn``) to play."""
    state = configuration.new_state(seed)
    if dealer is None:
        dealer = (turn - 1) % players if turn is not None else rng.randrange(players)
    state.dealer = dealer if round == 1 else (dealer - 1) % players  # the deal of round 2 on moves it on
    configuration.start_game(state)
    state.round = round - 1
    configuration.deal_round(state, rng)
    return state


def _shuffled_rest(state: GameState) -> list[CardId]:
    """Every card of the dealt round in the order the deal left them, hands first: the seeded order
    in which the cards not named are placed."""
    ids = [cid for hand in state.hands for cid in hand]
    ids += [cid for per_seat in state.seat_piles.values() for pile in per_seat for cid in pile]
    ids += [cid for name, pile in state.piles.items() if name == "discard" for cid in reversed(pile)]
    ids += [cid for name, pile in state.piles.items() if name != "discard" for cid in reversed(pile)]
    return ids


def _seat_pile_sizes(state: GameState) -> dict[str, int]:
    """How many cards a deal gives each seat pile: as the rules' deal says (Railroad Canasta's kitty),
    none for a pile that only fills in play (its red 3s)."""
    deal = getattr(state.rules, "deal", None)
    sizes = getattr(deal, "seat_piles", ())
    return dict(sizes) if isinstance(sizes, tuple) else {}


class _Pool:
    """The physical cards of the shoe not placed yet: named ones by face (lowest copy first), the
    rest dealt in the seeded order."""

    def __init__(self, card_ids: frozenset[CardId], order: list[CardId]) -> None:
        self.order = [cid for cid in order if cid in card_ids]
        self.free = set(self.order)
        self.placed: dict[CardId, str] = {}
        self.copies: dict[Card, list[CardId]] = {}
        for cid in sorted(card_ids):
            self.copies.setdefault(face(cid), []).append(cid)

    @property
    def left(self) -> int:
        return len(self.free)

    def take(self, cards: str | Iterable[str | Card], path: str) -> list[CardId]:
        """The physical cards ``cards`` names, taken from the pool (``path`` names them in errors)."""
        if isinstance(cards, str):
            texts: list[str | Card] = list(cards.replace(",", " ").split())
        elif isinstance(cards, Iterable) and not isinstance(cards, bytes | Mapping):
            texts = list(cards)
        else:
            raise InvalidPositionError(path, f"cards are text ('5H 5D JK') or a list of cards, not {quote(cards)}")
        taken = []
        for index, item in enumerate(texts):
            where = f"{path}[{index}]"
            try:
                card = item if isinstance(item, Card) else None
                cid = None
                if card is None and isinstance(item, str) and "#" in item:
                    cid = parse_card_id(item)
                    card = face(cid)
                elif card is None:
                    card = Card.parse(item)  # type: ignore[arg-type]
            except InvalidCardError as exc:
                raise InvalidPositionError(where, str(exc)) from exc
            copies = self.copies.get(card, [])
            if cid is None:
                cid = next((copy for copy in copies if copy in self.free), None)
            if cid is None or cid not in self.free:
                raise InvalidPositionError(path, self._none_left(card, cid, copies))
            self.free.discard(cid)
            self.placed[cid] = path
            taken.append(cid)
        return taken

    def _none_left(self, card: Card, cid: CardId | None, copies: list[CardId]) -> str:
        if not copies:
            return f"{card} is not a card of this game's shoe"
        if cid is not None and cid not in copies:
            return f"{card_id_text(cid)} is not a card of this game's shoe (it holds {len(copies)} {card})"
        if cid is not None:
            return f"{card_id_text(cid)} is already placed, at {self.placed[cid]}"
        where = ", ".join(dict.fromkeys(self.placed[copy] for copy in copies))
        return f"there is no {card} left to place: the shoe holds {len(copies)}, at {where}"

    def deal(self, count: int) -> list[CardId]:
        """The next ``count`` cards not named (fewer if fewer are left), in the seeded order."""
        dealt: list[CardId] = []
        for cid in self.order:
            if len(dealt) == count:
                break
            if cid in self.free:
                dealt.append(cid)
        self.free.difference_update(dealt)
        self.order = [cid for cid in self.order if cid in self.free]
        return dealt


def _table_meld(configuration: Configuration, pool: _Pool, item: Any, players: int, path: str) -> TableMeld:
    if not isinstance(item, tuple | list) or len(item) != 2:
        raise InvalidPositionError(path, f"a meld on the table is (owner, cards), not {quote(item)}")
    owner, cards = item
    if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < players:
        raise InvalidPositionError(f"{path}.owner", f"there is no seat {quote(owner)}: seats are 0 to {players - 1}")
    ids = pool.take(cards, path)
    faces = tuple(face(cid) for cid in ids)
    try:
        meld = configuration.plugin_manager.hook.rummykit_read_meld(rules=configuration.rules, cards=faces)
    except IllegalActionError as exc:
        raise InvalidPositionError(
            path, f"{' '.join(map(str, faces))} is not a meld: {exc.reason} ({exc.rule})"
        ) from exc
    return TableMeld(owner=owner, meld=meld, ids=tuple(ids))


def _taken(taken: str | Card, hands: list[list[CardId] | None], turn: int) -> CardId:
    try:
        card = taken if isinstance(taken, Card) else Card.parse(taken)
    except InvalidCardError as exc:
        raise InvalidPositionError("taken", str(exc)) from exc
    hand = hands[turn]
    copies = [cid for cid in hand or () if face(cid) == card]
    if not copies:
        raise InvalidPositionError("taken", f"the turn player (seat {turn}) holds no {card} to have taken")
    return copies[-1]


def _set_facts(configuration: Configuration, state: GameState, facts: Mapping[str, Any]) -> frozenset[str]:
    """Set the fields of the variant's own state that ``facts`` gives (read as a position document's
    ``extra`` is); the names given."""
    if not isinstance(facts, Mapping):
        raise InvalidPositionError("facts", f"the variant's facts map names to values, not {quote(facts)}")
    hints = get_type_hints(type(state))
    own = {field.name for field in own_fields(type(state))}
    kinds = configuration.spec.actions
    for name, value in facts.items():
        if name not in own:
            known = ", ".join(own) or "(none)"
            raise InvalidPositionError(f"facts.{name}", f"{state.config.variant} keeps no fact {quote(name)}: {known}")
        setattr(state, name, structure_checked(kinds, value, hints[name], f"facts.{name}."))
    return frozenset(facts)
