"""The rules engine and nothing else: cards, shoes, melds, the contract solver, actions, the game
state, moves, the engine ([`Game`][rummykit.core.engine.Game]), configurations, plug-in discovery,
the hook specifications, specs, views and errors.

The core imports no other package of rummykit. The standard rummy
([`rummykit.standard`][rummykit.standard]) builds on it, the documents
([`rummykit.documents`][rummykit.documents]) on both, and the tools (simulation and the command
line in [`rummykit.play`][rummykit.play], the pictures, the viewer, the RL environments) on those.
"""
