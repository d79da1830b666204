"""The standard rummy's state: what a round of rummy keeps beyond the core's cards and turns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

import attrs

from rummykit.core.cards import Card, CardId, face
from rummykit.core.melds import Meld, read_meld
from rummykit.core.state import GameState, TableMeld, cache
from rummykit.standard.canastas import Canasta
from rummykit.standard.rules import CanastaFamily, StandardRules

__all__ = ["GroupState", "KnockState", "SidesRead", "StandardState"]


@attrs.define(kw_only=True)
class StandardState(GameState):
    """A standard rummy game's state: the core's fields, and what the round has seen so far.

    A variant's own state subclasses it with fields of its own (each with a default); nothing else
    is needed for them to be copied, saved and loaded.

    Attributes:
        rules: the configuration's rules (typed: a variant narrows it to its own rules class).
        melded_on: per seat, the turn on which it first laid down a meld this round (``None``: not
            yet): it has gone down (contract melds), or made its initial meld.
        played_on: per seat, the turn on which it first melded or laid off this round (``None``: not
            yet): a seat that goes out on that turn goes rummy.
        melds_this_turn: new melds the turn player has laid down this turn.
        rebuilds: how many times the stock has been rebuilt from the discard pile this round.
    """

    rules: StandardRules
    melded_on: list[int | None] = attrs.Factory(list)
    played_on: list[int | None] = attrs.Factory(list)
    melds_this_turn: int = 0
    rebuilds: int = 0

    def start_round(self) -> None:
        """Forget the last round's plays (called as a round is dealt)."""
        self.melded_on = [None] * self.players
        self.played_on = [None] * self.players
        self.melds_this_turn = 0
        self.rebuilds = 0

    def read_table_meld(self, cards: Sequence[Card], kind: str) -> Meld:
        """``cards`` read as a meld of ``kind`` on this table (a position's check): under the rules' meld rules; a
        state whose wild cards change from deal to deal reads them with the deal's (`rummykit.standard.declaring`).

        Raises:
            IllegalActionError: citing the rule the cards break.
        """
        return read_meld(cards, self.rules.melds, kind)

    def note_laid(self, seat: int, cards: Iterable[CardId]) -> None:
        """Note that ``seat`` put ``cards`` on the table (a meld, a lay-off): nothing to note in the standard
        rummy; a state that credits the layer keeps them (`rummykit.standard.spread.SpreadState`)."""

    def has_melded(self, seat: int) -> bool:
        """``seat`` has laid down a meld this round (gone down, or made its initial meld)."""
        return self.melded_on[seat] is not None

    def went_rummy(self, seat: int) -> bool:
        """``seat`` played no card before this turn (so, going out now, it goes rummy)."""
        played = self.played_on[seat]
        return played is None or played == self.turn_number


@attrs.define(kw_only=True)
class KnockState(StandardState):
    """The state of a standard rummy whose rounds end by a knock
    ([`Knocking`][rummykit.standard.rules.Knocking]): the standard rummy's, and the round's knock.

    Attributes:
        knock_card: the round's knock card (`Knocking.knock_card_of` its first up-card).
        knocker: the seat that knocked this round, if any.
    """

    knock_card: int = 10
    knocker: int | None = None

    def start_round(self) -> None:
        super().start_round()
        knocking = self.rules.knocking
        assert knocking is not None, "a KnockState is the state of knock endings"
        self.knock_card = knocking.knock_card_of(face(self.piles["discard"][0]))
        self.knocker = None


class SidesRead(NamedTuple):
    """What the table says of each side of a canasta-family game, read once for each table
    (`GroupState.read_sides`); by side (`CanastaFamily.side_of`).

    Attributes:
        table: the table it was read from.
        canastas: each side's canastas, one kind a canasta.
        kinds: the kinds of canasta each side has completed.
        meld_kinds: the kind of canasta of each meld on the table, or ``None``.
        owned: each side's melds, with their places on the table.
        opened: each side's melds a second meld of their key may not be laid beside, by key
            (`GroupState.open_melds`).
    """

    table: tuple[TableMeld, ...]
    canastas: tuple[tuple[str, ...], ...]
    kinds: tuple[frozenset[str], ...]
    meld_kinds: tuple[Canasta | None, ...]
    owned: tuple[tuple[tuple[int, TableMeld], ...], ...]
    opened: tuple[Mapping[int, int], ...]


