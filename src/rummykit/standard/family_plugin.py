"""The canasta family as a plug-in: every hook of a canasta-family variant, played from its
[`CanastaFamily`][rummykit.standard.rules.CanastaFamily] (`StandardRules.family`).

A variant derives from [`CanastaFamilyRummy`][rummykit.standard.family_plugin.CanastaFamilyRummy], declares its
spec and its rules, and overrides only what its rule book says beyond the family's: Classic Canasta its up-card
and the end of the stock, Railroad Canasta its 7s and its kitty.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import attrs

from rummykit.core.actions import Action
from rummykit.core.cards import FACE_MASK, Card, CardId, face
from rummykit.core.errors import IllegalActionError, InvalidPositionError
from rummykit.core.hookspecs import hookimpl
from rummykit.core.melds import Meld, MeldKind
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.core.state import Phase, SeatScore
from rummykit.core.views import Picture, View, shown
from rummykit.standard.asking import ASK, AnswerGoOut, AskToGoOut, asked_partner, with_asking
from rummykit.standard.canasta_family import (
    EndRound,
    TakePile,
    deal_family,
    family_game_over,
    family_moves,
    score_family,
)
from rummykit.standard.groups import WILD
from rummykit.standard.plugin import StandardRummy, StandardView, arrange_position, check_view, view_fields
from rummykit.standard.rules import CanastaFamily, StandardRules
from rummykit.standard.state import GroupState

__all__ = [
    "CanastaFamilyRummy",
    "FamilyView",
    "canastas_of",
    "check_canastas",
    "check_family_position",
    "family_view_fields",
]

R = TypeVar("R", bound=StandardRules)
S = TypeVar("S", bound=GroupState)


@attrs.frozen(kw_only=True)
class FamilyView(StandardView):
    """A canasta-family view: the standard rummy's, and each side's red threes, the pile's freeze, each seat's
    initial-meld minimum, each meld's kind of canasta and each seat's side.

    Attributes:
        red_threes: the faces each seat has laid out (`CanastaFamily.placed`).
        frozen: the discard pile is frozen for every player.
        initial_minimum: what each seat's side's initial meld must be worth this round.
        canastas: for each meld on the table, in the table's order, the kind of canasta it is, or ``""``.
        sides: each seat's side (`CanastaFamily.sides`); empty when each plays alone.
    """

    red_threes: tuple[tuple[Card, ...], ...] = shown("red threes", per_seat=True)
    frozen: bool = shown("discard pile frozen", hidden_if=False, picture=Picture.CROSSWISE)
    initial_minimum: tuple[int, ...] = shown("initial meld", per_seat=True)
    canastas: tuple[str, ...] = shown("canasta", picture=Picture.MELDS)
    sides: tuple[int, ...] = shown("side", per_seat=True, hidden_if=())


def family_view_fields(state: GroupState, seat: int | None, to_act: tuple[int, ...]) -> dict[str, Any]:
    """The fields of a [`FamilyView`][rummykit.standard.family_plugin.FamilyView] for ``seat``."""
    family = state.family
    placed = state.seat_piles[family.placed] if family.placed is not None else [[] for _ in range(state.players)]
    return {
        **view_fields(state, seat, to_act),
        "red_threes": tuple(tuple(face(cid) for cid in pile) for pile in placed),
        "frozen": state.frozen,
        "initial_minimum": tuple(family.minimums.of(total) for total in state.totals),
        "canastas": canastas_of(family, state.table),
        "sides": family.sides,
    }


def canastas_of(family: CanastaFamily, table: Sequence[Any]) -> tuple[str, ...]:
    """The kind of canasta each meld of ``table`` is, ``""`` for a meld that is not one."""
    kinds = (family.groups.kind_of(table_meld.meld) for table_meld in table)
    return tuple("" if kind is None else str(kind.name) for kind in kinds)


def check_family_view(view: FamilyView, rules: StandardRules) -> None:
    """A loaded family view: the standard rummy's checks, and each meld's kind of canasta read from the table."""
    check_view(view, rules)
    assert rules.family is not None
    check_canastas(view.canastas, view.table, rules.family)


def check_canastas(canastas: Sequence[str], table: Sequence[Any], family: CanastaFamily) -> None:
    """A loaded view's kind of canasta of each meld (``canastas``) is the one ``table`` says."""
    kinds = canastas_of(family, table)
    if len(canastas) != len(kinds):
        raise InvalidPositionError("canastas", f"one entry for each of the {len(kinds)} melds on the table")
    for index, (given, kind) in enumerate(zip(canastas, kinds, strict=True)):
        if given != kind:
            what = f"a {kind} canasta" if kind else "not a canasta"
            raise InvalidPositionError(f"canastas[{index}]", f"meld {index} is {what}, not {given!r}")


