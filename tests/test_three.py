"""RULES.md section 11: three-hand Sixty-Six, point by point.

Positions are built from hands with ``deal3``; the comments spell out each trick:
"T2 0:Ac 1:Jc 2:Js -> 2 (+15)" means that in trick 2 seat 0 leads Ac, seat 1 plays Jc,
seat 2 plays Js and seat 2 wins the trick's 15 card points.
"""

from __future__ import annotations

import pytest

from sixtysix import IllegalActionError, Match, Phase, Reason, Round, RulesError, StateError
from sixtysix.cards import FULL_DECK, card_name, cards_in
from sixtysix.game.actions import ACTIONS, CLOSE, DRAW, EXCHANGE, OUT, Action
from sixtysix.rules import Rules
from sixtysix.three.deal import DEAL_POSITIONS, deal_deck
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import observe_three
from sixtysix.three.outcome import ThreeOutcome
from sixtysix.three.round import ThreeRound, excluded_cards
from test_rules_deal import cards, cardset

# ---------------------------------------------------------------- helpers


def deal3(seat0: str, seat1: str, seat2: str, *, dealer: int = 2, trump: str = "9h",
          rules: str = "three-hand") -> ThreeRound:
    """A fresh round from the seats' hands (eight cards each; one hand may be ``*``: the
    cards not named, in card order). ``trump`` is the dealer's shown last card."""
    given = [seat0, seat1, seat2]
    named = 0
    for hand in given:
        if hand != "*":
            named |= cardset(hand)
    hands = [FULL_DECK & ~named if hand == "*" else cardset(hand) for hand in given]
    return ThreeRound(deal_deck(hands, dealer, cards(trump)[0]), dealer, Rules.parse(rules))


def play(rnd: ThreeRound, tokens: str) -> ThreeRound:
    for token in tokens.split():
        rnd.push(Action.parse(token))
    return rnd


def legal(rnd: ThreeRound) -> list[str]:
    return [a.token for a in rnd.legal_actions()]


def finished(rnd: ThreeRound) -> ThreeOutcome:
    assert rnd.is_over and rnd.outcome is not None
    return rnd.outcome


# ------------------------------------------------------------------ the deal

def test_rules_preset_and_seats() -> None:
    rules = Rules.parse("three-hand")
    assert (rules.seats, rules.match_target, rules.claim) == (3, 11, "manual")
    assert str(Rules.parse("three-hand match_target=5 claim=auto")) == "three-hand match_target=5 claim=auto"
    assert Rules.parse(str(rules)) == rules


@pytest.mark.parametrize("flag", ["close_min_stock=2", "tie=replay", "first_leader=dealer", "must_head=on",
                                  "exchange_min_stock=4", "next_dealer=winner"])
def test_two_hand_flags_do_not_apply(flag: str) -> None:
    name = flag.partition("=")[0]
    with pytest.raises(RulesError, match=f"flag '{name}' does not apply to the three-hand"):
        Rules.parse(f"three-hand {flag}")
    with pytest.raises(RulesError, match="does not apply"):
        Rules.parse("three-hand").replace(**dict([flag.split("=")]))


