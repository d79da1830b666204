"""Deprecated names and module paths: each still works, with a `DeprecationWarning` that names its
replacement and the release that removes it.

A name or module path that rummykit deprecates keeps working for at least one minor release. Every
deprecation of this release is removed in the same later release, [`REMOVED_IN`][rummykit.core.deprecation.REMOVED_IN];
the old names are listed in [`REPLACED`][rummykit.core.deprecation.REPLACED], and the old module paths
of rummykit 0.1 in ``rummykit._moved``. The listing of the public API (``tests/public_api.txt``) shows
each of them with its removal version.

Besides renamed names and moved paths, the forms of rummykit 0.1 that work differently now keep
working until then: a move that does not note the cards it moves and 0.1's ``zones``
([`rummykit.core.legacy`][rummykit.core.legacy]), a ``RuleIds.empty_discard`` given as a text
(``rummykit.standard.rules``), a way to end a round that a variant does not declare (the conformance
kit), the kit's ``extra_actions`` that return hypothesis strategies and its ``derandomize`` and
``shrink`` (``rummykit.testing``).

Examples:
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_replaced("rummykit.GameConfig")
    >>> print(caught[0].message)  # doctest: +ELLIPSIS
    rummykit.GameConfig is now rummykit.GameSettings; the old name will be removed in rummykit ...
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    pass

__all__ = ["REMOVED_IN", "REPLACED", "deprecated", "warn_replaced"]

REMOVED_IN: Final = "0.3"
"""The release of rummykit that removes every name and module path deprecated so far (they were
deprecated in 0.2)."""

REPLACED: Final = {
    "rummykit.GameConfig": "rummykit.GameSettings",
    "rummykit.core.specs.GameConfig": "rummykit.core.specs.GameSettings",
    "rummykit.Configuration.game_config": "rummykit.Configuration.settings",
    "rummykit.core.engine.game_from_state": "rummykit.Game.from_state",
}
"""Each deprecated name (other than a module path), and the name that replaces it."""


def deprecated(old: str, new: str, *, what: Literal["name", "path"] = "name", stacklevel: int = 2) -> None:
    """Warn that ``old`` (a name, or a module path) is now ``new`` and goes in rummykit
    [`REMOVED_IN`][rummykit.core.deprecation.REMOVED_IN].

    ``stacklevel`` as for `warnings.warn`, counted from the caller: the default, 2, blames the code
    that called the caller, the one that used the old name.
    """
    warnings.warn(
        f"{old} is now {new}; the old {what} will be removed in rummykit {REMOVED_IN}",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def warn_replaced(old: str, *, stacklevel: int = 2) -> None:
    """Warn that the name ``old`` (a key of [`REPLACED`][rummykit.core.deprecation.REPLACED]) is
    deprecated, naming the name that replaces it."""
    deprecated(old, REPLACED[old], stacklevel=stacklevel + 1)
