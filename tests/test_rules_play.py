"""RULES.md sections 3-6: tricks, strict play, drawing, the leader's actions, declaring out.

Every position is dealt from a hand-made deck (see ``test_rules_deal.make_deck``);
seat 1 deals, so seat 0 is the elder hand and leads first.
"""

from __future__ import annotations

import pytest

from sixtysix import IllegalActionError, Match, Phase, Reason, Round, Rules, StateError, push_recorded
from sixtysix.cards import parse_card
from test_rules_deal import act, base, cardset, deal, hand, legal, phase, play

# Deal L: the elder (seat 0) wins the first five tricks leading aces and tens while the
# dealer throws nines and jacks; clubs are trump and the elder holds the nine of trumps.
# Elder 9c Ah Th As Ts Ad, dealer 9h Jh 9s Js 9d Jd, trump card Jc.
# Draws (elder wins each trick, so it draws first): elder Kh Qh Qs Ks Qd, dealer Qc Kc Tc Ac Kd;
# after a sixth trick its winner draws Td and the loser the trump card.
L_HANDS = ("9c Ah Th As Ts Ad", "9h Jh 9s Js 9d Jd", "Jc", "Kh Qc Qh Kc Qs Tc Ks Ac Qd Kd Td")
# Tricks 1-5: 11 + 12 + 11 + 12 + 11 = 57 points to the elder.
L_FIVE = "Ah 9h Th Jh As 9s Ts Js Ad 9d"
L_FOUR = "Ah 9h Th Jh As 9s Ts Js"


def long_deal(rules: Rules | str | None = None) -> Round:
    return deal(*L_HANDS, rules=rules)


def after_five_drawn(rules: Rules | str | None = None) -> Round:
    """Deal L after five tricks and their draws: stock 2, the elder on lead with 57."""
    rnd = play(long_deal(rules), L_FIVE)
    rnd.push(act("draw"))
    return rnd


# Deal S for strict play: hearts trump. The elder wins trick 1 (As over 9s) and closes.
# After the draws the elder holds Qc Ac 9c Ad Ks Th and the dealer Jc Kc Jd Td Qh 9h.
def strict_position(dealer_hand: str = "9s Jc Kc Jd Qh Td", second: str = "9h",
                    rules: Rules | str | None = None) -> Round:
    rnd = deal("As Qc Ac 9c Ad Ks", dealer_hand, "Jh", "Th " + second, rules=rules)
    return play(rnd, "As 9s close")


# ------------------------------------------------------------------ section 3: tricks


def test_elder_leads_first_trick() -> None:
    rnd = base()
    assert phase(rnd) is Phase.LEAD
    assert rnd.to_act == 0 == 1 - rnd.dealer


def test_trick_winner_leads_next() -> None:
    rnd = play(base(), "9c Kc")  # Kc beats 9c: the dealer wins
    assert rnd.leader == 1
    play(rnd, "Js Qs")  # the dealer leads (after the implicit draw), Qs beats Js
    assert rnd.leader == 0
    rnd.push(act("draw"))
    assert rnd.to_act == 0 and phase(rnd) is Phase.LEAD


def test_highest_trump_wins_trick() -> None:
    # Hearts are trump. The nine of trumps beats a plain ace; a higher trump beats a lower.
    assert play(base(), "As 9h").leader == 1
    assert play(base(), "Kh Th").leader == 1
    assert play(base(), "Ah Th").leader == 0


def test_higher_card_of_suit_led_wins_without_trump() -> None:
    assert play(base(), "9c Kc").leader == 1
    assert play(base(), "As Js").leader == 0
    assert play(base(), "Qs Js").leader == 0


def test_card_of_other_plain_suit_never_wins() -> None:
    # The king of diamonds (plain) does not beat the nine of clubs led.
    rnd = play(base(), "9c Kd")
    assert rnd.leader == 0
    assert rnd.points() == (4, 0)


def test_ten_ranks_above_king() -> None:
    rnd = play(base(), "Kh Th")
    assert rnd.leader == 1
    assert rnd.points() == (0, 14)