def test_the_engines_refuse_each_others_rules() -> None:
    with pytest.raises(RulesError, match="three-hand match"):
        Match(Rules.parse("three-hand"))
    with pytest.raises(RulesError, match="three-hand rules"):
        ThreeMatch(Rules.parse("classic"))
    with pytest.raises(RulesError, match="three-hand rules"):
        ThreeRound(list(range(24)), 0, Rules())
    with pytest.raises(RulesError, match="three-hand round"):
        Round(list(range(24)), 0, Rules.parse("three-hand"))


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_three_two_three_from_the_left_of_the_dealer(dealer: int) -> None:
    deck = list(range(24))
    rnd = ThreeRound(deck, dealer)
    left, right = (dealer + 1) % 3, (dealer + 2) % 3
    # Packets of 3, then 2, then 3, each round of packets starting left of the dealer.
    assert rnd.hand(left) == sum(1 << c for c in (0, 1, 2, 9, 10, 15, 16, 17))
    assert rnd.hand(right) == sum(1 << c for c in (3, 4, 5, 11, 12, 18, 19, 20))
    assert rnd.hand(dealer) == sum(1 << c for c in (6, 7, 8, 13, 14, 21, 22, 23))
    assert [len(p) for p in DEAL_POSITIONS] == [8, 8, 8]
    # The last card dealt, the dealer's, is shown to all and sets trump.
    assert rnd.trump_card == 23 and rnd.trump == 3
    assert rnd.shown(dealer) == 1 << 23 and rnd.shown(left) == rnd.shown(right) == 0
    for seat in range(3):
        assert observe_three(rnd, seat).shown[dealer] == 1 << 23
    # The player left of the dealer leads first.
    assert rnd.to_act == rnd.leader == left and rnd.phase is Phase.LEAD


def test_deal_deck_needs_three_hands_sharing_the_deck() -> None:
    with pytest.raises(StateError, match="three hands of 8 cards that share out the deck"):
        deal_deck([0xFF, 0xFF << 8, 0xFF << 8], 2, 23)  # seats 1 and 2 hold the same cards
    with pytest.raises(StateError, match="three hands of 8 cards"):
        deal_deck([0xFF, 0xFF << 8, 0x7F << 16], 2, 22)
    with pytest.raises(StateError, match="the dealer must hold the trump card 9c"):
        deal_deck([0xFF, 0xFF << 8, 0xFF << 16], 2, 0)


def test_bad_decks_and_dealers() -> None:
    with pytest.raises(StateError, match="dealer must be seat 0, 1 or 2"):
        ThreeRound(list(range(24)), 3)
    with pytest.raises(StateError, match="each of the 24 cards"):
        ThreeRound([0] * 24, 0)
    with pytest.raises(StateError, match="dealer must be seat 0, 1 or 2"):
        ThreeMatch(dealer=-1)


# ---------------------------------------------------------- tricks and strict play

# Hearts trump (the dealer, seat 2, shows 9h). Seat 0 leads first.
A0 = "Kc Jc Qd Jd Ks Js Th Ah"
A1 = "Ac 9c 9d Td 9s Ts Jh Qh"


def test_follow_must_beat_the_best_card_of_the_suit_led() -> None:
    rnd = play(deal3(A0, A1, "*"), "Kc")
    assert legal(rnd) == ["Ac"]
    assert rnd.why_illegal(Action.parse("9c")) == "strict play: must follow clubs and beat Kc (section 11)"
    assert rnd.why_illegal(Action.parse("Jh")) == "strict play: must follow clubs and beat Kc (section 11)"
    # Seat 2 (Qc Tc Kd Ad Qs As Kh 9h) cannot beat Ac: any club.
    play(rnd, "Ac")
    assert legal(rnd) == ["Qc", "Tc"]
    assert rnd.why_illegal(Action.parse("Kh")) == "strict play: must follow clubs (section 11)"
    play(rnd, "Qc")
    assert rnd.tricks[-1].winner == 1 and rnd.leader == rnd.to_act == 1
    assert rnd.card_points() == (0, 4 + 11 + 3, 0)


def test_strict_from_the_first_trick_and_leader_unrestricted() -> None:
    rnd = deal3(A0, A1, "*")
    assert legal(rnd) == [card_name(c) for c in cards_in(cardset(A0))]


# Seat 1 is void in clubs with trumps Jh Ah; seat 2 void in clubs with Kh and 9h.
B1 = "9d Td Jd 9s Ts Js Ah Jh"
B2 = "Kd Ad Qd Qs Ks As Kh 9h"


def test_void_must_trump() -> None:
    rnd = play(deal3("*", B1, B2), "Kc")
    assert legal(rnd) == ["Jh", "Ah"]
    assert rnd.why_illegal(Action.parse("9d")) == "strict play: void in clubs, must play a trump (section 11)"


