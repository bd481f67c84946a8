"""Persistence: the schema and the engine."""
