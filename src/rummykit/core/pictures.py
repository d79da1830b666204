"""How the core's objects draw themselves (``picture()``, and Jupyter's ``_repr_svg_``) without importing
what draws them.

The pictures ([`rummykit.svg`][rummykit.svg]) build on the core: they read cards, melds and views. So the
core does not import them; the `rummykit` package, above every layer, names them here
([`use`][rummykit.core.pictures.use]) when it is imported, which is before any module of the core is
(as python-chess's board draws itself with ``chess.svg``, imported only when a picture is asked for).

Examples:
    >>> import rummykit
    >>> painter().card(rummykit.Card.parse("QH")).startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["painter", "use"]

_painter: Callable[[], Any] | None = None


def use(painter: Callable[[], Any]) -> None:
    """Draw the core's objects with what ``painter()`` returns: a module (or any object) with the
    functions of [`rummykit.svg`][rummykit.svg] (``card``, ``meld``, ``view``), asked for only when a
    picture is drawn, so that importing rummykit does not import the pictures."""
    global _painter  # noqa: PLW0603 (set once, by the rummykit package)
    _painter = painter


def painter() -> Any:
    """What draws the core's objects ([`rummykit.svg`][rummykit.svg]).

    Raises:
        RuntimeError: nothing was named with [`use`][rummykit.core.pictures.use]; importing rummykit names
            its pictures.
    """
    if _painter is None:
        raise RuntimeError("no pictures to draw with: import rummykit, which names rummykit.svg")
    return _painter()