def test_winner_takes_both_cards_and_their_points() -> None:
    rnd = play(base(), "As Js")
    assert rnd.points() == (13, 0)
    assert rnd.trick_counts() == (1, 0)
    trick = rnd.tricks[0]
    assert (trick.lead, trick.follow, trick.winner) == (parse_card("As"), parse_card("Js"), 0)
    assert rnd.played == cardset("As Js")


def test_open_play_follower_may_play_any_card() -> None:
    rnd = play(base(), "9c")
    assert not rnd.is_strict
    assert legal(rnd) == {"Th", "9h", "Kc", "Qc", "Js", "Kd"}


def test_strict_play_must_follow_suit() -> None:
    rnd = strict_position()
    assert rnd.is_strict
    play(rnd, "Ad")  # the dealer holds Jd and Td, neither beats Ad, trumps are not allowed
    assert legal(rnd) == {"Jd", "Td"}


def test_strict_play_must_head() -> None:
    rnd = play(strict_position(), "Qc")  # dealer Jc Kc: must win with Kc
    assert legal(rnd) == {"Kc"}
    with pytest.raises(IllegalActionError, match="head"):
        rnd.push(act("Jc"))


def test_strict_play_unable_to_head_any_card_of_led_suit() -> None:
    rnd = play(strict_position(), "Ac")
    assert legal(rnd) == {"Jc", "Kc"}


def test_strict_play_void_in_led_suit_must_trump() -> None:
    rnd = play(strict_position(), "Ks")  # the dealer has no spade, holds Qh 9h
    assert legal(rnd) == {"Qh", "9h"}
    with pytest.raises(IllegalActionError, match="trump"):
        rnd.push(act("Kc"))


def test_strict_play_trump_led_must_head_with_higher_trump() -> None:
    # A trump lead is a led suit like any other: Jh led, the dealer must beat it with Qh.
    rnd = deal("As Qc Ac 9c Ad Ks", "9s Jc Kc Jd Qh Td", "Th", "Jh 9h")
    play(rnd, "As 9s close Jh")
    assert legal(rnd) == {"Qh"}


def test_strict_play_void_in_both_any_card() -> None:
    # The dealer holds no spade and no heart (trump): Jc Kc Jd Qd Td and Tc drawn.
    rnd = strict_position(dealer_hand="9s Jc Kc Jd Qd Td", second="Tc")
    play(rnd, "Ks")
    assert legal(rnd) == hand(rnd, 1) == {"Jc", "Kc", "Tc", "Jd", "Qd", "Td"}


def test_strict_play_leader_never_restricted() -> None:
    rnd = strict_position()
    assert {t for t in legal(rnd) if len(t) == 2} == hand(rnd, 0)


def test_strict_play_once_stock_empty() -> None:
    rnd = after_five_drawn()
    play(rnd, "Qd Jd")  # sixth trick: the elder wins, draws Td, the dealer the trump card Jc
    rnd.push(act("draw"))
    assert rnd.stock_size == 0 and rnd.is_strict
    play(rnd, "Qs")  # the dealer has no spade: it must trump (clubs), Kd is not allowed
    assert legal(rnd) == {"Jc", "Qc", "Kc", "Tc", "Ac"}


def test_strict_play_not_before_stock_empty() -> None:
    rnd = after_five_drawn()
    assert rnd.stock_size == 2 and not rnd.is_strict
    play(rnd, "Qs")
    assert legal(rnd) == hand(rnd, 1)


# ------------------------------------------------------------------ section 4: drawing


def test_winner_draws_first_then_loser() -> None:
    rnd = play(base(), "9c Kc")  # dealer wins: dealer draws Ac (top), elder Tc
    rnd.push(act("draw"))
    assert "Ac" in hand(rnd, 1) and "Tc" in hand(rnd, 0)
    rnd = play(base(), "As Js")  # elder wins: elder draws Ac, dealer Tc
    rnd.push(act("draw"))
    assert "Ac" in hand(rnd, 0) and "Tc" in hand(rnd, 1)


