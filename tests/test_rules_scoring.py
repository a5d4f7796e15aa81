"""RULES.md sections 7 and 8: the end of a round, its game points, and the match.

Each scenario is a hand-made deck or a deck written out in full, with the tricks
spelled out in comments: "T3 0:Ks 1:9d -> 1 (+4)" means in trick 3 seat 0 leads
Ks, seat 1 plays 9d and seat 1 wins the trick's 4 card points.
"""

from __future__ import annotations

import pytest

from sixtysix import Match, Outcome, Reason, Round, Rules, StateError
from test_rules_deal import cards, deal, make_deck, play

# --------------------------------------------------------------- scenario decks

# Deal C: hearts trump; the elder (seat 0) holds the high cards and closes after trick 1.
C_HANDS = ("Ad Ah Th Kh As Ts", "9d 9s Js Qs Jd Qd", "Jh", "9c Ac")
# T1 0:Ad 1:9d -> 0 (+11), elder draws 9c, dealer Ac; the elder closes (dealer: 0 points,
# no trick). T2 As 9s (+11) 22, T3 Ts Js (+12) 34, T4 Ah Jd (+13) 47, T5 Th Qd (+13) 60,
# T6 Kh Qs (+7) 67: the closer reaches 66 first.
C_TO_67 = "Ad 9d close As 9s Ts Js Ah Jd Th Qd Kh Qs"
# T7 0:9c 1:Ac -> 1 (+11): the dealer must head with Ac and wins the last trick.
C_ALL = C_TO_67 + " 9c Ac"

# Deal F: spades trump; the elder holds the trump marriage.
F_HANDS = ("Ks Qs Ah Ad Ac Th", "9h Jh 9d Jd 9c Jc", "Js", "9s Ts As Qh Kh Qd Kd Qc Kc Td Tc")

# Deal L (as in test_rules_play): clubs trump, the elder wins five tricks for 57 points and
# draws Kh Qh; the dealer wins nothing.
L_HANDS = ("9c Ah Th As Ts Ad", "9h Jh 9s Js 9d Jd", "Jc", "Kh Qc Qh Kc Qs Tc Ks Ac Qd Kd Td")
# Tricks 1-5 (57 points), the draw, hearts announced (20): 77, out. Elder scores 3.
L_OUT = "Ah 9h Th Jh As 9s Ts Js Ad 9d Mh out"

# A full round that ends 65-65 with six tricks each (dealer seat 1, Jd turned: diamonds):
# T1 0:Ts 1:Kc -> 0 (+14), T2 0:9d 1:Qd -> 1 (+3), T3 1:Ks 0:Kd -> 0 (+8) 22,
# T4 0:Qs 1:Ah -> 0 (+14) 36, T5 0:Ad 1:Qh -> 0 (+14) 50, T6 0:9s 1:Th -> 0 (+10) 60,
# T7 0:Qc 1:Jc -> 0 (+5) 65, T8 0:Ac 1:Jd -> 1 (+13) 16, T9 1:Td 0:9h -> 1 (+10) 26,
# T10 1:Jh 0:9c -> 1 (+2) 28, T11 1:Kh 0:As -> 1 (+15) 43, T12 1:Js 0:Tc -> 1 (+12 +10) 65.
TIE_EVEN_DECK = cards("As Ac 9d Th Qh Jc Kd Ts Ad Qd Kc Ah Jd 9h Jh Ks Qs 9s Kh Qc Td 9c Js Tc")
TIE_EVEN = "Ts Kc 9d Qd Ks Kd Qs Ah Ad Qh 9s Th Qc Jc Ac Jd Td 9h Jh 9c Kh As Js Tc"

# A full round that ends 65-65 with five tricks to seat 0 and seven to seat 1 (dealer
# seat 1, spades trump, no marriage):
# T1 0:Th 1:As -> 0 (+21), T2 0:Ks 1:Tc -> 0 (+14) 35, T3 0:9s 1:Qd -> 0 (+3) 38,
# T4 0:Kc 1:Kh -> 1 (+8), T5 1:Td 0:Qc -> 1 (+13) 21, T6 1:9h 0:Jc -> 1 (+2) 23,
# T7 1:Ac 0:Qh -> 0 (+14) 52, T8 0:Ad 1:Jd -> 0 (+13) 65, T9 0:Js 1:Ts -> 1 (+12) 35,
# T10 1:Jh 0:9d -> 1 (+2) 37, T11 1:Ah 0:Kd -> 1 (+15) 52, T12 1:9c 0:Qs -> 1 (+3 +10) 65.
TIE_UNEVEN_DECK = cards("Qs Ks Th Ts Tc As 9s Ad Qc Td 9h 9c Qh Kd Kh Kc Qd Jc Ah Jh Js Ac 9d Jd")
TIE_UNEVEN = "Th As Ks Tc 9s Qd Kc Kh Td Qc 9h Jc Ac Qh Ad Jd Js Ts Jh 9d Ah Kd 9c Qs"