def test_void_must_beat_the_best_trump_if_able() -> None:
    rnd = play(deal3("*", B1, B2), "Kc Jh")
    assert legal(rnd) == ["Kh"]
    assert rnd.why_illegal(Action.parse("9h")) == (
        "strict play: void in clubs, must play a trump and beat Jh (section 11)")
    play(rnd, "Kh")
    assert rnd.tricks[-1].winner == 2 and rnd.card_points() == (0, 0, 4 + 2 + 4)


def test_void_unable_to_beat_the_trump_plays_any_trump() -> None:
    rnd = play(deal3("*", B1, B2), "Kc Ah")
    assert legal(rnd) == ["9h", "Kh"]
    play(rnd, "9h")
    assert rnd.tricks[-1].winner == 1


def test_a_trump_already_winning_frees_the_suit_led() -> None:
    # Seat 2 holds Ac and 9c: after seat 1 trumps, any club, not only one beating Kc.
    rnd = play(deal3("Kc Jc Qc Tc Qh Th Qd Kd", B1, "*"), "Kc Jh")
    assert legal(rnd) == ["9c", "Ac"]
    play(rnd, "Ac")
    assert rnd.tricks[-1].winner == 1


def test_void_in_both_any_card_and_off_suit_never_wins() -> None:
    rnd = play(deal3(A0, "9d Td Kd Ad 9s Ts Qs As", "*"), "Kc")
    assert legal(rnd) == ["9d", "Kd", "Td", "Ad", "9s", "Qs", "Ts", "As"]
    play(rnd, "As")
    assert legal(rnd) == ["Tc", "Ac"]  # seat 2 must still beat Kc: the ace of spades is no trump
    play(rnd, "Tc")
    assert rnd.tricks[-1].winner == 2


def test_trump_led_must_be_beaten() -> None:
    rnd = play(deal3(A0, A1, "*"), "Th")
    assert legal(rnd) == ["Jh", "Qh"]  # cannot beat Th: any trump
    rnd = play(deal3("Kc Jc Qd Jd Ks Js Th Qh", "Ac 9c 9d Td 9s Ts Jh Ah", "*"), "Th")
    assert legal(rnd) == ["Ah"]


def test_no_exchange_close_or_draw() -> None:
    rnd = deal3(A0, A1, "*")
    for action in (EXCHANGE, CLOSE, DRAW):
        assert rnd.why_illegal(action) == (
            f"{action.token} is not part of the three-hand game: there is no stock (section 11)")
        with pytest.raises(IllegalActionError, match="no stock"):
            rnd.push(action)


def test_not_in_hand_and_over() -> None:
    rnd = deal3(A0, A1, "*")
    assert rnd.why_illegal(Action.parse("Ac")) == "Ac is not in seat 0's hand"
    assert rnd.why_illegal(OUT) == (
        "out only by the winner of the most recent trick, or right after a marriage (section 6)")
    with pytest.raises(StateError):
        rnd.pop()


def test_excluded_cards_from_how_seats_followed() -> None:
    # Hearts trump: seat 1 (second) does not beat Kc; seat 2 trumps low after a trump.
    ex = excluded_cards(0, cards("Kc 9c"), 2)
    assert ex[1] == cardset("Tc Ac") and ex[0] == ex[2] == 0
    ex = excluded_cards(0, cards("Kc Jh 9h"), 2)
    assert ex[1] == cardset("9c Jc Qc Kc Tc Ac")
    assert ex[2] == cardset("9c Jc Qc Kc Tc Ac Qh Kh Th Ah")
    ex = excluded_cards(1, cards("Kc 9d Ac"), 2)
    assert ex[2] == cardset("9c Jc Qc Kc Tc Ac 9h Jh Qh Kh Th Ah") and ex[0] == 0


# ------------------------------------------------------------------ a whole round

