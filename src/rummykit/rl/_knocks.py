"""(Private: the engine of OpenSpiel's resampling after a knock.) What a knock tells every seat about a
hand, for OpenSpiel's resampling
([`RummyState.resample_from_infostate`][rummykit.rl.openspiel.RummyState.resample_from_infostate]), and
hands drawn uniformly among those that agree with it.

A round that ends by a knock ([`Knocking`][rummykit.standard.rules.Knocking], Gin Rummy's) puts
public constraints on one hand, which a world dealt anew must keep:

- **the knock** (phase ``knock``, the knocker to lay down): the knocker's hand, with the knock
  discard back in it, was one the rules let knock with that card: its deadwood without the discard is
  at most the knock card (and, where `Knocking.shortcut` is played, OpenSpiel's shortcut allowed it);
- **the lay-off** (phase ``lay-off``, the defenders to play): the knocker laid down its melds and kept
  cards worth at most the knock card, and its hand at the knock was one that could knock (as above);
- **the wall** (the turn player took the discard at the wall, `Knocking.wall`): it may take it only to
  knock with it, so its hand can knock.

Few hands keep these (a random Gin Rummy hand has deadwood of 10 or less about once in 400), so dealing
the hidden cards at random until one does seldom ends. `HandSampler`
instead counts the hands that keep the constraint's bound exactly (by the ranks, ace to king, keeping
every way the cards so far can still be melded) and draws one of them, each as likely as any other; a
hand that breaks a finer point (OpenSpiel's shortcut) is drawn again, so that the hands come uniformly
from those that keep every constraint.

Examples:
    >>> from rummykit.core.cards import parse_cards
    >>> from rummykit.standard.deadwood import BIT, deadwood, mask
    >>> pool = [BIT[card.index] for card in parse_cards("5S 6S 7S 8S KH QD 2C 3C")]
    >>> sampler = HandSampler(0, [(bit, 0) for bit in pool], (4,), limit=10, melds=True)
    >>> sampler.total  # the 4-card hands of the pool with deadwood 10 or less: a run and a low card
    9
    >>> import random
    >>> hand = sampler.sample(random.Random(1))
    >>> deadwood(hand) <= 10, bin(hand).count("1")
    (True, 4)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, Protocol

import attrs

from rummykit.core.actions import GoDown
from rummykit.core.cards import FACE_MASK, CardId, face
from rummykit.core.engine import Game
from rummykit.core.state import Phase
from rummykit.standard.deadwood import BIT, knock_discards, mask, points
from rummykit.standard.knocking import Knock
from rummykit.standard.rules import KnockPhase
from rummykit.standard.state import KnockState

__all__ = ["HandSampler", "KnockConstraint", "knock_constraint"]

RANKS: Final = 13
ROWS: Final = 4
VALUES: Final = tuple(min(rank + 1, 10) for rank in range(RANKS))
"""Each rank's points, ace to king, as `rummykit.standard.deadwood` counts them."""
_FIELD: Final = 6
_MASK: Final = (1 << _FIELD) - 1
_START: Final = frozenset({0})
"""No run open in any suit, no deadwood yet."""


@attrs.frozen
class KnockConstraint:
    """What a knock says of ``seat``'s hand (see `rummykit.rl._knocks`).

    Attributes:
        seat: the seat whose hand it constrains.
        limit: the most deadwood the hand may have (``melds``), or the most points (not ``melds``): a
            bound every hand that keeps the constraint keeps, which `HandSampler` counts exactly.
        melds: the bound is on deadwood (melds set aside), else on the points of every card.
        knock_card: the round's knock card.
        discard: the knock discard (its face's `Card.index`), or ``None`` before the knock.
        laid: the cards (as a hand mask) the knocker laid down after the knock.
        shortcut: OpenSpiel's shortcut test is played (`Knocking.shortcut`).
        taken: at the wall, the face taken, which may not be the discard
            (`StandardRules.may_discard_taken`); else ``None``.
    """

    seat: int
    limit: int
    melds: bool
    knock_card: int
    discard: int | None = None
    laid: int = 0
    shortcut: bool = False
    taken: int | None = None

    def allows(self, hand: int) -> bool:
        """``hand`` (a mask of `rummykit.standard.deadwood`) keeps every constraint, the finer ones too."""
        if self.discard is None:  # at the wall: the hand can knock, with another card than the one taken
            return any(
                card != self.taken for card in knock_discards(hand, self.knock_card, shortcut_test=self.shortcut)
            )
        if not self.melds and points(hand) > self.limit:
            return False
        knocked = hand | self.laid | BIT[self.discard]  # the hand as it knocked, the discard in it
        return self.discard in knock_discards(knocked, self.knock_card, shortcut_test=self.shortcut)