def finished(rnd: Round) -> Outcome:
    assert rnd.is_over and rnd.outcome is not None
    return rnd.outcome


def row(outcome: Outcome) -> tuple[int | None, int, Reason]:
    return outcome.winner, outcome.game_points, outcome.reason


# --------------------------------------------------------- correct declaration


def test_out_scale_three_if_loser_has_no_trick() -> None:
    o = finished(play(deal(*L_HANDS), L_OUT))
    assert o.points == (77, 0) and o.tricks == (5, 0)
    assert row(o) == (0, 3, Reason.OUT)
    assert o.declarer == 0


def test_out_scale_two_if_loser_under_33_with_trick() -> None:
    # T1 0:Ah 1:Jh -> 0 (+13); T2 0:Th 1:Ts -> 1 (+20, trump); T3 1:9h 0:Qh -> 0 (+3) 16;
    # spades (trump) marriage: 56; T4 0:Ks 1:9d -> 0 (+4) 60; T5 0:Ad 1:Jd -> 0 (+13) 73.
    o = finished(play(deal(*F_HANDS), "Ah Jh Th Ts 9h Qh Ms Ks 9d Ad Jd out"))
    assert o.points == (73, 20) and o.tricks == (4, 1)
    assert row(o) == (0, 2, Reason.OUT)


# Deal Z: hearts trump; the dealer (seat 1) wins one trick worth nothing, a nine trumped
# by the trump nine: T1 0:9c 1:9h -> 1 (+0); T2 1:Jd 0:Th -> 0 (+12); seat 0 announces the
# trump marriage (40): 52; T3 0:Kh 1:Qd -> 0 (+7) 59; T4 0:Ah 1:Jc -> 0 (+13) 72.
Z_HANDS = ("9c Ah Th Kh Qh As", "9h Jc Qc Kc Jd Qd", "Jh", "Ac Tc Ad Td Ks Ts")


def test_out_scale_two_if_loser_has_a_trick_worth_nothing() -> None:
    # The loser's trick counts although its cards count nothing: 2 game points, not 3.
    o = finished(play(deal(*Z_HANDS), "9c 9h Jd Th Mh Kh Qd Ah Jc out"))
    assert o.points == (72, 0) and o.tricks == (3, 1)
    assert row(o) == (0, 2, Reason.OUT)


@pytest.mark.parametrize("dealer_seat", [1, 0])
def test_a_marriage_counts_after_a_trick_worth_nothing(dealer_seat: int) -> None:
    # The dealer wins T1 (9c 9h, no card points) and so may count the clubs marriage
    # (20) it announces next: its points are 20 although its tricks are worth nothing.
    rnd = play(deal(*Z_HANDS, dealer_seat=dealer_seat), "9c 9h Mc Kc")
    elder = 1 - dealer_seat
    assert rnd.trick_counts()[dealer_seat] == 1 and rnd.card_points()[dealer_seat] == 0
    assert rnd.points()[dealer_seat] == 20 and rnd.points()[elder] == 0


def test_close_snapshot_only_once_the_stock_is_closed() -> None:
    rnd = deal(*C_HANDS)
    assert rnd.close_snapshot is None
    play(rnd, "Ad 9d")
    assert rnd.close_snapshot is None and rnd.closer is None
    play(rnd, "close")
    assert rnd.close_snapshot == (0, 0) and rnd.closer == 0


def test_false_declaration_two_if_opponent_has_a_trick_worth_nothing() -> None:
    o = finished(play(deal(*Z_HANDS), "9c 9h Jd Th Mh Kh Qd out"))
    assert o.points == (59, 0) and o.tricks == (2, 1)
    assert row(o) == (1, 2, Reason.FALSE_OUT)