# Spades trump, the dealer (seat 2) shows 9s; seat 0 leads first.
S0 = "Ac Tc Kc Qc As Ts Ks Qs"
S1 = "Ad Td Kd Qd Jd 9d 9c Jc"
S2 = "Ah Th Kh Qh Jh 9h Js 9s"
# T1 0:As 1:9d (void in spades, no trump: any card) 2:9s (cannot beat As: any spade) -> 0 (+11) 11
# T2 0:Ac 1:Jc (cannot beat Ac: any club) 2:Js (void: must trump) -> 2 (+15)
# T3 2:Ah 0:Qs (void: any trump) 1:9c (void in both) -> 0 (+14) 25
# T4 0:Mc (20, counts: seat 0 has tricks) 45, then Kc 1:Jd 2:9h -> 0 (+6) 51
# T5 0:Tc 1:Qd 2:Jh -> 0 (+15) 66
S_TO_51 = "As 9d 9s Ac Jc Js Ah Qs 9c Mc Kc Jd 9h"
S_TO_66 = S_TO_51 + " Tc Qd Jh"


def spades(rules: str = "three-hand") -> ThreeRound:
    return deal3(S0, S1, S2, dealer=2, trump="9s", rules=rules)


def test_winner_leads_next_and_points() -> None:
    rnd = play(spades(), "As 9d 9s Ac Jc Js")
    assert rnd.leader == rnd.to_act == 2
    assert rnd.points() == (11, 0, 15) and rnd.trick_counts() == (1, 0, 1)
    play(rnd, "Ah Qs 9c")
    assert rnd.leader == 0 and rnd.points() == (25, 0, 15)


def test_marriage_one_per_lead_then_its_king_or_queen() -> None:
    rnd = play(spades(), "As 9d 9s Ac Jc Js Ah Qs 9c")
    assert "Mc" in legal(rnd) and "out" in legal(rnd)
    play(rnd, "Mc")
    assert rnd.phase is Phase.MARRIAGE and legal(rnd) == ["Qc", "Kc", "out"]
    assert rnd.why_illegal(Action.parse("Mc")) == (
        "after announcing a marriage only its king or queen, or out, may follow, not Mc")
    assert rnd.why_illegal(Action.parse("Tc")) == (
        "after announcing a marriage the leader must lead its king or queen (section 5), not Tc")
    assert rnd.points()[0] == 45 and rnd.marriage_points() == (20, 0, 0)
    assert observe_three(rnd, 1).shown[0] == cardset("Kc Qc")
    play(rnd, "Kc")
    assert observe_three(rnd, 1).shown[0] == cardset("Qc")


def test_trump_marriage_is_40_and_pending_until_a_trick() -> None:
    rnd = spades()
    play(rnd, "Ms")  # on the first lead, seat 0 has no trick: pending
    assert rnd.marriage_points() == (40, 0, 0) and rnd.points() == (0, 0, 0)
    assert legal(rnd) == ["Qs", "Ks", "out"]
    play(rnd, "Ks 9d 9s")  # T1 0:Ks 1:9d 2:9s -> 0 (+4): now the 40 counts
    assert rnd.points() == (44, 0, 0)


def test_pending_marriage_never_counts_without_a_trick() -> None:
    # Dealer 1 shows Ah: hearts trump; seat 2 leads, announces diamonds and never wins a
    # trick (the tricks are worked out in golden/three-hand/three-hand-auto-pending.ssn).
    rnd = deal3("Qc Kc Ac 9h Kh 9s Qs As", "Jc Tc Td Jh Qh Th Ah Ks", "9c 9d Jd Qd Kd Ad Js Ts",
                dealer=1, trump="Ah")
    play(rnd, "Md Kd")
    assert rnd.marriage_points() == (0, 0, 20) and rnd.points() == (0, 0, 0)
    play(rnd, "Kh Td Kc Tc 9c Ks Ts As 9s Th Js Ah Qd 9h Jh 9d Qs Jc Jd Qc Ac Qh Ad")
    o = finished(rnd)
    assert o.tricks == (3, 5, 0) and o.points == (50, 80, 0) and rnd.marriage_points() == (0, 0, 20)
    # Seat 1 scores 1 from seat 0 (50 points) and 3 from seat 2 (no trick).
    assert (o.winner, o.game_points, o.reason, o.scores) == (1, 4, Reason.LAST_TRICK, (0, 4, 0))


