"""Hand and Foot's ``heuristic`` bot: Classic Canasta's (`rummykit_variants.canasta.bot`), which sees only its view
and its legal actions. It takes the pile whenever it can, melds natural cards early, spends wild cards on books,
plays out its hand (and so reaches its foot) as soon as the rules let it, and discards what its side cannot use."""

from __future__ import annotations

from rummykit_variants.canasta.bot import HeuristicBot

__all__ = ["HandAndFootBot"]


class HandAndFootBot(HeuristicBot):
    """Classic Canasta's heuristic bot, playing Hand and Foot's legal actions; ``seed`` breaks its ties."""
