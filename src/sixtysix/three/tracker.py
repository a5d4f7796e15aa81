"""Following a three-hand round from the bot protocol's lines alone (``docs/PROTOCOL.md``,
version 2): :class:`ThreeTracker` rebuilds the observation the host's table gave a seat.

Every action of the three-hand game is public and no card is drawn, so the seat's dealt
hand, the trump card and the actions decide everything the seat knows: the round is
rebuilt at its position (:meth:`~sixtysix.three.round.ThreeRound.at`) with the other
seats' hidden cards shared out in any way, which the observation does not show.

>>> from sixtysix.games import THREE
>>> from sixtysix.cards import names
>>> rnd = THREE.new_match(seed=4).deal()
>>> seat = (rnd.dealer + 1) % 3
>>> tracker = ThreeTracker(seat, rnd.rules)
>>> tracker.start(rnd.dealer)
>>> tracker.hand(list(cards_in(rnd.hand(seat))))
>>> tracker.trump(rnd.trump_card)
>>> for _ in range(4):
...     action = rnd.legal_tuple()[0]
...     tracker.action(rnd.to_act, action)
...     rnd.push(action)
>>> tracker.observation() == THREE.observe(rnd, seat)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from sixtysix.cards import FULL_DECK, KING, QUEEN, Card, card, cards_in, mask_of
from sixtysix.errors import ProtocolError, SixtySixError
from sixtysix.game.actions import Action
from sixtysix.rules import Rules
from sixtysix.three.deal import HAND_SIZE, SEATS, left_of
from sixtysix.three.observation import ThreeObservation, observe_three
from sixtysix.three.round import ThreeRound, trick_winner


class ThreeTracker:
    """One seat's view of a three-hand round, rebuilt from protocol lines alone."""

    def __init__(self, seat: int, rules: Rules, seed: int | None = None) -> None:
        self.seat = seat
        self.rules = rules
        self._dealer = 0
        self._dealt = 0
        self._trump: Card | None = None
        self._actions: list[Action] = []
        self.score: tuple[int, ...] | None = None
        """The match score by seat before this round, as the ``round`` line gave it."""

    def start(self, dealer: int) -> None:
        """A new round with ``dealer``; its hand and trump card come next."""
        if dealer not in range(SEATS):
            raise ProtocolError(f"dealer must be 0, 1 or 2, not {dealer}")
        self._dealer = dealer
        self._dealt = 0
        self._trump = None
        self._actions = []

    def hand(self, cards: Sequence[Card]) -> None:
        """The seat's hand as dealt."""
        if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
            raise ProtocolError(f"a dealt hand holds {HAND_SIZE} different cards")
        self._dealt = mask_of(cards)

    def trump(self, trump: Card | None) -> None:
        """The dealer's last card, shown to all: it names trump."""
        if trump is None:
            raise ProtocolError("the three-hand game's trump card is never drawn")
        self._trump = trump

    def draw(self, drawn: Card) -> None:
        """No card is drawn in the three-hand game."""
        raise ProtocolError("the three-hand game has no draw")

    def shown(self, seat: int, shown: Card) -> None:
        """Seat ``seat`` is known to hold ``shown``: the rebuilt round must agree."""
        if not self.observation().shown[seat] >> shown & 1:
            raise ProtocolError(f"the lines contradict each other: seat {seat} cannot have shown this card")

    def action(self, actor: int, action: Action) -> None:
        """A seat took an action."""
        rnd = self._round()
        if rnd.to_act != actor:
            raise ProtocolError(f"seat {actor} may not act now")
        if actor == self.seat:
            if not rnd.is_legal(action):
                raise ProtocolError(f"seat {actor} may not play {action.token} now: "
                                    f"{rnd.why_illegal(action) or 'illegal'}")
        else:
            suit = action.marriage_suit
            needed = 1 << action.card if action.card is not None else 0
            if suit is not None:
                needed = 1 << card(QUEEN, suit) | 1 << card(KING, suit)
            obs = observe_three(rnd, self.seat)
            if needed & ~(obs.unseen | obs.shown[actor]):
                raise ProtocolError(f"seat {actor} cannot hold the cards of {action.token}")
        self._actions.append(action)

    def _round(self) -> ThreeRound:
        """The round at its position, the other seats' hidden cards shared out in order."""
        trump = self._trump
        if trump is None or not self._dealt or bool(self._dealt >> trump & 1) != (self.seat == self._dealer):
            raise ProtocolError("a round needs its hand and trump card before play")
        out = [0, 0, 0]
        known = [0, 0, 0]
        known[self._dealer] = 1 << trump
        leader, table = left_of(self._dealer), list[Card]()
        for action in self._actions:
            suit = action.marriage_suit
            if suit is not None:
                known[leader] |= 1 << card(QUEEN, suit) | 1 << card(KING, suit)
            if action.card is not None:
                out[(leader + len(table)) % SEATS] |= 1 << action.card
                table.append(action.card)
                if len(table) == SEATS:
                    leader, table = trick_winner(leader, table, trump // 6), []
        gone = out[0] | out[1] | out[2]
        hands = [0, 0, 0]
        hands[self.seat] = self._dealt & ~gone
        free = cards_in(FULL_DECK & ~(self._dealt | gone | known[0] | known[1] | known[2]))
        for seat in range(SEATS):
            if seat != self.seat:
                hands[seat] = known[seat] & ~gone
                need = HAND_SIZE - out[seat].bit_count() - hands[seat].bit_count()
                hands[seat] |= mask_of(free[:need])
                free = free[need:]
        try:
            return ThreeRound.at(hands, self._dealer, trump, self._actions, self.rules)
        except SixtySixError:
            raise ProtocolError("the lines contradict each other: no deal gives these actions") from None

    def observation(self) -> ThreeObservation:
        """What the seat knows now, as the host's table sees it."""
        return observe_three(self._round(), self.seat)