def check_family_position(state: GroupState) -> None:
    """What a canasta-family position loaded from data must satisfy beyond the core's checks: who has melded
    (within the turns played), no face that is laid out held in a hand, and only such faces laid out; every
    meld on the table a meld (`Groups.read`), of a side that has melded, one of a key a side (an open one,
    with `Groups.one_open_per_key`); an empty hand only for the seat that went out."""
    family, players = state.family, state.players
    groups = family.groups
    for name in ("melded_on", "played_on"):
        if len(getattr(state, name)) != players:
            raise InvalidPositionError(f"extra.{name}", f"one entry per seat ({players})")
    for seat, turn in enumerate(state.melded_on):
        if turn is not None and not 1 <= turn <= state.turn_number:
            raise InvalidPositionError(
                f"extra.melded_on[{seat}]", f"turn {turn} is not one of 1 to {state.turn_number}"
            )
    never = groups.ids.never
    if family.placed is not None:
        for seat, held in enumerate(state.hands):
            for i, cid in enumerate(held):
                if cid & FACE_MASK in groups.never_indices:
                    reason = f"{face(cid)} is never held: it is laid out when it comes ({never})"
                    raise InvalidPositionError(f"hands[{seat}][{i}]", reason)
        for seat, pile in enumerate(state.seat_piles[family.placed]):
            for i, cid in enumerate(pile):
                if cid & FACE_MASK not in groups.never_indices:
                    where = f"seat_piles.{family.placed}[{seat}][{i}]"
                    raise InvalidPositionError(where, f"{face(cid)} is not laid out ({never})")
    keys: set[tuple[int, int]] = set()  # (side, key) of each meld a second of its key may not be laid beside
    for index, table_meld in enumerate(state.table):
        given, owner = table_meld.meld, table_meld.owner
        if given.kind not in (*MeldKind, WILD):
            raise InvalidPositionError(f"table[{index}].kind", f"a set or a wild meld, not {given.kind!r}")
        try:
            meld = groups.read(given.cards)
        except IllegalActionError as exc:
            raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {exc}") from exc
        if meld.kind != given.kind:
            raise InvalidPositionError(f"table[{index}]", f"not a valid meld: {meld} is a {meld.kind} meld")
        if meld.ranks != given.ranks:
            ranks = " ".join(rank.symbol for rank in meld.ranks)
            raise InvalidPositionError(f"table[{index}].ranks", f"the cards of {meld} stand for {ranks}")
        if not state.side_melded(owner):
            raise InvalidPositionError(f"table[{index}].owner", f"seat {owner}'s side has not melded this round")
        counted = not groups.is_going_out_meld(meld) and not (groups.one_open_per_key and groups.is_closed(meld))
        if counted:
            key = (family.side_of(owner), groups.key(meld))
            if key in keys:
                rule = groups.ids.one_per_key
                raise InvalidPositionError(
                    "table", f"seat {owner}'s side has two melds of one rank it may not ({rule})"
                )
            keys.add(key)
    _check_asked(state)
    emptied: set[int | None] = set()
    if state.phase == Phase.OVER:  # the last round ended with the seat that went out, or melded every card
        emptied = {state.history[-1].went_out if state.history else None, state.turn}
    for seat, hand in enumerate(state.hands):
        if not hand and seat not in emptied:
            raise InvalidPositionError(f"hands[{seat}]", "an empty hand means the seat went out, ending the round")


def _check_asked(state: GroupState) -> None:
    """ "Partner, may I go out?" (`GoingOut.ask_partner`): a question of a turn played, an answer only to one, and
    the phase `asking.ASK` only while the turn player's question of this turn waits for their partner."""
    asked, turn = state.asked_on, state.turn_number
    if asked is not None and not 1 <= asked <= turn:
        raise InvalidPositionError("extra.asked_on", f"turn {asked} is not one of 1 to {turn}")
    if state.answer is not None and asked is None:
        raise InvalidPositionError("extra.answer", "an answer needs a question: asked_on is null")
    if state.phase != ASK:
        return
    if state.family.going_out.ask_partner is None:
        raise InvalidPositionError("phase", f"nobody asks to go out in {state.config.variant} as configured")
    if asked_partner(state, state.turn) is None:
        raise InvalidPositionError("phase", f"seat {state.turn} plays alone: there is no partner to answer")
    if asked != turn or state.answer is not None:
        reason = f"in the phase {ASK} the turn player has asked in this turn (turn {turn}), and nobody has answered"
        raise InvalidPositionError("extra.asked_on", reason)


