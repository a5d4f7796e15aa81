"""The bot protocol (``docs/PROTOCOL.md``): any program that reads and writes lines plays
as a seat. The host is :class:`~sixtysix.bots.engine.EngineBot`; :func:`serve` is the
other end, which ``sixtysix bot NAME`` runs for the built-in bots: its :class:`Tracker`
rebuilds the seat's observation from the lines alone.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Sequence

from sixtysix.bots import LEVELS, Bot, make_bot
from sixtysix.bots.engine import MAX_LINE, MAX_SEED, VERSION
from sixtysix.cards import (
    KING,
    NINE,
    NUM_CARDS,
    QUEEN,
    Card,
    card,
    cards_in,
    mask_of,
    parse_card,
    shuffle,
)
from sixtysix.errors import BotError, ProtocolError, SixtySixError, quoted
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, PASS, Action, parse_action
from sixtysix.game.round import Phase
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.round import Round, Trick

_ELDER = (0, 1, 2, 6, 7, 8)
_DEALER = (3, 4, 5, 9, 10, 11)
_TRUMP = 12


def _required(action: Action, trump_suit: int) -> int:
    """The cards a seat must hold to take ``action``."""
    if action.card is not None:
        return 1 << action.card
    suit = action.marriage_suit
    if suit is not None:
        return 1 << card(QUEEN, suit) | 1 << card(KING, suit)
    if action == EXCHANGE:
        return 1 << card(NINE, trump_suit)
    return 0


class Tracker:
    """One seat's view of a round, rebuilt from protocol lines alone.

    It keeps a full round consistent with what the seat knows, sampled again
    whenever a line shows the sample wrong, so that :meth:`observation` is the
    observation the host's table gave the seat.
    """

    def __init__(self, seat: int, rules: Rules, seed: int | None = None) -> None:
        self.seat = seat
        self.rules = rules
        self._rng = random.Random(seed)
        self._round: Round | None = None
        self._dealer = 0
        self._hand = 0
        self._shown = 0
        self._trump: Card | None = None
        self.score: tuple[int, int] | None = None
        """The match score by seat before this round, as the ``round`` line gave it."""

    def start(self, dealer: int) -> None:
        """A new round with ``dealer``; its hand and trump card come next."""
        if dealer not in (0, 1):
            raise ProtocolError(f"dealer must be 0 or 1, not {dealer}")
        self._round = None
        self._dealer = dealer
        self._hand = 0
        self._shown = 0
        self._trump = None

    def hand(self, cards: Sequence[Card]) -> None:
        """The seat's hand as dealt."""
        if len(cards) != 6 or len(set(cards)) != 6:
            raise ProtocolError("a dealt hand holds 6 different cards")
        self._hand = mask_of(cards)

    def trump(self, card: Card | None) -> None:
        """The card under the stock now (``None`` once drawn)."""
        self._trump = card

    def draw(self, card: Card) -> None:
        """A card came into the seat's hand."""
        self._hand |= 1 << card

    def shown(self, card: Card) -> None:
        """The opponent showed a card it holds."""
        self._shown |= 1 << card

    def _deal(self) -> Round:
        if self._trump is None or self._hand.bit_count() != 6 or self._hand >> self._trump & 1:
            raise ProtocolError("a round needs its hand and trump card before play")
        mine = _DEALER if self.seat == self._dealer else _ELDER
        rest = [c for c in range(NUM_CARDS) if not (self._hand | 1 << self._trump) >> c & 1]
        shuffle(rest, self._rng)
        deck: list[Card] = [-1] * NUM_CARDS
        for position, held in zip(mine, cards_in(self._hand), strict=True):
            deck[position] = held
        deck[_TRUMP] = self._trump
        free = iter(rest)
        return Round([c if c >= 0 else next(free) for c in deck], self._dealer, self.rules)

    def _sample(self, extra_shown: int = 0, exclude: int = 0) -> Round:
        """The sample, drawn again if it disagrees with what the lines told (or
        gives the opponent a card of ``exclude``)."""
        rnd = self._round if self._round is not None else self._deal()
        obs = observe(rnd, self.seat)
        shown = self._shown | extra_shown
        if (obs.hand, obs.opponent_shown, obs.trump_card) != (self._hand, shown, self._trump) \
                or exclude & rnd.hand(obs.opponent):
            told = dataclasses.replace(obs, hand=self._hand, opponent_shown=shown, trump_card=self._trump)
            try:
                rnd = sample_round(told, self._rng, exclude)
            except SixtySixError as error:
                raise ProtocolError(f"the lines contradict each other: {error}") from None
        self._round = rnd
        return rnd

    def action(self, actor: int, action: Action) -> None:
        """A seat took an action."""
        if actor not in (0, 1):
            raise ProtocolError(f"seat must be 0 or 1, not {actor}")
        rnd = self._sample()
        if actor != self.seat and action in (EXCHANGE, PASS) and rnd.phase is not Phase.RESPOND \
                and rnd.actions and rnd.actions[-1] in (CLOSE, CLOSE_BEFORE_DRAW):
            rnd = self._respond(rnd, holds=True)
        if rnd.to_act != actor:
            raise ProtocolError(f"seat {actor} may not act now")
        needed = _required(action, rnd.trump)
        if actor != self.seat and needed & ~rnd.hand(actor):
            if needed & ~(observe(rnd, self.seat).unseen | self._shown):
                raise ProtocolError(f"seat {actor} cannot hold the cards of {action.token}")
            rnd = self._sample(needed)
        if actor != self.seat and action.card is not None and rnd.lead_card is not None \
                and not rnd.is_legal(action):
            rnd = self._sample(needed, self._follow_excluded(rnd, action.card))
        if not rnd.is_legal(action):
            raise ProtocolError(f"seat {actor} may not play {action.token} now: "
                                f"{rnd.why_illegal(action) or 'illegal'}")
        rnd.push(action)
        leaving = needed if action.card is not None or action == EXCHANGE else 0
        if actor == self.seat:
            self._hand &= ~leaving
        else:
            self._shown &= ~leaving

    def _respond(self, rnd: Round, holds: bool) -> Round:
        """The sample again from before this seat closed, with the opponent holding
        the trump nine or not: whether it may answer the close with an exchange
        (``exchange_on_opponent_close``) shows whether it holds the nine."""
        closing = rnd.pop()
        self._round = rnd
        nine = 1 << card(NINE, rnd.trump)
        rnd = self._sample(nine, 0) if holds else self._sample(0, nine)
        rnd.push(closing)
        return rnd

    def _follow_excluded(self, rnd: Round, card: Card) -> int:
        """The cards the opponent cannot hold if it follows with ``card`` now: the
        inference of :attr:`Observation.opponent_excluded` from this trick."""
        obs = observe(rnd, self.seat)
        assert obs.lead_card is not None
        trick = Trick(self.seat, obs.lead_card, card, self.seat, obs.is_strict)
        return dataclasses.replace(obs, tricks=(trick,)).opponent_excluded

    def observation(self) -> Observation:
        """What the seat knows now, as the host's table sees it (when asked to act:
        whose turn it is may be told by the request itself)."""
        rnd = self._sample()
        if rnd.phase is Phase.RESPOND and rnd.to_act != self.seat:
            rnd = self._respond(rnd, holds=False)
        return observe(rnd, self.seat)


