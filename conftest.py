"""The doctests of modules that need an optional extra run only where the extra is installed (the
quick suite runs without extras; CI's step for each extra installs it and runs its tests)."""

from __future__ import annotations

import importlib.util

_NEEDS: dict[str, tuple[str, ...]] = {
    "src/rummykit/rl/observation.py": ("numpy",),
    "src/rummykit/rl/rewards.py": ("numpy",),
    "src/rummykit/rl/render.py": ("numpy", "resvg", "PIL"),
    "src/rummykit/rl/pettingzoo.py": ("numpy", "gymnasium", "pettingzoo"),
    "src/rummykit/rl/single_agent.py": ("numpy", "gymnasium", "pettingzoo"),
    "src/rummykit/rl/openspiel.py": ("numpy", "pyspiel"),
    # every module of the package: importing one imports the package, and so the application
    **{
        f"src/rummykit/serve/{name}.py": ("starlette",) for name in ("__init__", "app", "messages", "storage", "tables")
    },
}

collect_ignore = [
    path for path, modules in _NEEDS.items() if any(importlib.util.find_spec(module) is None for module in modules)
]