def test_out_scale_one_if_loser_has_33_or_more() -> None:
    # T1 0:Ah 1:Jh -> 0 (+13); T2 0:Th 1:Ts -> 1 (+20); T3 1:As 0:Qh -> 1 (+14) 34;
    # T4 1:9d 0:Ad -> 0 (+11) 24; trump marriage 64; T5 0:Ks 1:Jd -> 0 (+6) 70.
    o = finished(play(deal(*F_HANDS), "Ah Jh Th Ts As Qh 9d Ad Ms Ks Jd out"))
    assert o.points == (70, 34)
    assert row(o) == (0, 1, Reason.OUT)


def test_out_scale_boundary_33_counts_loser_marriage() -> None:
    # Dealer seat 0, diamonds trump (Qd turned). T1 1:9c 0:Ac -> 0 (+11); T2 0:9s 1:Jc -> 0
    # (+2) 13; seat 0 announces spades: 33 (counting, it has tricks); T3 0:Ks 1:9d -> 1 (+4);
    # T4 1:Td 0:Th -> 1 (+20) 24; T5 1:Tc 0:Qs -> 1 (+13) 37; T6 1:Ah 0:Ts -> 1 (+21) 58;
    # T7 1:Ad 0:Qd -> 1 (+14) 72, out. The loser has exactly 33: 1 game point.
    deck = cards("9c Jc Qh Ac Th Qs Tc Kc 9d 9s Jd Ks Qd Kh Ah Ts Td Ad 9h Jh Js Kd As Qc")
    o = finished(play(Round(deck, 0), "9c Ac 9s Jc Ms Ks 9d Td Th Tc Qs Ah Ts Ad Qd out"))
    assert o.points == (33, 72)
    assert row(o) == (1, 1, Reason.OUT)


def test_out_scale_boundary_32_scores_two() -> None:
    # Dealer seat 1, diamonds trump. T1 0:Jh 1:Kc -> 0 (+6); T2 0:Tc 1:Qs -> 0 (+13) 19;
    # T3 0:Js 1:Ad -> 1 (+13); T4 1:Ks 0:9h -> 1 (+4) 17; T5 1:Qc 0:9d -> 0 (+3) 22;
    # T6 0:Th 1:Jd -> 1 (+12) 29; T7 1:Ac 0:Jc -> 1 (+13) 42; T8 1:9c 0:Td -> 0 (+10) 32;
    # T9 0:Qd 1:Kd -> 1 (+7) 49; T10 1:Ah 0:Qh -> 1 (+14) 63; T11 1:Kh 0:9s -> 1 (+4) 67.
    deck = cards("Jh 9s 9h Ks Kc Ad Js Ts Qh Jd 9c Qs Qd Tc Ac Td Qc Ah 9d Kd Th Jc Kh As")
    tokens = "Jh Kc Tc Qs Js Ad Ks 9h Qc 9d Th Jd Ac Jc 9c Td Qd Kd Ah Qh Kh 9s out"
    o = finished(play(Round(deck, 1), tokens))
    assert o.points == (32, 67)
    assert row(o) == (1, 2, Reason.OUT)


def test_out_exactly_66_is_correct() -> None:
    # The 32-point scenario above, declared at the moment seat 1 has 63 after trick 10,
    # is false; after trick 11 it has 67. Here: L deal, 46 after four tricks + hearts 20 = 66.
    o = finished(play(deal(*L_HANDS), "Ah 9h Th Jh As 9s Ts Js Mh out"))
    assert o.points == (66, 0)
    assert row(o) == (0, 3, Reason.OUT)


# --------------------------------------------------------- false declaration


def test_false_declaration_two_if_opponent_has_trick() -> None:
    # Base-like deal, hearts trump: T1 0:9c 1:Kc -> 1 (+4); T2 1:Js 0:Qs -> 0 (+5); 5 < 66.
    rnd = deal("Ah Kh Qs As 9c Jd", "Th 9h Kc Qc Js Kd", "Jh")
    o = finished(play(rnd, "9c Kc Js Qs out"))
    assert row(o) == (1, 2, Reason.FALSE_OUT)
    assert o.declarer == 0 and o.points == (5, 4)


def test_false_declaration_three_if_opponent_has_no_trick() -> None:
    rnd = deal("Ah Kh Qs As 9c Jd", "Th 9h Kc Qc Js Kd", "Jh")
    o = finished(play(rnd, "As Js out"))
    assert row(o) == (1, 3, Reason.FALSE_OUT)


def test_false_declaration_just_under_66() -> None:
    # Deal L: 57 after five tricks, then out: false.
    o = finished(play(deal(*L_HANDS), "Ah 9h Th Jh As 9s Ts Js Ad 9d out"))
    assert o.points == (57, 0)
    assert row(o) == (1, 3, Reason.FALSE_OUT)


