"""The test suite runs against rummykit wherever it is imported from: the checkout's `src/` and `variants/`
(installed in editable mode, as the README says) or, for `.ci/release-check`, the wheel installed in a
virtual environment's site-packages, with the tests run from a copy of the checkout without `src/` and
`variants/`.

- The doctests of modules that need an optional extra run only where the extra is installed (the quick
  suite runs without extras; CI's step for each extra installs it and runs its tests). The modules are
  named within the package and left out wherever the package is, by a plug-in that this file registers:
  a conftest.py's own `collect_ignore` reaches only the files below its folder, not site-packages.
- With `RUMMYKIT_INSTALLED=1` (what `.ci/release-check` sets), the run stops before collecting anything
  unless rummykit and its built-in variants are imported from site-packages (not from a checkout, nor
  from an editable install), so that the tests check the installed package.
"""

from __future__ import annotations

import importlib.util
import os
import sysconfig
from pathlib import Path

import pytest

_NEEDS: dict[str, tuple[str, ...]] = {
    "rl/observation.py": ("numpy",),
    "rl/rewards.py": ("numpy",),
    "rl/render.py": ("numpy", "resvg", "PIL"),
    "rl/pettingzoo.py": ("numpy", "gymnasium", "pettingzoo"),
    "rl/single_agent.py": ("numpy", "gymnasium", "pettingzoo"),
    "rl/openspiel.py": ("numpy", "pyspiel"),
    # every module of the package: importing one imports the package, and so the application
    **{
        f"serve/{name}.py": ("starlette",)
        for name in ("__init__", "app", "builds", "journal", "messages", "replays", "server", "storage", "tables")
    },
}
"""The modules of rummykit (paths within the package) whose doctests need an extra, and its modules."""


def _where(package: str) -> Path:
    """The folder a package is imported from, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise pytest.UsageError(f"{package} is not installed (pip install -e '.[test]')")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


class _WithoutExtras:
    """Leaves out the modules whose extra is not installed, as a plug-in of the whole session."""

    def __init__(self, package: Path) -> None:
        self.missing = frozenset(
            package / path
            for path, modules in _NEEDS.items()
            if any(importlib.util.find_spec(module) is None for module in modules)
        )

    def pytest_ignore_collect(self, collection_path: Path) -> bool | None:
        """True leaves the file out; None lets the other plug-ins decide."""
        return True if collection_path.resolve() in self.missing else None


def _check_installed() -> None:
    """Stop the run unless rummykit and its built-in variants come from site-packages."""
    site_packages = Path(sysconfig.get_paths()["purelib"]).resolve()
    for package in ("rummykit", "rummykit_variants"):
        where = _where(package)
        if where.parent != site_packages:
            raise pytest.UsageError(
                f"RUMMYKIT_INSTALLED=1, but {package} is imported from {where}, not from {site_packages}: "
                "install the wheel (not in editable mode) and run the tests from a folder without src/ and variants/"
            )


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("RUMMYKIT_INSTALLED") == "1":
        _check_installed()
    config.pluginmanager.register(_WithoutExtras(_where("rummykit")), "rummykit-without-extras")
