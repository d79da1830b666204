"""The ``search`` bot, for every variant: information-set Monte Carlo tree search from a seat's view.

``rummykit.make_bot("search", variant, seed=..., level=...)`` (or ``"search:3"`` where opponents are
chosen by text) finds it through the entry-point group ``rummykit.bots``. How it searches:
[`rummykit.search.bot`][rummykit.search.bot]; how it deals the cards it cannot see:
[`rummykit.search.worlds`][rummykit.search.worlds]; its strength and cost: the docs' *Bots* page.
"""

from rummykit.search.bot import LEVELS, Level, SearchBot, action_key
from rummykit.search.worlds import NoWorldError, known_cards, sample_world

__all__ = ["LEVELS", "Level", "NoWorldError", "SearchBot", "action_key", "known_cards", "sample_world"]