def test_loser_of_trick_emptying_stock_draws_trump_card() -> None:
    rnd = after_five_drawn()
    play(rnd, "Qd Jd")
    rnd.push(act("draw"))
    assert "Td" in hand(rnd, 0)  # the winner draws the last face-down card
    assert "Jc" in hand(rnd, 1)  # the loser the face-up trump
    assert rnd.shown(1) & cardset("Jc")  # everyone saw it
    assert rnd.trump_card is None


def test_loser_draws_nine_that_replaced_trump_card() -> None:
    rnd = after_five_drawn()
    play(rnd, "exchange Qd Jd")
    rnd.push(act("draw"))
    assert "9c" in hand(rnd, 1)
    assert "Jc" in hand(rnd, 0)


def test_after_six_tricks_both_hold_six_cards() -> None:
    rnd = after_five_drawn()
    play(rnd, "Qd Jd")
    rnd.push(act("draw"))
    assert len(rnd.tricks) == 6
    assert len(hand(rnd, 0)) == len(hand(rnd, 1)) == 6


# ------------------------------------------------------------------ section 5: exchange


def test_exchange_takes_trump_card_puts_nine_under_stock() -> None:
    rnd = after_five_drawn()
    assert "exchange" in legal(rnd)
    play(rnd, "exchange")
    assert "Jc" in hand(rnd, 0) and "9c" not in hand(rnd, 0)
    assert rnd.trump_card == parse_card("9c")
    assert rnd.stock_size == 2
    assert rnd.shown(0) & cardset("Jc")
    assert phase(rnd) is Phase.LEAD and rnd.to_act == 0


def test_exchange_only_by_holder_of_trump_nine() -> None:
    # The dealer of the base deal holds 9h; the elder, on lead with a trick, does not.
    rnd = play(base(), "As Js")
    rnd.push(act("draw"))
    assert "exchange" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="nine of trumps"):
        rnd.push(act("exchange"))
    rnd = play(base(), "9c Kc")
    rnd.push(act("draw"))
    assert "exchange" in legal(rnd)  # the dealer won a trick and holds 9h


def test_exchange_needs_trick() -> None:
    # The elder holds the trump nine but has won no trick on the first lead.
    rnd = long_deal()
    assert "exchange" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="exchange_needs_trick"):
        rnd.push(act("exchange"))
    play(rnd, "Ah 9h")
    rnd.push(act("draw"))
    assert "exchange" in legal(rnd)


def test_exchange_needs_stock_of_two_face_up_plus_one() -> None:
    rnd = after_five_drawn()  # stock 2: the trump card and one face-down card
    assert rnd.stock_size == 2 and "exchange" in legal(rnd)
    play(rnd, "Qd Jd")
    rnd.push(act("draw"))
    assert rnd.stock_size == 0
    assert "exchange" not in legal(rnd)


def test_exchange_not_by_follower_nor_mid_trick() -> None:
    rnd = play(base(), "9c Kc")
    rnd.push(act("draw"))
    play(rnd, "Js")  # the dealer (holder of 9h) led; the elder follows
    assert "exchange" not in legal(rnd)
    rnd = play(base(), "9c Kc")
    assert phase(rnd) is Phase.DRAW
    assert "exchange" not in legal(rnd)  # not before the draw either: exchange is at the lead
    rnd.push(act("draw"))
    play(rnd, "Js")
    assert phase(rnd) is Phase.FOLLOW
    with pytest.raises(IllegalActionError):
        rnd.push(act("exchange"))


def test_exchange_not_once_closed() -> None:
    rnd = after_five_drawn()
    play(rnd, "close")
    assert "exchange" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="closed"):
        rnd.push(act("exchange"))