def test_false_declaration_in_closed_round_is_false_out() -> None:
    # The closer declares with 13 points: the false-declaration row, not a failed close.
    rnd = deal("Ah Kh Qs As 9c Jd", "Th 9h Kc Qc Js Kd", "Jh")
    o = finished(play(rnd, "As Js close out"))
    assert o.closer == 0
    assert row(o) == (1, 3, Reason.FALSE_OUT)
    # The closer's opponent declaring falsely in a closed round: the closer scores.
    rnd = deal("Ah Kh Qs As 9c Jd", "Th 9h Kc Qc Js Kd", "Jh")
    o = finished(play(rnd, "As Js close Jd Kd out"))
    assert o.closer == 0 and o.declarer == 1
    assert row(o) == (0, 2, Reason.FALSE_OUT)


# --------------------------------------------------------- closed stock


def test_closed_round_closer_reached_66_first_scores_scale() -> None:
    o = finished(play(deal(*C_HANDS), C_TO_67 + " out"))
    assert o.closer == 0 and o.first_to_66 == 0
    assert row(o) == (0, 3, Reason.OUT)


def test_closed_round_cards_run_out_closer_first_scores() -> None:
    # No declaration: the dealer wins the last trick (11 points, one trick); no last-trick
    # bonus. The closer reached 66 first: 1-2-3 scale on the loser at the end: 2.
    o = finished(play(deal(*C_HANDS), C_ALL))
    assert o.points == (67, 11) and o.tricks == (6, 1)
    assert row(o) == (0, 2, Reason.OUT)
    assert o.declarer is None


def test_closer_win_basis_end_scores_loser_at_end() -> None:
    o = finished(play(deal(*C_HANDS, rules="classic closer_win_basis=end"), C_ALL))
    assert o.game_points == 2 and not o.scored_at_close


def test_closer_win_basis_at_close_scores_loser_at_close() -> None:
    # At the close the dealer had no trick: 3, though it won the last trick.
    o = finished(play(deal(*C_HANDS, rules="classic closer_win_basis=at_close"), C_ALL))
    assert o.close_snapshot == (0, 0)
    assert row(o) == (0, 3, Reason.OUT) and o.scored_at_close


# Hearts trump. T1 0:Tc 1:Ac -> 1 (+21), the dealer draws Kd, the elder 9h; the dealer
# announces clubs (20) and leads Qc; T2 0:Th (trump) -> 0 (+13), the elder draws Kh, the
# dealer Qs; the elder closes: the dealer has 21 card points, 20 in a marriage and a trick.
# T3 Ah 9d (+11) 24, T4 As 9s (+11) 35, T5 Ts Js (+12) 47, T6 Ad Kd (+15) 62,
# T7 Kh Qs (+7) 69: the closer declares out.
MARRIED_AT_CLOSE_HANDS = ("Ad Ah Th As Ts Tc", "Ac Kc Qc 9d 9s Js", "Jh", "Kd 9h Kh Qs")
MARRIED_AT_CLOSE = "Tc Ac Mc Qc Th close Ah 9d As 9s Ts Js Ad Kd Kh Qs out"


def test_closer_win_basis_at_close_counts_opponents_marriage() -> None:
    # At the close the dealer's 21 card points and its 20 marriage make 41: one game point,
    # where its card points alone (under 33, with a trick) would have given two.
    rnd = deal(*MARRIED_AT_CLOSE_HANDS, rules="classic closer_win_basis=at_close")
    o = finished(play(rnd, MARRIED_AT_CLOSE))
    assert o.close_snapshot == (41, 1)
    assert o.points == (69, 41) and o.closer == 0 and o.first_to_66 == 0
    assert row(o) == (0, 1, Reason.OUT) and o.scored_at_close


