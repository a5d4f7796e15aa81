"""One round of three-hand Sixty-Six (RULES.md section 11): state, legal actions, push and pop.

Three seats, eight cards each, no stock: the dealer's last card is shown and sets
trump, and play is strict from the first trick. A :class:`ThreeRound` has the API
of the two-hand :class:`~sixtysix.two.round.Round` (the same :class:`Action` values,
lazy legal actions, ``push`` and ``pop`` on a flat int list laid out as
:mod:`sixtysix.three.state` says, ``why_illegal``, an outcome explained in words);
The match (:mod:`sixtysix.three.match`) plays rounds to the target with the deal passing
left; an observation (:mod:`sixtysix.three.observation`) is what one seat may know.

>>> from sixtysix.cards import parse_card
>>> deck = [parse_card(t) for t in
...         "Ac Tc Kc Ad Td Kd Ah Th Kh Qc Jc Qd Jd Qh Jh As Ts Ks 9c 9d 9h Qs Js 9s".split()]
>>> rnd = ThreeRound(deck, dealer=2)
>>> rnd.to_act, card_name(rnd.trump_card), [str(a) for a in rnd.legal_actions()]
(0, '9s', ['Jc', 'Qc', 'Kc', 'Tc', 'Ac', 'Ks', 'Ts', 'As', 'Mc'])
>>> rnd.push_token("Ac"); rnd.to_act, [str(a) for a in rnd.legal_actions()]
(1, ['9c'])
>>> rnd.why_illegal(Action.parse("9d"))
'strict play: must follow clubs (section 11)'
>>> rnd.push_token("9c"); [str(a) for a in rnd.legal_actions()]
['9s', 'Js', 'Qs']
>>> rnd.push_token("9s"); rnd.leader, rnd.points()
(2, (0, 0, 11))
>>> rnd.pop(), rnd.to_act, rnd.points()
(Action('9s'), 2, (0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from sixtysix.cards import (
    CARD_POINTS,
    HIGHER,
    KING,
    QUEEN,
    SUIT_LETTERS,
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
    beats,
    card_name,
    cards_in,
    is_deck,
)
from sixtysix.errors import RulesError, StateError
from sixtysix.game.actions import ACTIONS, OUT, Action
from sixtysix.game.outcome import Reason
from sixtysix.game.round import BaseRound
from sixtysix.reasons import Refusal
from sixtysix.rules import THREE_HAND, Rules
from sixtysix.three.deal import (
    DEAL_POSITIONS,
    LAST_TRICK_BONUS,
    SEATS,
    TRICKS_PER_ROUND,
    TRUMP_POSITION,
    deal_deck,
    left_of,
)
from sixtysix.three.outcome import Scores, ThreeOutcome, declared, ended
from sixtysix.three.state import (
    FOLLOW_PHASE,
    HAND,
    KNOWN,
    LEAD,
    LEAD_PHASE,
    LEADER,
    MARR,
    MARRIAGE_PHASE,
    MSUIT,
    OVER,
    PHASE,
    PLAYED,
    PTS,
    SECOND,
    STATE_SIZE,
    TRICK_COUNT,
    TRICKS,
)


class ThreeTrick(NamedTuple):
    """A finished trick: who led, the three cards in the order played, who won."""

    leader: int
    cards: tuple[Card, Card, Card]
    winner: int

    def seat_of(self, index: int) -> int:
        """The seat that played the ``index``-th card of the trick."""
        return (self.leader + index) % SEATS


def trick_winner(leader: int, cards: Sequence[Card], trump: Suit) -> int:
    """The seat that wins a trick: the highest trump, else the highest card of the suit led.

    >>> from sixtysix.cards import parse_card, SPADES
    >>> trick_winner(1, [parse_card(t) for t in ("Kh", "Ah", "9s")], SPADES)
    0
    """
    best = cards[0]
    winner = 0
    for index in range(1, len(cards)):
        if beats(cards[index], best, trump):
            best = cards[index]
            winner = index
    return (leader + winner) % SEATS


def follow_rule(hand: CardSet, table: Sequence[Card], trump: Suit) -> tuple[CardSet, Card | None, bool]:
    """The cards a follower may play under strict play (section 11), the card a legal
    play must beat (``None`` if any legal card will do), and whether it must be of the
    suit led (else: void, a trump, or void in both, any card)."""
    lead = table[0]
    led = lead // 6
    best_led = lead
    best_trump: Card | None = None
    for card in table:
        if card // 6 == led and card > best_led:
            best_led = card
        if card // 6 == trump and (best_trump is None or card > best_trump):
            best_trump = card
    same = hand & SUIT_MASKS[led]
    if same:
        if led != trump and best_trump is not None:
            return same, None, True
        higher = same & HIGHER[best_led]
        return (higher, best_led, True) if higher else (same, None, True)
    trumps = hand & SUIT_MASKS[trump]
    if trumps:
        if best_trump is not None:
            higher = trumps & HIGHER[best_trump]
            if higher:
                return higher, best_trump, False
        return trumps, None, False
    return hand, None, False


def excluded_cards(leader: int, cards: Sequence[Card], trump: Suit) -> tuple[CardSet, CardSet, CardSet]:
    """What each seat cannot hold after following to a trick (finished or not) under
    strict play: a seat that did not follow holds no card of the suit led, one that
    then played no trump holds no trump, one that did not beat the best card of the
    led suit (or the best trump, having trumped) holds nothing higher. No card is
    drawn in the three-hand game, so each inference holds for the rest of the round.

    >>> from sixtysix.cards import parse_card, names, SPADES
    >>> ex = excluded_cards(0, [parse_card(t) for t in ("Kh", "Qh", "Jc")], SPADES)
    >>> names(ex[1]), len(names(ex[2]))
    (['Th', 'Ah'], 12)
    """
    excluded = [0, 0, 0]
    led = cards[0] // 6
    for index in range(1, len(cards)):
        card = cards[index]
        seat = (leader + index) % SEATS
        before = cards[:index]
        best_led = max(c for c in before if c // 6 == led)
        trumps = [c for c in before if c // 6 == trump]
        if card // 6 == led:
            if (led == trump or not trumps) and card < best_led:
                excluded[seat] |= HIGHER[best_led]
            continue
        excluded[seat] |= SUIT_MASKS[led]
        if card // 6 != trump:
            excluded[seat] |= SUIT_MASKS[trump]
        elif trumps and card < max(trumps):
            excluded[seat] |= HIGHER[max(trumps)]
    return excluded[0], excluded[1], excluded[2]


_KINGS: Final = sum(1 << (suit * 6 + KING) for suit in range(4))
_MARRIAGE_CODE: Final = 24
_NO_STOCK: Final = frozenset(a for a in ACTIONS if a.card is None and a.marriage_suit is None and a != OUT)
_THREE_HAND: Final = Rules.preset(THREE_HAND)


def _card_actions(mask: CardSet) -> tuple[Action, ...]:
    return tuple(ACTIONS[c] for c in cards_in(mask))



class ThreeRound(BaseRound):
    """The state of one three-hand round, changed by :meth:`push` and :meth:`pop`.

    ``deck`` lists the 24 cards top first, dealt as RULES.md section 11 says. Its
    :attr:`phase` is ``LEAD``, ``MARRIAGE``, ``FOLLOW`` or ``OVER`` (the three-hand
    game has no draw and no close); the legal actions come in ascending code: cards,
    then marriages, then ``out``.
    """

    __slots__ = ("_actions", "_marriages", "_outcome", "_stack", "_tricks",
                 "dealer", "deck", "rules", "trump", "trump_card")

    def __init__(self, deck: Sequence[Card], dealer: int, rules: Rules | None = None) -> None:
        rules = rules or _THREE_HAND
        if rules.seats != SEATS:
            raise RulesError(f"a three-hand round needs the three-hand rules, not {str(rules)!r}")
        if dealer not in range(SEATS):
            raise StateError(f"dealer must be seat 0, 1 or 2, not {dealer!r}")
        d = self.deck = tuple(deck)
        if not is_deck(d):
            raise StateError("a deck must hold each of the 24 cards once")
        self.rules = rules
        self.dealer = dealer
        self.trump_card: Card = d[TRUMP_POSITION]
        """The dealer's last card, shown to all; its suit is trump."""
        self.trump: Suit = self.trump_card // 6
        s = [0] * STATE_SIZE
        for places, positions in enumerate(DEAL_POSITIONS, 1):
            hand = 0
            for position in positions:
                hand |= 1 << d[position]
            s[HAND + (dealer + places) % SEATS] = hand
        s[PHASE] = LEAD_PHASE
        s[LEADER] = left_of(dealer)
        s[LEAD] = s[SECOND] = -1
        s[KNOWN + dealer] = 1 << self.trump_card
        s[MSUIT] = -1
        self._s = s
        self._stack: list[list[int]] = []
        self._actions: list[Action] = []
        self._tricks: list[ThreeTrick] = []
        self._marriages: list[tuple[int, Suit]] = []
        self._outcome: ThreeOutcome | None = None
        self._legal: tuple[Action, ...] | None = None

    @classmethod
    def at(cls, hands: Sequence[CardSet], dealer: int, trump_card: Card, actions: Sequence[Action],
           rules: Rules | None = None) -> ThreeRound:
        """The round at the position ``actions`` lead to, where seat ``i`` now holds
        ``hands[i]``: built directly on the flat state, without the legality checks and
        undo records of :meth:`push`, so it is fast, and the actions, taken as the
        round's legal history, cannot be popped. The cards each seat played, with its
        hand, make the eight it was dealt (the dealer's including ``trump_card``);
        :attr:`deck` is a deck that deals them.

        >>> from sixtysix.cards import parse_card
        >>> deck = [parse_card(t) for t in
        ...         "Ac Tc Kc Ad Td Kd Ah Th Kh Qc Jc Qd Jd Qh Jh As Ts Ks 9c 9d 9h Qs Js 9s".split()]
        >>> rnd = ThreeRound(deck, dealer=2)
        >>> for token in ("Ac", "9c", "9s", "Mh"):
        ...     rnd.push_token(token)
        >>> same = ThreeRound.at([rnd.hand(seat) for seat in range(3)], 2, rnd.trump_card, rnd.actions)
        >>> same.key() == rnd.key(), same.tricks == rnd.tricks, same.actions == rnd.actions
        (True, True, True)
        >>> ThreeRound(same.deck, 2).key() == ThreeRound(rnd.deck, 2).key()   # the same deal
        True
        >>> same.pop()
        Traceback (most recent call last):
        ...
        sixtysix.errors.StateError: no action to take back
        """
        rules = rules or _THREE_HAND
        if rules.seats != SEATS:
            raise RulesError(f"a three-hand round needs the three-hand rules, not {str(rules)!r}")
        if dealer not in range(SEATS):
            raise StateError(f"dealer must be seat 0, 1 or 2, not {dealer!r}")
        if len(hands) != SEATS:
            raise StateError(f"a three-hand round needs 3 hands, not {len(hands)}")
        rnd = cls.__new__(cls)
        rnd.rules = rules
        rnd.dealer = dealer
        rnd.trump_card = trump_card
        rnd.trump = trump_card // 6
        s = [0] * STATE_SIZE
        s[HAND], s[HAND + 1], s[HAND + 2] = hands
        s[PHASE] = LEAD_PHASE
        s[LEADER] = left_of(dealer)
        s[LEAD] = s[SECOND] = -1
        s[KNOWN + dealer] = 1 << trump_card
        s[MSUIT] = -1
        rnd._s = s
        rnd._stack = []
        rnd._actions = []
        rnd._tricks = []
        rnd._marriages = []
        rnd._outcome = None
        rnd._legal = None
        played = [0, 0, 0]
        for action in actions:
            if s[PHASE] == OVER:
                raise StateError("the round ended before the last of the actions")
            card = ACTIONS[action].card
            if card is not None:
                seat = rnd.to_act
                assert seat is not None
                played[seat] |= 1 << card
            rnd._actions.append(ACTIONS[action])
            rnd._apply(ACTIONS[action])
        rnd.deck = deal_deck([hand | cards for hand, cards in zip(hands, played, strict=True)],
                             dealer, trump_card)
        return rnd

    # ----------------------------------------------------------------- queries

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the round waits for, or ``None`` when it is over."""
        s = self._s
        phase = s[PHASE]
        if phase == OVER:
            return None
        if phase == FOLLOW_PHASE:
            return (s[LEADER] + (2 if s[SECOND] >= 0 else 1)) % SEATS
        return s[LEADER]

    @property
    def table(self) -> tuple[Card, ...]:
        """The cards of the current trick on the table, in the order played."""
        s = self._s
        return tuple(c for c in (s[LEAD], s[SECOND]) if c >= 0)

    def hand(self, seat: int) -> CardSet:
        """The cards in a seat's hand."""
        return self._s[HAND + seat]

    def points(self) -> tuple[int, int, int]:
        """Each seat's points: card points won plus marriages that count (after a trick)."""
        s = self._s
        p0, p1, p2 = (s[PTS + i] + (s[MARR + i] if s[TRICKS + i] else 0) for i in range(SEATS))
        return p0, p1, p2

    def card_points(self) -> tuple[int, int, int]:
        """Each seat's card points from tricks (with the last-trick bonus once scored)."""
        s = self._s
        return s[PTS], s[PTS + 1], s[PTS + 2]

    def marriage_points(self) -> tuple[int, int, int]:
        """Each seat's announced marriage points, counting or still pending."""
        s = self._s
        return s[MARR], s[MARR + 1], s[MARR + 2]

    def trick_counts(self) -> tuple[int, int, int]:
        """The number of tricks each seat has won."""
        s = self._s
        return s[TRICKS], s[TRICKS + 1], s[TRICKS + 2]

    def shown(self, seat: int) -> CardSet:
        """Cards of a seat's hand that every seat has seen: the dealer's trump card and
        the partners of announced marriages."""
        return self._s[KNOWN + seat] & self._s[HAND + seat]

    @property
    def actions(self) -> list[Action]:
        """The actions pushed so far."""
        return list(self._actions)

    @property
    def tricks(self) -> list[ThreeTrick]:
        """The finished tricks, in order."""
        return list(self._tricks)

    @property
    def marriages(self) -> list[tuple[int, Suit]]:
        """The marriages announced, as (seat, suit), in order."""
        return list(self._marriages)

    @property
    def outcome(self) -> ThreeOutcome | None:
        """How the round ended, or ``None`` while it goes on."""
        return self._outcome

    def key(self) -> tuple[int, ...]:
        """A hashable key of the whole position (for transposition tables and equality checks)."""
        return (*self._s, self.trump_card)

    def copy(self) -> ThreeRound:
        """An independent copy of the position, with no actions to take back."""
        rnd = ThreeRound.__new__(ThreeRound)
        rnd.rules = self.rules
        rnd.deck = self.deck
        rnd.dealer = self.dealer
        rnd.trump = self.trump
        rnd.trump_card = self.trump_card
        rnd._s = self._s[:]
        rnd._stack = []
        rnd._actions = []
        rnd._tricks = self._tricks[:]
        rnd._marriages = self._marriages[:]
        rnd._outcome = self._outcome
        rnd._legal = self._legal
        return rnd

    # ----------------------------------------------------------- legal actions

    def _generate(self) -> tuple[Action, ...]:
        s = self._s
        phase = s[PHASE]
        manual = self.rules.claim == "manual"
        if phase == FOLLOW_PHASE:
            seat = self.to_act
            assert seat is not None
            return _card_actions(follow_rule(s[HAND + seat], self.table, self.trump)[0])
        if phase == LEAD_PHASE:
            hand = s[HAND + s[LEADER]]
            kings = hand & hand << 1 & _KINGS
            extra = [ACTIONS[_MARRIAGE_CODE + king // 6] for king in cards_in(kings)]
            if s[TRICK_COUNT] and manual:
                extra.append(OUT)
            return _card_actions(hand) + tuple(extra)
        if phase == MARRIAGE_PHASE:
            married = s[MSUIT]
            pair = (ACTIONS[married * 6 + QUEEN], ACTIONS[married * 6 + KING])
            return (*pair, OUT) if manual else pair
        return ()

    def refusal(self, action: Action) -> Refusal | None:
        """``None`` if the action is legal, else the rule it breaks (see :mod:`sixtysix.reasons`)."""
        if action in self.legal_tuple():
            return None
        s = self._s
        phase = s[PHASE]
        name = str(action)
        if phase == OVER:
            return Refusal.of("round_over")
        seat = self.to_act
        assert seat is not None
        if action in _NO_STOCK:
            return Refusal.of("no_stock", action=name)
        card = action.card
        if card is not None:
            if not s[HAND + seat] >> card & 1:
                return Refusal.of("not_in_hand", card=name, seat=seat)
            if phase == MARRIAGE_PHASE:
                return Refusal.of("lead_married", card=name, suit=SUIT_LETTERS[s[MSUIT]])
            return self._follow_refusal(seat)
        if phase == FOLLOW_PHASE:
            return Refusal.of("follow_phase", action=name, seat=seat, section=11)
        if phase == MARRIAGE_PHASE:
            return Refusal.of("marriage_phase", action=name)
        suit = action.marriage_suit
        if suit is not None:
            return Refusal.of("marriage_not_held", seat=seat, suit=SUIT_LETTERS[suit])
        return Refusal.of("out_not_now" if self.rules.claim == "manual" else "out_auto")

    def _follow_refusal(self, seat: int) -> Refusal:
        table = self.table
        allowed, must_beat, follow = follow_rule(self._s[HAND + seat], table, self.trump)
        led = SUIT_LETTERS[table[0] // 6]
        if follow:
            if must_beat is None:
                return Refusal.of("follow_suit", suit=led, section=11)
            return Refusal.of("follow_beat", suit=led, card=card_name(must_beat))
        if allowed & SUIT_MASKS[self.trump] and must_beat is not None:
            return Refusal.of("trump_beat", suit=led, card=card_name(must_beat))
        return Refusal.of("trump_void", suit=led, section=11)

    # -------------------------------------------------------------- push, pop

    def push(self, action: int) -> None:
        """Apply an action, or raise :class:`IllegalActionError` leaving the state unchanged."""
        self._check(action)
        # The state list before the push is kept as it is and play goes on in a copy,
        # so that a push or a pop replaces the list (see BaseRound.position).
        self._stack.append(self._s)
        self._s = self._s[:]
        taken = ACTIONS[action]
        self._actions.append(taken)
        self._legal = None
        self._apply(taken)

    def pop(self) -> Action:
        """Take back the last action and return it."""
        if not self._stack:
            raise StateError("no action to take back")
        self._s = self._stack.pop()
        self._legal = None
        action = self._actions.pop()
        if action.card is not None and self._s[SECOND] >= 0:
            self._tricks.pop()
        elif action.marriage_suit is not None:
            self._marriages.pop()
        self._outcome = None
        return action

    def _apply(self, action: Action) -> None:
        s = self._s
        card = action.card
        if card is not None:
            seat = self.to_act
            assert seat is not None
            s[HAND + seat] &= ~(1 << card)
            s[PLAYED] |= 1 << card
            if s[PHASE] != FOLLOW_PHASE:
                s[LEAD] = card
                s[PHASE] = FOLLOW_PHASE
            elif s[SECOND] < 0:
                s[SECOND] = card
            else:
                self._finish_trick(card)
        elif action == OUT:
            self._declare(s[LEADER])
        else:
            suit = action.marriage_suit
            assert suit is not None
            self._announce(suit)

    def _finish_trick(self, third: Card) -> None:
        s = self._s
        leader = s[LEADER]
        cards = (s[LEAD], s[SECOND], third)
        winner = trick_winner(leader, cards, self.trump)
        self._tricks.append(ThreeTrick(leader, cards, winner))
        s[PTS + winner] += CARD_POINTS[cards[0]] + CARD_POINTS[cards[1]] + CARD_POINTS[third]
        s[TRICKS + winner] += 1
        s[TRICK_COUNT] += 1
        s[LEAD] = s[SECOND] = -1
        s[LEADER] = winner
        if s[TRICK_COUNT] == TRICKS_PER_ROUND:
            s[PTS + winner] += LAST_TRICK_BONUS
            self._end_of_cards()
        elif self.rules.claim == "auto" and s[PTS + winner] + s[MARR + winner] >= 66:
            self._declare(winner)
        else:
            s[PHASE] = LEAD_PHASE

    def _announce(self, suit: Suit) -> None:
        s = self._s
        seat = s[LEADER]
        s[MARR + seat] += 40 if suit == self.trump else 20
        s[KNOWN + seat] |= (1 << (suit * 6 + KING)) | (1 << (suit * 6 + QUEEN))
        s[MSUIT] = suit
        s[PHASE] = MARRIAGE_PHASE
        self._marriages.append((seat, suit))
        if self.rules.claim == "auto" and s[TRICKS + seat] and s[PTS + seat] + s[MARR + seat] >= 66:
            self._declare(seat)

    # ------------------------------------------------------------------ scoring

    def _declare(self, declarer: int) -> None:
        scores = declared(declarer, self.points(), self.trick_counts())
        if scores[declarer]:
            self._finish(declarer, scores[declarer], Reason.OUT, declarer, scores)
        else:
            self._finish(None, max(scores), Reason.FALSE_OUT, declarer, scores)

    def _end_of_cards(self) -> None:
        scores = ended(self.points(), self.trick_counts())
        best = max(scores)
        if best:
            self._finish(scores.index(best), best, Reason.LAST_TRICK, None, scores)
        else:
            self._finish(None, 0, Reason.TIE, None, scores, replay=True)

    def _finish(self, winner: int | None, game_points: int, reason: Reason, declarer: int | None,
                scores: Scores, replay: bool = False) -> None:
        self._s[PHASE] = OVER
        self._outcome = ThreeOutcome(winner, game_points, reason, self.points(), self.trick_counts(),
                                     declarer, replay, scores)

    def __repr__(self) -> str:
        return (f"<ThreeRound dealer={self.dealer} trump={SUIT_LETTERS[self.trump]} "
                f"phase={self.phase.name} actions={' '.join(a.token for a in self._actions)!r}>")
