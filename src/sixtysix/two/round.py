"""One round of two-hand Sixty-Six: state, legal actions, push and pop, outcome.

A :class:`Round` is dealt from a deck order and a dealer. Actions are
:class:`Action` values (small ints with a notation form); ``push`` applies one
after checking it, ``pop`` takes the last one back. The state is a flat list of
ints, the finished tricks and the marriages included as packed logs, so a push
saves it with one list copy and a pop restores it (its layout, for the search, is
:mod:`sixtysix.two.state`).

>>> from sixtysix.cards import parse_card
>>> deck = [parse_card(t) for t in
...         "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh".split()]
>>> rnd = Round(deck, dealer=0)
>>> rnd.to_act, [str(a) for a in rnd.legal_actions()]
(1, ['Qc', 'Kc', 'Tc', 'Th', 'Ts', 'As', 'Mc'])
>>> rnd.push_token("Ts"); rnd.push_token("Ac")
>>> rnd.phase.name, rnd.points(), rnd.stock_size
('DRAW', (0, 21), 12)
>>> rnd.push(CLOSE_BEFORE_DRAW); rnd.closer
1
>>> rnd.pop(); rnd.push(DRAW); rnd.push_token("Td")
Action('close-before-draw')
>>> rnd.stock_size, rnd.phase.name, rnd.closer
(10, 'FOLLOW', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final, NamedTuple

from sixtysix.cards import (
    CARD_POINTS,
    HIGHER,
    KING,
    NINE,
    NUM_CARDS,
    QUEEN,
    SUIT_LETTERS,
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
    cards_in,
    is_deck,
)
from sixtysix.errors import RulesError, StateError
from sixtysix.game.actions import (
    _CARD_END,
    _MARRIAGE,
    ACTIONS,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    CLOSE_CODE,
    DRAW,
    DRAW_CODE,
    EXCHANGE,
    EXCHANGE_CODE,
    OUT,
    OUT_CODE,
    PASS,
    PASS_CODE,
    Action,
)
from sixtysix.game.round import BaseRound, Phase
from sixtysix.reasons import Refusal
from sixtysix.rules import Rules
from sixtysix.two.outcome import Outcome, Scoring, declared, ended, reason_of
from sixtysix.two.state import (
    BEATS,
    CLOSE_PTS,
    CLOSE_TRICKS,
    CLOSER,
    DRAW_PHASE,
    DRAWN,
    FIRST66,
    FOLLOW_PHASE,
    HAND,
    KNOWN,
    LAST_ACTION,
    LEAD,
    LEAD_PHASE,
    LEADER,
    MARR,
    MARRIAGE_LOG,
    MARRIAGE_PHASE,
    MSUIT,
    OVER,
    PHASE,
    PLAYED,
    PTS,
    RESPOND_PHASE,
    STATE_SIZE,
    TRICK_BITS,
    TRICK_COUNT,
    TRICK_LOG,
    TRICKS,
    TRUMP_CARD,
)

_new: Final = object.__new__


class Trick(NamedTuple):
    """A finished trick: who led, the two cards, who won, and whether play was strict."""

    leader: int
    lead: Card
    follow: Card
    winner: int
    strict: bool

    @property
    def cards(self) -> tuple[Card, Card]:
        """The lead and the follow, in the order played."""
        return self.lead, self.follow


_STOCK_SIZES: Final = frozenset(range(0, 13, 2))
"""The sizes a stock can have: even, from the 12 of the deal down to 0."""

_LOW_ACTIONS: Final = tuple(tuple(ACTIONS[c] for c in cards_in(m)) for m in range(1 << 12))
_HIGH_ACTIONS: Final = tuple(tuple(ACTIONS[c] for c in cards_in(m << 12)) for m in range(1 << 12))
_SIZES: Final = tuple(m.bit_count() for m in range(1 << 12))
"""``_SIZES[m]``: how many cards the 12-bit set ``m`` holds (half a hand, looked up natively)."""
_KINGS: Final = sum(1 << (suit * 6 + KING) for suit in range(4))
_TRICK_POINTS: Final = tuple(CARD_POINTS[lead] + CARD_POINTS[follow]
                      for lead in range(NUM_CARDS) for follow in range(NUM_CARDS))
"""``_TRICK_POINTS[lead * 24 + follow]``: the card points of a trick."""
_EXTRAS: Final = {
    kings | flags: tuple(ACTIONS[_MARRIAGE + king // 6] for king in cards_in(kings))
    + tuple(ACTIONS[code] for flag, code in ((1, EXCHANGE_CODE), (2, CLOSE_CODE), (4, OUT_CODE))
            if flags & flag)
    for kings in map(sum, product(*((0, 1 << king) for king in cards_in(_KINGS))))
    for flags in range(8)
}
"""The actions at lead besides cards, by the kings whose marriage may be announced
(as a card set) and bits 1 for exchange, 2 for close and 4 for out."""
_CLASSIC: Final = Rules()
_DECODED: Final[dict[int, Trick]] = {}
_DEALT: Final = [0] * STATE_SIZE
"""The state of every deal before the hands, the leader and the trump card are filled in."""
_DEALT[PHASE] = LEAD_PHASE
for _index in (LEAD, CLOSER, FIRST66, MSUIT):
    _DEALT[_index] = -1


def _trick_code(trick: Trick) -> int:
    """A trick packed in 13 bits: ``lead * 24 + follow``, then the leader, the winner
    and whether play was strict, one bit each.

    >>> from sixtysix.cards import parse_card
    >>> trick = Trick(1, parse_card("Ah"), parse_card("9h"), 1, False)
    >>> _trick_of(_trick_code(trick)) == trick
    True
    """
    return trick.lead * 24 + trick.follow | trick.leader << 10 | trick.winner << 11 | trick.strict << 12


def _trick_of(code: int) -> Trick:
    """The trick packed in ``code`` (one shared value per code)."""
    trick = _DECODED.get(code)
    if trick is None:
        lead, follow = divmod(code & 1023, 24)
        trick = _DECODED[code] = Trick(code >> 10 & 1, lead, follow, code >> 11 & 1, bool(code >> 12 & 1))
    return trick


def _tricks_of(log: int, count: int) -> list[Trick]:
    """The tricks of a trick log (``TRICK_LOG``) holding ``count`` of them."""
    return [_trick_of(log >> TRICK_BITS * i & 0x1FFF) for i in range(count)]


def _marriages_of(log: int) -> list[tuple[int, Suit]]:
    """The marriages of a marriage log (``MARRIAGE_LOG``), in order."""
    found: list[tuple[int, Suit]] = []
    while log:
        code = (log & 15) - 1
        found.append((code >> 2, code & 3))
        log >>= 4
    found.reverse()
    return found


def _card_actions(mask: CardSet) -> tuple[Action, ...]:
    return _LOW_ACTIONS[mask & 0xFFF] + _HIGH_ACTIONS[mask >> 12]



class _Limits:
    """What the two-hand round's hot paths read of one :class:`Rules`, in its own fields."""

    __slots__ = ("auto", "close_drawn", "close_first", "draw_min", "elder_leads", "exchange_drawn",
                 "exchange_trick", "marry_first", "marry_late", "must_head", "rules", "scoring", "three")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.three = rules.seats != 2
        self.elder_leads = rules.first_leader == "elder"
        self.auto = rules.claim == "auto"
        # The smallest stock after a trick at which its winner decides on the draw.
        self.draw_min = rules.close_min_stock if rules.close_before_draw else 13
        # The most cards drawn with which the stock may still be exchanged from or closed.
        self.exchange_drawn = 12 - rules.exchange_min_stock
        self.close_drawn = 12 - rules.close_min_stock
        self.exchange_trick = rules.exchange_needs_trick
        self.close_first = rules.first_lead_close
        self.marry_first = rules.first_lead_marriage
        self.marry_late = rules.marriages_after_stock
        self.must_head = rules.must_head
        # The scoring of a round nobody closed (the close's points and tricks do not count).
        self.scoring = Scoring.of(rules, 0, 0)

    def __reduce__(self) -> tuple[type[_Limits], tuple[Rules]]:
        """Made again from the rules when a round is pickled or deep-copied (the
        compiled build's native class could not be rebuilt without them)."""
        return _Limits, (self.rules,)


