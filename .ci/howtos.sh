#!/usr/bin/env bash
# CI: follow the how-to guides in the order of the docs' navigation, in one environment, as a reader
# would: run each page's Python blocks in one interpreter, build the packages the pages describe
# (house-rule.md's my-rummy-rules, variant-package.md's set-rummy) from their own code blocks, run
# the pages' shell blocks (which install those packages and examples/shanghai), and then run the
# project's quick test suite with all of them installed: it must not depend on what else is installed.
# Run it as `bash .ci/howtos.sh` from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
start=$SECONDS
step() { printf '\n=== %s (%ss)\n' "$*" "$((SECONDS - start))"; }

step "fresh virtual environment, rummykit installed for development"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
# shellcheck disable=SC1091
. "$work/venv/bin/activate"
python -m pip install --quiet --upgrade pip
pip install --quiet -e "$root[test]"
ln -s "$root/examples" "$work/examples"  # the guides name ./examples/shanghai, as from a checkout

step "the how-to guides, in order, in $work"
python - "$root" "$work" <<'PYTHON'
"""Follow the how-to guides of mkdocs.yml's navigation, in order, in the working folder given."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

root, work = Path(sys.argv[1]), Path(sys.argv[2])
nav = (root / "mkdocs.yml").read_text(encoding="utf-8")
section = nav.split("- How-to guides:", 1)[1].split("\n  - ", 1)[0]
pages = re.findall(r":\s*(howto/[\w-]+\.md)", section)
assert pages, "no how-to guides found in mkdocs.yml"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def run(command: list[str], what: str) -> None:
    print(f"--- {what}", flush=True)
    subprocess.run(command, cwd=work, check=True)


def package(page: str, blocks: list[tuple[str, str]], text: str) -> None:
    """Build the package a page describes, from its own code blocks, as its text says to."""
    python = [code for kind, code in blocks if kind == "python"]
    toml = [code for kind, code in blocks if kind == "toml"]
    if page == "howto/house-rule.md":
        # "the imports and the NoHmg class of the first example (not the lines that play a game),
        # and at the end: no_hmg = NoHmg()"
        module = python[0].split("\ngame = ", 1)[0]
        folder = work / "my-rummy-rules"
        folder.mkdir()
        (folder / "my_rummy_rules.py").write_text(module + "\n\nno_hmg = NoHmg()\n", encoding="utf-8")
        (folder / "pyproject.toml").write_text(toml[0], encoding="utf-8")
    elif page == "howto/variant-package.md":
        # "the code of steps 1 and 2, and at the end: plugin = SetRummy()"
        steps = re.split(r"^## ", text, flags=re.MULTILINE)
        code = [block for part in steps if re.match(r"[12]\. ", part) for kind, block in BLOCK.findall(part)
                if kind == "python"]
        folder = work / "set-rummy" / "set_rummy"
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text("\n".join(code) + "\n\nplugin = SetRummy()\n", encoding="utf-8")
        (folder.parent / "pyproject.toml").write_text(toml[0], encoding="utf-8")


for page in pages:
    text = (root / "docs" / page).read_text(encoding="utf-8")
    needs = [m for line in re.findall(r"^<!-- needs: ([\w. ]+) -->", text, re.M) for m in line.split()]
    missing = [module for module in needs if importlib.util.find_spec(module) is None]
    if missing:  # a page for an optional extra: its own CI step runs it
        print(f"--- {page}: skipped, it needs {', '.join(missing)} (an optional extra)", flush=True)
        continue
    blocks = BLOCK.findall(text)
    script = work / (Path(page).stem + ".py")
    script.write_text("\n".join(code for kind, code in blocks if kind == "python"), encoding="utf-8")
    run([sys.executable, str(script)], f"{page}: its Python blocks, in one interpreter")
    package(page, blocks, text)
    for kind, code in blocks:
        if kind == "bash":
            for line in code.splitlines():
                command = line.split("  #", 1)[0].strip()
                if command and not command.startswith("#"):
                    run(["bash", "-euo", "pipefail", "-c", command], f"{page}: {command}")
PYTHON

step "installed plug-ins"
python -c 'import rummykit; print(rummykit.available_variants(), rummykit.available_house_rules())'

step "the project's quick test suite, with the guides' packages installed"
python -m pytest -q -m "not slow" -p no:cacheprovider

step "done in $((SECONDS - start))s"
