"""rummykit's built-in variants. Each is a plug-in package registered in the ``rummykit.variants``
entry-point group by rummykit's own package metadata, exactly as a third-party variant is."""
