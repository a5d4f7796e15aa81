"""Why a round scored what it did, and why an action is refused, in the user's words: the
engine's codes and parameters (:mod:`sixtysix.explanations`, :mod:`sixtysix.reasons`) put
into sentences of the language in use, the user as "you" and the other seats by name.

A clause about another seat only is the browser's message (``static/explain.js``), so the
catalogs translate it once; a clause that names the user has its own message.

>>> from sixtysix.explanations import Clause
>>> from sixtysix.reasons import Refusal
>>> from sixtysix.tui.language import use
>>> from sixtysix.tui.names import Names
>>> use("en")
>>> names = Names("Greedy")
>>> explanation((Clause.of("out", seat=1, points=70), Clause.of("scale_under_33", seat=0, points=30)), names)
'Greedy declared out with 70 points; you have 30 points, under 33: 2 game points.'
>>> explanation((Clause.of("false_out", seat=0, points=50, winner=1, game_points=2),), names)
'You declared out with only 50 points, a false declaration: Greedy scores 2 game points.'
>>> refusal(Refusal.of("follow_suit", suit="d", section=3))
'You must follow suit with a diamond.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from sixtysix.explanations import Clause
from sixtysix.reasons import Refusal
from sixtysix.tui.language import t, tn
from sixtysix.tui.names import Names

Words = Callable[[dict[str, int], Callable[[int], str]], str]
"""A clause's words from its parameters and the seats' names."""


def _yours(you: Words, theirs: Words, *roles: str) -> Words:
    """``you`` when the user holds the first of ``roles`` (the clause's subject), ``theirs``
    otherwise."""
    def words(p: dict[str, int], name: Callable[[int], str]) -> str:
        return you(p, name) if p[roles[0]] == 0 else theirs(p, name)
    return words


Variant = Callable[[int, dict[str, object]], str]
"""A clause's words for ``n`` game points, with the seats' names and the points as parameters."""


def _scored(you: Variant, to_you: Variant, theirs: Variant) -> Words:
    """A clause in which one seat declared or closed (``seat``) and another scores
    (``winner``, and ``first`` to 66 where the clause names it): its words when that seat
    is the user's, when the scoring is the user's, and when neither is."""
    def words(p: dict[str, int], name: Callable[[int], str]) -> str:
        named: dict[str, object] = {"player": name(p["seat"]), "winner": name(p["winner"])}
        if "first" in p:
            named["first"] = name(p["first"])
        if "points" in p:
            named["points"] = p["points"]
        if p["seat"] == 0:
            return you(p["game_points"], named)
        if all(p[role] == 0 for role in ("first", "winner") if role in p):
            return to_you(p["game_points"], named)
        return theirs(p["game_points"], named)
    return words


_FALSE_OUT = _scored(
    lambda n, k: tn("You declared out with only {points} points, a false declaration: {winner} scores "
                    "{n} game point",
                    "You declared out with only {points} points, a false declaration: {winner} scores "
                    "{n} game points", n, **k),
    lambda n, k: tn("{player} declared out with only {points} points, a false declaration: you score "
                    "{n} game point",
                    "{player} declared out with only {points} points, a false declaration: you score "
                    "{n} game points", n, **k),
    lambda n, k: tn("{player} declared out with only {points} points, a false declaration: {winner} scores "
                    "{n} game point",
                    "{player} declared out with only {points} points, a false declaration: {winner} scores "
                    "{n} game points", n, **k))
_FALSE_OUT_NO_TRICK = _scored(
    lambda n, k: tn("You declared out with only {points} points, a false declaration: {winner} scores "
                    "{n} game point, having taken no trick",
                    "You declared out with only {points} points, a false declaration: {winner} scores "
                    "{n} game points, having taken no trick", n, **k),
    lambda n, k: tn("{player} declared out with only {points} points, a false declaration: you score "
                    "{n} game point, having taken no trick",
                    "{player} declared out with only {points} points, a false declaration: you score "
                    "{n} game points, having taken no trick", n, **k),
    lambda n, k: tn("{player} declared out with only {points} points, a false declaration: {winner} scores "
                    "{n} game point, having taken no trick",
                    "{player} declared out with only {points} points, a false declaration: {winner} scores "
                    "{n} game points, having taken no trick", n, **k))
_FAILED_CLOSE = _scored(
    lambda n, k: tn("You closed the stock but {first} reached 66 first: {winner} scores {n} game point",
                    "You closed the stock but {first} reached 66 first: {winner} scores {n} game points",
                    n, **k),
    lambda n, k: tn("{player} closed the stock but you reached 66 first: you score {n} game point",
                    "{player} closed the stock but you reached 66 first: you score {n} game points", n, **k),
    lambda n, k: tn("{player} closed the stock but {first} reached 66 first: {winner} scores {n} game point",
                    "{player} closed the stock but {first} reached 66 first: {winner} scores {n} game points",
                    n, **k))
_FAILED_CLOSE_NO_TRICK = _scored(
    lambda n, k: tn("You closed the stock but {first} reached 66 first: {winner} scores {n} game point, "
                    "having had no trick when the stock was closed",
                    "You closed the stock but {first} reached 66 first: {winner} scores {n} game points, "
                    "having had no trick when the stock was closed", n, **k),
    lambda n, k: tn("{player} closed the stock but you reached 66 first: you score {n} game point, "
                    "having had no trick when the stock was closed",
                    "{player} closed the stock but you reached 66 first: you score {n} game points, "
                    "having had no trick when the stock was closed", n, **k),
    lambda n, k: tn("{player} closed the stock but {first} reached 66 first: {winner} scores {n} game point, "
                    "having had no trick when the stock was closed",
                    "{player} closed the stock but {first} reached 66 first: {winner} scores {n} game "
                    "points, "
                    "having had no trick when the stock was closed", n, **k))
_FAILED_CLOSE_THREE = _scored(
    lambda n, k: tn("You closed the stock but {first} reached 66 first: {winner} scores {n} game point "
                    "(failed_close_points=three)",
                    "You closed the stock but {first} reached 66 first: {winner} scores {n} game points "
                    "(failed_close_points=three)", n, **k),
    lambda n, k: tn("{player} closed the stock but you reached 66 first: you score {n} game point "
                    "(failed_close_points=three)",
                    "{player} closed the stock but you reached 66 first: you score {n} game points "
                    "(failed_close_points=three)", n, **k),
    lambda n, k: tn("{player} closed the stock but {first} reached 66 first: {winner} scores {n} game point "
                    "(failed_close_points=three)",
                    "{player} closed the stock but {first} reached 66 first: {winner} scores {n} game points "
                    "(failed_close_points=three)", n, **k))
_FAILED_CLOSE_NOBODY = _scored(
    lambda n, k: tn("You closed the stock but nobody reached 66 first: {winner} scores {n} game point",
                    "You closed the stock but nobody reached 66 first: {winner} scores {n} game points",
                    n, **k),
    lambda n, k: tn("{player} closed the stock but nobody reached 66 first: you score {n} game point",
                    "{player} closed the stock but nobody reached 66 first: you score {n} game points",
                    n, **k),
    lambda n, k: tn("{player} closed the stock but nobody reached 66 first: {winner} scores {n} game point",
                    "{player} closed the stock but nobody reached 66 first: {winner} scores {n} game points",
                    n, **k))
_FAILED_CLOSE_NOBODY_NO_TRICK = _scored(
    lambda n, k: tn("You closed the stock but nobody reached 66 first: {winner} scores {n} game point, "
                    "having had no trick when the stock was closed",
                    "You closed the stock but nobody reached 66 first: {winner} scores {n} game points, "
                    "having had no trick when the stock was closed", n, **k),
    lambda n, k: tn("{player} closed the stock but nobody reached 66 first: you score {n} game point, "
                    "having had no trick when the stock was closed",
                    "{player} closed the stock but nobody reached 66 first: you score {n} game points, "
                    "having had no trick when the stock was closed", n, **k),
    lambda n, k: tn("{player} closed the stock but nobody reached 66 first: {winner} scores {n} game point, "
                    "having had no trick when the stock was closed",
                    "{player} closed the stock but nobody reached 66 first: {winner} scores {n} game points, "
                    "having had no trick when the stock was closed", n, **k))
_FAILED_CLOSE_NOBODY_THREE = _scored(
    lambda n, k: tn("You closed the stock but nobody reached 66 first: {winner} scores {n} game point "
                    "(failed_close_points=three)",
                    "You closed the stock but nobody reached 66 first: {winner} scores {n} game points "
                    "(failed_close_points=three)", n, **k),
    lambda n, k: tn("{player} closed the stock but nobody reached 66 first: you score {n} game point "
                    "(failed_close_points=three)",
                    "{player} closed the stock but nobody reached 66 first: you score {n} game points "
                    "(failed_close_points=three)", n, **k),
    lambda n, k: tn("{player} closed the stock but nobody reached 66 first: {winner} scores {n} game point "
                    "(failed_close_points=three)",
                    "{player} closed the stock but nobody reached 66 first: {winner} scores {n} game points "
                    "(failed_close_points=three)", n, **k))


def _false_out_each(p: dict[str, int], name: Callable[[int], str]) -> str:
    n = p["game_points"]
    if p["seat"] == 0:
        return tn("You declared out with only {points} points, a false declaration: {other} and {third} "
                  "score "
                  "{n} game point each",
                  "You declared out with only {points} points, a false declaration: {other} and {third} "
                  "score "
                  "{n} game points each", n, points=p["points"], other=name(p["other"]),
                  third=name(p["third"]))
    if 0 in (p["other"], p["third"]):
        partner = p["third"] if p["other"] == 0 else p["other"]
        return tn("{player} declared out with only {points} points, a false declaration: you and {other} "
                  "score "
                  "{n} game point each",
                  "{player} declared out with only {points} points, a false declaration: you and {other} "
                  "score "
                  "{n} game points each", n, player=name(p["seat"]), points=p["points"], other=name(partner))
    return tn("{player} declared out with only {points} points, a false declaration: {other} and {third} "
              "score "
              "{n} game point each",
              "{player} declared out with only {points} points, a false declaration: {other} and {third} "
              "score "
              "{n} game points each", n, player=name(p["seat"]), points=p["points"], other=name(p["other"]),
              third=name(p["third"]))


def _tie_shared(p: dict[str, int], name: Callable[[int], str]) -> str:
    if 0 in (p["seat"], p["other"]):
        partner = p["other"] if p["seat"] == 0 else p["seat"]
        return t("you and {other} share the most points, {points}: nobody scores and the same dealer deals "
                 "again",
                 other=name(partner), points=p["points"])
    return t("{player} and {other} share the most points, {points}: nobody scores and the same dealer deals "
             "again", player=name(p["seat"]), other=name(p["other"]), points=p["points"])


_CLAUSES: dict[str, Words] = {
    "out": _yours(lambda p, _: t("You declared out with {points} points", points=p["points"]),
                  lambda p, name: t("{player} declared out with {points} points", player=name(p["seat"]),
                                    points=p["points"]), "seat"),
    "closed_won": _yours(lambda p, _: t("You closed the stock and reached 66 first"),
                         lambda p, name: t("{player} closed the stock and reached 66 first",
                                           player=name(p["seat"])), "seat"),
    "last_trick": lambda p, _: t("All tricks played, the last worth 10"),
    "false_out": _FALSE_OUT,
    "false_out_no_trick": _FALSE_OUT_NO_TRICK,
    "failed_close": _FAILED_CLOSE,
    "failed_close_no_trick": _FAILED_CLOSE_NO_TRICK,
    "failed_close_three": _FAILED_CLOSE_THREE,
    "failed_close_nobody": _FAILED_CLOSE_NOBODY,
    "failed_close_nobody_no_trick": _FAILED_CLOSE_NOBODY_NO_TRICK,
    "failed_close_nobody_three": _FAILED_CLOSE_NOBODY_THREE,
    "tie_most_tricks": _yours(
        lambda p, _: t("Both have {points} points; you took more tricks ({tricks} to {other_tricks}): 1 "
                       "game point "
                       "(tie=most_tricks)", points=p["points"], tricks=p["tricks"],
                       other_tricks=p["other_tricks"]),
        lambda p, name: t("Both have {points} points; {player} took more tricks ({tricks} to "
                          "{other_tricks}): "
                          "1 game point (tie=most_tricks)", points=p["points"], player=name(p["seat"]),
                          tricks=p["tricks"], other_tricks=p["other_tricks"]), "seat"),
    "tie_replay": lambda p, _: t("Both have {points} points: a tie; nobody scores and the same dealer deals "
                                 "again",
                                 points=p["points"]),
    "tie_carry": lambda p, _: t("Both have {points} points: a tie; nobody scores and the next scoring round "
                                "gets "
                                "1 more game point", points=p["points"]),
    "false_out_each": _false_out_each,
    "more_points": _yours(
        lambda p, _: t("you have more points ({points} to {other_points})", points=p["points"],
                       other_points=p["other_points"]),
        lambda p, name: t("{player} has more points ({points} to {other_points})", player=name(p["seat"]),
                          points=p["points"], other_points=p["other_points"]), "seat"),
    "most_points": _yours(
        lambda p, _: t("you have the most points, {points}, 66 or more", points=p["points"]),
        lambda p, name: t("{player} has the most points, {points}, 66 or more", player=name(p["seat"]),
                          points=p["points"]), "seat"),
    "tie_shared": _tie_shared,
    "tie_shared_all": lambda p, name: t("you, {b} and {c} share the most points, {points}: nobody scores "
                                        "and the "
                                        "same dealer deals again", b=name(1), c=name(2), points=p["points"]),
    "tie_under_66": _yours(
        lambda p, _: t("you have the most points, {points}, under 66: nobody scores and the same dealer "
                       "deals "
                       "again", points=p["points"]),
        lambda p, name: t("{player} has the most points, {points}, under 66: nobody scores and the same "
                          "dealer "
                          "deals again", player=name(p["seat"]), points=p["points"]), "seat"),
    "scale_33": _yours(
        lambda p, _: t("you have {points} points, 33 or more: 1 game point", points=p["points"]),
        lambda p, name: t("{player} has {points} points, 33 or more: 1 game point", player=name(p["seat"]),
                          points=p["points"]), "seat"),
    "scale_under_33": _yours(
        lambda p, _: t("you have {points} points, under 33: 2 game points", points=p["points"]),
        lambda p, name: t("{player} has {points} points, under 33: 2 game points", player=name(p["seat"]),
                          points=p["points"]), "seat"),
    "scale_no_trick": _yours(
        lambda p, _: t("you took no trick: 3 game points"),
        lambda p, name: t("{player} took no trick: 3 game points", player=name(p["seat"])), "seat"),
    "scale_33_at_close": _yours(
        lambda p, _: t("you have {points} points, 33 or more: 1 game point at the close", points=p["points"]),
        lambda p, name: t("{player} has {points} points, 33 or more: 1 game point at the close",
                          player=name(p["seat"]), points=p["points"]), "seat"),
    "scale_under_33_at_close": _yours(
        lambda p, _: t("you have {points} points, under 33: 2 game points at the close", points=p["points"]),
        lambda p, name: t("{player} has {points} points, under 33: 2 game points at the close",
                          player=name(p["seat"]), points=p["points"]), "seat"),
    "scale_no_trick_at_close": _yours(
        lambda p, _: t("you took no trick: 3 game points at the close"),
        lambda p, name: t("{player} took no trick: 3 game points at the close",
                          player=name(p["seat"])), "seat"),
    "in_all": lambda p, _: tn("{n} game point in all", "{n} game points in all", p["game_points"]),
}
"""The words of each code of :data:`sixtysix.explanations.CODES`."""


def explanation(clauses: Iterable[Clause], names: Names) -> str:
    """A round's explanation (:attr:`Outcome.explained`) as one sentence: its clauses in
    order, joined and ended as the language joins and ends them."""
    words = [_CLAUSES[clause.code](dict(clause.params), names.subject) for clause in clauses]
    if not words:
        return ""
    joined = words[0]
    for clause in words[1:]:
        joined = t("{first}; {next}", first=joined, next=clause)
    return t("{explanation}.", explanation=joined)


def suit_words(letter: str) -> str:
    """A suit's name in the language in use, as the browser's ``suitWords``."""
    return {"c": t("clubs"), "d": t("diamonds"), "h": t("hearts"), "s": t("spades")}[letter]


def card_words(token: str) -> str:
    """A card's name in the language in use (``ace of spades``), as the browser's ``cardWords``."""
    ranks = {"9": t("nine"), "J": t("jack"), "Q": t("queen"), "K": t("king"), "T": t("ten"), "A": t("ace")}
    return t("{rank} of {suit}", rank=ranks[token[0]], suit=suit_words(token[1]))


def _by_suit(suit: str, card: str, code: str) -> str:
    """The strict-play refusals: a sentence per suit, so that each language says it in its
    own grammar (the browser's ``static/reasons.js``)."""
    sentences = {
        "follow_suit": {"c": lambda: t("You must follow suit with a club."),
                        "d": lambda: t("You must follow suit with a diamond."),
                        "h": lambda: t("You must follow suit with a heart."),
                        "s": lambda: t("You must follow suit with a spade.")},
        "head_trick": {"c": lambda: t("You must follow suit with a higher club."),
                       "d": lambda: t("You must follow suit with a higher diamond."),
                       "h": lambda: t("You must follow suit with a higher heart."),
                       "s": lambda: t("You must follow suit with a higher spade.")},
        "trump_void": {"c": lambda: t("You have no clubs, so you must play a trump."),
                       "d": lambda: t("You have no diamonds, so you must play a trump."),
                       "h": lambda: t("You have no hearts, so you must play a trump."),
                       "s": lambda: t("You have no spades, so you must play a trump.")},
        "follow_beat": {"c": lambda: t("You must follow suit with a club that beats the {card}.", card=card),
                        "d": lambda: t("You must follow suit with a diamond that beats the {card}.",
                                       card=card),
                        "h": lambda: t("You must follow suit with a heart that beats the {card}.", card=card),
                        "s": lambda: t("You must follow suit with a spade that beats the {card}.",
                                       card=card)},
        "trump_beat": {"c": lambda: t("You have no clubs, so you must play a trump that beats the {card}.",
                                      card=card),
                       "d": lambda: t("You have no diamonds, so you must play a trump that beats the {card}.",
                                      card=card),
                       "h": lambda: t("You have no hearts, so you must play a trump that beats the {card}.",
                                      card=card),
                       "s": lambda: t("You have no spades, so you must play a trump that beats the {card}.",
                                      card=card)},
    }
    return sentences[code][suit]()


def refusal(why: Refusal) -> str:
    """Why the user may not take an action now, as a sentence of the language in use: the
    same words as the browser's for the same code (``static/reasons.js``)."""
    p = dict(why.params)
    code = why.code
    if code in ("follow_suit", "head_trick", "trump_void", "follow_beat", "trump_beat"):
        card = p.get("card")
        return _by_suit(str(p["suit"]), "" if card is None else card_words(str(card)), code)
    sentences: dict[str, Callable[[], str]] = {
        "round_over": lambda: t("The round is over."),
        "claim_flag": lambda: t("These rules do not let a player declare out."),
        "draw_phase": lambda: t("You won the trick: draw from the stock first (or close it)."),
        "respond_phase": lambda: t("Your opponent closed the stock: first say whether you exchange your "
                                   "trump nine."),
        "marriage_phase": lambda: t("You announced a marriage: lead its king or queen, or declare out."),
        "follow_phase": lambda: t("Play a card to the trick."),
        "no_stock": lambda: t("The three-hand game has no stock."),
        "not_in_hand": lambda: t("That card is not in your hand."),
        "lead_married": lambda: t("You announced a marriage: lead its king or queen of {suit}.",
                                  suit=suit_words(str(p["suit"]))),
        "marriage_not_held": lambda: t("You do not hold the king and queen of {suit}.",
                                       suit=suit_words(str(p["suit"]))),
        "marriage_stock": lambda: t("A marriage may be announced only while the stock is open and not "
                                    "empty."),
        "marriage_first_lead": lambda: t("These rules allow no marriage on the first lead of a round."),
        "exchange_closed": lambda: t("The trump nine cannot be exchanged once the stock is closed."),
        "exchange_no_nine": lambda: t("You do not hold the nine of trumps."),
        "exchange_stock": lambda: tn("The trump nine may be exchanged only while the stock holds at least "
                                     "{n} card.",
                                     "The trump nine may be exchanged only while the stock holds at least "
                                     "{n} cards.",
                                     int(p["min_stock"])),
        "exchange_trick": lambda: t("You may exchange the trump nine only once you have won a trick."),
        "already_closed": lambda: t("The stock is already closed."),
        "close_stock": lambda: tn("The stock may be closed only while it holds at least {n} card.",
                                  "The stock may be closed only while it holds at least {n} cards.",
                                  int(p["min_stock"])),
        "close_first_lead": lambda: t("These rules allow no closing on the first lead of a round."),
        "out_auto": lambda: t("Under these rules the game declares out for you."),
        "out_not_now": lambda: t("You may declare out only after winning a trick, or right after announcing "
                                 "a marriage."),
        "close_before_draw_not_now": lambda: t("You may close before drawing only right after winning a "
                                               "trick."),
        "other_moment": lambda: t("That is for another moment of the round."),
    }
    return sentences[code]()