_LAST_LIMITS: Final = [_Limits(_CLASSIC)]


def _limits_of(rules: Rules) -> _Limits:
    """The limits of ``rules``, kept for the rules object last asked about (a search
    deals and sets up many rounds under one)."""
    limits = _LAST_LIMITS[0]
    if limits.rules is not rules:
        limits = _LAST_LIMITS[0] = _Limits(rules)
    return limits


class Round(BaseRound):
    """The state of one round, changed by :meth:`push` and :meth:`pop`.

    ``deck`` lists the 24 cards top first, dealt as RULES.md section 2 says. The legal
    actions come in ascending code: cards, then marriages, ``exchange``, ``close``,
    ``close-before-draw``, ``out``, ``draw`` and ``pass``.
    """

    __slots__ = ("_beats", "_limits", "_outcome", "_stack", "dealer", "deck", "rules", "trump")

    def __init__(self, deck: Sequence[Card], dealer: int, rules: Rules | None = None) -> None:
        if dealer not in (0, 1):
            raise StateError(f"dealer must be seat 0 or 1, not {dealer!r}")
        d = self.deck = tuple(deck)
        if not is_deck(d):
            raise StateError("a deck must hold each of the 24 cards once")
        self.rules = rules = rules or _CLASSIC
        limits = _limits_of(rules)
        if limits.three:
            raise RulesError("the three-hand rules need a three-hand round (sixtysix.three.round.ThreeRound)")
        self.dealer = dealer
        elder = 1 - dealer
        trump_card = d[12]
        self.trump: Suit = trump_card // 6
        s = _DEALT[:]
        s[HAND + elder] = 1 << d[0] | 1 << d[1] | 1 << d[2] | 1 << d[6] | 1 << d[7] | 1 << d[8]
        s[HAND + dealer] = 1 << d[3] | 1 << d[4] | 1 << d[5] | 1 << d[9] | 1 << d[10] | 1 << d[11]
        s[LEADER] = elder if limits.elder_leads else dealer
        s[TRUMP_CARD] = trump_card
        self._s = s
        self._stack: list[list[int]] = []
        self._outcome: Outcome | None = None
        self._legal: tuple[Action, ...] | None = None
        self._cache_rules()

    def _cache_rules(self) -> None:
        """Keep what the hot paths read of the rules and the trump suit."""
        self._limits = _limits_of(self.rules)
        self._beats = BEATS[self.trump]

    # ----------------------------------------------------------------- queries

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the round waits for, or ``None`` when it is over."""
        s = self._s
        phase = s[PHASE]
        if phase == OVER:
            return None
        return 1 - s[LEADER] if phase in (FOLLOW_PHASE, RESPOND_PHASE) else s[LEADER]

    @property
    def lead_card(self) -> Card | None:
        """The card led to the current trick, if one lies on the table."""
        lead = self._s[LEAD]
        return None if lead < 0 else lead

    @property
    def trump_card(self) -> Card | None:
        """The card under the stock (face up unless closed), ``None`` once drawn."""
        s = self._s
        return s[TRUMP_CARD] if s[DRAWN] != 12 else None

    @property
    def stock_size(self) -> int:
        """Face-down cards plus the trump card under them (RULES.md section 2)."""
        return 12 - self._s[DRAWN]

    @property
    def closer(self) -> int | None:
        """The seat that closed the stock, or ``None``."""
        closer = self._s[CLOSER]
        return None if closer < 0 else closer

    @property
    def is_strict(self) -> bool:
        """Whether the follower must follow suit (stock empty or closed)."""
        s = self._s
        return s[CLOSER] >= 0 or s[DRAWN] == 12

    @property
    def first_to_66(self) -> int | None:
        """The first seat found with 66 points after a trick or a marriage."""
        first = self._s[FIRST66]
        return None if first < 0 else first

    def hand(self, seat: int) -> CardSet:
        """The cards in a seat's hand."""
        return self._s[HAND + seat]

    def points(self) -> tuple[int, int]:
        """Each seat's points: card points won plus marriages that count."""
        s = self._s
        return (
            s[PTS] + (s[MARR] if s[TRICKS] else 0),
            s[PTS + 1] + (s[MARR + 1] if s[TRICKS + 1] else 0),
        )

    def card_points(self) -> tuple[int, int]:
        """Each seat's card points from tricks (with the last-trick bonus once scored)."""
        return self._s[PTS], self._s[PTS + 1]

    def marriage_points(self) -> tuple[int, int]:
        """Each seat's announced marriage points, counting or still pending."""
        return self._s[MARR], self._s[MARR + 1]

    def trick_counts(self) -> tuple[int, int]:
        """The number of tricks each seat has won."""
        return self._s[TRICKS], self._s[TRICKS + 1]

    def shown(self, seat: int) -> CardSet:
        """Cards of a seat's hand that its opponent has seen (marriage partners,
        the trump card taken by an exchange or drawn face up)."""
        return self._s[KNOWN + seat] & self._s[HAND + seat]

    @property
    def actions(self) -> list[Action]:
        """The actions pushed so far, implicit ``draw`` and ``pass`` included."""
        stack = self._stack
        if not stack:
            return []
        found = [ACTIONS[state[LAST_ACTION]] for state in stack[1:]]
        found.append(ACTIONS[self._s[LAST_ACTION]])
        return found

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        s = self._s
        return _tricks_of(s[TRICK_LOG], s[TRICK_COUNT])

    @property
    def marriages(self) -> list[tuple[int, Suit]]:
        """The marriages announced, as (seat, suit), in order."""
        return _marriages_of(self._s[MARRIAGE_LOG])

    @property
    def outcome(self) -> Outcome | None:
        """How the round ended, or ``None`` while it goes on."""
        return self._outcome

    @property
    def close_snapshot(self) -> tuple[int, int] | None:
        """The closer's opponent's points and tricks at the moment of closing."""
        s = self._s
        return None if s[CLOSER] < 0 else (s[CLOSE_PTS], s[CLOSE_TRICKS])

    @classmethod
    def from_position(
        cls, rules: Rules, dealer: int, *, phase: Phase, leader: int, lead: Card | None,
        hands: tuple[CardSet, CardSet], stock_size: int, stock: Sequence[Card], trump_card: Card,
        trump: Suit,
        card_points: tuple[int, int], marriage_points: tuple[int, int], shown: tuple[CardSet, CardSet],
        closer: int | None, close_snapshot: tuple[int, int] | None, first_to_66: int | None,
        played: CardSet, tricks: Sequence[Trick], marriages: Sequence[tuple[int, Suit]],
        marriage_suit: Suit | None = None,
    ) -> Round:
        """A round set up in the middle of play, with no actions to take back.

        ``stock`` lists the face-down cards still to be drawn, top first (one
        fewer than ``stock_size`` while the stock holds cards), and ``trump_card``
        is the card under them. The sampler of
        :mod:`sixtysix.two.observation` builds its full states this way.
        """
        if stock_size not in _STOCK_SIZES:
            raise StateError(f"a stock size is an even number from 0 to 12, not {stock_size}")
        if len(stock) != max(stock_size - 1, 0):
            raise StateError(f"a stock of {stock_size} needs {max(stock_size - 1, 0)} face-down cards")
        rnd = cls.__new__(cls)
        rnd.rules = rules
        rnd.dealer = dealer
        rnd.trump = trump
        drawn = 12 - stock_size
        rnd.deck = (-1,) * (NUM_CARDS - len(stock)) + tuple(stock)
        s = [0] * STATE_SIZE
        s[PHASE] = phase.value
        s[LEADER] = leader
        s[LEAD] = -1 if lead is None else lead
        s[HAND], s[HAND + 1] = hands
        s[PTS], s[PTS + 1] = card_points
        won = [0, 0]
        for trick in tricks:
            won[trick.winner] += 1
        s[TRICKS], s[TRICKS + 1] = won
        s[MARR], s[MARR + 1] = marriage_points
        s[KNOWN], s[KNOWN + 1] = shown
        s[DRAWN] = drawn
        s[TRUMP_CARD] = trump_card
        s[CLOSER] = -1 if closer is None else closer
        if close_snapshot is not None:
            s[CLOSE_PTS], s[CLOSE_TRICKS] = close_snapshot
        s[FIRST66] = -1 if first_to_66 is None else first_to_66
        s[MSUIT] = -1 if marriage_suit is None else marriage_suit
        s[PLAYED] = played
        s[TRICK_COUNT] = len(tricks)
        for i, trick in enumerate(tricks):
            s[TRICK_LOG] |= _trick_code(trick) << TRICK_BITS * i
        for seat, suit in marriages:
            s[MARRIAGE_LOG] = s[MARRIAGE_LOG] << 4 | (1 + seat * 4 + suit)
        rnd._s = s
        rnd._stack = []
        rnd._outcome = None
        rnd._legal = None
        rnd._cache_rules()
        return rnd

    def copy(self) -> Round:
        """An independent copy of the position, with no actions to take back.

        >>> from sixtysix import Match
        >>> rnd = Match(seed=1).deal()
        >>> twin = rnd.copy(); twin.push(twin.legal_tuple()[0])
        >>> twin.key() != rnd.key(), rnd.actions
        (True, [])
        """
        rnd = Round.__new__(Round)
        rnd.rules = self.rules
        rnd.deck = self.deck
        rnd.dealer = self.dealer
        rnd.trump = self.trump
        rnd._s = self._s[:]
        rnd._stack = []
        rnd._outcome = self._outcome
        rnd._legal = self._legal
        rnd._cache_rules()
        return rnd

    def _seat_view(self, seat: int) -> list[int]:
        """The state as ``seat`` may know it: a copy with the opponent's hand cut down
        to the cards it has shown, and the opponent's hand size appended."""
        s = self._s
        hidden = s[HAND + 1 - seat]
        view = s[:]
        view.append(_SIZES[hidden & 0xFFF] + _SIZES[hidden >> 12])
        view[HAND + 1 - seat] = hidden & s[KNOWN + 1 - seat]
        return view

    @classmethod
    def _of_view(cls, view: list[int], rules: Rules, dealer: int, trump: Suit,
                 outcome: Outcome | None) -> Round:
        """A round over a seat's view (see :meth:`_seat_view`) for its queries; it
        has no deck and no legal actions, so it is never played."""
        rnd = cls.__new__(cls)
        rnd.rules = rules
        rnd.dealer = dealer
        rnd.trump = trump
        rnd._s = view
        rnd._outcome = outcome
        return rnd

    def key(self) -> tuple[int, ...]:
        """A hashable key of the whole position, the stock order included
        (for transposition tables and equality checks)."""
        s = self._s
        return (*s[:TRICK_LOG], self.trump, *self.deck[13 + s[DRAWN]:])

    # ----------------------------------------------------------- legal actions

    def _generate(self) -> tuple[Action, ...]:
        s = self._s
        phase = s[PHASE]
        if phase == FOLLOW_PHASE:
            if s[CLOSER] < 0 and s[DRAWN] != 12:
                hand = s[HAND + 1 - s[LEADER]]
                return _LOW_ACTIONS[hand & 0xFFF] + _HIGH_ACTIONS[hand >> 12]
            return _card_actions(self._follow_mask())
        if phase == LEAD_PHASE:
            leader = s[LEADER]
            hand = s[HAND + leader]
            cards = _LOW_ACTIONS[hand & 0xFFF] + _HIGH_ACTIONS[hand >> 12]
            drawn = s[DRAWN]
            open_stock = s[CLOSER] < 0 and drawn != 12
            later = s[TRICK_COUNT] > 0
            extra = 0
            kings = hand & hand << 1 & _KINGS
            limits = self._limits
            if kings and (open_stock or limits.marry_late) and (later or limits.marry_first):
                extra = kings
            if open_stock:
                if (
                    hand >> (self.trump * 6 + NINE) & 1
                    and drawn <= limits.exchange_drawn
                    and (s[TRICKS + leader] or not limits.exchange_trick)
                ):
                    extra |= 1
                if drawn <= limits.close_drawn and (later or limits.close_first):
                    extra |= 2
            if later and not limits.auto:
                extra |= 4
            return cards + _EXTRAS[extra] if extra else cards
        if phase == MARRIAGE_PHASE:
            married = s[MSUIT]
            pair = (ACTIONS[married * 6 + QUEEN], ACTIONS[married * 6 + KING])
            return pair if self._limits.auto else (*pair, OUT)
        if phase == DRAW_PHASE:
            return (CLOSE_BEFORE_DRAW, DRAW) if self._limits.auto else (CLOSE_BEFORE_DRAW, OUT, DRAW)
        if phase == RESPOND_PHASE:
            return (EXCHANGE, PASS)
        return ()

    def _follow_mask(self) -> CardSet:
        """The cards the follower may play under strict play (otherwise its whole hand)."""
        s = self._s
        hand = s[HAND + 1 - s[LEADER]]
        lead = s[LEAD]
        same = hand & SUIT_MASKS[lead // 6]
        if same:
            if self._limits.must_head:
                higher = same & HIGHER[lead]
                if higher:
                    return higher
            return same
        trumps = hand & SUIT_MASKS[self.trump]
        return trumps or hand

    def refusal(self, action: Action) -> Refusal | None:
        """``None`` if the action is legal, else the rule it breaks (see :mod:`sixtysix.reasons`).

        >>> rnd = Round(tuple(range(NUM_CARDS)), dealer=1)
        >>> rnd.refusal(Action.parse("Mc")).as_dict()
        {'code': 'marriage_not_held', 'seat': 0, 'suit': 'c'}
        >>> rnd.refusal(CLOSE)
        Refusal(code='close_first_lead', params=())
        >>> rnd.why_illegal(CLOSE)
        "no closing on the round's first lead (first_lead_close=off)"
        """
        if action in self.legal_tuple():
            return None
        s = self._s
        rules = self.rules
        phase = s[PHASE]
        seat = self.to_act
        name = str(action)
        if phase == OVER:
            return Refusal.of("round_over")
        card = action.card
        if phase in (DRAW_PHASE, RESPOND_PHASE):
            if phase == DRAW_PHASE and action in (OUT, CLOSE_BEFORE_DRAW):
                return Refusal.of("claim_flag", action=name, claim=rules.claim)
            if phase == DRAW_PHASE:
                return Refusal.of("draw_phase", action=name)
            return Refusal.of("respond_phase", action=name)
        assert seat is not None
        if card is not None:
            if not s[HAND + seat] >> card & 1:
                return Refusal.of("not_in_hand", card=name, seat=seat)
            if phase == MARRIAGE_PHASE:
                return Refusal.of("lead_married", card=name, suit=SUIT_LETTERS[s[MSUIT]])
            lead = s[LEAD]
            led = SUIT_LETTERS[lead // 6]
            if self._follow_mask() & SUIT_MASKS[lead // 6]:
                if rules.must_head and s[HAND + seat] & SUIT_MASKS[lead // 6] & HIGHER[lead]:
                    return Refusal.of("head_trick", suit=led)
                return Refusal.of("follow_suit", suit=led, section=3)
            return Refusal.of("trump_void", suit=led, section=3)
        if phase == FOLLOW_PHASE:
            return Refusal.of("follow_phase", action=name, seat=seat, section=3)
        if phase == MARRIAGE_PHASE:
            return Refusal.of("marriage_phase", action=name)
        return self._refusal_at_lead(action, seat)

    def _refusal_at_lead(self, action: Action, seat: int) -> Refusal:
        s = self._s
        rules = self.rules
        closed = s[CLOSER] >= 0
        stock = 12 - s[DRAWN]
        first = s[TRICK_COUNT] == 0
        suit = action.marriage_suit
        if suit is not None:
            if (closed or stock == 0) and not rules.marriages_after_stock:
                return Refusal.of("marriage_stock")
            if first and not rules.first_lead_marriage:
                return Refusal.of("marriage_first_lead")
            return Refusal.of("marriage_not_held", seat=seat, suit=SUIT_LETTERS[suit])
        if action == EXCHANGE:
            if closed:
                return Refusal.of("exchange_closed")
            if not s[HAND + seat] >> (self.trump * 6 + NINE) & 1:
                return Refusal.of("exchange_no_nine", seat=seat)
            if stock < rules.exchange_min_stock:
                return Refusal.of("exchange_stock", min_stock=rules.exchange_min_stock)
            return Refusal.of("exchange_trick")
        if action == CLOSE:
            if closed:
                return Refusal.of("already_closed")
            if stock < rules.close_min_stock:
                return Refusal.of("close_stock", min_stock=rules.close_min_stock)
            return Refusal.of("close_first_lead")
        if action == OUT:
            return Refusal.of("out_auto" if rules.claim != "manual" else "out_not_now")
        if action == CLOSE_BEFORE_DRAW:
            return Refusal.of("close_before_draw_not_now")
        return Refusal.of("other_moment", action=str(action))

    # -------------------------------------------------------------- push, pop

    def push(self, action: int) -> None:
        """Apply an action (an :class:`Action` or its code), or raise
        :class:`IllegalActionError` leaving the state unchanged."""
        # The updates of the state's items are written out (``s[i] = s[i] | x``, not
        # ``s[i] |= x``) down to ``_announce``: mypyc compiles an augmented assignment to a
        # list item as arithmetic on objects, the written-out form on native ints.
        self._check(action)
        s = self._s
        self._stack.append(s)
        self._s = s = s[:]
        s[LAST_ACTION] = action
        self._legal = None
        if action >= _CARD_END:
            if action == DRAW_CODE:
                self._draw(s)
            else:
                self._apply_other(s, action)
            return
        bit = 1 << action
        s[PLAYED] = s[PLAYED] | bit
        leader = s[LEADER]
        if s[PHASE] != FOLLOW_PHASE:
            s[HAND + leader] = s[HAND + leader] ^ bit
            s[LEAD] = action
            s[PHASE] = FOLLOW_PHASE
            return
        # The follow finishes the trick.
        s[HAND + 1 - leader] = s[HAND + 1 - leader] ^ bit
        pair = s[LEAD] * 24 + action
        winner = leader ^ self._beats[pair]
        strict = s[CLOSER] >= 0 or s[DRAWN] == 12
        count = s[TRICK_COUNT]
        trick = pair | leader << 10 | winner << 11 | strict << 12
        s[TRICK_LOG] = s[TRICK_LOG] | trick << TRICK_BITS * count
        s[TRICK_COUNT] = count + 1
        points = s[PTS + winner] + _TRICK_POINTS[pair]
        s[PTS + winner] = points
        s[TRICKS + winner] = s[TRICKS + winner] + 1
        s[LEAD] = -1
        s[LEADER] = winner
        reached = points + s[MARR + winner] >= 66
        if reached and s[FIRST66] < 0:
            s[FIRST66] = winner
        if not s[HAND] and not s[HAND + 1]:
            if s[CLOSER] < 0:
                s[PTS + winner] = s[PTS + winner] + 10
            self._end_of_cards()
        elif reached and self._limits.auto:
            self._declare(winner)
        elif strict:
            s[PHASE] = LEAD_PHASE
        elif 12 - s[DRAWN] >= self._limits.draw_min:
            s[PHASE] = DRAW_PHASE
        else:
            self._draw(s)

    def pop(self) -> Action:
        """Take back the last action and return it."""
        stack = self._stack
        if not stack:
            raise StateError("no action to take back")
        action = self._s[LAST_ACTION]
        self._s = stack.pop()
        self._legal = None
        self._outcome = None
        return ACTIONS[action]

    def _apply_other(self, s: list[int], action: int) -> None:
        """Apply an action other than a card or ``draw``."""
        if action < EXCHANGE_CODE:
            self._announce(action - _MARRIAGE)
        elif action == OUT_CODE:
            self._declare(s[LEADER])
        elif action == EXCHANGE_CODE:
            seat = s[LEADER] if s[PHASE] == LEAD_PHASE else 1 - s[LEADER]
            nine = self.trump * 6 + NINE
            taken = s[TRUMP_CARD]
            s[HAND + seat] = s[HAND + seat] & ~(1 << nine) | 1 << taken
            s[KNOWN + seat] = s[KNOWN + seat] | 1 << taken
            s[TRUMP_CARD] = nine
            s[PHASE] = LEAD_PHASE
        elif action == PASS_CODE:
            s[PHASE] = LEAD_PHASE
        else:
            self._close()

    def _draw(self, s: list[int]) -> None:
        """The trick's winner draws the top card, the other seat the next; play goes on."""
        winner = s[LEADER]
        drawn = s[DRAWN]
        deck = self.deck
        s[HAND + winner] = s[HAND + winner] | 1 << deck[13 + drawn]
        if drawn == 10:
            taken = s[TRUMP_CARD]
            s[HAND + 1 - winner] = s[HAND + 1 - winner] | 1 << taken
            s[KNOWN + 1 - winner] = s[KNOWN + 1 - winner] | 1 << taken
        else:
            s[HAND + 1 - winner] = s[HAND + 1 - winner] | 1 << deck[14 + drawn]
        s[DRAWN] = drawn + 2
        s[PHASE] = LEAD_PHASE

    def _announce(self, suit: Suit) -> None:
        s = self._s
        seat = s[LEADER]
        s[MARR + seat] = s[MARR + seat] + (40 if suit == self.trump else 20)
        s[KNOWN + seat] = s[KNOWN + seat] | 1 << (suit * 6 + KING) | 1 << (suit * 6 + QUEEN)
        s[MSUIT] = suit
        s[PHASE] = MARRIAGE_PHASE
        s[MARRIAGE_LOG] = s[MARRIAGE_LOG] << 4 | (1 + seat * 4 + suit)
        if s[TRICKS + seat] and s[PTS + seat] + s[MARR + seat] >= 66:
            if s[FIRST66] < 0:
                s[FIRST66] = seat
            if self._limits.auto:
                self._declare(seat)

    def _close(self) -> None:
        s = self._s
        rules = self.rules
        closer = s[LEADER]
        opponent = 1 - closer
        s[CLOSER] = closer
        s[CLOSE_TRICKS] = s[TRICKS + opponent]
        s[CLOSE_PTS] = s[PTS + opponent] + (s[MARR + opponent] if s[TRICKS + opponent] else 0)
        if (
            rules.exchange_on_opponent_close
            and 12 - s[DRAWN] >= rules.exchange_min_stock
            and s[HAND + opponent] >> (self.trump * 6 + NINE) & 1
        ):
            s[PHASE] = RESPOND_PHASE
        else:
            s[PHASE] = LEAD_PHASE

    # ------------------------------------------------------------------ scoring

    def _declare(self, declarer: int) -> None:
        self._score(declarer, declarer)

    def _end_of_cards(self) -> None:
        self._score(0, None)

    def _score(self, x: int, declarer: int | None) -> None:
        """End the round with the result for seat ``x`` of ``x`` declaring out (``declarer``)
        or, with no declarer, of the cards running out, scored by :mod:`sixtysix.two.outcome`."""
        s = self._s
        s[PHASE] = OVER
        rules = self.rules
        y = 1 - x
        points = self.points()
        tricks = (s[TRICKS], s[TRICKS + 1])
        px, py, tx, ty = points[x], points[y], tricks[x], tricks[y]
        first, closer = s[FIRST66], s[CLOSER]
        f66 = -1 if first < 0 else 0 if first == x else 1
        cr = -1 if closer < 0 else 0 if closer == x else 1
        scoring = self._limits.scoring if closer < 0 else Scoring.of(rules, s[CLOSE_PTS], s[CLOSE_TRICKS])
        if declarer is None:
            value = ended(px, py, tx, ty, f66, cr, scoring)
        else:
            value = declared(px, py, tx, ty, f66, cr, scoring)
        # Outcome(winner, game_points, reason, ...) without the frozen dataclass's
        # field-by-field __init__, which costs three times as much (one a round).
        outcome = _new(Outcome)
        fields = outcome.__dict__
        fields["winner"] = None if value == 0 else x if value > 0 else y
        fields["game_points"] = abs(value)
        fields["reason"] = reason_of(declarer is not None, px, py, f66, cr)
        fields["points"] = points
        fields["tricks"] = tricks
        fields["declarer"] = declarer
        fields["closer"] = None if closer < 0 else closer
        fields["replay"] = value == 0 and rules.tie != "carry"
        fields["close_snapshot"] = None if closer < 0 else (s[CLOSE_PTS], s[CLOSE_TRICKS])
        fields["first_to_66"] = None if first < 0 else first
        fields["scored_at_close"] = rules.closer_win_basis == "at_close"
        self._outcome = outcome

    def __repr__(self) -> str:
        return (f"<Round dealer={self.dealer} trump={SUIT_LETTERS[self.trump]} "
                f"phase={self.phase.name} actions={' '.join(a.token for a in self.actions)!r}>")
