"""The coordinator: the play loop, the ``sweeper`` command line, recordings and statistics."""
