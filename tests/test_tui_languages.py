"""The terminal table in the players' languages: chosen by the locale or ``--lang``, every
explanation and refusal code in words of each language, and a match at 80x24 with nothing
cut."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from sixtysix.cli import PLAY_LANGUAGES, main
from sixtysix.explanations import CODES as CLAUSE_CODES
from sixtysix.explanations import Clause
from sixtysix.game.actions import Action
from sixtysix.game.round import Phase
from sixtysix.i18n import LANGUAGES, language_from_environment
from sixtysix.i18n.catalogs import extract
from sixtysix.reasons import CODES as REFUSAL_CODES
from sixtysix.reasons import Refusal
from sixtysix.tui.app import SixtySixApp
from sixtysix.tui.explaining import explanation, refusal
from sixtysix.tui.game_screen import MIN_HEIGHT, MIN_WIDTH
from sixtysix.tui.language import t, use
from sixtysix.tui.names import Names
from sixtysix.tui.screens import RoundOverScreen
from sixtysix.two.observation import Observation
from test_tui import first, press_action, seed_where_first_dealer_is, settle
from test_tui_table import notices, play_until

OTHERS = [code for code in LANGUAGES if code != "en"]
"""The languages other than the message ids' English."""

_VALUES = {"seat": 1, "winner": 1, "first": 1, "other": 2, "third": 2, "points": 50, "other_points": 40,
           "tricks": 4, "other_tricks": 3, "game_points": 2}


def clauses() -> list[Clause]:
    """Each clause code with parameters, once about another seat and once about the user
    for each seat it names (the user's clauses have words of their own)."""
    found = []
    for code, names in CLAUSE_CODES.items():
        seats = [name for name in names if name in ("seat", "winner", "first", "other", "third")]
        found.append(Clause.of(code, **{name: _VALUES[name] for name in names}))
        for seat in seats:
            values = {name: _VALUES[name] for name in names}
            values[seat] = 0
            found.append(Clause.of(code, **values))
    return found


def refusals() -> list[Refusal]:
    """Each refusal code with parameters, each strict-play code in each suit."""
    found = []
    for code, names in REFUSAL_CODES.items():
        values: dict[str, str | int] = {"action": "close", "claim": "off", "seat": 0, "section": 3,
                                        "card": "Kh", "min_stock": 4}
        suits = "cdhs" if "suit" in names else "-"
        for suit in suits:
            values["suit"] = suit
            found.append(Refusal.of(code, **{name: values[name] for name in names}))
    return found


def test_the_help_of_play_names_the_languages() -> None:
    assert tuple(LANGUAGES) == PLAY_LANGUAGES


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "en_US.UTF-8", "LC_ALL": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_MESSAGES": "bn_BD", "LANG": "tr_TR"}, "bn"),
])
def test_the_locale_chooses_the_language(environ: dict[str, str], language: str) -> None:
    assert language_from_environment(environ) == language


@pytest.mark.parametrize("language", OTHERS)
def test_every_explanation_and_refusal_code_has_words_in_every_language(language: str) -> None:
    """A code the engine gives without a translation fails here: its words would be English."""
    names = Names("Greedy", 3)
    english: dict[Clause | Refusal, str] = {}
    use("en")
    for clause in clauses():
        english[clause] = explanation((clause,), names)
    for why in refusals():
        english[why] = refusal(why)
    use(language)
    untranslated: list[Clause | Refusal] = []
    for clause in clauses():
        said = explanation((clause,), Names("Greedy", 3))
        if said == english[clause] or "{" in said:
            untranslated.append(clause)
    for why in refusals():
        said = refusal(why)
        if said == english[why] or "{" in said:
            untranslated.append(why)
    assert untranslated == []


def test_no_code_of_the_engine_is_left_out() -> None:
    assert {clause.code for clause in clauses()} == set(CLAUSE_CODES)
    assert {why.code for why in refusals()} == set(REFUSAL_CODES)


def cut(app: SixtySixApp) -> list[str]:
    """The texts of the screen that do not fit their place: a Static's text that, wrapped
    to its width, needs more lines than it has, and a footer key past the screen's edge."""
    console = Console(width=MIN_WIDTH, color_system=None)
    found = []
    for widget in app.screen.query(Static):
        if not widget.display or not widget.region.area:
            continue
        content = widget.content
        text = content if isinstance(content, Text) else Text(str(content))
        width, height = widget.content_region.width, widget.content_region.height
        if not text.plain or width <= 0:
            continue
        lines = text.wrap(console, width)
        if len(lines) > height:
            found.append(f"#{widget.id}: {text.plain!r} needs {len(lines)} lines, has {height}")
    for key in app.screen.query(FooterKey):
        if key.region.right > app.size.width:
            found.append(f"footer key {key.description!r} past the edge")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("language", list(LANGUAGES))
