"""Reading the opponent's leads: a king or queen led with no marriage, where one could
have been announced, says the partner was not in the leader's hand then."""

from __future__ import annotations

import math
import random

import pytest

from sixtysix.bots import make_bot
from sixtysix.bots.pimc import PimcBot
from sixtysix.bots.reading import partner_odds, sample_read
from sixtysix.cards import KING, QUEEN, Card, card_name, parse_card
from sixtysix.game.actions import DRAW, marriage
from sixtysix.game.round import Phase
from sixtysix.rules import Rules
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.round import Round

PRESETS = ["classic", "santase claim=auto next_dealer=winner tie=replay", "pagat",
           "classic marriages_after_stock=on first_lead_marriage=off"]


def readable(rnd: Round, card: Card) -> bool:
    """Whether the rules let the leader of ``rnd`` announce the marriage of ``card``'s suit now,
    asked of the engine: legal, or illegal only for not holding the pair."""
    action = marriage(card // 6)
    reason = rnd.why_illegal(action)
    return reason is None or reason.startswith(f"seat {rnd.leader} does not hold")


def expected_odds(leads: list[tuple[int, Card, int]], rnd: Round, seat: int) -> dict[Card, float]:
    """The reading of ``seat`` by its definition: each opponent lead of a king or queen
    that could have been a marriage, whose partner ``seat`` has not seen, at odds
    d / (5 + d), d the cards the opponent drew since (half the stock taken since)."""
    unseen = observe(rnd, seat).unseen
    odds = {}
    for leader, card, stock in leads:
        partner = card + 1 if card % 6 == QUEEN else card - 1
        if leader != seat and unseen >> partner & 1:
            drawn = (stock - rnd.stock_size) // 2
            odds[partner] = drawn / (5 + drawn)
    return odds


@pytest.mark.parametrize("preset", PRESETS)
def test_partner_odds_follow_their_definition_in_every_position_of_random_play(preset: str) -> None:
    rules = Rules.parse(preset)
    checked = read = unreadable = 0
    for seed in range(150):
        rnd = Match(rules, seed=seed).deal()
        rng = random.Random(seed)
        leads: list[tuple[int, Card, int]] = []
        while not rnd.is_over:
            for seat in (0, 1):
                assert partner_odds(observe(rnd, seat)) == expected_odds(leads, rnd, seat)
                checked += 1
            action = rng.choice(rnd.legal_tuple())
            card = action.card
            if rnd.phase is Phase.LEAD and card is not None and card % 6 in (QUEEN, KING):
                if readable(rnd, card):
                    leads.append((rnd.leader, card, rnd.stock_size))
                    read += 1
                else:
                    unreadable += 1
            rnd.push(action)
    assert checked > 1000 and read > 50 and unreadable > 10, (checked, read, unreadable)


def seat_one_leads_the_king_of_hearts() -> Round:
    """Classic, seed 5: seat 1 wins the first trick, draws, and leads the king of hearts,
    whose queen it does not hold and seat 0 has not seen."""
    rnd = Match(seed=5).deal()
    for token in ("Qc", "Kc", "draw", "Kh"):
        rnd.push_token(token)
    return rnd


def test_a_partner_not_drawn_since_is_never_in_the_opponents_hand() -> None:
    rnd = seat_one_leads_the_king_of_hearts()
    obs = observe(rnd, 0)
    queen = parse_card("Qh")
    assert partner_odds(obs) == {queen: 0.0}
    assert not rnd.hand(1) >> queen & 1
    plain = [sample_round(obs, random.Random(seed)).hand(1) >> queen & 1 for seed in range(200)]
    assert sum(plain) > 40  # the plain sampler often gives it the queen
    assert not any(sample_read(obs, random.Random(seed)).hand(1) >> queen & 1 for seed in range(200))


def position_with_draws_since() -> Observation:
    """Seat 0's observation two draws after seat 1 led the king of hearts, the queen
    still unseen and no other lead read (the first such of seeded random play)."""
    queen = parse_card("Qh")
    for seed in range(100):
        rnd = seat_one_leads_the_king_of_hearts()
        rng = random.Random(seed)
        draws = 0
        while draws < 2 and not rnd.is_strict:
            legal = rnd.legal_tuple()
            action = DRAW if DRAW in legal else rng.choice([a for a in legal if a.card is not None])
            draws += action == DRAW
            rnd.push(action)
        obs = observe(rnd, 0)
        if draws == 2 and partner_odds(obs) == {queen: 2 / 7}:
            return obs
    raise AssertionError("no such position in 100 seeds")


def test_after_draws_worlds_hold_the_partner_as_often_as_bayes_says() -> None:
    obs = position_with_draws_since()
    queen = parse_card("Qh")
    odds = partner_odds(obs)
    hidden = obs.opponent_hand_size - obs.opponent_shown.bit_count()
    prior = hidden / obs.unseen.bit_count()
    posterior = prior * odds[queen] / (prior * odds[queen] + 1 - prior)
    rng = random.Random(11)
    n = 4000
    held = sum(sample_read(obs, rng).hand(1) >> queen & 1 for _ in range(n))
    sigma = math.sqrt(posterior * (1 - posterior) / n)
    assert abs(held / n - posterior) < 4 * sigma, (held / n, posterior, prior)


def test_worlds_are_sampled_plainly_when_the_reading_cannot_hold() -> None:
    # Leave the opponent no room but the cards it could hold, the queen of hearts among
    # them: the reading would empty its hand, so the sampler falls back to the plain one.
    obs = observe(seat_one_leads_the_king_of_hearts(), 0)
    queen = parse_card("Qh")
    hidden = obs.opponent_hand_size - obs.opponent_shown.bit_count()
    room = [card for card in range(24) if obs.unseen >> card & 1 and card != queen][:hidden - 1]
    allowed = 1 << queen
    for card in room:
        allowed |= 1 << card
    exclude = obs.unseen & ~allowed
    world = sample_read(obs, random.Random(0), exclude)
    assert world.hand(1) & obs.unseen == allowed, [card_name(c) for c in range(24) if world.hand(1) >> c & 1]


def test_pimc_read_samples_by_the_reading_and_a_seer_still_sees_the_truth() -> None:
    bot = make_bot("pimc:samples=5,read=1", seed=1)
    assert isinstance(bot, PimcBot) and bot.sampler is sample_read
    assert make_bot("pimc:samples=5", seed=1).sampler is sample_round
    obs = observe(seat_one_leads_the_king_of_hearts(), 0)
    assert bot.act(obs) in obs.legal


@pytest.mark.parametrize("spec", ["heuristic", "hard", "pimc:samples=10,close_margin=0.25"])
def test_the_packages_bots_announce_rather_than_lead_a_king_or_queen_of_a_marriage(spec: str) -> None:
    # What the reading rests on, for the bots of this package: holding a pair that may
    # be announced, they never lead its king or queen unannounced.
    bot = make_bot(spec, seed=1)
    positions = 0
    for preset in ("classic", "santase"):
        rules = Rules.parse(preset)
        for seed in range(200 if spec == "heuristic" else 30):
            rnd = Match(rules, seed=seed).deal()
            rng = random.Random(seed)
            while not rnd.is_over:
                legal = rnd.legal_tuple()
                pairs = {a.marriage_suit for a in legal if a.marriage_suit is not None}
                if pairs:
                    positions += 1
                    card = bot.act(observe(rnd, rnd.leader)).card
                    assert card is None or card % 6 not in (QUEEN, KING) or card // 6 not in pairs
                rnd.push(rng.choice(legal))
    assert positions > 10
