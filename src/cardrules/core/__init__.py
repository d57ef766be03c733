"""The shared mechanics the games are built on (tricks, match play, randomness, sampling)."""