def test_correct_declaration_scores_the_scale_on_each_opponent() -> None:
    rnd = play(spades(), S_TO_66 + " out")
    o = finished(rnd)
    # Seat 1: 0 points and no trick, 3; seat 2: 15 points and one trick, 2.
    assert (o.winner, o.game_points, o.reason, o.declarer) == (0, 5, Reason.OUT, 0)
    assert o.scores == (5, 0, 0) and o.points == (66, 0, 15) and o.tricks == (4, 0, 1)
    assert o.explanation == (
        "Seat 0 declared out with 66 points; seat 1 took no trick: 3 game points; seat 2 has 15 "
        "points, under 33: 2 game points; 5 game points in all.")


def test_auto_claim_declares_at_66_and_out_is_never_legal() -> None:
    rnd = spades("three-hand claim=auto")
    assert "out" not in legal(play(rnd, "As 9d 9s"))
    assert rnd.why_illegal(OUT) == "out is never written under claim=auto: the engine declares"
    play(rnd, S_TO_66.removeprefix("As 9d 9s "))
    o = finished(rnd)
    assert (o.winner, o.game_points, o.reason, o.declarer) == (0, 5, Reason.OUT, 0)


def test_auto_claim_declares_right_after_a_marriage_reaching_66() -> None:
    # Diamonds trump (dealer 2 shows Kd). T1 1 beats Jh with Th, 2 cannot beat Th: 9h.
    # 0:Jh 1:Th 2:9h -> 1 (+12); T2 2 must beat 9s (Js), 0 must beat Js (Ts).
    # 1:9s 2:Js 0:Ts -> 0 (+12); T3 2 void in hearts: any trump. 0:Ah 1:Kh 2:Ad -> 2 (+26).
    rnd = deal3("Jc Tc Ac Jd Jh Qh Ah Ts", "9c Kc Td Kh Th 9s Ks As", "Qc 9d Qd Kd Ad 9h Js Qs",
                trump="Kd", rules="three-hand claim=auto")
    play(rnd, "Jh Th 9h 9s Js Ts Ah Kh Ad")
    assert not rnd.is_over and rnd.points() == (12, 12, 26)
    play(rnd, "Md")  # the trump marriage, 40: exactly 66, declared at once
    o = finished(rnd)
    assert (o.winner, o.game_points, o.reason, o.declarer, o.scores) == (2, 4, Reason.OUT, 2, (0, 0, 4))
    assert o.points == (12, 12, 66)


def test_false_declaration_each_opponent_scores_two() -> None:
    rnd = play(spades(), S_TO_51 + " out")
    o = finished(rnd)
    assert (o.winner, o.game_points, o.reason, o.declarer) == (None, 2, Reason.FALSE_OUT, 0)
    assert o.scores == (0, 2, 2)
    assert o.explanation == ("Seat 0 declared out with only 51 points, a false declaration: "
                             "seats 1 and 2 score 2 game points each.")


def test_declaration_right_after_a_marriage() -> None:
    rnd = play(spades(), "As 9d 9s Ac Jc Js Ah Qs 9c Mc out")
    o = finished(rnd)
    assert (o.reason, o.points[0], o.scores) == (Reason.FALSE_OUT, 45, (0, 2, 2))


def test_no_declaration_on_the_first_lead() -> None:
    assert "out" not in legal(spades())
    with pytest.raises(IllegalActionError, match="section 6"):
        spades().push(OUT)