def serve(spec: str, lines: Iterable[str], write: Callable[[str], None], seed: int | None = None) -> int:
    """Play the built-in bot ``spec`` over the protocol: read ``lines``, ``write``
    answers; returns 0 at ``quit`` or the end of the input.

    A line the bot cannot use is answered ``error ...`` and otherwise ignored; a
    line that contradicts the round drops the match until the next ``match``.

    >>> out: list[str] = []
    >>> serve("random", ["sixtysix 1", "bogus", "quit"], out.append)
    0
    >>> out[2:]
    ['option seed whole 0 18446744073709551615', 'ready', "error unknown command 'bogus'"]
    """
    bot = make_bot(spec, seed)
    name, _, given = LEVELS.get(spec, spec).partition(":")
    settings = dict(item.partition("=")[::2] for item in given.split(",") if item)
    made = spec  # the specification of bot, which set seed seeds again
    tracker: Tracker | None = None
    for raw in lines:
        words = raw[:MAX_LINE].split()
        if not words:
            continue
        command, arguments = words[0], words[1:]
        try:
            if command == "sixtysix":
                if arguments != [str(VERSION)]:
                    raise ProtocolError(f"this bot speaks protocol {VERSION}, "
                                        f"not {quoted(' '.join(arguments))}")
                write(f"id name {spec}")
                write("id author the sixtysix authors")
                for key, parameter in type(bot).parameters.items():
                    write(f"option {key} {'whole' if parameter.whole else 'number'} "
                          f"{parameter.low:g} {parameter.high:g}")
                write(f"option seed whole 0 {MAX_SEED}")
                write("ready")
            elif command == "set":
                if len(arguments) != 2:
                    raise ProtocolError("set takes an option and a value")
                key, value = arguments
                if key == "seed":
                    if not value.isdigit() or int(value) > MAX_SEED:
                        raise ProtocolError(f"seed must be a whole number from 0 to {MAX_SEED}, "
                                            f"not {quoted(value)}")
                    seed = int(value)
                    bot = make_bot(made, seed)
                else:
                    wanted = {**settings, key: value}
                    wanted_spec = f"{name}:{','.join(f'{k}={v}' for k, v in wanted.items())}"
                    try:
                        bot = make_bot(wanted_spec, seed)
                    except BotError as error:
                        raise ProtocolError(str(error)) from None
                    settings, made = wanted, wanted_spec
            elif command == "quit":
                return 0
            elif command == "match":
                tracker = None
                if len(arguments) < 4 or arguments[0] != "seat" or arguments[2] != "rules":
                    raise ProtocolError("match takes: seat S rules RULES")
                rules = Rules.parse(" ".join(arguments[3:]))
                if rules.seats != 2:
                    raise ProtocolError("protocol version 1 plays the two-hand game only")
                tracker = Tracker(_seat(arguments[1]), rules, seed)
            elif command in ("roundend", "matchend", "error", "info"):
                pass
            elif command not in _PLAY:
                raise ProtocolError(f"unknown command {quoted(command)}")
            elif tracker is None:
                raise ProtocolError(f"{command} before match")
            else:
                answer = _play(tracker, bot, command, arguments)
                if answer is not None:
                    write(answer)
        except (SixtySixError, ValueError) as error:
            if isinstance(error, ProtocolError) and "contradict" in str(error):
                tracker = None
            write(f"error {str(error).splitlines()[0][:MAX_LINE - 6]}")
    return 0


