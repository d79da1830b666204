"""Gin Rummy's rule book and its rules as data: a standard rummy of two players whose hands end by a knock
(`rummykit.standard.Knocking`), as OpenSpiel's ``gin_rummy`` plays a hand, in a game of hands to 100.

Examples:
    >>> import rummykit
    >>> rules = rummykit.new_game("gin-rummy", players=2, seed=1).state.rules
    >>> rules.deal.hand_size, rules.stock.dead_at, rules.knocking.knock_card, rules.scoring.target
    (10, 2, 10, 100)
"""

from __future__ import annotations

from typing import Final

import attrs

from rummykit.core.cards import standard_deck
from rummykit.core.melds import MeldRules
from rummykit.core.specs import GameSettings, Option, rule_book
from rummykit.standard import Deal, Knocking, RuleIds, Scoring, StandardRules, Stock
from rummykit.standard.rules import KNOCK_POINTS, KNOCK_RUN_ORDER

__all__ = ["IDS", "OPTIONS", "RULES", "GinRules", "make_rules"]

RULES: Final = rule_book("""
GIN-1 | Players and cards | Two players, one 52-card deck, no jokers. A card's value: ace 1, 2 to 10 their number,
    J, Q and K 10.
GIN-2 | Dealer | The first dealer is chosen at random; the deal then alternates, after a dead hand too
    [clarified: Pagat has the same dealer deal again]. The non-dealer plays first.
GIN-3 | Deal | Ten cards each, one at a time, starting with the non-dealer; the next card is turned face up, the
    up-card, to start the discard pile; the other 31 cards are the stock. Only the top card of the discard pile can
    be taken.
GIN-4 | The first up-card | The non-dealer first takes the up-card or passes; if they pass, the dealer takes it or
    passes; if both pass, the non-dealer draws the top card of the stock. Taking the up-card is that player's draw:
    they then discard or knock, and the other player has the next turn.
GIN-5 | The turn | A turn is one draw, the top card of the stock or of the discard pile, then one discard, or a
    knock.
GIN-6 | Discarding the taken card | [clarified] The card taken from the discard pile may be discarded in the same
    turn (OpenSpiel; Pagat forbids it). Option may_discard_taken_card (default true): false forbids it, and then
    that card may not be the knock discard either.
GIN-7 | Repeated take | [clarified] When a player takes the top discard and discards that same card, and the other
    player then does the same, the hand ends at once, dead (OpenSpiel). Option repeated_take_ends_hand (default
    true).
GIN-8 | Take limit | [clarified] The 50th time in a hand that a player would take the top discard at their draw
    (taking the first up-card is not counted), the card is not taken and the hand ends, dead (OpenSpiel's guard
    that every hand ends). Option discard_take_limit (default 50; none: no limit).
GIN-9 | Melds | A set is 3 or 4 cards of one rank. A run is 3 or more cards of one suit in sequence, the ace low
    only (A-2-3 is a run, Q-K-A is not). A card is in one meld at most.
GIN-10 | Deadwood | A player's deadwood is the cards not in their melds, its count the sum of their values: before
    a knock, of the best arrangement of the hand; after a knock, of the cards left in hand once the player has
    laid down.
GIN-11 | Knock card | The most deadwood a knocker may keep: option knock_card (default 10, from 0 to 10; 0 plays
    straight gin). Oklahoma (GIN-25) replaces it.
GIN-12 | Knocking | A player who has drawn may knock instead of discarding, on any turn, the first included, when
    some discard leaves ten cards with deadwood at most the knock card. Knocking is never compulsory.
    [clarified] OpenSpiel decides whether a knock is allowed by a shortcut: it arranges the eleven cards first (its
    best group of melds, the first it finds) and leaves out the highest-ranked card not melded; now and then this
    refuses a knock that a discard would allow. Option knock_test: openspiel (default) or exact (any discard, as a
    table plays).
GIN-13 | The knocker | The knocker discards one card face down, any card after which the rest has deadwood at most
    the knock card; then lays down melds in one go-down, keeping in hand cards worth at most the knock card.
    Laying down every meld is not compulsory: the cards kept count as deadwood.
GIN-14 | Gin | A knocker who keeps no card in hand has gin. Nobody lays off on gin.
GIN-15 | Big gin | [clarified] Eleven melded cards are not special (OpenSpiel): the player still discards, and
    has gin. Pagat's big gin bonus is not offered.
GIN-16 | Laying off | Unless the knocker has gin, the other player, the defender, may then lay off cards from their
    hand on the knocker's melds, one card an action: the fourth card of a set of 3, or the card of a run's suit just
    below its lowest or above its highest card. Nobody lays off on the defender's melds; the knocker never lays
    off.
GIN-17 | Lay-off limit | [clarified] At most two cards are laid off beyond each end of a run the knocker laid down
    (OpenSpiel; Pagat has no limit). Option layoff_run_limit (default 2; none: no limit).
GIN-18 | The defender's melds | When the defender stops laying off, they lay down their own melds in one go-down,
    or pass; the hand is then scored.
GIN-19 | The wall | [clarified] When a discard leaves 2 cards in the stock, the other player may not draw: they may
    take that discard only to knock with it (it may be the knock discard), or pass, and the hand is dead
    (OpenSpiel, as the tournament rule of the 50th card). Option wall_knock (default true); false: the hand is dead
    as soon as that discard is made (Pagat). The last two cards of the stock are never drawn.
GIN-20 | Scoring a knock | With K the knocker's deadwood and D the defender's: if K is less than D, the knocker
    scores D - K. With gin the knocker scores D and the gin bonus (option gin_bonus, default 25; Pagat 20), and is
    never undercut.
GIN-21 | Undercut | If D is less than K, the defender scores K - D and the undercut bonus (option undercut_bonus,
    default 25; Pagat 10). [clarified] If D equals K nobody scores (OpenSpiel); option undercut_on_tie (default
    false; true: the defender scores the undercut bonus, as Pagat has it).
GIN-22 | Dead hand | A dead hand (GIN-7, GIN-8, GIN-19, or the turn cap G-1) scores nothing.
GIN-23 | The game | [clarified] A game is a series of hands. The player who scores in a hand adds the points to
    their total; the game ends after a hand in which a total reaches the target (option target, default 100, as
    Pagat), and the higher total wins. Pagat's box, game and shutout bonuses are not offered.
GIN-24 | Single hand | [clarified] Option single_hand (default false): the game is one hand, as OpenSpiel plays it,
    and its points are won from the other player: the scorer gains them, the other loses them (OpenSpiel's
    returns); a dead hand is 0 to 0.
GIN-25 | Oklahoma | Option oklahoma (default false): the value of the first up-card is the knock card of the hand.
    [clarified] An ace means that only gin ends the hand (knock card 0, OpenSpiel); option oklahoma_ace: gin
    (default) or one (knock card 1, Pagat's main rule).
GIN-C1 | Clarification: a lay-off goes on one meld | A card laid off goes on the meld the action names. OpenSpiel's
    lay-off names no meld and counts the card for every meld of the knocker's it fits: a 10S laid off beside both
    7S 8S 9S and 10C 10D 10H lets the JS follow on the run; here it does if the 10S went on the run, not if it went
    on the set.
GIN-C2 | Clarification: touching runs | Runs of one suit laid down together that touch (3S 4S 5S and 6S 7S 8S) are
    one run (3S to 8S): a go-down is recorded with its runs joined, and lay-offs go at the joined run's ends.
    OpenSpiel lays a run of 6 cards or more as two or more melds of 3 to 5 cards; the cards and the lay-offs are the
    same.
GIN-C3 | Clarification: the knock discard | The knock discard goes on the discard pile; nobody may take it.
""")
"""Gin Rummy's rule book, rule by rule (the rules page renders it)."""

