"""What a chat line may hold and how often a person may write, as pure rules."""

from __future__ import annotations

import pytest

from app.games.core import Refusal
from app.rooms.chat import BURST, EVERY, MAX_LENGTH, clean, take

FAMILY = "family \U0001f468\u200d\U0001f469\u200d\U0001f467"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("  hello  ", "hello"),
        ("two\nlines\r\nand\ttabs", "two lines  and tabs"),
        ("bell\u0007 and nul\u0000", "bell and nul"),
        ("right-to-left \u202eevil\u202c override", "right-to-left evil override"),
        ("isolate \u2066x\u2069", "isolate x"),
        ("e\u0301", "\u00e9"),  # one way to write é, whichever the keyboard used
        (FAMILY, FAMILY),  # the joiners inside an emoji are kept
        ("<script>alert(1)</script>", "<script>alert(1)</script>"),  # text: escaped when shown
    ],
)  # fmt: skip
def test_a_message_is_stored_as_one_clean_line(typed: str, stored: str) -> None:
    assert clean(typed) == stored


@pytest.mark.parametrize("typed", ["", "   ", "\n\t", "\u0000\u202e", None, 12, ["hi"], {"t": 1}])
def test_nothing_to_say_is_refused(typed: object) -> None:
    assert isinstance(clean(typed), Refusal)


def test_a_message_is_at_most_300_characters_after_cleaning() -> None:
    assert clean("x" * MAX_LENGTH) == "x" * MAX_LENGTH
    assert clean(" " * 50 + "x" * MAX_LENGTH + " " * 50) == "x" * MAX_LENGTH
    refused = clean("x" * (MAX_LENGTH + 1))
    assert isinstance(refused, Refusal)
    assert refused.params == {"limit": MAX_LENGTH, "length": MAX_LENGTH + 1}


def test_a_burst_then_one_line_every_two_seconds() -> None:
    bucket = None
    for _ in range(BURST):
        bucket, wait = take(bucket, 100.0)
        assert wait == 0
    assert bucket is not None
    same, wait = take(bucket, 100.0)
    assert same == bucket and wait == pytest.approx(EVERY)
    _same, wait = take(bucket, 100.0 + EVERY / 2)
    assert wait == pytest.approx(EVERY / 2)
    bucket, wait = take(bucket, 100.0 + EVERY)
    assert wait == 0
    _same, wait = take(bucket, 100.0 + EVERY)
    assert wait > 0


def test_a_quiet_person_gets_their_whole_burst_back_and_no_more() -> None:
    bucket = None
    for _ in range(BURST):
        bucket, _wait = take(bucket, 0.0)
    for n in range(BURST):
        bucket, wait = take(bucket, 3600.0)
        assert wait == 0, n
    _same, wait = take(bucket, 3600.0)
    assert wait > 0
