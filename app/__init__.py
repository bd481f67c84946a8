"""Gamenight: an online game-night server."""