def test_leader_order_exchange_close_marriage_then_lead() -> None:
    rnd = after_five_drawn()
    play(rnd, "exchange")
    assert {"close", "Mh", "Ms"} <= legal(rnd)
    play(rnd, "Mh")
    # After the marriage only its king or queen, or out: no close, no exchange.
    assert legal(rnd) == {"Kh", "Qh", "out"}
    rnd = after_five_drawn()
    play(rnd, "close")
    # After the close no exchange (closed) and no marriage (stock closed).
    assert "exchange" not in legal(rnd) and "Mh" not in legal(rnd)


# ------------------------------------------------------------------ section 5: close


def test_close_turns_trump_down_strict_no_draw() -> None:
    rnd = play(base(), "As Js")
    rnd.push(act("draw"))
    play(rnd, "close")
    assert rnd.closer == 0 and rnd.is_strict
    stock, hands = rnd.stock_size, (rnd.hand(0), rnd.hand(1))
    play(rnd, "Jd Kd")  # the dealer must follow diamonds and head
    assert rnd.stock_size == stock == 10
    assert phase(rnd) is Phase.LEAD  # no draw, no close-before-draw decision
    assert len(hand(rnd, 0)) == 5 == len(hand(rnd, 1))
    assert rnd.hand(0) | rnd.hand(1) == (hands[0] | hands[1]) & ~cardset("Jd Kd")


def test_close_no_marriages_after() -> None:
    rnd = after_five_drawn()
    assert "Mh" in legal(rnd)
    play(rnd, "close")
    assert "Mh" not in legal(rnd) and "Ms" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="marriages_after_stock"):
        rnd.push(act("Mh"))


def test_close_no_last_trick_bonus() -> None:
    rnd = play(deal("Ad Ah Th Kh As Ts", "9d 9s Js Qs Jd Qd", "Jh", "9c Ac"),
               "Ad 9d close As 9s Ts Js Ah Jd Th Qd Kh Qs 9c Ac")
    assert rnd.is_over
    assert rnd.card_points() == (67, 11)  # the dealer won the last trick: 11, no +10
    assert rnd.card_points()[0] + rnd.card_points()[1] == 78 == 11 + 11 + 12 + 13 + 13 + 7 + 11


def test_close_needs_stock_of_two() -> None:
    rnd = after_five_drawn()
    assert rnd.stock_size == 2 and "close" in legal(rnd)
    play(rnd, "Qd Jd")
    rnd.push(act("draw"))
    assert rnd.stock_size == 0 and "close" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="close_min_stock"):
        rnd.push(act("close"))


def test_close_not_on_first_lead() -> None:
    rnd = base()
    assert "close" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="first_lead_close"):
        rnd.push(act("close"))


def test_close_only_once() -> None:
    rnd = play(base(), "As Js")
    rnd.push(act("draw"))
    play(rnd, "close")
    with pytest.raises(IllegalActionError, match="already closed"):
        rnd.push(act("close"))


def test_close_before_draw_neither_draws_five_cards_each() -> None:
    rnd = play(base(), "As Js")
    assert phase(rnd) is Phase.DRAW and rnd.to_act == 0
    assert legal(rnd) == {"close-before-draw", "out", "draw"}
    play(rnd, "close-before-draw")
    assert rnd.closer == 0 and rnd.stock_size == 12
    assert len(hand(rnd, 0)) == len(hand(rnd, 1)) == 5
    assert phase(rnd) is Phase.LEAD and rnd.to_act == 0
    assert rnd.is_strict


def test_close_before_draw_judged_on_stock_before_draw() -> None:
    # With close_min_stock=4, after the fifth trick the stock holds 4 before the draw (close
    # before draw allowed) and 2 after it (closing no longer allowed).
    rules = Rules.parse("classic close_min_stock=4")
    rnd = play(long_deal(rules), L_FIVE)
    assert rnd.stock_size == 4 and "close-before-draw" in legal(rnd)
    rnd.push(act("draw"))
    assert rnd.stock_size == 2 and "close" not in legal(rnd)
    rnd.pop()
    play(rnd, "close-before-draw")
    assert rnd.closer == 0 and rnd.stock_size == 4


