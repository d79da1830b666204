"""Documents: games written down and read back. Versioned JSON for records, positions and views
([`rummykit.documents.serialize`][rummykit.documents.serialize]), the one-line position notation
([`rummykit.documents.notation`][rummykit.documents.notation]) and positions built from what a person
knows ([`rummykit.documents.builder`][rummykit.documents.builder]).

Documents build on the core and the standard rummy; nothing below them imports them.
"""
