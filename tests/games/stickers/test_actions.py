"""Action stickers: the Hat, the Question mark, and chain reactions."""

from __future__ import annotations

from app.games.core.choices import OneOf
from app.games.stickers import GAME
from app.games.stickers.actions import Ask, EndTurn, Give, Hat, Play, Take
from app.games.stickers.cards import Category
from app.games.stickers.events import Asked, Drew, DrewCards, Handed
from app.games.stickers.state import BONUS, Pending, Phase, StickersState
from tests.games.stickers.tables import (
    HAT_ROW,
    ONE_STAR_ROWS,
    PLAIN_ROWS,
    QUESTION_ROW,
    TWO_STAR_ROW,
    card,
    cards,
    play,
    play_events,
    refused,
    table,
)

C = Category
HAT_MOUSE = card(C.SPACE_MOUSE, HAT_ROW)
ASK_MOUSE = card(C.SPACE_MOUSE, QUESTION_ROW)
HAT_BUNNY = card(C.MAGIC_BUNNY, HAT_ROW)
ASK_ROBO = card(C.ROBO_KITTEN, QUESTION_ROW)
MARKET = cards(C.DISCO_OCTOPUS, *PLAIN_ROWS, *ONE_STAR_ROWS, TWO_STAR_ROW)
GHOSTS = cards(C.GHOST_DUCKLING, *PLAIN_ROWS, *ONE_STAR_ROWS)


def after_playing(
    visible: int, pile: tuple[int, ...] = (), **hands: tuple[int, ...]
) -> StickersState:
    """Returns seat 0's effects step after it played `visible` alone (three players)."""
    state = table(
        players=3,
        hands={0: (visible,), 1: hands.get("one", ()), 2: hands.get("two", ())},
        market=MARKET,
        pile=pile,
    )
    return play(state, Take(0), Play(visible))


def test_a_hat_plays_the_top_card_of_the_pile_into_the_album() -> None:
    plain = card(C.CACTUS_KNIGHT, PLAIN_ROWS[0])
    state = after_playing(HAT_MOUSE, pile=(plain,))
    state = play(state, Hat(HAT_MOUSE, 0))
    assert state.albums[0][1].cards == (plain,)
    assert plain not in state.pile


def test_a_chain_reaction_hat_after_hat_after_question_mark() -> None:
    state = after_playing(HAT_MOUSE, pile=(HAT_BUNNY, ASK_ROBO), one=GHOSTS[:2])
    state = play(state, Hat(HAT_MOUSE, 0))
    assert Pending("hat", HAT_BUNNY, 0) in state.pending
    state = play(state, Hat(HAT_BUNNY, 0))
    assert Pending("question", ASK_ROBO, 0) in state.pending
    state = play(state, Ask(ASK_ROBO, 0, 1, C.GHOST_DUCKLING.value))
    assert [c.category for c in state.albums[0]] == [C.SPACE_MOUSE, C.MAGIC_BUNNY, C.ROBO_KITTEN]


def test_a_hat_card_drawn_into_the_same_column_covers_it_but_the_effects_stay() -> None:
    other_hat = card(C.SPACE_MOUSE, 8)  # the 3+ Hat Mouse
    state = after_playing(HAT_MOUSE, pile=(other_hat,))
    state = play(state, Hat(HAT_MOUSE, 0))
    (mice,) = state.albums[0]
    assert mice.visible == other_hat and Pending("hat", other_hat, 0) in state.pending


def test_a_question_mark_to_a_player_without_the_category_makes_the_asker_draw() -> None:
    top = card(C.CACTUS_KNIGHT, PLAIN_ROWS[0])
    state = after_playing(ASK_MOUSE, pile=(top,), one=GHOSTS[:2])
    state, events = play_events(state, Ask(ASK_MOUSE, 0, 1, C.RULER_LORD.value))
    assert Asked(0, 1, C.RULER_LORD.value) in events
    assert Drew(0, 1) in events
    assert top not in state.pile and state.hands[1] == GHOSTS[:2]


def test_the_asked_player_picks_even_among_alike_cards_and_then_draws() -> None:
    ones = cards(C.GHOST_DUCKLING, *ONE_STAR_ROWS[:2])  # two alike one-star Ghosts
    top = card(C.CACTUS_KNIGHT, PLAIN_ROWS[0])
    state = after_playing(ASK_MOUSE, pile=(top,), two=ones)
    state = play(state, Ask(ASK_MOUSE, 0, 2, C.GHOST_DUCKLING.value))
    # Handing over at once would tell the table that the asked player's cards are alike.
    assert state.phase is Phase.GIVE and GAME.legal_actions(state, 2) == (Give(ones[0]),)
    state, events = play_events(state, Give(ones[0]), seat=2)
    assert Handed(0, 2, C.GHOST_DUCKLING.value) in events
    assert ones[0] in state.hands[0] and state.hands[2] == (ones[1], top)
    private = [e for e in events if isinstance(e, DrewCards)]
    assert private and all(e.seen_by == frozenset({e.seat}) for e in private)


def test_the_asked_player_chooses_which_card_to_hand_over() -> None:
    plain, starry = cards(C.GHOST_DUCKLING, PLAIN_ROWS[0], TWO_STAR_ROW)
    state = after_playing(ASK_MOUSE, one=(plain, starry))
    state = play(state, Ask(ASK_MOUSE, 0, 1, C.GHOST_DUCKLING.value))
    assert state.phase is Phase.GIVE and GAME.active_seats(state) == {1}
    assert refused(state, EndTurn(), seat=0).reason.startswith("A player is choosing")
    assert refused(state, Give(MARKET[1]), seat=1).reason.startswith("Hand over a card")
    assert set(GAME.legal_actions(state, 1)) == {Give(plain), Give(starry)}
    state = play(state, Give(plain), seat=1)
    assert plain in state.hands[0] and starry in state.hands[1]
    assert state.phase is not Phase.GIVE and state.question is None


def test_a_question_mark_asks_another_player_for_one_of_the_nine_categories() -> None:
    state = after_playing(ASK_MOUSE)
    assert refused(state, Ask(ASK_MOUSE, 0, 0, C.GHOST_DUCKLING.value)).reason == (
        "Ask another player."
    )
    assert refused(state, Ask(ASK_MOUSE, 0, 1, "unicorn")).reason.startswith("Name one")
    (_take_two, ask, _end) = GAME.choices(state, 0)
    assert isinstance(ask, OneOf) and len(ask.options) == 2 * 9
    assert ask.changes(ask.options[0]) == {"target": 1, "category": "space_mouse"}


def test_an_action_sticker_is_carried_out_once() -> None:
    state = after_playing(HAT_MOUSE, pile=(card(C.CACTUS_KNIGHT, PLAIN_ROWS[0]),))
    state = play(state, Hat(HAT_MOUSE, 0))
    assert refused(state, Hat(HAT_MOUSE, 0)).reason == "That effect is not yours to carry out now."


def test_only_the_visible_cards_stickers_are_granted() -> None:
    state = table(players=2, hands={0: (HAT_MOUSE, ASK_MOUSE)}, market=MARKET)
    state = play(state, Take(0), Play(ASK_MOUSE, (HAT_MOUSE,)))
    assert {p.kind for p in state.pending if p.source != BONUS} == {"question"}
