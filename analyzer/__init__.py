"""The analyzer: decides which cell to open next, exactly where it can."""
