"""RULES.md section 10: reading, writing and replaying records."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from sixtysix import Match, NotationError, Record, ReplayError, Rules
from sixtysix.cards import card_name
from sixtysix.errors import RecordFileError
from sixtysix.game.actions import Action
from sixtysix.games import TWO
from sixtysix.notation import Tag, legal_tokens, read_record

DECK = "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh"
# Dealer 0: seat 1 (elder) holds Th Ts Kc Tc As Qc, seat 0 holds Ac 9d 9s Qs Jc Kd; hearts trump.
# "Ts Ac Mc Kc 9d Th Js Td Kd Qd Qs out": seat 1 takes every trick and declares 77 (3 points).
ROUND_OUT = "Ts Ac Mc Kc 9d Th Js Td Kd Qd Qs out"
HEADER = '[Rules "classic"]\n[Dealer "0"]\n'


def record(body: str, header: str = HEADER) -> Record:
    return Record.parse(header + body)


def parse_error(text: str) -> str:
    with pytest.raises(NotationError) as info:
        Record.parse(text).replay()
    return str(info.value)


# ------------------------------------------------------------------ parsing


def test_parse_tags_deck_and_tokens() -> None:
    rec = record(f'[Deck "{DECK}"]\nTs Ac\nMc Kc\n')
    assert rec.rules == Rules()
    assert rec.dealer == 0
    assert len(rec.rounds) == 1
    assert [a.token for a in rec.rounds[0].actions] == ["Ts", "Ac", "Mc", "Kc"]
    assert rec.rounds[0].deck[0] == Action.parse("Th")


def test_parse_rules_with_overrides() -> None:
    rec = record(f'[Deck "{DECK}"]\n', header='[Rules "pagat match_target=11 tie=carry"]\n[Dealer "1"]\n')
    assert rec.rules == Rules.parse("pagat match_target=11 tie=carry")
    assert rec.dealer == 1


def test_rules_absent_means_classic() -> None:
    rec = Record.parse(f'[Dealer "1"]\n[Deck "{DECK}"]\n')
    assert rec.rules == Rules.preset("classic")


def test_comments_outside_quotes() -> None:
    text = (f'; a comment line\n[Event "semi; final"] ; trailing comment\n{HEADER}'
            f'[Deck "{DECK}"]   ; the deck\nTs Ac ; the ace of clubs is no trump\n;Kc\n')
    rec = Record.parse(text)
    assert [t.values for t in rec.header if t.name == "Event"] == [("semi; final",)]
    assert [a.token for a in rec.rounds[0].actions] == ["Ts", "Ac"]


def test_escaped_quotes_and_backslashes_in_values() -> None:
    text = '[Event "the \\"final\\" ; \\\\ game"]\n' + HEADER + f'[Deck "{DECK}"]\n'
    rec = Record.parse(text)
    event = next(t for t in rec.header if t.name == "Event")
    assert event.values == ('the "final" ; \\ game',)
    assert str(event) == '[Event "the \\"final\\" ; \\\\ game"]'
    assert Record.parse(str(rec)).header == rec.header


def test_blank_lines_and_white_space() -> None:
    text = f'\n\n   {HEADER}\n  [Deck   "{DECK}"  ]\n\n   Ts    Ac   \n\n\tMc Kc\n\n'
    rec = Record.parse(text)
    assert [a.token for a in rec.rounds[0].actions] == ["Ts", "Ac", "Mc", "Kc"]


def test_windows_line_endings() -> None:
    text = (HEADER + f'[Deck "{DECK}"]\nTs Ac\n').replace("\n", "\r\n")
    assert [a.token for a in Record.parse(text).rounds[0].actions] == ["Ts", "Ac"]


def test_players_tag() -> None:
    rec = record(f'[Deck "{DECK}"]\n', header=HEADER + '[Players "Ann \\"A\\" Lee" "Bo"]\n')
    assert rec.players == ('Ann "A" Lee', "Bo")
    assert record(f'[Deck "{DECK}"]\n').players is None


def test_free_tags_kept() -> None:
    text = (f'[Event "Club night"]\n[Date "2024-05-01"]\n{HEADER}[Deck "{DECK}"]\n{ROUND_OUT}\n'
            f'[Site "Sofia"]\n[Result "0-3"]\n')
    rec = Record.parse(text)
    assert [t.name for t in rec.header] == ["Event", "Date", "Rules", "Dealer"]
    assert [(t.name, t.values) for t in rec.trailer] == [("Site", ("Sofia",)), ("Result", ("0-3",))]
    assert rec.replay().score == (0, 3)
    assert str(Record.parse(str(rec))) == str(rec)


def test_dealer_tag_repeated_matching_rotation() -> None:
    text = f'{HEADER}[Deck "{DECK}"]\n{ROUND_OUT}\n[Dealer "1"]\n[Deck "{DECK}"]\nTs\n'
    match = Record.parse(text).replay()
    assert [r.dealer for r in match.results()] == [0, 1]


def test_write_record_round_trip() -> None:
    text = f'{HEADER}[Players "a" "b"]\n[Deck "{DECK}"]\n{ROUND_OUT}\n[Deck "{DECK}"]\nTs Ac\n'
    rec = Record.parse(text)
    assert str(rec) == text
    assert str(Record.parse(str(rec))) == str(rec)


def test_from_match_writes_no_implicit_tokens() -> None:
    match = Record.parse(f'{HEADER}[Deck "{DECK}"]\nTs Ac close-before-draw\n').replay()
    match2 = Match(Rules(), dealer=0)
    rnd = match2.deal(match.rounds[0].deck)
    for token in ("Ts", "Ac", "draw", "Kc"):
        rnd.push(Action.parse(token))
    text = str(Record.from_match(match2, players=["x", "y"], tags=[Tag("Event", ("e",))]))
    assert "draw" not in text.rsplit("]", maxsplit=1)[-1]
    assert text.splitlines()[-1] == "Ts Ac Kc"
    assert '[Players "x" "y"]' in text and '[Event "e"]' in text


def test_long_rounds_written_on_several_lines() -> None:
    tokens = "Ts Ac Mc Kc 9d Th Js Td Kd Qd Qs"
    match = Record.parse(f'{HEADER}[Deck "{DECK}"]\n{tokens}\n').replay()
    rec = Record.from_match(match)
    assert Record.parse(str(rec)).replay().round is not None
    assert [a.token for a in Record.parse(str(rec)).rounds[0].actions] == tokens.split()


def test_record_without_round() -> None:
    rec = Record.parse(HEADER)
    assert rec.rounds == [] and rec.dealer == 0
    match = rec.replay()
    assert match.rounds == [] and match.score == (0, 0)


# ------------------------------------------------------------------ malformed records


@pytest.mark.parametrize(("text", "line", "message"), [
    (HEADER + '[Deck "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kx"]\n',
     3, "not a card: 'Kx'"),
    (HEADER + '[Deck "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c"]\n',
     3, "24 cards"),
    (HEADER + '[Deck "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh Kh"]\n',
     3, "24 cards"),
    (HEADER + '[Deck "Th Th Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh"]\n',
     3, "Th more than once"),
    (HEADER + f'Ts Ac\n[Deck "{DECK}"]\n', 3, "before the first [Deck]"),
    ('[Rules "classic"]\n\n' + f'[Deck "{DECK}"]\n', 3, "[Dealer] is required"),
    (HEADER + '[Rules "pagat"]\n' + f'[Deck "{DECK}"]\n', 3, "[Rules] may appear once"),
    (HEADER + f'[Deck "{DECK}"]\n[Rules "pagat"]\n', 4, "[Rules] may appear once"),
    (HEADER + f'[Deck "{DECK}"]\n{ROUND_OUT}\n[Rules "classic"]\n[Deck "{DECK}"]\n', 5, "[Rules]"),
    ('[Rules "classic"\n', 1, "malformed tag"),
    ('[Rules classic]\n', 1, "malformed tag"),
    ('[Ru les "classic"]\n', 1, "malformed tag"),
    ('[Rules "classic"] x\n', 1, "malformed tag"),
    ('[Rules "classic]\n', 1, "unclosed double quote"),
    (HEADER + f'[Deck "{DECK}"]\nTs Xx\n', 4, "not a card: 'Xx'"),
    (HEADER + f'[Deck "{DECK}"]\nTs Ac\nKc fold\n', 5, "not an action token: 'fold'"),
    (HEADER + f'[Deck "{DECK}"]\nTs Ac Mx\n', 4, "not a suit"),
    (HEADER + f'[Deck "{DECK}"]\nTs Ac draw\n', 4, "'draw' is not written in records"),
    (HEADER + f'[Deck "{DECK}"]\nTs Ac close pass\n', 4, "'pass' is not written in records"),
    (HEADER + f'[Deck "{DECK}"]\nTs ac\n', 4, "not a card: 'ac'"),
    ('[Rules "bezique"]\n[Dealer "0"]\n' + f'[Deck "{DECK}"]\n', 1, "unknown preset 'bezique'"),
    ('[Rules "classic tie=never"]\n[Dealer "0"]\n' + f'[Deck "{DECK}"]\n', 1, "flag 'tie'"),
    ('[Rules "classic"]\n[Dealer "2"]\n' + f'[Deck "{DECK}"]\n', 2, "[Dealer] must be"),
    ('[Rules "classic"]\n[Dealer "0" "1"]\n' + f'[Deck "{DECK}"]\n', 2, "[Dealer] takes one value"),
    ('[Rules "classic" "pagat"]\n[Dealer "0"]\n' + f'[Deck "{DECK}"]\n', 1, "[Rules] takes one value"),
    (HEADER + f'[Deck "{DECK}" "{DECK}"]\n', 3, "[Deck] takes one value"),
    (HEADER + '[Dealer "0"]\n' + f'[Deck "{DECK}"]\n', 4, "[Dealer] given twice"),
    (HEADER + f'[Deck "{DECK}"]\nTs Ac\n[Deck "{DECK}"]\n', 5, "not ended"),
    (HEADER + f'[Deck "{DECK}"]\n{ROUND_OUT}\n[Dealer "0"]\n[Deck "{DECK}"]\n', 5, "does not match"),
    (HEADER + f'[Deck "{DECK}"]\n{ROUND_OUT}\n[Dealer "7"]\n', 5, "[Dealer] must be"),
    ('[Rules "classic match_target=1"]\n[Dealer "0"]\n' + f'[Deck "{DECK}"]\n{ROUND_OUT}\n[Deck "{DECK}"]\n',
     5, "match is over"),
])
def test_malformed_record_names_line(text: str, line: int, message: str) -> None:
    error = parse_error(text)
    assert message in error
    assert error.startswith(f"line {line}: "), error


def test_record_error_is_notation_error_not_replay_error() -> None:
    with pytest.raises(NotationError) as info:
        Record.parse(HEADER + "[Deck \"Th\"]\n")
    assert not isinstance(info.value, ReplayError)


# ------------------------------------------------------------------ illegal tokens


@pytest.mark.parametrize(("body", "round_number", "index", "token", "rule"), [
    # Seat 1 leads first (dealer 0): seat 0 may not lead.
    (f'[Deck "{DECK}"]\nAc\n', 1, 1, "Ac", "not in seat 1's hand"),
    # Out on the round's first lead.
    (f'[Deck "{DECK}"]\nout\n', 1, 1, "out", "section 6"),
    # Closing on the first lead (first_lead_close=off).
    (f'[Deck "{DECK}"]\nclose\n', 1, 1, "close", "first_lead_close"),
    # After Mc only Kc, Qc or out.
    (f'[Deck "{DECK}"]\nTs Ac Mc Th\n', 1, 4, "Th", "king or queen"),
    # A second card of the same seat: the follower must play.
    (f'[Deck "{DECK}"]\nTs Ac Kc Kc\n', 1, 4, "Kc", "not in seat"),
    # close-before-draw once the next card is led is too late.
    (f'[Deck "{DECK}"]\nTs Ac Kc close-before-draw\n', 1, 4, "close-before-draw", "must play a card"),
    # close-before-draw at a lead that follows no trick (the first).
    (f'[Deck "{DECK}"]\nclose-before-draw\n', 1, 1, "close-before-draw",
     "close-before-draw only by a trick's winner"),
    # Strict play after the close: seat 1 closed and leads Th; seat 0 must... (no hearts:
    # it holds no trump either?) see the rule text asserted.
    (f'[Deck "{DECK}"]\nTs Ac close Tc 9d\n', 1, 5, "9d", "strict play"),
    # Exchange without the trump nine.
    (f'[Deck "{DECK}"]\nTs Ac exchange\n', 1, 3, "exchange", "nine of trumps"),
    # A token after the round ended, in the second round (seat 0 is elder there and
    # declares falsely after its first trick).
    (f'[Deck "{DECK}"]\n{ROUND_OUT}\n[Deck "{DECK}"]\nTs Ac\nout Ts\n', 2, 4, "Ts", "over"),
])
def test_illegal_token_replay_error(body: str, round_number: int, index: int, token: str, rule: str) -> None:
    rec = record(body)
    with pytest.raises(ReplayError) as info:
        rec.replay()
    error = info.value
    assert (error.round_number, error.index, error.token) == (round_number, index, token)
    assert rule in error.rule
    assert str(error).startswith(f"round {round_number}, token {index} '{token}': ")
    assert rule in str(error)


def test_token_after_round_over_is_illegal() -> None:
    rec = record(f'[Deck "{DECK}"]\n{ROUND_OUT} Kh\n')
    with pytest.raises(ReplayError) as info:
        rec.replay()
    assert info.value.index == 13 and info.value.token == "Kh"
    assert "over" in info.value.rule


# ------------------------------------------------------------------ draws and legal tokens


def test_draw_implicit_unless_close_before_draw_or_out() -> None:
    drawn = record(f'[Deck "{DECK}"]\nTs Ac Kc\n').replay(TWO).round
    assert drawn is not None and drawn.stock_size == 10
    closed = record(f'[Deck "{DECK}"]\nTs Ac close-before-draw\n').replay(TWO).round
    assert closed is not None and closed.stock_size == 12 and closed.closer == 1
    out = record(f'[Deck "{DECK}"]\nTs Ac out\n').replay(TWO).round
    assert out is not None and out.is_over and out.stock_size == 12


def test_close_written_after_draw() -> None:
    rnd = record(f'[Deck "{DECK}"]\nTs Ac close\n').replay(TWO).round
    assert rnd is not None and rnd.closer == 1 and rnd.stock_size == 10


def test_legal_tokens_at_end_of_trick() -> None:
    rnd = record(f'[Deck "{DECK}"]\nTs Ac\n').replay().round
    assert rnd is not None
    assert legal_tokens(rnd) == sorted(["As", "Kc", "Mc", "Qc", "Tc", "Td", "Th", "close",
                                        "close-before-draw", "out"])


def test_exchange_written_after_close_when_opponent_may_answer() -> None:
    # Pagat: exchange_on_opponent_close. Dealer 1; seat 0 (elder) holds Ah Th As Ts Ad Kd,
    # seat 1 holds the trump nine 9c (Jc turned).
    deck = "Ah Th As 9c 9h Jh Ts Ad Kd 9s Js 9d Jc Qc Kc Tc Ac Qh Kh Qs Ks Jd Qd Td"
    rec = Record.parse(f'[Rules "pagat"]\n[Dealer "1"]\n[Deck "{deck}"]\nAh 9h close\n')
    rnd = rec.replay().round
    assert rnd is not None
    assert "exchange" in legal_tokens(rnd) and "Th" in legal_tokens(rnd)
    after = Record.parse(f'[Rules "pagat"]\n[Dealer "1"]\n[Deck "{deck}"]\nAh 9h close exchange\n')
    rnd = after.replay().round
    assert rnd is not None and rnd.trump_card == Action.parse("9c")
    passed = Record.parse(f'[Rules "pagat"]\n[Dealer "1"]\n[Deck "{deck}"]\nAh 9h close Th\n')
    rnd = passed.replay().round
    assert rnd is not None and rnd.trump_card == Action.parse("Jc")
    # Without the flag the exchange token is not the opponent's to write.
    with pytest.raises(ReplayError):
        Record.parse(f'[Rules "classic"]\n[Dealer "1"]\n[Deck "{deck}"]\nAh 9h close exchange\n').replay()


def test_no_token_legal_between_rounds() -> None:
    match = record(f'[Deck "{DECK}"]\n{ROUND_OUT}\n').replay()
    assert match.round is not None and legal_tokens(match.round) == []


def test_section_10_example_opening() -> None:
    text = (
        '[Rules "classic"]\n[Dealer "1"]\n'
        '[Deck "Ah Kh 9c Td Jd Qs Qh Ts 9h Ad Ks Jc Tc As Js Qc 9d Kc 9s Qd Ac Kd Th Jh"]\n'
        "Ah Ad Mh Kh Qs Ts Ks   ; elder has won three tricks and the 20 of hearts: 63 points\n"
    )
    rnd = Record.parse(text).replay().round
    assert rnd is not None
    assert rnd.trick_counts() == (3, 0)
    assert rnd.marriage_points() == (20, 0)
    assert rnd.points() == (63, 0)


def test_tag_values_with_a_line_break_are_rejected_when_written() -> None:
    with pytest.raises(NotationError, match="line break"):
        Tag("Players", ("a\nb", "c"))
    with pytest.raises(NotationError, match="tag names"):
        Tag("Bad name", ("x",))


def test_deck_with_a_card_twice_names_it() -> None:
    tokens = [card_name(c) for c in range(24)]
    deck = " ".join(["9c", *tokens[1:23], "9c"])
    with pytest.raises(NotationError, match="9c more than once"):
        Record.parse(f'[Dealer "0"]\n[Deck "{deck}"]\n')


# ------------------------------------------------------------------ reading files


def test_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    text = f'{HEADER}[Deck "{DECK}"]\nTs Ac\n'
    assert Record.parse("\ufeff" + text) == Record.parse(text)
    path = tmp_path / "bom.ssn"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert read_record(path) == Record.parse(text)


@pytest.mark.parametrize(("text", "message"), [
    ("", "the record is empty"),
    ("\ufeff\n\n  \n", "the record is empty"),
    ("; a comment\n\n; another\n", "no record: only comments and blank lines"),
])
def test_empty_record(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Record.parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize(("text", "message"), [
    (HEADER + '[Deck "Th Ts Kc', "line 3: unclosed double quote in '[Deck \"Th Ts Kc'"),
    (HEADER + f'[Deck "{DECK}"', "line 3: malformed tag"),
    (HEADER + '[Deck "Th Ts Kc"]', "line 3: [Deck] must list the 24 cards, got 3"),
    (HEADER + f'[Deck "{DECK}"]\nTs A', "line 4: not an action token: 'A'"),
    ('[Rules "classic"]\n[Deal', "line 2: malformed tag '[Deal'"),
])
def test_truncated_record_says_where_and_that_it_may_be_cut(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Record.parse(text)
    assert str(info.value).startswith(message)
    assert str(info.value).endswith("the text ends on this line without a line break: is it cut short?")
    with pytest.raises(NotationError) as info:
        Record.parse(text + "\n")
    assert "cut short" not in str(info.value)


@pytest.mark.parametrize("text", [
    HEADER + f'[Deck "{DECK}"]\nTs ' + "X" * 100_000 + "\n",
    HEADER + f'[Deck "{DECK}"]\nTs Ac ' + "fold" * 10_000 + "\n",
    HEADER + '[Deck "Th ' + "X" * 50_000 + '"]\n',
    HEADER + "[" + "Deck " * 50_000 + "\n",
    HEADER + '[Deck "' + "x" * 50_000 + "\n",
    '[Rules "classic ' + "x" * 50_000 + '"]\n',
    '[Rules "classic tie=' + "x" * 50_000 + '"]\n',
    '[Rules "' + "x" * 50_000 + '"]\n',
    '[Dealer "' + "7" * 50_000 + '"]\n',
    '[' + "T" * 50_000 + '! "a"]\n',
])
def test_messages_quote_a_short_excerpt(text: str) -> None:
    message = parse_error(text)
    assert len(message) < 300, message[:400]
    assert "…" in message


def test_read_record_bounds_what_it_reads(tmp_path: Path) -> None:
    big = tmp_path / "big.ssn"
    big.write_text(f'{HEADER}[Deck "{DECK}"]\n' + "Ts Ac " * 200_000, encoding="utf-8")
    with pytest.raises(RecordFileError, match="larger than the 1 MiB a record may take"):
        read_record(big)
    small = tmp_path / "small.ssn"
    small.write_text(f'{HEADER}[Deck "{DECK}"]\nTs Ac\n', encoding="utf-8")
    with pytest.raises(RecordFileError, match="larger than the 20 bytes"):
        read_record(small, limit=20)
    assert len(read_record(small).rounds) == 1


def test_read_record_bounds_a_device_and_a_pipe() -> None:
    with pytest.raises(RecordFileError, match="larger than"):
        read_record("/dev/zero")
    read_end, write_end = os.pipe()
    os.write(write_end, f'{HEADER}[Deck "{DECK}"]\nTs Ac\n'.encode())
    os.close(write_end)
    try:
        assert len(read_record(f"/proc/self/fd/{read_end}").rounds[0].actions) == 2
    finally:
        os.close(read_end)


@pytest.mark.parametrize(("make", "message"), [
    (lambda path: path.mkdir(), "it is a directory"),
    (lambda path: None, "cannot read .*: No such file or directory"),
    (lambda path: path.write_bytes(b"[Dealer \"0\"]\n\xff\xfe"), r"not UTF-8 text \(byte 0xff at offset 13"),
    (os.mkfifo, r"x.ssn is a pipe that gave no data \(nothing writes to it\)"),
])
def test_read_record_refuses_what_is_not_a_record_file(
        tmp_path: Path, make: Callable[[Path], object], message: str) -> None:
    path = tmp_path / "x.ssn"
    make(path)
    with pytest.raises((RecordFileError, NotationError), match=message):
        read_record(path)
