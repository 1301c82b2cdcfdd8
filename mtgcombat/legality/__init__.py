"""legality."""