# Cards run out. Hearts trump (dealer 2 shows 9h); the hands make each trick plain.
# Seat 0: all clubs and Ah Th; seat 1: all diamonds and Kh Qh; seat 2: all spades and Jh 9h.
R0 = "9c Jc Qc Kc Tc Ac Ah Th"
R1 = "9d Jd Qd Kd Td Ad Kh Qh"
R2 = "9s Js Qs Ks Ts As Jh 9h"


def test_cards_run_out_most_points_at_66_scores_with_last_trick_bonus() -> None:
    rnd = deal3(R0, R1, R2)
    # T1 0:Ah 1:Kh (must beat: cannot, any heart) 2:Jh -> 0 (+17); T2 0:Th 1:Qh 2:9h -> 0 (+13) 30.
    # T3-T8 seat 0 leads clubs: 9c, Jc, Qc, Kc, Tc, Ac; seat 1 (void in clubs, no trump left)
    # plays 9d Jd Qd Kd Td Ad, seat 2 plays 9s Js Qs Ks Ts As: seat 0 wins all
    # (+0, +4, +6, +8, +20, +22) 90, and the last trick's 10: 100.
    play(rnd, "Ah Kh Jh Th Qh 9h 9c 9d 9s Jc Jd Js Qc Qd Qs Kc Kd Ks Tc Td Ts Ac Ad")
    assert rnd.legal_tuple() == (Action.parse("As"),)
    play(rnd, "As")
    o = finished(rnd)
    assert (o.winner, o.game_points, o.reason, o.declarer, o.replay) == (0, 6, Reason.LAST_TRICK, None, False)
    assert o.points == (120 + 10, 0, 0) and o.scores == (6, 0, 0)
    assert o.explanation == (
        "All tricks played, the last worth 10; seat 0 has the most points, 130, 66 or more; seat 1 took "
        "no trick: 3 game points; seat 2 took no trick: 3 game points; 6 game points in all.")
    assert repr(rnd).startswith("<ThreeRound dealer=2 trump=h phase=OVER actions='Ah Kh Jh Th")


# Hearts trump (dealer 2 shows Th); the tricks are worked out in
# golden/three-hand/three-hand-replayed.ssn.
U0 = "Qc Kc Tc Qd Ah Js Qs Ts"
U1 = "Jc Ac 9d Td Ad 9h Kh Ks"
U2 = "9c Jd Kd Jh Qh Th 9s As"
U_ALL = "Mc Kc Ac 9c Td Jd Qd Jc Jh Qc 9s Ts Ks Js Kh As 9d Kd Ah Tc 9h Qh Th Qs Ad"


def test_cards_run_out_under_66_is_dealt_again_by_the_same_dealer() -> None:
    match = ThreeMatch(dealer=2)
    rnd = match.deal(deal_deck([cardset(U0), cardset(U1), cardset(U2)], 2, cards("Th")[0]))
    for token in U_ALL.split():
        match.push(Action.parse(token))
    o = finished(rnd)
    assert o.points == (49, 47, 54) and o.tricks == (2, 3, 3)
    assert (o.winner, o.game_points, o.reason, o.replay, o.scores) == (None, 0, Reason.TIE, True, (0, 0, 0))
    assert o.explanation == ("All tricks played, the last worth 10; seat 2 has the most points, 54, "
                             "under 66: nobody scores and the same dealer deals again.")
    assert match.dealer == 2 and match.score == (0, 0, 0)
    assert match.deal().dealer == 2


