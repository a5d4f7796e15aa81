"""RULES.md section 9: every rule flag in both values, the presets, and bad rule input."""

from __future__ import annotations

import pytest

from sixtysix import IllegalActionError, Match, Phase, Reason, Round, Rules, RulesError
from sixtysix.cards import parse_card
from sixtysix.rules import FLAGS, PRESETS
from test_rules_deal import act, cards, cardset, deal, hand, legal, make_deck, phase, play

# Deal L (see test_rules_play): clubs trump, the elder holds 9c and wins five tricks
# (57 points) drawing Kh Qh Qs Ks Qd; the dealer takes nothing.
L_HANDS = ("9c Ah Th As Ts Ad", "9h Jh 9s Js 9d Jd", "Jc", "Kh Qc Qh Kc Qs Tc Ks Ac Qd Kd Td")
L_FOUR = "Ah 9h Th Jh As 9s Ts Js"
L_FIVE = L_FOUR + " Ad 9d"
L_OUT = L_FIVE + " Mh out"  # the elder declares 77 and scores 3

# Deal R: clubs trump; the dealer holds the trump nine, the elder wins by leading aces/tens.
R_HANDS = ("Ah Th As Ts Ad Kd", "9c 9h Jh 9s Js 9d", "Jc")

# A false declaration by the elder: the dealer scores 3.
FALSE_HANDS = ("Ah Kh Qs As 9c Jd", "Th 9h Kc Qc Js Kd", "Jh")
FALSE_OUT = "As Js out"


def rules(text: str) -> Rules:
    return Rules.parse(text)


def test_flags_are_those_of_section_9() -> None:
    assert set(FLAGS) == {
        "first_leader", "match_target", "next_dealer", "must_head", "exchange_needs_trick",
        "exchange_min_stock", "exchange_on_opponent_close", "first_lead_close",
        "first_lead_marriage", "marriages_after_stock", "close_before_draw", "close_min_stock",
        "false_claim_points", "failed_close_points", "closer_win_basis", "tie", "claim",
    }


# ------------------------------------------------------------------ presets

CLASSIC = {
    "first_leader": "elder", "match_target": "7", "next_dealer": "alternate", "must_head": "on",
    "exchange_needs_trick": "on", "exchange_min_stock": "2", "exchange_on_opponent_close": "off",
    "first_lead_close": "off", "first_lead_marriage": "on", "marriages_after_stock": "off",
    "close_before_draw": "on", "close_min_stock": "2", "false_claim_points": "two_or_three",
    "failed_close_points": "two_or_three", "closer_win_basis": "end", "tie": "carry",
    "claim": "manual",
}
PRESET_CHANGES: dict[str, dict[str, str]] = {
    "classic": {},
    "pagat": {"next_dealer": "winner", "false_claim_points": "two", "tie": "replay",
              "first_lead_close": "on", "exchange_on_opponent_close": "on"},
    "santase": {"match_target": "11", "first_lead_marriage": "off", "exchange_min_stock": "4",
                "close_min_stock": "4", "close_before_draw": "off", "marriages_after_stock": "on",
                "failed_close_points": "three"},
    "turkish": {"match_target": "11", "tie": "most_tricks", "exchange_needs_trick": "off",
                "first_lead_marriage": "off"},
}


@pytest.mark.parametrize("name", sorted(PRESET_CHANGES))
def test_preset_flags_match_table(name: str) -> None:
    expected = {**CLASSIC, **PRESET_CHANGES[name]}
    assert Rules.preset(name).flags() == expected
    assert Rules.parse(name).flags() == expected
    assert str(Rules.parse(name)) == name


def test_presets_are_the_four_two_hand_ones() -> None:
    assert set(PRESETS) == set(PRESET_CHANGES)


def test_classic_is_default() -> None:
    assert Rules() == Rules.parse("classic")
    assert Rules().flags() == CLASSIC


