"""Painters: pictures composed and rasterised on the server, and what lies under a click.

The non-pure side of pictures-as-data (app/games/core/pictures.py): an engine names a
painter and its arguments; a painter here turns them into image bytes and a hit test.
"""