# Spades trump (dealer 0 shows 9s); seat 1 leads.
E0 = "9c Tc Ac Qd 9h 9s Ts As"
E1 = "Jc Qc Kd Td Qh Kh Qs Ks"
E2 = "Kc 9d Jd Ad Jh Th Ah Js"
# T1 seat 1 announces spades (40, pending); 2 cannot beat Qs: any spade; 0 beats with Ts.
#    1:Qs 2:Js 0:Ts -> 0 (+15) 15
# T2 0:Ac 1:Jc 2:Kc -> 0 (+17) 32
# T3 2 void in clubs, no trump: any card. 0:9c 1:Qc 2:Jh -> 1 (+5) 5, and its 40 count: 45
# T4 2 must beat Kd (Ad). 1:Kd 2:Ad 0:Qd -> 2 (+18) 18
# T5 0 void in diamonds: any trump; 1 any diamond. 2:Jd 0:As 1:Td -> 0 (+23) 55
# T6 1 must beat 9h, 2 must beat Qh. 0:9h 1:Qh 2:Ah -> 2 (+14) 32
# T7 0 void in hearts: trump. 2:Th 0:9s 1:Kh -> 0 (+14) 69
# T8 1 void in clubs: trump. 0:Tc 1:Ks 2:9d -> 1 (+14 +10) 69
E_TO_T6 = "Ms Qs Js Ts Ac Jc Kc 9c Qc Jh Kd Ad Qd Jd As Td 9h Qh Ah"
E_T7 = "Th 9s Kh"
E_T8 = "Tc Ks 9d"


def test_equal_highest_totals_are_dealt_again() -> None:
    rnd = play(deal3(E0, E1, E2, dealer=0, trump="9s"), " ".join((E_TO_T6, E_T7, E_T8)))
    o = finished(rnd)
    # Seat 0 passed 66 after trick 7 but did not declare (claim=manual).
    assert o.points == (69, 69, 32) and o.tricks == (4, 2, 2)
    assert (o.winner, o.game_points, o.reason, o.replay, o.scores) == (None, 0, Reason.TIE, True, (0, 0, 0))
    assert o.explanation == ("All tricks played, the last worth 10; seats 0 and 1 share the most "
                             "points, 69: nobody scores and the same dealer deals again.")


def test_auto_claim_declares_the_winner_of_a_trick_at_66() -> None:
    rnd = play(deal3(E0, E1, E2, dealer=0, trump="9s", rules="three-hand claim=auto"), E_TO_T6)
    play(rnd, E_T7)
    o = finished(rnd)
    # Seat 0 reaches 69 with trick 7: seat 1 has 45 points (1), seat 2 has 32 and tricks (2).
    assert (o.winner, o.game_points, o.reason, o.declarer, o.scores) == (0, 3, Reason.OUT, 0, (3, 0, 0))
    assert o.points == (69, 45, 32) and len(rnd.tricks) == 7


# ------------------------------------------------------------------ push and pop

def test_push_pop_restore_every_query() -> None:
    rnd = spades()
    seen = []
    for token in (S_TO_66 + " out").split():
        seen.append((rnd.key(), rnd.legal_tuple(), rnd.tricks, rnd.marriages, rnd.to_act))
        play(rnd, token)
    assert rnd.is_over
    for before in reversed(seen):
        rnd.pop()
        assert (rnd.key(), rnd.legal_tuple(), rnd.tricks, rnd.marriages, rnd.to_act) == before
        assert rnd.outcome is None


def test_illegal_push_leaves_the_state() -> None:
    rnd = play(spades(), "As")
    key = rnd.key()
    with pytest.raises(IllegalActionError, match=r"^9c is not in seat 0's hand$"):
        spades().push(ACTIONS[0])
    with pytest.raises(IllegalActionError, match="not in seat 1's hand"):
        rnd.push(Action.parse("Ks"))
    with pytest.raises(IllegalActionError, match=r"^not an action: 99$"):
        rnd.push(99)
    with pytest.raises(IllegalActionError, match=r"^not an action: 34$"):
        rnd.push(34)
    assert rnd.is_legal(ACTIONS[cards("9d")[0]]) and not rnd.is_legal(ACTIONS[cards("Ks")[0]])
    assert rnd.key() == key and rnd.actions == [ACTIONS[cards("As")[0]]]


# ------------------------------------------------------------------ the match

def out_round(match: ThreeMatch, declarer_wins: bool) -> ThreeOutcome:
    """Deal the spades hands to ``match`` (seat 0 leads when seat 2 deals) and end the
    round with seat 0's declaration: correct (5 game points) or false (2 to each other)."""
    assert match.dealer == 2
    rnd = match.deal(deal_deck([cardset(S0), cardset(S1), cardset(S2)], 2, cards("9s")[0]))
    play(rnd, (S_TO_66 if declarer_wins else S_TO_51) + " out")
    return finished(rnd)


