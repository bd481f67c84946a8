"""The action codec is the only door from untrusted JSON to an action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core import Action, ActionCodec, Refusal


@dataclass(frozen=True, slots=True)
class Pick(Action):
    kind: ClassVar[str] = "pick"
    slot: int
    cards: tuple[int, ...] = ()
    note: str | None = None


CODEC = ActionCodec(Pick)


def test_decodes_a_well_formed_payload() -> None:
    assert CODEC.decode({"kind": "pick", "slot": 2, "cards": [1, 2]}) == Pick(2, (1, 2))


def test_form_strings_become_numbers() -> None:
    assert CODEC.decode({"kind": "pick", "slot": "3", "cards": "4"}) == Pick(3, (4,))


def test_round_trips_through_json() -> None:
    action = Pick(1, (5, 6), "hi")
    assert CODEC.decode(action.to_json()) == action


def test_refuses_unknown_missing_and_wrong_types() -> None:
    for payload in (
        {"kind": "fly"},
        {},
        {"kind": 3},
        {"kind": "pick"},
        {"kind": "pick", "slot": "x"},
        {"kind": "pick", "slot": True},
        {"kind": "pick", "slot": 10**12},
        {"kind": "pick", "slot": 1, "cards": [1, "a"]},
        {"kind": "pick", "slot": 1, "cards": list(range(100))},
        {"kind": "pick", "slot": 1, "note": "x" * 500},
    ):
        assert isinstance(CODEC.decode(payload), Refusal), payload


def test_refuses_payloads_that_are_not_objects() -> None:
    for payload in ([1, 2], "reveal", None, 3):
        assert isinstance(CODEC.decode(payload), Refusal)  # type: ignore[arg-type]


def test_refuses_non_ascii_digits() -> None:
    assert isinstance(CODEC.decode({"kind": "pick", "slot": "\u0663"}), Refusal)