def knock_constraint(game: Game, player: int) -> KnockConstraint | None:
    """The constraint a knock puts on a hand hidden from ``player`` in ``game``'s position, if any."""
    state = game.state
    if not isinstance(state, KnockState) or state.rules.knocking is None or game.is_over:
        return None
    faces = {card.index for card in state.rules.shoe}
    if len(faces) != len(state.rules.shoe) or max(faces) >= len(BIT):
        return None  # not the one 52-card deck without wild cards that knock endings are played with
    knocking = state.rules.knocking
    knock_card, phase = state.knock_card, state.phase
    if phase in (KnockPhase.KNOCK, KnockPhase.LAY_OFF) and state.knocker is not None:
        knocker = state.knocker
        if knocker == player:
            return None
        knocks = [action for action in state.log if isinstance(action, Knock) and action.seat == knocker]
        if not knocks:
            return None  # a position set up after a knock without its log: nothing more is known
        discard = knocks[-1].card.index
        if phase == KnockPhase.KNOCK:
            return KnockConstraint(
                seat=knocker, limit=knock_card, melds=True, knock_card=knock_card, discard=discard,
                shortcut=knocking.shortcut,
            )  # fmt: skip
        downs = [action for action in state.log if isinstance(action, GoDown) and action.seat == knocker]
        laid = mask(card.index for meld in downs[-1].melds for card in meld) if downs else 0
        return KnockConstraint(
            seat=knocker, limit=knock_card, melds=False, knock_card=knock_card, discard=discard, laid=laid,
            shortcut=knocking.shortcut,
        )  # fmt: skip
    taken = state.taken
    walled = (
        knocking.wall
        and phase == Phase.PLAY
        and taken is not None
        and len(state.piles["stock"]) <= (state.rules.stock.dead_at or 0)
    )
    if walled and taken is not None and state.turn != player:
        # a discard is worth 10 at most: a hand that can knock has deadwood of the knock card and 10 at most
        return KnockConstraint(
            seat=state.turn, limit=knock_card + 10, melds=True, knock_card=knock_card, shortcut=knocking.shortcut,
            taken=None if state.rules.may_discard_taken else face(taken).index,
        )  # fmt: skip
    return None


def hand_mask(cards: Sequence[CardId]) -> int:
    """``cards`` as a hand mask of `rummykit.standard.deadwood` (by their faces)."""
    return mask(cid & FACE_MASK for cid in cards)


