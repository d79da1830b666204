"""``python -m rummykit``: the ``rummykit`` command."""

from rummykit.play.cli import main

if __name__ == "__main__":
    main()