def test_close_before_draw_after_sixth_trick() -> None:
    rnd = after_five_drawn()
    play(rnd, "Qd Jd")  # sixth trick, the stock still holds Td and the trump card
    assert rnd.stock_size == 2
    assert "close-before-draw" in legal(rnd)
    play(rnd, "close-before-draw")
    assert rnd.closer == 0 and rnd.stock_size == 2
    assert len(hand(rnd, 0)) == len(hand(rnd, 1)) == 5


def test_close_before_draw_only_by_trick_winner_before_draw() -> None:
    rnd = play(base(), "9c Kc")
    assert rnd.to_act == 1  # the dealer won: only it decides
    rnd.push(act("draw"))
    assert "close-before-draw" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="close-before-draw"):
        rnd.push(act("close-before-draw"))


def test_close_records_opponent_tricks_and_points() -> None:
    rnd = play(base(), "9c Kc Js Qs")  # dealer wins 4, elder wins 5
    rnd.push(act("draw"))
    play(rnd, "close")
    assert rnd.closer == 0
    assert rnd.close_snapshot == (4, 1)


def test_close_snapshot_counts_marriage_of_opponent_with_trick() -> None:
    # The dealer wins the first trick, announces clubs (20, counting), loses the trick it
    # leads; the elder closes: the dealer had 6 + 20 = 26 points and one trick.
    rnd = play(base(), "Jd Kd Mc Qc Tc")  # dealer: Kd takes Jd (6) + 20; elder: Tc takes Qc
    rnd.push(act("draw"))
    play(rnd, "close")
    assert rnd.closer == 0
    assert rnd.close_snapshot == (26, 1)


# ------------------------------------------------------------------ section 5: marriage


def test_marriage_needs_king_and_queen_in_hand() -> None:
    rnd = base()  # the elder holds Kh but not Qh
    assert not {"Mh", "Mc", "Md", "Ms"} & legal(rnd)
    with pytest.raises(IllegalActionError, match="king and queen"):
        rnd.push(act("Mh"))


def test_marriage_then_lead_king_or_queen() -> None:
    rnd = play(base(), "Jd Kd")  # the dealer wins and holds Kc Qc (and draws Ac)
    rnd.push(act("draw"))
    play(rnd, "Mc")
    assert phase(rnd) is Phase.MARRIAGE and rnd.to_act == 1
    assert legal(rnd) == {"Kc", "Qc", "out"}
    with pytest.raises(IllegalActionError, match="king or queen"):
        rnd.push(act("Ac"))


