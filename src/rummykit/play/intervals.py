"""Confidence intervals, and exact statistics of integers gathered as sums.

`simulate` reports each win rate with a **Wilson score interval** and each mean score with a
**Student t interval**, both at the run's confidence level (95% unless asked otherwise). They are
computed from exact integers (counts, sums, sums of squares), so every backend, number of workers
and chunk size gives the same interval, to the last bit.

- A win rate of ``wins`` out of ``n`` trials: the Wilson score interval (Wilson, 1927). It stays
  inside 0 to 1 and keeps close to its nominal coverage for small ``n`` and for rates near 0 or 1,
  where the textbook normal (Wald) interval fails.
- A mean of ``n`` values: mean ± t × s / √n, where ``s`` is the sample standard deviation (divisor
  ``n - 1``) and ``t`` the Student t quantile with ``n - 1`` degrees of freedom. With fewer than two
  values there is no interval (``None``).

Examples:
    >>> wilson_interval(8, 10)
    Interval(low=0.4901624..., high=0.9433178...)
    >>> round(t_quantile(0.975, 10), 6)
    2.228139
    >>> mean_interval(3, total=6, squares=14)  # the values 1, 2, 3
    Interval(low=-0.4841377..., high=4.4841377...)
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from statistics import NormalDist
from typing import Final

import attrs

__all__ = [
    "Interval",
    "exact_mean",
    "exact_pstdev",
    "mean_interval",
    "t_quantile",
    "two_sided_quantile",
    "wilson_interval",
]


@attrs.frozen
class Interval:
    """A confidence interval: from ``low`` to ``high``.

    Examples:
        >>> str(Interval(0.25, 0.5))
        '0.25 to 0.5'
        >>> Interval(0.25, 0.5).contains(0.3)
        True
    """

    low: float
    high: float

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies in the interval (its ends included)."""
        return self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.low:g} to {self.high:g}"


def _check_confidence(confidence: float) -> None:
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0 < confidence < 1:
        raise ValueError(f"a confidence level is a number between 0 and 1 (0.95 for 95%), not {confidence!r}")


def two_sided_quantile(confidence: float) -> float:
    """The probability ``p`` whose quantile bounds a two-sided interval at ``confidence``:
    ``(1 + confidence) / 2`` (0.975 for 95%).

    Raises:
        ValueError: ``confidence`` is not a number between 0 and 1.
    """
    _check_confidence(confidence)
    return (1 + confidence) / 2


def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> Interval:
    """The Wilson score interval of a rate of ``successes`` out of ``trials`` independent trials (a
    trial shared, as a tied game, may count a share of a success).

    Raises:
        ValueError: no trials, more successes than trials, or a confidence not between 0 and 1.

    Examples:
        >>> wilson_interval(0, 20).low, round(wilson_interval(0, 20).high, 4)
        (0.0, 0.1611)
        >>> tied = wilson_interval(19.5, 40)
        >>> round(tied.low, 3), round(tied.high, 3)
        (0.341, 0.637)
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError(f"a rate needs 0 <= successes <= trials and trials >= 1, not {successes} of {trials}")
    z = NormalDist().inv_cdf(two_sided_quantile(confidence))
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(n: int, *, total: int, squares: int, confidence: float = 0.95, per: int = 1) -> Interval | None:
    """The Student t interval of the mean of ``n`` integer values, given their sum ``total`` and the
    sum of their squares ``squares``; ``None`` for fewer than two values.

    With ``per`` greater than 1, each value is the sum of ``per`` observations and the interval is
    that of the mean per observation (a bot's score summed over the seats it played in one game:
    the games are independent, the seats of one game need not be).

    Raises:
        ValueError: a negative ``n``, sums that no ``n`` values have, or a confidence not between 0 and 1.
    """
    if n < 0 or per < 1 or n * squares < total * total:
        raise ValueError(f"no {n} values have the sum {total} and the sum of squares {squares}")
    quantile = two_sided_quantile(confidence)
    if n < 2:
        return None
    mean = total / (n * per)
    variance = Fraction(n * squares - total * total, n * (n - 1))  # the sample variance, exactly
    half = t_quantile(quantile, n - 1) * _sqrt_fraction(variance / n) / per
    return Interval(mean - half, mean + half)


def exact_mean(n: int, total: int) -> float:
    """``total / n``, correctly rounded (the mean of ``n`` integer values summing to ``total``)."""
    return total / n


def exact_pstdev(n: int, total: int, squares: int) -> float:
    """The population standard deviation of ``n`` integer values from their sum and sum of squares,
    correctly rounded: the same float as `statistics.pstdev` of the values.

    Examples:
        >>> import statistics
        >>> values = [3, 5, 5, 11, -2]
        >>> exact_pstdev(5, sum(values), sum(v * v for v in values)) == statistics.pstdev(values)
        True
    """
    if n < 1:
        raise ValueError("the spread of no values")
    return _sqrt_fraction(Fraction(n * squares - total * total, n * n))


_SQRT_BITS: Final = 2 * sys.float_info.mant_dig + 3


def _sqrt_fraction(value: Fraction) -> float:
    """√value, correctly rounded to a float: the method `statistics` uses (round-to-odd on an
    integer square root with enough bits), so that exact sums give the standard library's figures."""
    n, m = value.numerator, value.denominator
    if n <= 0:
        return 0.0
    q = (n.bit_length() - m.bit_length() - _SQRT_BITS) // 2
    if q >= 0:
        root = _isqrt_frac_rto(n, m << 2 * q) << q
        return root / 1
    return _isqrt_frac_rto(n << -2 * q, m) / (1 << -q)


def _isqrt_frac_rto(n: int, m: int) -> int:
    """⌊√(n/m)⌋, its last bit set if it is not exact (round to odd)."""
    a = math.isqrt(n // m)
    return a | (a * a * m != n)


# -- Student t quantiles ---------------------------------------------------------------------------

_EXACT_DF: Final = 1000
"""Above this many degrees of freedom the quantile comes from the Cornish-Fisher expansion, whose
error (of order df⁻⁵) is then far below a float's precision for the levels anyone asks for."""


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    Up to 1,000 degrees of freedom it inverts the distribution function (the regularized incomplete
    beta function) by bisection; above, it uses the Cornish-Fisher expansion around the normal quantile.

    Raises:
        ValueError: ``p`` not strictly between 0 and 1, or ``df`` less than 1.

    Examples:
        >>> [round(t_quantile(0.975, df), 4) for df in (1, 2, 30, 1000)]
        [12.7062, 4.3027, 2.0423, 1.9623]
    """
    if not 0 < p < 1:
        raise ValueError(f"a quantile's probability is between 0 and 1, not {p!r}")
    if df < 1:
        raise ValueError(f"Student's t has at least 1 degree of freedom, not {df!r}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if p == 0.5:
        return 0.0
    if df > _EXACT_DF:
        return _cornish_fisher(NormalDist().inv_cdf(p), df)
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    low, high = 0.0, 1.0
    while _t_cdf(high, df) < p:
        low, high = high, high * 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if _t_cdf(middle, df) < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _cornish_fisher(z: float, df: int) -> float:
    """Abramowitz and Stegun 26.7.5: the t quantile from the normal one, to order df⁻⁴."""
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def _t_cdf(t: float, df: int) -> float:
    """P(T <= t) for t >= 0."""
    x = df / (df + t * t)
    return 1 - 0.5 * _incomplete_beta(x, df / 2, 0.5)


def _incomplete_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(x, a, b) / a
    return 1 - front * _beta_fraction(1 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 10_000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-16:
            break
    return result