OPTIONS: Final = (
    Option("knock_card", int, 10, "GIN-11: the most deadwood a knocker may keep", minimum=0, maximum=10, rule="GIN-11"),
    Option("gin_bonus", int, 25, "GIN-20: the bonus for gin", minimum=0, rule="GIN-20"),
    Option("undercut_bonus", int, 25, "GIN-21: the bonus for an undercut", minimum=0, rule="GIN-21"),
    Option("undercut_on_tie", bool, False, "GIN-21: equal deadwood is an undercut", rule="GIN-21"),
    Option("target", int, 100, "GIN-23: the total that ends the game", minimum=1, rule="GIN-23"),
    Option("single_hand", bool, False, "GIN-24: the game is one hand, won from the other", rule="GIN-24"),
    Option("oklahoma", bool, False, "GIN-25: the first up-card's value is the knock card", rule="GIN-25"),
    Option("oklahoma_ace", str, "gin", "GIN-25: an ace up-card in Oklahoma", choices=("gin", "one"), rule="GIN-25"),
    Option("may_discard_taken_card", bool, True, "GIN-6: the taken card may be discarded", rule="GIN-6"),
    Option("repeated_take_ends_hand", bool, True, "GIN-7: a repeated take ends the hand", rule="GIN-7"),
    Option("discard_take_limit", int, 50, "GIN-8: the take that ends the hand", minimum=1, optional=True, rule="GIN-8"),
    Option("knock_test", str, "openspiel", "GIN-12: who may knock", choices=("openspiel", "exact"), rule="GIN-12"),
    Option("layoff_run_limit", int, 2, "GIN-17: lay-offs past a run's end", minimum=0, optional=True, rule="GIN-17"),
    Option("wall_knock", bool, True, "GIN-19: a knock with the last discard before the wall", rule="GIN-19"),
)
"""Gin Rummy's options: name, type, default, meaning and the rule each one sets."""