class HandSampler:
    """The hands made of ``mandatory`` and, from each pool ``p``, exactly ``quotas[p]`` of the
    ``optional`` cards of that pool, whose deadwood (``melds``) or points are at most ``limit``: counted
    exactly (``total``), and drawn uniformly (`sample`).

    Cards are bits of a hand mask of [`rummykit.standard.deadwood`][rummykit.standard.deadwood] (one
    52-card deck, no wild cards). The count goes through the ranks from the ace to the king; after each
    rank it keeps every way the cards so far can be melded: for each suit, whether a run is open and how
    long it is (1, 2, or 3 cards and more), with the least deadwood each way has left so far. A card of
    the rank ends an open run or extends it, joins a set of 3 or 4 of its rank, or is deadwood; a run of
    1 or 2 cards that does not go on is no meld. So two hands are never counted as one, and a hand is
    counted once however many ways it melds.

    Raises:
        ValueError: no hand keeps the bound (``total`` is 0) when one is drawn.
    """

    def __init__(
        self, mandatory: int, optional: Sequence[tuple[int, int]], quotas: Sequence[int], *, limit: int, melds: bool
    ) -> None:
        self.quotas = tuple(quotas)
        self.limit = limit
        self.melds = melds
        # The cards taken from each pool so far, packed in one int: 6 bits a pool (a pool holds at most
        # 52 cards, and a rank adds at most 4 before the count is checked against its quota).
        self._shifts = tuple(_FIELD * pool for pool in range(len(self.quotas)))
        self._quota = sum(quota << shift for quota, shift in zip(self.quotas, self._shifts, strict=True))
        # For each rank: each choice of its optional cards, as (its suits and the mandatory ones, the
        # cards it takes from each pool, packed, its bits).
        self._choices: list[list[tuple[int, int, int]]] = []
        # From each rank on: the optional cards left in each pool.
        self._left = [[0] * len(self.quotas) for _ in range(RANKS + 1)]
        by_rank: list[list[tuple[int, int, int]]] = [[] for _ in range(RANKS)]
        for bit, pool in optional:
            number = bit.bit_length() - 1
            by_rank[number % RANKS].append((number // RANKS, pool, bit))
        for rank in range(RANKS):
            fixed = sum(1 << row for row in range(ROWS) if mandatory >> (row * RANKS + rank) & 1)
            cards = by_rank[rank]
            choices = []
            for subset in range(1 << len(cards)):
                suits, taken, bits = fixed, 0, 0
                for index, (row, pool, bit) in enumerate(cards):
                    if subset >> index & 1:
                        suits |= 1 << row
                        taken += 1 << self._shifts[pool]
                        bits |= bit
                choices.append((suits, taken, bits))
            self._choices.append(choices)
        for rank in reversed(range(RANKS)):
            left = self._left[rank] = self._left[rank + 1][:]
            for _, pool, _ in by_rank[rank]:
                left[pool] += 1
        self._counted: dict[tuple[int, frozenset[int], int], int] = {}
        self.total = self._count(0, _START, 0)

    def _fits(self, rank: int, taken: int) -> bool:
        """``taken`` (packed) is within every quota, and the ranks from ``rank`` on can still fill them."""
        left = self._left[rank]
        for pool, quota in enumerate(self.quotas):
            count = taken >> self._shifts[pool] & _MASK
            if count > quota or quota - count > left[pool]:
                return False
        return True

    def _count(self, rank: int, configs: frozenset[int], taken: int) -> int:
        if rank == RANKS:
            return int(taken == self._quota and any(_closed(config) for config in configs))
        key = (rank, configs, taken)
        known = self._counted.get(key)
        if known is not None:
            return known
        total = 0
        value, limit, melds = VALUES[rank], self.limit, self.melds
        for suits, more, _ in self._choices[rank]:
            if self._fits(rank + 1, taken + more):
                after = _advance(configs, suits, value, limit, melds)
                if after:
                    total += self._count(rank + 1, after, taken + more)
        self._counted[key] = total
        return total

    def sample(self, chooser: _Chooser) -> int:
        """One of the hands, each as likely as any other: the bits of its optional cards."""
        if not self.total:
            raise ValueError("no hand keeps the bound")
        configs, taken, bits = _START, 0, 0
        for rank in range(RANKS):
            weighted = []
            for suits, more, chosen in self._choices[rank]:
                if self._fits(rank + 1, taken + more):
                    after = _advance(configs, suits, VALUES[rank], self.limit, self.melds)
                    weight = self._count(rank + 1, after, taken + more) if after else 0
                    if weight:
                        weighted.append((weight, after, taken + more, chosen))
            pick = chooser.randrange(sum(weight for weight, _, _, _ in weighted))
            for weight, after, now, chosen in weighted:
                if pick < weight:
                    configs, taken, bits = after, now, bits | chosen
                    break
                pick -= weight
        return bits


class _Chooser(Protocol):
    """What `HandSampler.sample` needs of a random source (``random.Random`` has it)."""

    def randrange(self, stop: int, /) -> int: ...


def _closed(config: int) -> bool:
    """No run of 1 or 2 cards is left open (each suit's status is 0 or 3)."""
    return all((config >> 2 * row & 3) in (0, 3) for row in range(ROWS))


@functools.lru_cache(maxsize=1 << 16)
def _advance(configs: frozenset[int], suits: int, value: int, limit: int, melds: bool) -> frozenset[int]:
    """The ways to meld after a rank whose cards in the hand are of ``suits`` (worth ``value`` each),
    from ``configs`` (each: a 2-bit run status per suit, then the deadwood so far from bit 8), keeping
    the least deadwood for each run status and dropping those past ``limit``."""
    best: dict[int, int] = {}
    for config in configs:
        statuses, dead = config & 0xFF, config >> 8
        for after, cards in _moves(statuses, suits, melds):
            total = dead + cards * value
            if total <= limit and best.get(after, limit + 1) > total:
                best[after] = total
    kept = [
        (statuses, dead)
        for statuses, dead in best.items()
        if not any(other != statuses and less <= dead and _dominates(other, statuses) for other, less in best.items())
    ]
    return frozenset(statuses | dead << 8 for statuses, dead in kept)


def _dominates(better: int, worse: int) -> bool:
    """Every suit's run status in ``better`` can do whatever ``worse``'s can: a run of 3 or more can end
    at once or go on (more than no run, which can only start one), a run of 2 needs one card less than a
    run of 1. Nothing a hand holds later melds worse from ``better``, with as little deadwood."""
    for row in range(ROWS):
        one, other = better >> 2 * row & 3, worse >> 2 * row & 3
        if one != other and (other, one) not in ((0, 3), (1, 2)):
            return False
    return True


@functools.cache
def _moves(statuses: int, suits: int, melds: bool) -> tuple[tuple[int, int], ...]:
    """Each way to play a rank's cards of ``suits`` after ``statuses``: the run statuses after it and how
    many of its cards are deadwood. A run open with 1 or 2 cards must go on in its suit."""
    status = [statuses >> 2 * row & 3 for row in range(ROWS)]
    present = [row for row in range(ROWS) if suits >> row & 1]
    if any(status[row] in (1, 2) and not suits >> row & 1 for row in range(ROWS)):
        return ()
    groups = [0]
    if melds and len(present) >= 3:
        groups += [group for group in range(16) if group & ~suits == 0 and bin(group).count("1") >= 3]
    found: set[tuple[int, int]] = set()
    for group in groups:
        if any(status[row] in (1, 2) for row in present if group >> row & 1):
            continue  # a short run that a set takes the next card of
        rest = [row for row in present if not group >> row & 1]
        for runs in range(1 << len(rest)) if melds else (0,):
            after, cards = 0, 0
            for index, row in enumerate(rest):
                if runs >> index & 1:
                    after |= min(status[row] + 1, 3) << 2 * row
                elif status[row] in (1, 2):
                    break
                else:
                    cards += 1
            else:
                found.add((after, cards))
    return tuple(sorted(found))