async def test_a_round_in_the_language_of_the_locale_at_80x24(language: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ``LANG``: a refused card says why in the language, the round's explanation is in
    it, and nothing on the table or the summary is cut at the smallest size."""
    monkeypatch.setenv("LANG", f"{language}.UTF-8")
    app = SixtySixApp(seed=3, delay=0)
    shown = notices(app)

    def cannot_follow(obs: Observation) -> bool:
        return obs.phase is Phase.FOLLOW and obs.is_strict and len(obs.legal) < obs.hand.bit_count()

    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        obs = await play_until(pilot, app, cannot_follow)
        assert cut(app) == []
        card = next(c for c in app.game.hand if Action.of(c) not in obs.legal)
        await pilot.press(str(app.game.hand.index(card) + 1))
        await pilot.pause()
        why = obs.refusal(Action.of(card))
        assert why is not None
        assert refusal(why) in shown[-1]
        use("en")
        english = refusal(why)
        use(language)
        assert language == "en" or english not in shown[-1]
        while not isinstance(app.screen, RoundOverScreen):
            await press_action(pilot, app, first(app.game.legal))
            await settle(pilot, app)
        result = app.table.match.results()[-1]
        assert result.outcome is not None
        said = app.screen.query_one("#explanation", Static).content
        assert str(said) == explanation(result.outcome.explained, app.names)
        use("en")
        assert language == "en" or str(said) != explanation(result.outcome.explained, Names("Greedy"))
        use(language)
        assert cut(app) == []


def test_play_refuses_a_language_it_has_not(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--lang", "fr"]) == 2
    assert "--lang: 'fr' is not one of en, de, bg, tr, ms, bn, zu, ja" in capsys.readouterr().err


async def test_lang_overrides_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    app = SixtySixApp(seed=seed_where_first_dealer_is(1), delay=0, language="de")
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        await settle(pilot, app)
        assert app.title == t("Sixty-Six") != "Sixty-Six"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_longest_prompts_fit_the_status_line_at_80_columns(language: str) -> None:
    """The status line has two lines of 78 columns at the smallest size; its longest prompts,
    with the longest choices and a bot's name, fit them."""
    use(language)
    choices = t(", ").join([t("declare out"), t("close"), t("exchange"), t("announce a marriage")])
    prompts = [
        t("Trick won: lead (you draw first), close before drawing, or declare out"),
        t("You won the trick: draw, close before drawing, or declare out"),
        t("Lead the king or queen of {suit} — or declare out", suit="♠"),
        t("{player} closed the stock: exchange your 9{suit} or not?", player=t("Expert bot"), suit="♠"),
        t("Your turn: play a card to {player}'s {card}", player=t("Expert bot"), card="10♠"),
        t("Your lead: play a card, or {choices}", choices=choices),
        t("Your turn. Play a card to the trick ({keys}).", keys=t(", ").join(
            [t("{keys}: play a card", keys="1-8"), t("{keys}: marriage", keys="a"),
             t("{keys}: declare out", keys="o")])),
    ]
    console = Console(width=MIN_WIDTH, color_system=None)
    too_long = [said for said in prompts if len(Text("▶ " + said).wrap(console, MIN_WIDTH - 2)) > 2]
    assert too_long == []


def test_every_message_of_the_terminal_is_a_literal_the_catalogs_extract() -> None:
    """A ``t``, ``tn`` or ``N_`` call whose message is not a string literal would never reach
    the catalogs: its words would stay English in every language."""
    import ast
    from pathlib import Path

    import sixtysix.tui

    calls = 0
    for path in Path(sixtysix.tui.__file__).parent.glob("*.py"):
        if path.name == "language.py":  # where they are defined
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("t", "tn", "N_")):
                continue
            expected = 2 if node.func.id == "tn" else 1
            literal = [arg for arg in node.args[:expected]
                       if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            assert len(literal) == expected, f"{path.name}:{node.lineno}: {node.func.id}() without a literal"
            calls += 1
    extracted = extract()
    found = sum(1 for places in extracted.values() for filename, _ in places if filename.startswith("tui/"))
    assert calls > 200 and found == calls