MELD_IDS: Final = {"set": "GIN-9", "run": "GIN-9", "wilds": "GIN-9"}
"""The rule of sets and runs (GIN-9)."""

IDS: Final = RuleIds(
    start="GIN-2",
    draw="GIN-5",
    meld="GIN-13",
    lay_off="GIN-16",
    discard="GIN-6",
    dead_hand="GIN-19",
    offer="GIN-4",
    knock="GIN-12",
    knocker="GIN-13",
    gin="GIN-14",
    lay_off_limit="GIN-17",
    defender="GIN-18",
    wall="GIN-19",
    score="GIN-20",
    undercut="GIN-21",
)
"""The rules the standard rummy cites in Gin Rummy."""


@attrs.frozen(kw_only=True)
class GinRules(StandardRules):
    """Gin Rummy's rules for a configuration: the standard rummy's with a knock ending, and OpenSpiel's
    two ways to end a hand dead: a repeated take (GIN-7) and the take limit (``take_limit``, GIN-8)."""

    repeated_take_ends_hand: bool = True
    take_limit: int | None = 50


def make_rules(config: GameSettings) -> GinRules:
    """Gin Rummy's rules for a configuration (GIN-1 to GIN-25)."""
    option, single = config.options, config.options["single_hand"]
    knocking = Knocking(
        knock_card=None if option["oklahoma"] else option["knock_card"],
        ace_knock_card=0 if option["oklahoma_ace"] == "gin" else 1,
        shortcut=option["knock_test"] == "openspiel",
        wall=option["wall_knock"],
        lay_off_limit=option["layoff_run_limit"],
        gin_bonus=option["gin_bonus"],
        undercut_bonus=option["undercut_bonus"],
        undercut_on_tie=option["undercut_on_tie"],
        zero_sum=single,
    )
    return GinRules(
        shoe_parts=(standard_deck(),),
        deal=Deal(hand_size=10),
        stock=Stock(reshuffle="none", dead_at=2),
        melds=MeldRules(run_order=KNOCK_RUN_ORDER, max_set=4, suited_runs=True, rules=MELD_IDS),
        may_discard_taken=option["may_discard_taken_card"],
        scoring=Scoring(points=KNOCK_POINTS, target=None if single else option["target"]),
        rounds=1 if single else None,
        turns=knocking.turns(IDS),
        knocking=knocking,
        ids=IDS,
        repeated_take_ends_hand=option["repeated_take_ends_hand"],
        take_limit=option["discard_take_limit"],
    )
