"""The words the engine says: every outcome explanation and every ``why_illegal`` reason,
pinned word for word, each reached by play (the scenarios of ``test_rules_scoring``).

A player reads these sentences to check a result or to learn why a move was refused, so
a changed number, seat or threshold in them is a wrong answer, not a matter of style.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sixtysix import IllegalActionError, Round, Rules
from test_rules_deal import act, base, cards, deal, play
from test_rules_scoring import (
    C_ALL,
    C_HANDS,
    C_TO_67,
    F_HANDS,
    FAILED_TWO,
    FAILED_TWO_HANDS,
    L_HANDS,
    L_OUT,
    TIE_EVEN,
    TIE_EVEN_DECK,
    TIE_UNEVEN,
    TIE_UNEVEN_DECK,
)

# The base deal: hearts trump (Jh); seat 0 (elder) Ah Kh Qs As 9c Jd, seat 1 Th 9h Kc Qc Js Kd.
BASE_HANDS = ("Ah Kh Qs As 9c Jd", "Th 9h Kc Qc Js Kd", "Jh")


def deck_round(deck: str, dealer: int, rules: str = "classic") -> Round:
    return Round(cards(deck), dealer, Rules.parse(rules))


EXPLANATIONS: list[tuple[str, Callable[[], Round], str, str]] = [
    ("out, loser exactly 33",
     lambda: deck_round("9c Jc Qh Ac Th Qs Tc Kc 9d 9s Jd Ks Qd Kh Ah Ts Td Ad 9h Jh Js Kd As Qc", 0),
     "9c Ac 9s Jc Ms Ks 9d Td Th Tc Qs Ah Ts Ad Qd out",
     "Seat 1 declared out with 72 points; seat 0 has 33 points, 33 or more: 1 game point."),
    ("out, loser 32",
     lambda: deck_round("Jh 9s 9h Ks Kc Ad Js Ts Qh Jd 9c Qs Qd Tc Ac Td Qc Ah 9d Kd Th Jc Kh As", 1),
     "Jh Kc Tc Qs Js Ad Ks 9h Qc 9d Th Jd Ac Jc 9c Td Qd Kd Ah Qh Kh 9s out",
     "Seat 1 declared out with 67 points; seat 0 has 32 points, under 33: 2 game points."),
    ("out, loser without a trick", lambda: deal(*L_HANDS), L_OUT,
     "Seat 0 declared out with 77 points; seat 1 took no trick: 3 game points."),
    ("false out, opponent with a trick", lambda: deal(*BASE_HANDS), "9c Kc Js Qs out",
     "Seat 0 declared out with only 5 points, a false declaration: seat 1 scores 2 game points."),
    ("false out, opponent without a trick", lambda: deal(*BASE_HANDS), "As Js out",
     "Seat 0 declared out with only 13 points, a false declaration: seat 1 scores 3 game points, "
     "having taken no trick."),
    ("false out, false_claim_points=two",
     lambda: deal(*BASE_HANDS, rules="classic false_claim_points=two"), "As Js out",
     "Seat 0 declared out with only 13 points, a false declaration: seat 1 scores 2 game points."),
    ("false out by the closer's opponent", lambda: deal(*BASE_HANDS), "As Js close Jd Kd out",
     "Seat 1 declared out with only 6 points, a false declaration: seat 0 scores 2 game points."),
    ("closer first to 66, declared", lambda: deal(*C_HANDS), C_TO_67 + " out",
     "Seat 0 closed the stock and reached 66 first; seat 1 took no trick: 3 game points."),
    ("closer first to 66, cards played out", lambda: deal(*C_HANDS), C_ALL,
     "Seat 0 closed the stock and reached 66 first; seat 1 has 11 points, under 33: 2 game points."),
    ("closer first to 66, closer_win_basis=at_close",
     lambda: deal(*C_HANDS, rules="classic closer_win_basis=at_close"), C_ALL,
     "Seat 0 closed the stock and reached 66 first; seat 1 took no trick: 3 game points at the close."),
    ("failed close, nobody at 66, no trick at the close",
     lambda: deal("Ad Ah Th Kh As Jc", "9d 9s Js Qs Jd Qc", "Jh", "Ac Tc"),
     "Jc Qc close 9s As Ad 9d Ah Jd Th Js Kh Qs Tc Ac",
     "Seat 1 closed the stock but nobody reached 66 first: seat 0 scores 3 game points, "
     "having had no trick when the stock was closed."),
    ("failed close, opponent first to 66", lambda: deal(*FAILED_TWO_HANDS), FAILED_TWO,
     "Seat 1 closed the stock but seat 0 reached 66 first: seat 0 scores 2 game points."),
    ("failed close, failed_close_points=three",
     lambda: deal(*FAILED_TWO_HANDS, rules="classic failed_close_points=three"), FAILED_TWO,
     "Seat 1 closed the stock but seat 0 reached 66 first: seat 0 scores 3 game points "
     "(failed_close_points=three)."),
    ("failed close, nobody at 66, a trick at the close",
     lambda: deck_round("Ts Qh Ad 9h 9c Qc 9s Qd Ks Th Kd Qs Ah Js Jd Jh As 9d Kh Ac Td Kc Tc Jc", 1),
     "Qd Qs Ks 9h close Jh Qh Js Th Kd Ad As Jd Ts Qc 9s 9c",
     "Seat 1 closed the stock but nobody reached 66 first: seat 0 scores 2 game points."),
    ("last trick, loser 33 or more",
     lambda: deck_round("Th Kc Jc 9s Qd As Qs Ac Ad Kh 9h Ah Js Jd Qh 9d Ks Qc Jh Tc Ts Kd Td 9c", 1),
     "Ac Kh Ad 9h Kc Qd Jc Jh Th As Ks Qc 9s Js Jd Kd 9c Tc Td Ts Ah Qs 9d Qh",
     "All tricks played, the last worth 10; seat 0 has more points (76 to 54); "
     "seat 1 has 54 points, 33 or more: 1 game point."),
    ("last trick, loser under 33",
     lambda: deck_round("Td Jd Js Tc Qd Jc 9c Qh 9d Qc 9s Ac Ts As Ad Kd Th 9h Ah Kh Jh Qs Ks Kc", 1),
     "9d Jc As Qd Qh Tc 9c Th Kd Ad Qc 9h Jh Kh Td 9s Ah Js Ks Qs Jd Ac Ts Kc",
     "All tricks played, the last worth 10; seat 0 has more points (102 to 28); "
     "seat 1 has 28 points, under 33: 2 game points."),
    ("last trick, loser without a trick",
     lambda: deck_round("Jh Ad Ts Jd Kd Jc Td Qh Kh Ah Qc Tc 9s 9d Qd Ks 9c Th Qs 9h Ac As Kc Js", 0),
     "Kh Kd Td Tc 9d Ah Qh Qd Th Jc As Qs Js 9s Ks Ac 9h Kc Ad Jd Jh 9c Ts Qc",
     "All tricks played, the last worth 10; seat 1 has more points (130 to 0); "
     "seat 0 took no trick: 3 game points."),
    ("tie=carry", lambda: Round(TIE_EVEN_DECK, 1), TIE_EVEN,
     "Both have 65 points: a tie; nobody scores and the next scoring round gets 1 more game point."),
    ("tie=replay", lambda: Round(TIE_EVEN_DECK, 1, Rules.parse("classic tie=replay")), TIE_EVEN,
     "Both have 65 points: a tie; nobody scores and the same dealer deals again."),
    ("tie=most_tricks, more tricks",
     lambda: Round(TIE_UNEVEN_DECK, 1, Rules.parse("classic tie=most_tricks")), TIE_UNEVEN,
     "Both have 65 points; seat 1 took more tricks (7 to 5): 1 game point (tie=most_tricks)."),
    ("tie=most_tricks, equal tricks",
     lambda: Round(TIE_EVEN_DECK, 1, Rules.parse("classic tie=most_tricks")), TIE_EVEN,
     "Both have 65 points: a tie; nobody scores and the same dealer deals again."),
]


@pytest.mark.parametrize(("start", "tokens", "words"), [e[1:] for e in EXPLANATIONS],
                         ids=[e[0] for e in EXPLANATIONS])
def test_every_outcome_explanation_word_for_word(start: Callable[[], Round], tokens: str,
                                                 words: str) -> None:
    rnd = play(start(), tokens)
    assert rnd.outcome is not None
    assert rnd.outcome.explanation == words


# Each row: a position (rules, deal, tokens played), an illegal action, and the reason.
REASONS: list[tuple[str, Callable[[], Round], str, str]] = [
    ("over", lambda: play(base(), "As Js out"), "Ah", "the round is over"),
    ("draw phase: out under claim=auto", lambda: play(base("classic claim=auto"), "As Js"), "out",
     "out is not allowed (claim=auto)"),
    ("draw phase: a card", lambda: play(base(), "As Js"), "Ah",
     "after a trick its winner may only draw, close before the draw or declare out, not Ah"),
    ("draw phase: exchange", lambda: play(base(), "9c Kc"), "exchange",
     "after a trick its winner may only draw, close before the draw or declare out, not exchange"),
    ("respond phase", lambda: play(base("classic exchange_on_opponent_close=on"), "As Js close"), "close",
     "after the close its opponent may only exchange the trump nine or pass, not close"),
    ("card not in hand", base, "Th", "Th is not in seat 0's hand"),
    ("card not in hand, code 0", lambda: play(base(), "As"), "9c", "9c is not in seat 1's hand"),
    ("card not in hand after a marriage", lambda: play(deal(*F_HANDS), "Ms"), "Kh",
     "Kh is not in seat 0's hand"),
    ("marriage: another card", lambda: play(deal(*F_HANDS), "Ms"), "Ah",
     "after announcing a marriage the leader must lead its king or queen (section 5), not Ah"),
    ("marriage: not a card", lambda: play(deal(*F_HANDS), "Ms"), "close",
     "after announcing a marriage only its king or queen, or out, may follow, not close"),
    ("strict: follow and head", lambda: play(base(), "As Js close 9c"), "Th",
     "strict play: must follow clubs and head the trick (section 3, must_head)"),
    ("strict: follow and head a nine",
     lambda: play(deal(*F_HANDS, rules="classic first_leader=dealer first_lead_close=on"), "close 9d"), "Ks",
     "strict play: must follow diamonds and head the trick (section 3, must_head)"),
    ("strict: follow", lambda: play(base(), "As Js close Ac"), "Th",
     "strict play: must follow suit clubs (section 3)"),
    ("strict: follow, unable to head a ten", lambda: play(deal(*C_HANDS), "Ad 9d close Ts"), "Jd",
     "strict play: must follow suit spades (section 3)"),
    ("strict: follow, must_head=off", lambda: play(base("classic must_head=off"), "As Js close 9c"), "Th",
     "strict play: must follow suit clubs (section 3)"),
    ("strict: follow a nine, must_head=off",
     lambda: play(deal(*F_HANDS, rules="classic first_leader=dealer first_lead_close=on must_head=off"),
                  "close 9d"), "Ks",
     "strict play: must follow suit diamonds (section 3)"),
    ("strict: trump", lambda: play(base(), "As Js close Qs"), "Kc",
     "strict play: void in spades, must play a trump (section 3)"),
    ("follower: not a card", lambda: play(base(), "As"), "close", "the follower must play a card, not close"),
    ("marriage after the close", lambda: play(deal(*F_HANDS), "Ah Jh close"), "Ms",
     "marriages only while the stock is open and not empty (marriages_after_stock=off)"),
    ("marriage on the first lead", lambda: deal(*F_HANDS, rules="classic first_lead_marriage=off"), "Ms",
     "no marriage on the round's first lead (first_lead_marriage=off)"),
    ("marriage not held", base, "Ms", "seat 0 does not hold the king and queen of spades"),
    ("exchange after the close", lambda: play(base(), "As Js close"), "exchange",
     "no exchange once the stock is closed"),
    ("exchange without the nine", base, "exchange", "seat 0 does not hold the nine of trumps"),
    ("exchange on a small stock", lambda: play(base("classic exchange_min_stock=12"), "9c Kc draw"),
     "exchange", "exchange needs a stock of at least 12 (exchange_min_stock)"),
    ("exchange before a trick", lambda: base("classic first_leader=dealer"), "exchange",
     "exchange only after winning a trick (exchange_needs_trick=on)"),
    ("exchange before a trick, the stock just large enough",
     lambda: base("classic first_leader=dealer exchange_min_stock=12"), "exchange",
     "exchange only after winning a trick (exchange_needs_trick=on)"),
    ("close twice", lambda: play(base(), "As Js close"), "close", "the stock is already closed"),
    ("close on a small stock", lambda: play(base("classic close_min_stock=12"), "As Js draw"), "close",
     "closing needs a stock of at least 12 (close_min_stock)"),
    ("close on the first lead", base, "close", "no closing on the round's first lead (first_lead_close=off)"),
    ("out under claim=auto", lambda: base("classic claim=auto"), "out",
     "out is never written under claim=auto: the engine declares"),
    ("out on the first lead", base, "out",
     "out only by the winner of the most recent trick, or right after a marriage (section 6)"),
    ("close-before-draw at a lead", base, "close-before-draw",
     "close-before-draw only by a trick's winner before its draw"),
    ("draw at a lead", base, "draw", "draw is only possible at another moment of the round"),
    ("pass at a lead", base, "pass", "pass is only possible at another moment of the round"),
]


@pytest.mark.parametrize(("start", "token", "words"), [r[1:] for r in REASONS], ids=[r[0] for r in REASONS])
def test_every_why_illegal_reason_word_for_word(start: Callable[[], Round], token: str, words: str) -> None:
    rnd = start()
    action = act(token)
    assert not rnd.is_legal(action)
    assert rnd.why_illegal(action) == words
    with pytest.raises(IllegalActionError) as refused:
        rnd.push(action)
    assert str(refused.value) == words
