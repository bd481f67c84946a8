"""Looking back at finished games: their summaries, ratings, and the history pages' reads."""
