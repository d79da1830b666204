"""Playing games: bots against bots in many processes or on a Ray cluster
([`rummykit.play.simulate`][rummykit.play.simulate]), a person against bots in the terminal
([`rummykit.play.terminal`][rummykit.play.terminal]), moves typed as text
([`rummykit.play.commands`][rummykit.play.commands]) and the ``rummykit`` command
([`rummykit.play.cli`][rummykit.play.cli]).

Nothing here is loaded by ``import rummykit``: the command line, rich and the simulation come in
only when they are used.
"""
