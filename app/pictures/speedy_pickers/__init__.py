"""Speedy Pickers' search scenes: eight styles of all 160 objects among clutter, and their looks."""