def test_preset_overrides() -> None:
    r = Rules.parse("pagat match_target=11 tie=carry must_head=off")
    assert (r.match_target, r.tie, r.must_head, r.next_dealer) == (11, "carry", False, "winner")
    assert str(r) == "pagat match_target=11 must_head=off tie=carry"
    assert Rules.parse(str(r)) == r


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(("spec", "message"), [
    ("", "empty"),
    ("bezique", "unknown preset 'bezique'"),
    ("Classic", "unknown preset"),
    ("three-hand close_min_stock=4", "flag 'close_min_stock' does not apply to the three-hand game"),
    ("three-hand tie=carry", "flag 'tie' does not apply to the three-hand game"),
    ("three-hand must_head=off", "only match_target and claim do"),
    ("three-hand match_target=0", "match_target"),
    ("classic colour=red", "unknown flag 'colour'"),
    ("classic tie=sometimes", "flag 'tie' must be one of carry, replay, most_tricks"),
    ("classic first_leader=both", "flag 'first_leader'"),
    ("classic next_dealer=random", "flag 'next_dealer'"),
    ("classic claim=maybe", "flag 'claim'"),
    ("classic closer_win_basis=start", "flag 'closer_win_basis'"),
    ("classic false_claim_points=three", "flag 'false_claim_points'"),
    ("classic failed_close_points=two", "flag 'failed_close_points'"),
    ("classic must_head=yes", "flag 'must_head' must be on or off"),
    ("classic marriages_after_stock=1", "on or off"),
    ("classic exchange_min_stock=3", "flag 'exchange_min_stock' must be an even number from 2 to 12"),
    ("classic exchange_min_stock=14", "exchange_min_stock"),
    ("classic close_min_stock=0", "close_min_stock"),
    ("classic close_min_stock=four", "close_min_stock"),
    ("classic match_target=0", "match_target"),
    ("classic match_target=-3", "match_target"),
    ("classic match_target=7.5", "match_target"),
    ("classic match_target", "expected flag=value"),
    ("classic =on", "expected flag=value"),
    ("classic tie=", "expected flag=value"),
    ("classic tie=replay tie=carry", "given twice"),
])
def test_bad_rules_raise_rules_error(spec: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.parse(spec)


def test_bad_preset_and_flag_through_api() -> None:
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.preset("sixtysix")
    with pytest.raises(RulesError, match="unknown flag"):
        Rules().replace(trumps="on")
    with pytest.raises(RulesError, match="match_target"):
        Rules().replace(match_target=True)
    with pytest.raises(RulesError, match="must_head"):
        Rules().replace(must_head=1)


@pytest.mark.parametrize("value", ["2", "4", "6", "8", "10", "12"])
def test_stock_size_flags_accept_even_numbers(value: str) -> None:
    r = Rules.parse(f"classic exchange_min_stock={value} close_min_stock={value}")
    assert r.exchange_min_stock == r.close_min_stock == int(value)


# ------------------------------------------------------------------ each flag


@pytest.mark.parametrize(("value", "leader"), [("elder", 0), ("dealer", 1)])
def test_first_leader(value: str, leader: int) -> None:
    rnd = deal(*L_HANDS, rules=f"classic first_leader={value}")
    assert rnd.to_act == leader and rnd.leader == leader
    assert rnd.hand(0) == cardset(L_HANDS[0])  # the deal itself does not change


@pytest.mark.parametrize(("target", "rounds"), [(1, 1), (7, 5), (11, 7)])
def test_match_target(target: int, rounds: int) -> None:
    # The elder scores 3 each round and the seats alternate as elder.
    match = Match(rules(f"classic match_target={target}"), dealer=0)
    while not match.is_over:
        play(match.deal(make_deck(*L_HANDS)), L_OUT)
    assert len(match.rounds) == rounds
    assert max(match.score) >= target > min(match.score)


@pytest.mark.parametrize(("value", "after_elder_wins", "after_dealer_wins"), [
    ("alternate", 0, 0),
    ("winner", 0, 1),
    ("loser", 1, 0),
])
def test_next_dealer(value: str, after_elder_wins: int, after_dealer_wins: int) -> None:
    match = Match(rules(f"classic next_dealer={value}"), dealer=1)
    play(match.deal(make_deck(*L_HANDS)), L_OUT)  # seat 0 (elder) wins
    assert match.dealer == after_elder_wins
    match = Match(rules(f"classic next_dealer={value}"), dealer=1)
    play(match.deal(make_deck(*FALSE_HANDS)), FALSE_OUT)  # seat 1 (dealer) wins
    assert match.results()[0].winner == 1
    assert match.dealer == after_dealer_wins


@pytest.mark.parametrize(("value", "follows"), [("on", {"Kc"}), ("off", {"Jc", "Kc"})])
def test_must_head(value: str, follows: set[str]) -> None:
    # Strict play after a close; Qc led, the dealer holds Jc and Kc.
    rnd = deal("As Qc Ac 9c Ad Ks", "9s Jc Kc Jd Qh Td", "Jh", "Th 9h", rules=f"classic must_head={value}")
    play(rnd, "As 9s close Qc")
    assert legal(rnd) == follows


def test_must_head_off_still_follows_suit_and_trumps() -> None:
    rnd = deal("As Qc Ac 9c Ad Ks", "9s Jc Kc Jd Qh Td", "Jh", "Th 9h", rules="classic must_head=off")
    play(rnd, "As 9s close Ks")
    assert legal(rnd) == {"Qh", "9h"}


@pytest.mark.parametrize(("value", "allowed"), [("on", False), ("off", True)])
def test_exchange_needs_trick(value: str, allowed: bool) -> None:
    rnd = deal(*L_HANDS, rules=f"classic exchange_needs_trick={value}")
    assert ("exchange" in legal(rnd)) is allowed


@pytest.mark.parametrize(("value", "at_four", "at_two"), [("2", True, True), ("4", True, False)])
def test_exchange_min_stock(value: str, at_four: bool, at_two: bool) -> None:
    rnd = play(deal(*L_HANDS, rules=f"classic exchange_min_stock={value}"), L_FOUR)
    rnd.push(act("draw"))
    assert rnd.stock_size == 4 and ("exchange" in legal(rnd)) is at_four
    play(rnd, "Ad 9d")
    rnd.push(act("draw"))
    assert rnd.stock_size == 2 and ("exchange" in legal(rnd)) is at_two


def test_exchange_on_opponent_close_off() -> None:
    rnd = play(deal(*R_HANDS), "Ah 9h close")
    assert phase(rnd) is Phase.LEAD and rnd.to_act == 0
    assert "exchange" not in legal(rnd)


def test_exchange_on_opponent_close_on_respond_phase() -> None:
    rnd = play(deal(*R_HANDS, rules="classic exchange_on_opponent_close=on"), "Ah 9h close")
    assert phase(rnd) is Phase.RESPOND and rnd.to_act == 1
    assert legal(rnd) == {"exchange", "pass"}
    assert rnd.trick_counts()[1] == 0  # even with no trick won
    for token in ("out", "close-before-draw", "Jh"):
        with pytest.raises(IllegalActionError, match="only exchange the trump nine or pass"):
            rnd.push(act(token))
    play(rnd, "exchange")
    assert "Jc" in hand(rnd, 1) and "9c" not in hand(rnd, 1)
    assert rnd.trump_card == parse_card("9c")
    assert phase(rnd) is Phase.LEAD and rnd.to_act == 0


def test_exchange_on_opponent_close_pass_lets_leader_go_on() -> None:
    rnd = play(deal(*R_HANDS, rules="classic exchange_on_opponent_close=on"), "Ah 9h close")
    rnd.push(act("pass"))
    assert phase(rnd) is Phase.LEAD and rnd.to_act == 0
    assert "9c" in hand(rnd, 1)
    # In a record the pass is implicit: the leader's card follows the close.
    rnd = play(deal(*R_HANDS, rules="classic exchange_on_opponent_close=on"), "Ah 9h close Th")
    assert phase(rnd) is Phase.FOLLOW and "9c" in hand(rnd, 1)


def test_exchange_on_opponent_close_after_close_before_draw() -> None:
    rnd = play(deal(*R_HANDS, rules="classic exchange_on_opponent_close=on"), "Ah 9h close-before-draw")
    assert phase(rnd) is Phase.RESPOND and rnd.to_act == 1
    play(rnd, "exchange")
    assert "Jc" in hand(rnd, 1) and len(hand(rnd, 1)) == 5


def test_exchange_on_opponent_close_after_first_lead_close() -> None:
    rnd = play(deal(*R_HANDS, rules="pagat"), "close")
    assert phase(rnd) is Phase.RESPOND and rnd.to_act == 1
    play(rnd, "exchange")
    assert "Jc" in hand(rnd, 1)


def test_exchange_on_opponent_close_min_stock_counted_at_closing() -> None:
    text = "classic exchange_on_opponent_close=on exchange_min_stock=4"
    five = "Ah 9h Th Jh As 9s Ts Js Ad 9d"
    # Closing before the draw of the fifth trick: the stock holds 4.
    rnd = play(deal(*R_HANDS, rules=text), five + " close-before-draw")
    assert rnd.stock_size == 4 and phase(rnd) is Phase.RESPOND
    # Closing after that draw: the stock holds 2, under the minimum.
    rnd = play(deal(*R_HANDS, rules=text), five)
    rnd.push(act("draw"))
    play(rnd, "close")
    assert rnd.stock_size == 2 and phase(rnd) is Phase.LEAD and rnd.to_act == 0


def test_exchange_on_opponent_close_needs_trump_nine() -> None:
    # In deal L the elder closes holding the nine itself: the dealer has nothing to answer.
    rnd = play(deal(*L_HANDS, rules="classic exchange_on_opponent_close=on"), "Ah 9h close")
    assert phase(rnd) is Phase.LEAD and rnd.to_act == 0


@pytest.mark.parametrize(("value", "allowed"), [("off", False), ("on", True)])
def test_first_lead_close(value: str, allowed: bool) -> None:
    rnd = deal(*L_HANDS, rules=f"classic first_lead_close={value}")
    assert ("close" in legal(rnd)) is allowed
    if allowed:
        play(rnd, "close")
        assert rnd.closer == 0 and rnd.close_snapshot == (0, 0)
        assert rnd.is_strict


@pytest.mark.parametrize(("value", "allowed"), [("on", True), ("off", False)])
def test_first_lead_marriage(value: str, allowed: bool) -> None:
    rnd = deal("Kh Qh As Ts Ad 9c", "9h Jh 9s Js 9d Jd", "Jc", rules=f"classic first_lead_marriage={value}")
    assert ("Mh" in legal(rnd)) is allowed
    if not allowed:
        with pytest.raises(IllegalActionError, match="first_lead_marriage=off"):
            rnd.push(act("Mh"))
        # Later leads allow it: the elder wins trick 1 with As and announces.
        play(rnd, "As 9s")
        rnd.push(act("draw"))
        assert "Mh" in legal(rnd)


@pytest.mark.parametrize("value", ["off", "on"])
def test_marriages_after_stock_empty(value: str) -> None:
    rnd = play(deal(*L_HANDS, rules=f"classic marriages_after_stock={value}"), L_FIVE)
    rnd.push(act("draw"))
    play(rnd, "Qd Jd")
    rnd.push(act("draw"))
    assert rnd.stock_size == 0
    assert ("Mh" in legal(rnd)) is (value == "on")
    if value == "on":
        play(rnd, "Mh")
        assert rnd.points() == (82, 0)  # 62 + 20


@pytest.mark.parametrize("value", ["off", "on"])
def test_marriages_after_stock_closed(value: str) -> None:
    rnd = play(deal(*L_HANDS, rules=f"classic marriages_after_stock={value}"), L_FIVE + " close")
    assert rnd.closer == 0
    assert ("Ms" in legal(rnd)) is (value == "on")


@pytest.mark.parametrize("value", ["on", "off"])
def test_close_before_draw(value: str) -> None:
    rnd = play(deal(*L_HANDS, rules=f"classic close_before_draw={value}"), "Ah 9h")
    if value == "on":
        assert phase(rnd) is Phase.DRAW and "close-before-draw" in legal(rnd)
    else:
        # The winner draws at once; it may still close (after drawing) and declare.
        assert phase(rnd) is Phase.LEAD and rnd.stock_size == 10
        assert "close-before-draw" not in legal(rnd)
        assert {"close", "out"} <= legal(rnd)


@pytest.mark.parametrize(("value", "at_four", "at_two"), [("2", True, True), ("4", True, False)])
def test_close_min_stock(value: str, at_four: bool, at_two: bool) -> None:
    rnd = play(deal(*L_HANDS, rules=f"classic close_min_stock={value}"), L_FOUR)
    rnd.push(act("draw"))
    assert rnd.stock_size == 4 and ("close" in legal(rnd)) is at_four
    play(rnd, "Ad 9d")
    # Before the fifth trick's draw the stock holds 4: close-before-draw is judged on it.
    assert ("close-before-draw" in legal(rnd)) is at_four
    rnd.push(act("draw"))
    assert rnd.stock_size == 2 and ("close" in legal(rnd)) is at_two


@pytest.mark.parametrize(("value", "points"), [("two_or_three", 3), ("two", 2)])
def test_false_claim_points(value: str, points: int) -> None:
    rnd = play(deal(*FALSE_HANDS, rules=f"classic false_claim_points={value}"), FALSE_OUT)
    assert rnd.outcome is not None
    assert (rnd.outcome.winner, rnd.outcome.game_points, rnd.outcome.reason) == (1, points, Reason.FALSE_OUT)


def test_false_claim_points_two_when_other_has_trick_either_way() -> None:
    for value in ("two_or_three", "two"):
        rnd = play(deal(*FALSE_HANDS, rules=f"classic false_claim_points={value}"), "9c Kc Js Qs out")
        assert rnd.outcome is not None and rnd.outcome.game_points == 2


@pytest.mark.parametrize(("value", "with_trick", "without_trick"), [
    ("two_or_three", 2, 3), ("three", 3, 3),
])
def test_failed_close_points(value: str, with_trick: int, without_trick: int) -> None:
    text = f"classic failed_close_points={value}"
    rnd = play(deal("Ad Ah Th Kh As Jc", "9d 9s Js Qs Jd Qc", "Jh", "Ac Tc Kc 9c", rules=text),
               "As 9s Jc Qc close 9d Ad Ac Kc Ah Tc Th Qs out")
    assert rnd.outcome is not None and rnd.outcome.reason is Reason.FAILED_CLOSE
    assert rnd.outcome.game_points == with_trick
    rnd = play(deal("Ad Ah Th Kh As Jc", "9d 9s Js Qs Jd Qc", "Jh", "Ac Tc", rules=text),
               "Jc Qc close 9s As Ad 9d Ah Jd Th Js Kh Qs Tc Ac")
    assert rnd.outcome is not None and rnd.outcome.reason is Reason.FAILED_CLOSE
    assert rnd.outcome.game_points == without_trick


@pytest.mark.parametrize(("value", "points"), [("end", 2), ("at_close", 3)])
def test_closer_win_basis(value: str, points: int) -> None:
    rules_text = f"classic closer_win_basis={value}"
    rnd = deal("Ad Ah Th Kh As Ts", "9d 9s Js Qs Jd Qd", "Jh", "9c Ac", rules=rules_text)
    play(rnd, "Ad 9d close As 9s Ts Js Ah Jd Th Qd Kh Qs 9c Ac")
    assert rnd.outcome is not None
    assert (rnd.outcome.winner, rnd.outcome.reason, rnd.outcome.game_points) == (0, Reason.OUT, points)


TIE_EVEN_DECK = cards("As Ac 9d Th Qh Jc Kd Ts Ad Qd Kc Ah Jd 9h Jh Ks Qs 9s Kh Qc Td 9c Js Tc")
TIE_EVEN = "Ts Kc 9d Qd Ks Kd Qs Ah Ad Qh 9s Th Qc Jc Ac Jd Td 9h Jh 9c Kh As Js Tc"


@pytest.mark.parametrize(("value", "replay", "next_dealer"), [
    ("carry", False, 0), ("replay", True, 1), ("most_tricks", True, 1),
])
def test_tie(value: str, replay: bool, next_dealer: int) -> None:
    match = Match(rules(f"classic tie={value}"), dealer=1)
    rnd = play(match.deal(TIE_EVEN_DECK), TIE_EVEN)  # 65-65, six tricks each
    assert rnd.outcome is not None
    assert (rnd.outcome.winner, rnd.outcome.reason, rnd.outcome.replay) == (None, Reason.TIE, replay)
    assert match.dealer == next_dealer
    assert match.carried == (0 if replay else 1)


@pytest.mark.parametrize(("value", "over"), [("manual", False), ("auto", True)])
def test_claim(value: str, over: bool) -> None:
    rnd = play(deal(*L_HANDS, rules=f"classic claim={value}"), L_FIVE + " Mh")
    assert rnd.is_over is over
    assert ("out" in legal(rnd)) is (not over)


# ------------------------------------------------------------------ presets in play


@pytest.mark.parametrize("name", ["classic", "pagat", "santase", "turkish"])
def test_preset_plays_a_round(name: str) -> None:
    """Each preset's rules change what is legal exactly as its flags say (deal L)."""
    r = Rules.parse(name)
    rnd = Round(make_deck(*L_HANDS), 1, r)
    first: dict[str, bool] = {
        "close": r.first_lead_close,
        "exchange": not r.exchange_needs_trick,
    }
    for token, allowed in first.items():
        assert (token in legal(rnd)) is allowed, (name, token)
    play(rnd, "Ah 9h")
    assert (phase(rnd) is Phase.DRAW) is r.close_before_draw