def test_failed_close_three_if_opponent_had_no_trick_at_close() -> None:
    # Hearts trump. T1 0:Jc 1:Qc -> 1 (+5); the dealer draws Ac, the elder Tc; the dealer
    # closes at once: the elder had no trick. T2 1:9s 0:As -> 0 (+11), T3 0:Ad 1:9d (+11) 22,
    # T4 0:Ah 1:Jd (+13) 35, T5 0:Th 1:Js (+12) 47, T6 0:Kh 1:Qs (+7) 54,
    # T7 0:Tc 1:Ac -> 1 (+21) 26. Nobody reached 66; the elder won five tricks after the
    # close, but had none at the close: 3.
    rnd = deal("Ad Ah Th Kh As Jc", "9d 9s Js Qs Jd Qc", "Jh", "Ac Tc")
    play(rnd, "Jc Qc close")
    assert rnd.closer == 1 and rnd.close_snapshot == (0, 0)
    play(rnd, "9s As Ad 9d Ah Jd Th Js Kh Qs Tc Ac")
    o = finished(rnd)
    assert o.points == (54, 26) and o.tricks == (5, 2) and o.first_to_66 is None
    assert row(o) == (0, 3, Reason.FAILED_CLOSE)


# T1 0:As 1:9s -> 0 (+11), the elder draws Ac, the dealer Tc; T2 0:Jc 1:Qc -> 1 (+5), the
# dealer draws Kc, the elder 9c; the dealer closes: the elder had 11 points and a trick.
# T3 1:9d 0:Ad -> 0 (+11) 22, T4 0:Ac 1:Kc (+15) 37, T5 0:Ah 1:Tc (+21) 58,
# T6 0:Th 1:Qs (+13) 71: the elder declares out.
FAILED_TWO_HANDS = ("Ad Ah Th Kh As Jc", "9d 9s Js Qs Jd Qc", "Jh", "Ac Tc Kc 9c")
FAILED_TWO = "As 9s Jc Qc close 9d Ad Ac Kc Ah Tc Th Qs out"


def test_failed_close_two_if_opponent_had_trick_at_close() -> None:
    o = finished(play(deal(*FAILED_TWO_HANDS), FAILED_TWO))
    assert o.closer == 1 and o.close_snapshot == (11, 1)
    assert o.points == (71, 5) and o.declarer == 0
    assert row(o) == (0, 2, Reason.FAILED_CLOSE)


def test_failed_close_points_three_flag() -> None:
    o = finished(play(deal(*FAILED_TWO_HANDS, rules="classic failed_close_points=three"), FAILED_TWO))
    assert row(o) == (0, 3, Reason.FAILED_CLOSE)


def test_failed_close_when_nobody_reached_66() -> None:
    # Dealer seat 1, hearts trump (Ah). T1 0:Qd 1:Qs -> 0 (+6); T2 0:Ks 1:9h -> 1 (+4, trump);
    # the dealer closes (the elder: 6 points, one trick). T3 1:Jh 0:Qh -> 0 (+5) 11;
    # T4 0:Js 1:Th -> 1 (+12) 16; T5 1:Kd 0:Ad -> 0 (+15) 26; T6 0:As 1:Jd -> 0 (+13) 39;
    # T7 0:Ts 1:Qc -> 0 (+13) 52; T8 0:9s 1:9c -> 0 (+0) 52. Cards out, nobody at 66.
    deck = cards("Ts Qh Ad 9h 9c Qc 9s Qd Ks Th Kd Qs Ah Js Jd Jh As 9d Kh Ac Td Kc Tc Jc")
    o = finished(play(Round(deck, 1), "Qd Qs Ks 9h close Jh Qh Js Th Kd Ad As Jd Ts Qc 9s 9c"))
    assert o.points == (52, 16) and o.first_to_66 is None
    assert row(o) == (0, 2, Reason.FAILED_CLOSE)


def test_reached_66_first_tracked_after_marriage() -> None:
    # Hearts trump, dealer seat 1. T1 0:Ts 1:As -> 1 (+21); T2 1:Ad 0:Td -> 1 (+21) 42;
    # the dealer announces the trump marriage: 82, it reaches 66 first (and does not
    # declare); T3 1:Kh 0:Ah -> 0 (+15); the elder closes. Then the elder wins all six
    # tricks: Th Qh (+13) 28, Ac Qc (+14) 42, Tc Jc (+12) 54, Kc 9d (+4) 58, Kd Qd (+7) 65,
    # Ks Qs (+7) 72. The closer has 72 but did not reach 66 first: failed close, 2.
    rnd = deal("Ts Td Ah Th Ac Tc", "As Ad Kh Qh Qc Jc", "Jh", "Qd Kc Qs Kd Ks 9d")
    play(rnd, "Ts As Ad Td Mh")
    assert rnd.first_to_66 == 1 and rnd.points() == (0, 82)
    play(rnd, "Kh Ah close Th Qh Ac Qc Tc Jc Kc 9d Kd Qd Ks Qs")
    o = finished(rnd)
    assert o.points == (72, 82) and o.closer == 0 and o.first_to_66 == 1
    assert row(o) == (1, 2, Reason.FAILED_CLOSE)


