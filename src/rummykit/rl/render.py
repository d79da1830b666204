"""Pictures as images for environments' ``rgb_array`` rendering: the SVG pictures of
[`rummykit.svg`][rummykit.svg] rasterized by [resvg](https://pypi.org/project/resvg/) (a Rust library
with wheels on PyPI, no system library needed) and decoded by Pillow, both in the ``rl`` extra.

Examples:
    >>> import rummykit
    >>> image = rgb_array(rummykit.new_game("rummy", players=2, seed=1).picture(None))
    >>> image.dtype.name, image.shape[2]
    ('uint8', 3)
"""

from __future__ import annotations

import functools
import io
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["rgb_array"]


@functools.cache
def _options() -> Any:
    try:
        import resvg  # noqa: PLC0415 - an optional dependency of the rl extra
    except ImportError as exc:  # pragma: no cover - the rl extra installs it
        raise ImportError("rgb_array rendering needs resvg and Pillow: pip install 'rummykit[rl]'") from exc
    options = resvg.usvg.Options.default()
    options.load_system_fonts()
    return options


def rgb_array(picture: object) -> npt.NDArray[np.uint8]:
    """``picture`` (an SVG picture, or its text) as an image: an array of height × width × 3 bytes
    (red, green, blue), on white."""
    import resvg  # noqa: PLC0415 - an optional dependency of the rl extra
    from PIL import Image  # noqa: PLC0415

    tree = resvg.usvg.Tree.from_str(str(picture), _options())
    png = resvg.render(tree, (1.0, 0.0, 0.0, 0.0, 1.0, 0.0))  # the identity, as the affine package orders it
    with Image.open(io.BytesIO(bytes(png))) as image:
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        white.alpha_composite(rgba)
        return np.asarray(white.convert("RGB"), dtype=np.uint8).copy()