def test_marriage_shows_partner() -> None:
    rnd = after_five_drawn()
    play(rnd, "Mh Qh")
    assert rnd.shown(0) == cardset("Kh")
    assert rnd.marriages == [(0, parse_card("Kh") // 6)]


def test_trump_marriage_forty_other_twenty() -> None:
    rnd = play(base(), "Jd Kd")  # hearts are trump, clubs are not
    rnd.push(act("draw"))
    play(rnd, "Mc")
    assert rnd.marriage_points() == (0, 20)
    assert rnd.points() == (0, 26)
    # The same cards with clubs trump (turned-up Jc): the clubs marriage is worth 40.
    rnd = play(deal("Ah Kh Qs As 9c Jd", "Th 9h Kc Qc Js Kd", "Jc"), "Jd Kd")
    rnd.push(act("draw"))
    play(rnd, "Mc")
    assert rnd.marriage_points() == (0, 40)
    assert rnd.points() == (0, 46)


def test_one_marriage_per_lead() -> None:
    rnd = play(long_deal(), L_FOUR)  # 46 points; the elder drew Kh Qh Qs Ks
    rnd.push(act("draw"))
    assert {"Mh", "Ms"} <= legal(rnd)
    play(rnd, "Mh")
    assert "Ms" not in legal(rnd)
    with pytest.raises(IllegalActionError):
        rnd.push(act("Ms"))
    play(rnd, "Kh 9d")  # the elder wins again (66 now, no declaration yet) ...
    rnd.push(act("draw"))
    assert "Ms" in legal(rnd)  # ... and may announce the other marriage at its next lead


def test_marriage_only_while_stock_open_and_not_empty() -> None:
    rnd = after_five_drawn()
    play(rnd, "Qd Jd")
    rnd.push(act("draw"))
    assert rnd.stock_size == 0
    assert {"Kh", "Qh", "Ks", "Qs"} <= hand(rnd, 0)
    assert "Mh" not in legal(rnd) and "Ms" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="marriages_after_stock"):
        rnd.push(act("Mh"))


def test_marriage_on_first_lead_allowed_by_default() -> None:
    rnd = deal("Kh Qh As Ts Ad 9c", "9h Jh 9s Js 9d Jd", "Jc")
    assert "Mh" in legal(rnd)


def test_marriage_pending_until_first_trick() -> None:
    # The elder announces hearts (20) on the first lead and loses that trick: pending.
    rnd = deal("Kh Qh As Ts Ad 9c", "Ah Jh 9s Js 9d Jd", "Jc")
    play(rnd, "Mh Qh Ah")
    assert rnd.marriage_points() == (20, 0)
    assert rnd.points() == (0, 14)
    rnd.push(act("draw"))
    play(rnd, "9s As")  # the elder wins a trick: the marriage counts from now on
    assert rnd.points() == (31, 14)


    # Spades trump. The elder announces hearts on the first lead and never wins a trick;
    # the dealer takes Qh (Ah: 14), 9c (As: 25), Jc (Ts: 37), 9d (Ad: 48), Kh (Td: 62), Qc (Th: 75).
    rnd = deal("Kh Qh 9c Jc Qc 9d", "Ah Th As Ts Ad Td", "Js", "Kc Ac Tc Ks")
    play(rnd, "Mh Qh Ah As 9c Ts Jc Ad 9d Td Kh Th Qc out")
    assert rnd.outcome is not None
    assert rnd.marriage_points() == (20, 0)
    assert rnd.outcome.points == (0, 75)  # the 20 announced never count
    assert rnd.outcome.tricks == (0, 6)
    assert (rnd.outcome.winner, rnd.outcome.game_points) == (1, 3)


# ------------------------------------------------------------------ section 6: declaring


def test_out_ends_round_at_once() -> None:
    rnd = after_five_drawn()
    play(rnd, "Mh out")  # 57 + 20 = 77
    assert rnd.is_over and phase(rnd) is Phase.OVER
    assert rnd.legal_tuple() == ()
    assert rnd.outcome is not None and rnd.outcome.declarer == 0
    with pytest.raises(IllegalActionError, match="over"):
        rnd.push(act("Kh"))


def test_out_not_on_round_first_lead() -> None:
    rnd = base()
    assert "out" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="section 6"):
        rnd.push(act("out"))


def test_out_only_by_winner_of_most_recent_trick() -> None:
    rnd = play(base(), "9c Kc")
    assert rnd.to_act == 1 and "out" in legal(rnd)  # the dealer won it
    rnd.push(act("draw"))
    play(rnd, "Js")
    assert "out" not in legal(rnd)  # the elder, following, may not declare
    with pytest.raises(IllegalActionError):
        rnd.push(act("out"))


def test_out_before_or_after_draw() -> None:
    before = play(after_five_drawn(), "Ms Qs Jd")  # 57 + 20 + 5: the elder wins trick 6
    assert phase(before) is Phase.DRAW and "out" in legal(before)
    after = play(after_five_drawn(), "Ms Qs Jd")
    after.push(act("draw"))
    assert phase(after) is Phase.LEAD and "out" in legal(after)
    play(before, "out")
    play(after, "out")
    assert before.outcome is not None and after.outcome is not None
    assert before.outcome.reason is after.outcome.reason is Reason.OUT
    assert before.outcome.game_points == after.outcome.game_points == 3


def test_out_right_after_marriage() -> None:
    rnd = after_five_drawn()
    play(rnd, "Mh")
    assert "out" in legal(rnd)
    play(rnd, "out")
    assert rnd.outcome is not None
    assert rnd.outcome.declarer == 0 and rnd.outcome.points == (77, 0)