def test_first_to_66_kept_when_the_other_passes_66_later_with_a_marriage() -> None:
    # marriages_after_stock=on, diamonds trump (9d), dealer seat 1. Seat 0 announces the
    # trump marriage (40), T1 0:Qd 1:Jd -> 0 (+5) 45, T2 0:Th 1:Js -> 0 (+12) 57, and
    # closes before the draw. T3 0:Ah 1:Ad -> 1 (+22); seat 1 announces clubs (20):
    # 42; T4 1:Kc 0:Ac -> 0 (+15) 72: seat 0 reaches 66 first. T5 0:Jc 1:Qc -> 1 (+5)
    # 47; seat 1 announces spades (20): 67, later than seat 0.
    deck = cards("Qd Jc Ah Ks Js Qc Th Kd Ac Kc Qs Jd 9d Jh Ad 9h Td 9c Tc Kh 9s Ts As Qh")
    rnd = Round(deck, 1, Rules.parse("classic marriages_after_stock=on"))
    play(rnd, "Md Qd Jd Th Js close-before-draw Ah Ad Mc Kc Ac")
    assert rnd.first_to_66 == 0 and rnd.points() == (72, 42)
    play(rnd, "Jc Qc Ms")
    assert rnd.points() == (72, 67) and rnd.first_to_66 == 0
    # Seat 1's correct declaration ends the closed round, and the closer, first to 66, scores.
    o = finished(play(rnd, "out"))
    assert o.closer == 0 and o.declarer == 1 and o.first_to_66 == 0
    assert row(o) == (0, 1, Reason.OUT)


def test_reached_66_first_tracked_after_each_trick() -> None:
    rnd = play(deal(*C_HANDS), "Ad 9d close As 9s Ts Js Ah Jd Th Qd")
    assert rnd.first_to_66 is None and rnd.points()[0] == 60
    play(rnd, "Kh Qs")
    assert rnd.first_to_66 == 0


def test_pending_marriage_does_not_reach_66() -> None:
    # A marriage announced without a trick does not count, so it cannot make 66 first.
    rnd = deal("Kh Qh As Ts Ad 9c", "Ah Jh 9s Js 9d Jd", "Jc")
    play(rnd, "Mh")
    assert rnd.first_to_66 is None and rnd.points() == (0, 0)


# --------------------------------------------------------- all cards played


def test_last_trick_scores_ten_when_not_closed() -> None:
    rnd = play(Round(TIE_EVEN_DECK, 1), TIE_EVEN)
    finished(rnd)
    assert sum(rnd.card_points()) == 130  # the 120 card points and the last trick's 10
    assert rnd.tricks[-1].winner == 1


def test_last_trick_higher_total_scores_scale() -> None:
    # Dealer seat 1, hearts trump; seat 0 has 63 after eleven tricks and wins the last
    # (9d, Qh: +3 +10): 76 to 54, both with tricks: 1 game point.
    deck = cards("Th Kc Jc 9s Qd As Qs Ac Ad Kh 9h Ah Js Jd Qh 9d Ks Qc Jh Tc Ts Kd Td 9c")
    tokens = "Ac Kh Ad 9h Kc Qd Jc Jh Th As Ks Qc 9s Js Jd Kd 9c Tc Td Ts Ah Qs 9d Qh"
    o = finished(play(Round(deck, 1), tokens))
    assert o.points == (76, 54)
    assert row(o) == (0, 1, Reason.LAST_TRICK)


def test_last_trick_under_33_with_trick_scores_two() -> None:
    # Dealer seat 1, spades trump; nobody declares. Seat 0 takes nine tricks:
    # T1 0:9d 1:Jc (+2), T2 0:As 1:Qd (+14) 16, T3 0:Qh 1:Tc (+13) 29, T4 0:9c 1:Th (+10) 39,
    # T5 0:Kd 1:Ad -> 1 (+15), T6 1:Qc 0:9h -> 1 (+3) 18, T7 1:Jh 0:Kh -> 0 (+6) 45,
    # T8 0:Td 1:9s -> 1 (+10) 28, T9 1:Ah 0:Js -> 0 (+13) 58, T10 0:Ks 1:Qs (+7) 65,
    # T11 0:Jd 1:Ac (+13) 78, T12 0:Ts 1:Kc (+14 +10) 102. Loser 28 with three tricks: 2.
    deck = cards("Td Jd Js Tc Qd Jc 9c Qh 9d Qc 9s Ac Ts As Ad Kd Th 9h Ah Kh Jh Qs Ks Kc")
    tokens = "9d Jc As Qd Qh Tc 9c Th Kd Ad Qc 9h Jh Kh Td 9s Ah Js Ks Qs Jd Ac Ts Kc"
    o = finished(play(Round(deck, 1), tokens))
    assert o.points == (102, 28) and o.tricks == (9, 3)
    assert row(o) == (0, 2, Reason.LAST_TRICK)