class CanastaFamilyRummy(StandardRummy[R, S], Generic[R, S]):
    """A canasta-family variant as a plug-in: the family's moves, deal, scoring, end of game, views and
    position checks, from ``rules.family``. A variant declares ``spec`` (with `GroupState` or its own state and
    `FamilyView` or its own view) and ``rummykit_setup``."""

    @hookimpl
    def rummykit_moves(self, rules: R) -> dict[type[Action], Move[Any, Any]]:
        """The family's moves ([`family_moves`][rummykit.standard.canasta_family.family_moves]), with "Partner, may I
        go out?" where the rules offer it ([`with_asking`][rummykit.standard.asking.with_asking])."""
        return with_asking(rules, family_moves(rules))

    @hookimpl
    def rummykit_to_act(self, state: S) -> tuple[int, ...]:
        """The turn player; while they wait for an answer (`asking.ASK`), the partner they asked."""
        if state.is_over:
            return ()
        partner = asked_partner(state, state.turn) if state.phase == ASK else None
        return (state.turn,) if partner is None else (partner,)

    @hookimpl
    def rummykit_start_round(self, state: S, shoe: list[CardId], rng: Randomness) -> bool:
        """The family's deal ([`deal_family`][rummykit.standard.canasta_family.deal_family])."""
        deal_family(state, shoe)
        return True

    @hookimpl
    def rummykit_score_round(self, state: S) -> list[SeatScore]:
        """Side by side, line by line ([`score_family`][rummykit.standard.canasta_family.score_family])."""
        return score_family(state)

    @hookimpl
    def rummykit_game_over(self, state: S) -> bool:
        """A side alone at the top, at the target
        ([`family_game_over`][rummykit.standard.canasta_family.family_game_over])."""
        return family_game_over(state)

    @hookimpl
    def rummykit_view(self, state: S, seat: int | None, to_act: tuple[int, ...]) -> View:
        """The variant's view class, from the family's fields (`family_view_fields`)."""
        view_type = self.spec.view_type or FamilyView
        return view_type(**family_view_fields(state, seat, to_act))

    @hookimpl
    def rummykit_check_view(self, view: View, rules: R) -> None:
        """A loaded view's round facts and canastas (`check_family_view`)."""
        if isinstance(view, FamilyView):
            check_family_view(view, rules)
        elif isinstance(view, StandardView):
            check_view(view, rules)

    @hookimpl
    def rummykit_check_position(self, state: S) -> None:
        """The family's position rules (`check_family_position`)."""
        check_family_position(state)

    @hookimpl
    def rummykit_read_meld(self, rules: R, cards: tuple[Card, ...]) -> Meld:
        """A group under ``rules.family.groups`` ([`Groups.read`][rummykit.standard.groups.Groups.read])."""
        assert rules.family is not None
        return rules.family.groups.read(cards)

    @hookimpl
    def rummykit_arrange_position(self, state: S, melded: frozenset[int], given: frozenset[str]) -> None:
        """Who has melded, unless given; the pile frozen while a face that freezes it lies in it, or a face laid
        out was its first up-card."""
        if not given & {"melded_on", "played_on"}:
            arrange_position(state, melded)
        if "frozen" not in given:
            family = state.family
            pile = [face(cid) for cid in state.piles["discard"]]
            first = bool(pile) and pile[0].index in family.groups.never_indices
            state.frozen = first or any(card in family.takes.frozen_by for card in pile)

    @hookimpl
    def rummykit_move_help(self, rules: R) -> list[tuple[str, str]]:
        """How to type the family's own moves (`rummykit_parse_move`): the pile's take, the end of the round at an
        empty stock and, where the rules offer it, "Partner, may I go out?" and its answer."""
        lines = [
            ("take 8H 8S", "take the discard pile, its top card melded with 8H 8S from hand"),
            ("take", "take the discard pile, its top card onto the side's meld of its rank"),
            ("end", "with the stock empty, end the round rather than take the pile"),
        ]
        if rules.family is not None and rules.family.going_out.ask_partner is not None:
            lines += [("ask", 'ask "Partner, may I go out?", right after the draw'), ("yes / no", "answer it")]
        return lines

    @hookimpl
    def rummykit_parse_move(self, seat: int, words: list[str]) -> Action | None:
        """``take [cards]`` (``take pile 8H 8S``) takes the discard pile; ``end`` ends the round at an empty stock;
        ``ask`` asks "Partner, may I go out?", and ``yes`` or ``no`` (``answer yes``) answers."""
        match words:
            case ["take", "pile", *cards] | ["take", *cards]:
                return TakePile(seat=seat, cards=" ".join(cards))
            case ["end"] | ["end", "round"]:
                return EndRound(seat=seat)
            case ["ask"]:
                return AskToGoOut(seat=seat)
            case ["yes" | "no" as answer] | ["answer", "yes" | "no" as answer]:
                return AnswerGoOut(seat=seat, yes=answer == "yes")
        return None
