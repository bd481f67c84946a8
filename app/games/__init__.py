"""Pure game engines: one package per game, plus the shared contract in `core`."""