def test_match_deal_passes_left_and_replay_keeps_the_dealer() -> None:
    match = ThreeMatch(dealer=1)
    assert match.rules.match_target == 11
    rnd = match.deal()
    assert (rnd.dealer, rnd.to_act) == (1, 2)
    while not rnd.is_over:
        match.push(rnd.legal_tuple()[0])
    assert match.dealer == (1 if finished(rnd).replay else 2)
    assert [r.dealer for r in match.results()] == [1]


def test_match_to_the_target_and_pop_undeals() -> None:
    match = ThreeMatch(Rules.parse("three-hand match_target=9"), dealer=2)
    with pytest.raises(StateError, match="no round is in play: deal one"):
        match.push(OUT)
    assert list(match.legal_actions()) == [] and match.to_act is None
    rnd = match.deal(deal_deck([cardset(S0), cardset(S1), cardset(S2)], 2, cards("9s")[0]))
    result = match.results()[0]
    assert (result.dealer, result.winner, result.game_points, result.scores) == (2, None, 0, (0, 0, 0))
    assert list(match.legal_actions()) == list(rnd.legal_actions()) and match.to_act == 0
    play(rnd, S_TO_66 + " out")
    with pytest.raises(StateError, match="no round is in play: deal one"):
        match.push(OUT)
    result = match.results()[0]
    assert (result.winner, result.game_points, result.scores, result.reason) == (0, 5, (5, 0, 0), Reason.OUT)
    assert match.score == (5, 0, 0) and match.dealer == 0 and not match.is_over
    assert match.deal().dealer == 0
    assert match.pop() == OUT  # undeals the new round and takes back the declaration
    assert match.score == (0, 0, 0) and len(match.rounds) == 1 and match.to_act == 0


def test_two_past_the_target_equal_plays_on_higher_wins() -> None:
    match = ThreeMatch(Rules.parse("three-hand match_target=2"), dealer=2)
    # A false declaration gives seats 1 and 2 two game points each: both reach the target
    # with equal scores, so play goes on, and the deal passes left.
    out_round(match, declarer_wins=False)
    assert match.score == (0, 2, 2) and match.winner is None and not match.is_over
    assert match.dealer == 0
    # Round 2 (worked out in golden/three-hand/three-hand-match-target.ssn): seat 0 scores 3.
    rnd = match.deal(cards("Kh Jd 9c 9h Qh Kc Tc Js Ah Qs Jh Th Ks Td 9s As 9d Qd Kd Ac Ad Ts Qc Jc"))
    play(rnd, "9c Kc Tc Td 9d Ad 9h Ah Jh Ts As Ks Qs Ac Js Th Qc Kh Jc Qd Qh 9s Jd Kd")
    assert match.score == (3, 2, 2) and match.winner == 0 and match.is_over
    with pytest.raises(StateError, match="the match is over"):
        match.deal()


def test_reaching_the_target_exactly_wins() -> None:
    match = ThreeMatch(Rules.parse("three-hand match_target=5"), dealer=2)
    out_round(match, declarer_wins=True)
    assert match.score == (5, 0, 0) and match.winner == 0


def test_after_equal_scores_past_the_target_a_later_round_decides() -> None:
    match = ThreeMatch(Rules.parse("three-hand match_target=1"), dealer=2)
    out_round(match, declarer_wins=False)
    assert match.score == (0, 2, 2) and not match.is_over
    rnd = match.deal(deal_deck([cardset(S2), cardset(S0), cardset(S1)], 0, cards("9s")[0]))
    # Seat 1 now holds seat 0's cards of round 1 and leads: the same false declaration.
    play(rnd, S_TO_51 + " out")
    assert match.score == (2, 2, 4) and match.winner == 2