def test_last_trick_loser_with_a_trick_worth_nothing_scores_two() -> None:
    # Dealer seat 1, hearts trump; nobody declares. Seat 1's one trick holds two nines:
    # T1 0:9c 1:9h -> 1 (+0), T2 1:Jc 0:Ac -> 0 (+13), T3 0:Ad 1:9d (+11) 24, T4 0:Tc 1:Jd
    # (+12) 36, T5 0:Kd 1:Kc (+8) 44, T6 0:Qh 1:Qd (+6) 50, T7 0:Kh 1:Jh (+6) 56, T8 0:Qc
    # 1:Td (+13) 69, T9 0:Th 1:9s (+10) 79, T10 0:Ah 1:As (+22) 101, T11 0:Ts 1:Ks (+14)
    # 115, T12 0:Qs 1:Js (+5 +10) 130. The loser has a trick: 2 game points, not 3.
    rnd = deal("9c Ah Th Kh Qh Ac", "9h 9d 9s Jc Jd Js", "Jh", "As Ts Ad Td Tc Ks Kd Kc Qs Qd Qc")
    tokens = "9c 9h Jc Ac Ad 9d Tc Jd Kd Kc Qh Qd Kh Jh Qc Td Th 9s Ah As Ts Ks Qs Js"
    o = finished(play(rnd, tokens))
    assert o.points == (130, 0) and o.tricks == (11, 1)
    assert row(o) == (0, 2, Reason.LAST_TRICK)


def test_last_trick_loser_without_trick_scores_three() -> None:
    # Dealer seat 0, spades trump: the elder (seat 1) takes all twelve tricks, 120 + 10.
    deck = cards("Jh Ad Ts Jd Kd Jc Td Qh Kh Ah Qc Tc 9s 9d Qd Ks 9c Th Qs 9h Ac As Kc Js")
    tokens = "Kh Kd Td Tc 9d Ah Qh Qd Th Jc As Qs Js 9s Ks Ac 9h Kc Ad Jd Jh 9c Ts Qc"
    o = finished(play(Round(deck, 0), tokens))
    assert o.points == (0, 130) and o.tricks == (0, 12)
    assert row(o) == (1, 3, Reason.LAST_TRICK)


def test_tie_carry_nobody_scores() -> None:
    o = finished(play(Round(TIE_EVEN_DECK, 1), TIE_EVEN))
    assert o.points == (65, 65)
    assert row(o) == (None, 0, Reason.TIE) and not o.replay


def test_tie_replay_nobody_scores_same_dealer() -> None:
    o = finished(play(Round(TIE_EVEN_DECK, 1, Rules.parse("classic tie=replay")), TIE_EVEN))
    assert row(o) == (None, 0, Reason.TIE) and o.replay


def test_tie_most_tricks_more_tricks_scores_one() -> None:
    rnd = Round(TIE_UNEVEN_DECK, 1, Rules.parse("classic tie=most_tricks"))
    o = finished(play(rnd, TIE_UNEVEN))
    assert o.points == (65, 65) and o.tricks == (5, 7)
    assert row(o) == (1, 1, Reason.TIE) and not o.replay


def test_tie_most_tricks_equal_tricks_replayed() -> None:
    rnd = Round(TIE_EVEN_DECK, 1, Rules.parse("classic tie=most_tricks"))
    o = finished(play(rnd, TIE_EVEN))
    assert o.tricks == (6, 6)
    assert row(o) == (None, 0, Reason.TIE) and o.replay


# --------------------------------------------------------- section 8: the match


def l_deck() -> list[int]:
    return make_deck(*L_HANDS)


def play_round(match: Match, deck: list[int], tokens: str) -> None:
    play(match.deal(deck), tokens)