_PLAY = ("round", "hand", "trump", "draw", "shown", "action", "go")


def _seat(text: str) -> int:
    if text not in ("0", "1"):
        raise ProtocolError(f"seat must be 0 or 1, not {quoted(text)}")
    return int(text)


def _play(tracker: Tracker, bot: Bot, command: str, arguments: list[str]) -> str | None:
    """Apply one line of play to ``tracker``; the answer to ``go``."""
    if command == "round":
        if len(arguments) < 3 or arguments[1] != "dealer":
            raise ProtocolError("round takes: N dealer D score A B")
        tracker.start(_seat(arguments[2]))
        score = arguments[4:6]
        if arguments[3:4] == ["score"] and len(score) == 2 and all(a.isdigit() for a in score):
            tracker.score = (int(score[0]), int(score[1]))
    elif command == "hand":
        tracker.hand([parse_card(a) for a in arguments])
    elif command == "trump" and len(arguments) == 1:
        tracker.trump(None if arguments[0] == "-" else parse_card(arguments[0]))
    elif command == "draw" and len(arguments) == 1:
        tracker.draw(parse_card(arguments[0]))
    elif command == "shown" and len(arguments) == 1:
        tracker.shown(parse_card(arguments[0]))
    elif command == "action" and len(arguments) == 2:
        tracker.action(_seat(arguments[0]), parse_action(arguments[1]))
    elif command == "go":
        observation = tracker.observation()
        if not observation.legal:
            raise ProtocolError("go, but the seat is not to act")
        notify = getattr(bot, "notify", None)
        if notify is not None and tracker.score is not None:
            notify(Event(EventKind.ROUND_RESUMED, observation, tracker.score))
        return f"play {bot.act(observation).token}"
    else:
        raise ProtocolError(f"bad {command} line: {quoted(' '.join([command, *arguments]))}")
    return None