def test_out_right_after_first_lead_marriage_is_false_without_trick() -> None:
    rnd = deal("Kh Qh As Ts Ad 9c", "9h Jh 9s Js 9d Jd", "Jc")
    play(rnd, "Mh")
    assert "out" in legal(rnd)
    play(rnd, "out")  # 20 pending, 0 points: a false declaration
    assert rnd.outcome is not None and rnd.outcome.reason is Reason.FALSE_OUT


def test_no_declaration_after_last_trick() -> None:
    rnd = play(deal("Ad Ah Th Kh As Ts", "9d 9s Js Qs Jd Qd", "Jh", "9c Ac"),
               "Ad 9d close As 9s Ts Js Ah Jd Th Qd Kh Qs 9c Ac")
    assert rnd.is_over
    assert rnd.outcome is not None and rnd.outcome.declarer is None
    assert "out" not in legal(rnd)


def test_claim_auto_declares_after_trick() -> None:
    # The elder reaches 67 with its sixth trick (stock still open): declared at once.
    rnd = deal("Ad Ah Th Kh As Ts", "9d 9s Js Qs Jd Qd", "Jh", rules="classic claim=auto")
    play(rnd, "Ad 9d As 9s Ts Js Ah Jd Th Qd")
    assert not rnd.is_over and rnd.points() == (60, 0)
    play(rnd, "Kh Qs")
    assert rnd.is_over
    assert rnd.outcome is not None
    assert (rnd.outcome.winner, rnd.outcome.reason, rnd.outcome.declarer) == (0, Reason.OUT, 0)
    assert rnd.outcome.points == (67, 0) and rnd.outcome.game_points == 3


def test_claim_auto_declares_after_marriage() -> None:
    rnd = play(long_deal("classic claim=auto"), L_FIVE)
    assert phase(rnd) is Phase.DRAW and legal(rnd) == {"close-before-draw", "draw"}
    play(rnd, "Mh")
    assert rnd.is_over
    assert rnd.outcome is not None
    assert (rnd.outcome.winner, rnd.outcome.reason, rnd.outcome.points) == (0, Reason.OUT, (77, 0))


def test_claim_auto_out_never_legal() -> None:
    rnd = play(long_deal("classic claim=auto"), L_FIVE)
    rnd.push(act("draw"))
    assert "out" not in legal(rnd)
    with pytest.raises(IllegalActionError, match="claim=auto"):
        rnd.push(act("out"))
    play(rnd, "Ms")  # 57 + 20 = 77: declared at once
    assert rnd.is_over


def test_state_unchanged_by_illegal_action() -> None:
    rnd = play(base(), "9c")
    key = rnd.key()
    actions = rnd.actions
    for token in ("Ah", "out", "close", "exchange", "Mc", "draw", "pass", "close-before-draw"):
        with pytest.raises(IllegalActionError):
            rnd.push(act(token))
        assert rnd.key() == key and rnd.actions == actions


def test_state_unchanged_by_illegal_recorded_token() -> None:
    # After a trick, a recorded token first makes the implicit draw; if the token is then
    # illegal the draw is taken back too.
    rnd = play(base(), "9c Kc")
    assert phase(rnd) is Phase.DRAW
    key = rnd.key()
    with pytest.raises(IllegalActionError):
        push_recorded(rnd, act("Ah"))  # the dealer won: Ah is the elder's card
    assert rnd.key() == key and phase(rnd) is Phase.DRAW and rnd.stock_size == 12


def test_pop_on_empty_raises_state_error() -> None:
    rnd = base()
    with pytest.raises(StateError):
        rnd.pop()
    play(rnd, "9c")
    assert rnd.pop() == act("9c")
    with pytest.raises(StateError):
        rnd.pop()
    match = Match(Rules(), dealer=0)
    with pytest.raises(StateError):
        match.pop()
    with pytest.raises(StateError):
        match.push(act("9c"))  # no round dealt