def test_match_played_until_target() -> None:
    # The elder wins 3 each round with deal L; the deal alternates, so the seats take turns.
    match = Match(Rules(), dealer=0)
    scores = []
    while not match.is_over:
        play_round(match, l_deck(), L_OUT)
        scores.append(match.score)
    assert scores == [(0, 3), (3, 3), (3, 6), (6, 6), (6, 9)]
    assert match.winner == 1
    with pytest.raises(StateError, match="over"):
        match.deal(l_deck())


def test_deal_alternates() -> None:
    match = Match(Rules(), dealer=1)
    for _ in range(3):
        play_round(match, l_deck(), L_OUT)
    assert [r.dealer for r in match.results()] == [1, 0, 1]
    assert match.dealer == 0


def test_next_deal_needs_round_ended() -> None:
    match = Match(Rules(), dealer=0)
    play(match.deal(l_deck()), "Ah 9h")
    with pytest.raises(StateError, match="not ended"):
        match.deal(l_deck())


def test_tie_carry_adds_point_to_next_scoring_round() -> None:
    match = Match(Rules(), dealer=1)
    play_round(match, TIE_EVEN_DECK, TIE_EVEN)
    assert match.score == (0, 0) and match.carried == 1
    play_round(match, l_deck(), L_OUT)  # dealer 0 now: the elder, seat 1, scores 3 + 1
    results = match.results()
    assert [r.game_points for r in results] == [0, 4]
    assert results[1].carried == 1
    assert match.score == (0, 4)
    play_round(match, l_deck(), L_OUT)  # the carried point was used up: 3 only
    assert [r.game_points for r in match.results()] == [0, 4, 3]
    assert match.score == (3, 4)


def test_tie_carry_accumulates_over_ties() -> None:
    match = Match(Rules(), dealer=1)
    play_round(match, TIE_EVEN_DECK, TIE_EVEN)
    play_round(match, TIE_EVEN_DECK, TIE_EVEN)  # the same cards, dealer 0: a tie again
    assert match.carried == 2
    play_round(match, l_deck(), L_OUT)
    assert match.results()[2].game_points == 5
    assert match.score == (5, 0)
    assert match.carried == 0


def test_tie_carry_whoever_scores_for_whatever_reason() -> None:
    # After a tie, a false declaration scores 3 + 1 for the other player.
    match = Match(Rules(), dealer=1)
    play_round(match, TIE_EVEN_DECK, TIE_EVEN)
    play_round(match, make_deck("Ah Kh Qs As 9c Jd", "Th 9h Kc Qc Js Kd", "Jh"), "As Js out")
    result = match.results()[1]
    assert result.reason is Reason.FALSE_OUT and result.winner == 0  # seat 0 dealt
    assert result.game_points == 4


def test_next_dealer_alternate_after_carry_tie() -> None:
    match = Match(Rules(), dealer=1)
    play_round(match, TIE_EVEN_DECK, TIE_EVEN)
    assert match.dealer == 0


def test_next_dealer_winner_after_carry_tie_same_dealer() -> None:
    match = Match(Rules.parse("classic next_dealer=winner"), dealer=1)
    play_round(match, TIE_EVEN_DECK, TIE_EVEN)
    assert match.dealer == 1


def test_next_dealer_loser_after_carry_tie_same_dealer() -> None:
    match = Match(Rules.parse("classic next_dealer=loser"), dealer=1)
    play_round(match, TIE_EVEN_DECK, TIE_EVEN)
    assert match.dealer == 1


def test_replayed_tie_same_dealer() -> None:
    for rules in ("classic tie=replay", "classic tie=replay next_dealer=winner", "pagat"):
        match = Match(Rules.parse(rules), dealer=1)
        play_round(match, TIE_EVEN_DECK, TIE_EVEN)
        assert match.dealer == 1, rules
        assert match.carried == 0
        play_round(match, l_deck(), L_OUT)  # seat 0 is elder again and scores 3, no carry
        assert match.score == (3, 0), rules


def test_most_tricks_equal_tricks_same_dealer() -> None:
    match = Match(Rules.parse("classic tie=most_tricks"), dealer=1)
    play_round(match, TIE_EVEN_DECK, TIE_EVEN)
    assert match.dealer == 1 and match.score == (0, 0) and match.carried == 0


def test_most_tricks_winner_scores_one_and_deal_rotates() -> None:
    match = Match(Rules.parse("classic tie=most_tricks"), dealer=1)
    play_round(match, TIE_UNEVEN_DECK, TIE_UNEVEN)
    assert match.score == (0, 1)
    assert match.dealer == 0