@attrs.define(kw_only=True)
class GroupState(StandardState):
    """The state of a canasta-family game (`StandardRules.family`): the standard rummy's, the pile's
    freeze, and what the table says of each side, read again only when the table has changed.

    Attributes:
        frozen: the discard pile is frozen for every player (`PileTakes.frozen_by`).
        stuck: the turn player's hand held no card they may discard right after their draw.
        asked_on: the turn on which the turn player last asked their partner "may I go out?"
            (`GoingOut.ask_partner`), or ``None``.
        answer: the partner's answer to that question (``None``: not answered yet).
    """

    frozen: bool = False
    stuck: bool = False
    asked_on: int | None = None
    answer: bool | None = None
    sides_seen: SidesRead | None = cache()  # noqa: RUF009 - attrs' field of a cache: None, never shared
    """What the table says of each side (`read_sides`), with the table it was read from."""

    @property
    def family(self) -> CanastaFamily:
        """The family's mechanics (`StandardRules.family`)."""
        family = self.rules.family
        assert family is not None, "a GroupState is the state of a canasta-family game"
        return family

    def start_round(self) -> None:
        super().start_round()
        self.frozen = False
        self.stuck = False
        self.asked_on = self.answer = None

    def went_concealed(self, seat: int) -> bool:
        """Whether ``seat``, which went out, went out concealed (`FamilyScoring.concealed`): never, unless the
        variant's state says so."""
        return False

    def side_melded(self, seat: int) -> bool:
        """``seat``'s side has made its initial meld this round."""
        return any(self.has_melded(partner) for partner in self.family.partners(seat, self.players))

    def read_sides(self) -> SidesRead:
        """What the table says of each side (`SidesRead`), read again only when the table has changed: checking
        and listing ask many times a step. Its mappings are shared: read them, never change them."""
        table = tuple(self.table)
        seen = self.sides_seen
        if seen is None or seen.table != table:
            seen = self.sides_seen = self._sides_of(table)
        return seen

    def _sides_of(self, table: tuple[TableMeld, ...]) -> SidesRead:
        family = self.family
        groups = family.groups
        kinds = tuple([groups.kind_of(table_meld.meld) for table_meld in table])  # remembered by meld
        sides = range(self.players)
        canastas: list[list[str]] = [[] for _ in sides]
        owned: list[list[tuple[int, TableMeld]]] = [[] for _ in sides]
        opened: list[dict[int, int]] = [{} for _ in sides]
        size = groups.canastas.size if groups.one_open_per_key else None
        for index, (table_meld, kind) in enumerate(zip(table, kinds, strict=True)):
            side = family.side_of(table_meld.owner)
            owned[side].append((index, table_meld))
            if kind is not None:
                canastas[side].append(kind.name)
            meld = table_meld.meld
            if (size is None or len(table_meld.ids) < size) and not groups.is_going_out_meld(meld):
                opened[side][groups.key(meld)] = index
        return SidesRead(
            table,
            tuple(map(tuple, canastas)),
            tuple(map(frozenset, canastas)),
            kinds,
            tuple(map(tuple, owned)),
            tuple(opened),
        )

    def canastas(self, seat: int) -> tuple[str, ...]:
        """The kind of each canasta of ``seat``'s side (one entry a canasta)."""
        return self.read_sides().canastas[self.family.side_of(seat)]

    def canasta_kinds_of(self, seat: int) -> frozenset[str]:
        """The kinds of canasta ``seat``'s side has completed."""
        return self.read_sides().kinds[self.family.side_of(seat)]

    def owns(self, seat: int, table_meld: TableMeld) -> bool:
        """``table_meld`` is a meld of ``seat``'s side."""
        sides = self.family.sides
        return sides[table_meld.owner] == sides[seat] if sides else table_meld.owner == seat

    def own_melds(self, seat: int) -> tuple[tuple[int, TableMeld], ...]:
        """The melds of ``seat``'s side, each with its place on the table."""
        return self.read_sides().owned[self.family.side_of(seat)]

    def open_melds(self, seat: int) -> Mapping[int, int]:
        """The melds of ``seat``'s side that a second meld of their key may not be laid beside, by key, with
        each's place on the table: with `Groups.one_open_per_key`, those that are not canastas yet; else all
        (melds of ranks melded only when going out aside)."""
        return self.read_sides().opened[self.family.side_of(seat)]
