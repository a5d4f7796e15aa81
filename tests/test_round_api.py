"""Round API details: copies, keys, and bad actions."""

from __future__ import annotations

from random import Random

import pytest

from sixtysix import IllegalActionError, Match, Rules
from sixtysix.rules import PRESETS


@pytest.mark.parametrize("preset", list(PRESETS))
def test_copy_plays_on_exactly_like_the_original(preset: str) -> None:
    rng = Random(preset)
    for seed in range(60):
        rnd = Match(Rules.parse(preset), seed=seed).deal()
        for _ in range(rng.randrange(0, 20)):
            if rnd.is_over:
                break
            rnd.push(rng.choice(rnd.legal_tuple()))
        twin = rnd.copy()
        assert twin.key() == rnd.key()
        assert twin.tricks == rnd.tricks and twin.marriages == rnd.marriages
        while not rnd.is_over:
            action = rng.choice(rnd.legal_tuple())
            rnd.push(action)
            twin.push(action)
            assert twin.key() == rnd.key()
        assert twin.outcome == rnd.outcome


def test_key_tells_apart_positions_that_differ_only_in_stock_order() -> None:
    deck = list(range(24))
    other = deck[:13] + deck[13:][::-1]
    first, second = Match(dealer=0).deal(deck), Match(dealer=0).deal(other)
    assert (first.hand(0), first.hand(1), first.trump_card) == (second.hand(0), second.hand(1),
                                                                second.trump_card)
    assert first.key() != second.key()


@pytest.mark.parametrize("bad", [99, -1, 34])
def test_push_of_something_that_is_no_action_is_refused(bad: int) -> None:
    rnd = Match(seed=1).deal()
    before = rnd.key()
    with pytest.raises(IllegalActionError, match="not an action"):
        rnd.push(bad)  # type: ignore[arg-type]
    assert rnd.key() == before
