"""The learning environments pass their libraries' official checkers for both games, and
a seat's vector never depends on what that seat may not see."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the [rl] extra is not installed")
pytest.importorskip("pettingzoo", reason="the [rl] extra is not installed")
pytest.importorskip("gymnasium", reason="the [rl] extra is not installed")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from sixtysix import Rules
from sixtysix.bots.encoding import action_mask, encode, size
from sixtysix.cards import cards_in, mask_of, parse_card
from sixtysix.env import aec, gym
from sixtysix.game.actions import ACTIONS
from sixtysix.game.interface import Round
from sixtysix.games import TWO, game_of

THREE_HAND = Rules.parse("three-hand")

PRESETS = {"two-hand": ["classic", "santase"], "three-hand": ["three-hand"]}
"""Rule presets of each game, by the game's name."""


def _positions(count: int, seed: int, game: str = "two-hand") -> list[Round]:
    """Rounds at random moments of random play, over several rule sets of ``game``."""
    rng = random.Random(seed)
    found: list[Round] = []
    presets = PRESETS[game]
    while len(found) < count:
        rules = Rules.parse(rng.choice(presets))
        rnd = game_of(rules).new_match(rules, seed=rng.getrandbits(32)).deal()
        stop = rng.randrange(40)
        while not rnd.is_over and len(rnd.actions) < stop:
            rnd.push(rng.choice(rnd.legal_tuple()))
        found.append(rnd)
    return found


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_pettingzoo_api_test() -> None:
    """The observation is PettingZoo's dict of vector and action mask, which the test
    warns about as it does for PettingZoo's own card games."""
    api_test(aec.SixtySixEnv(), num_cycles=1000)
    api_test(aec.SixtySixEnv(Rules.parse("santase")), num_cycles=300)
    api_test(aec.SixtySixEnv(THREE_HAND), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(aec.SixtySixEnv, num_cycles=500)
    seed_test(lambda: aec.SixtySixEnv(THREE_HAND), num_cycles=300)


def _play_aec(env: aec.SixtySixEnv, seed: int) -> dict[str, float]:
    """Play one episode at random from ``reset(seed=seed)``: each agent's last reward."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    total = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        assert observation is not None
        if termination or truncation:
            total[agent] = reward
            env.step(None)
            continue
        assert reward == 0
        env.step(rng.choice(list(observation["action_mask"].nonzero()[0])))
    assert not env.agents
    return total


def test_pettingzoo_rewards_are_the_signed_game_points() -> None:
    env = aec.env()
    for seed in range(20):
        total = _play_aec(env, seed)
        outcome = env.round.outcome
        assert outcome is not None
        if outcome.winner is None:
            assert total == {"player_0": 0.0, "player_1": 0.0}
        else:
            assert total[f"player_{outcome.winner}"] == outcome.game_points
            assert total[f"player_{1 - outcome.winner}"] == -outcome.game_points


def test_pettingzoo_three_hand_rewards_share_out_the_scores() -> None:
    """Three agents: a scorer gets its game points and each other seat pays half; a false
    declaration costs the declarer its 2 a seat shared out; a round that scores nothing, 0."""
    env = aec.env(THREE_HAND)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    seen = set()
    for seed in range(60):
        total = _play_aec(env, seed)
        outcome = env.round.outcome
        assert outcome is not None and sum(total.values()) == 0
        by_seat = [total[f"player_{seat}"] for seat in range(3)]
        if outcome.winner is not None:
            assert sorted(by_seat) == [-outcome.game_points / 2] * 2 + [outcome.game_points]
            assert by_seat[outcome.winner] == outcome.game_points
        elif outcome.declarer is not None:
            assert by_seat[outcome.declarer] == -2 and sorted(by_seat) == [-2, 1, 1]
        else:
            assert by_seat == [0, 0, 0]
        seen.add(outcome.reason)
    assert len(seen) >= 2


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_gymnasium_check_env(opponent: str) -> None:
    check_env(gymnasium.make("sixtysix/SixtySix-v0", opponent=opponent).unwrapped)
    check_env(gym.SixtySixEnv(opponent, seat=1), skip_render_check=True)


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_gymnasium_check_env_three_hand(opponent: str) -> None:
    """The learner holds one seat of three, each other seat a bot."""
    check_env(gymnasium.make("sixtysix/SixtySix-v0", opponent=opponent, rules=THREE_HAND).unwrapped)
    env = gym.SixtySixEnv(opponent, THREE_HAND, seat=2)
    check_env(env, skip_render_check=True)
    assert env.observation_space.shape == (size(game_of(THREE_HAND)),) and sorted(env.bots) == [0, 1]


def test_gymnasium_seat_is_one_of_the_games_seats() -> None:
    from sixtysix.errors import StateError

    assert gym.SixtySixEnv("random", THREE_HAND, seat=2).fixed_seat == 2
    with pytest.raises(StateError, match="seat must be one of 0, 1 or None, not 2"):
        gym.SixtySixEnv("random", seat=2)


@pytest.mark.parametrize("rules", ["classic", "three-hand"])
def test_gymnasium_reset_always_leaves_the_agent_to_act(rules: str) -> None:
    """The random bot may declare out before the agent's first decision: such rounds
    are dealt again."""
    env = gym.SixtySixEnv("random", Rules.parse(rules))
    seats = set()
    for seed in range(300):
        _, info = env.reset(seed=seed)
        assert env.round.to_act == env.seat and info["action_mask"].any()
        seats.add(env.seat)
    assert seats == set(range(env.game.seats))


@pytest.mark.parametrize("rules", ["classic", "three-hand"])
def test_gymnasium_illegal_action_ends_the_episode_as_a_loss(rules: str) -> None:
    env = gym.SixtySixEnv("random", Rules.parse(rules))
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (gym.ILLEGAL_REWARD, True, True)


def test_gymnasium_plays_whole_rounds_with_the_masked_actions() -> None:
    env = gym.SixtySixEnv("heuristic")
    rng = np.random.default_rng(0)
    rewards = []
    for seed in range(30):
        reward = _play_gym(env, seed, rng)
        rewards.append(reward)
        outcome = env.round.outcome
        assert outcome is not None and reward == (
            0 if outcome.winner is None else outcome.game_points * (1 if outcome.winner == env.seat else -1))
    assert min(rewards) < 0


def _play_gym(env: gym.SixtySixEnv, seed: int, rng: np.random.Generator) -> float:
    """Play one episode from ``reset(seed=seed)`` with random legal actions: its last reward."""
    _, info = env.reset(seed=seed)
    terminated = False
    reward = 0.0
    while not terminated:
        assert env.round.to_act == env.seat
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, _, info = env.step(action)
        assert not info["illegal"]
    return reward


def test_gymnasium_three_hand_rewards_follow_the_seats_scores() -> None:
    """Against two heuristic bots: a reward is positive when the agent's seat scored,
    zero when no seat did, negative otherwise."""
    env = gym.SixtySixEnv("heuristic", THREE_HAND)
    rng = np.random.default_rng(0)
    rewards = []
    for seed in range(20):
        reward = _play_gym(env, seed, rng)
        outcome = env.round.outcome
        assert outcome is not None
        scores = outcome.scores
        assert (reward > 0) == (scores[env.seat] > 0) and (reward == 0) == (not any(scores))
        rewards.append(reward)
    assert min(rewards) < 0


@pytest.mark.parametrize(("name", "length"), [("two-hand", 251), ("three-hand", 357)])
def test_mask_is_the_legal_actions_and_vector_is_in_range(name: str, length: int) -> None:
    for rnd in _positions(200, 1, name):
        for seat in range(len(rnd.points())):
            obs = game_of(rnd.rules).observe(rnd, seat)
            vector = encode(obs)
            assert vector.shape == (length,) and vector.min() >= 0 and vector.max() <= 1
            legal = [ACTIONS[i] for i in np.flatnonzero(action_mask(obs))]
            assert legal == (list(rnd.legal_tuple()) if rnd.to_act == seat else [])
            assert set(cards_in(int(np.dot(vector[:24].astype(np.int64), 1 << np.arange(24))))) == \
                set(cards_in(rnd.hand(seat)))


@pytest.mark.parametrize("name", ["two-hand", "three-hand"])
def test_vector_never_depends_on_hidden_cards(name: str) -> None:
    """Full rounds with the same observation (the other seats' hidden cards and the stock
    dealt otherwise) give the same vector, and the vector changes with what is seen."""
    rng = random.Random(5)
    distinct = 0
    for rnd in _positions(150, 2, name):
        game = game_of(rnd.rules)
        for seat in range(game.seats):
            obs = game.observe(rnd, seat)
            vector = encode(obs)
            others = [other for other in range(game.seats) if other != seat]
            for _ in range(3):
                sampled = game.sample(obs, rng)
                assert np.array_equal(encode(game.observe(sampled, seat)), vector)
                distinct += any(sampled.hand(other) != rnd.hand(other) for other in others)
            for other in others:
                assert not np.array_equal(encode(game.observe(rnd, other)), vector)
    assert distinct > 100


def test_the_two_hand_vector_keeps_its_layout() -> None:
    """Learned policies read the two-hand vector: its entries stay where the layout
    table puts them."""
    rnd = TWO.new_match(seed=3).deal()
    rnd.push(rnd.legal_tuple()[0])
    obs = TWO.observe(rnd, rnd.leader)
    vector = encode(obs)
    assert obs.lead_card is not None
    assert size(TWO) == 251
    assert vector[48 + obs.lead_card] == 1 and vector[48:72].sum() == 1
    assert vector[168:192].sum() == bin(obs.unseen).count("1")
    assert vector[216 + obs.trump] == 1 and vector[220 + obs.phase.value] == 1
    assert vector[226] == 0 and vector[228] == (obs.dealer == obs.seat)
    assert vector[229] == np.float32(obs.stock_size / 12)
    assert vector[232] == np.float32(obs.opponent_hand_size / 6)


CARD_TOKEN = re.compile(r"\b[9JQKTA][cdhs]\b")


def _spiel() -> Any:
    """The OpenSpiel module with the game registered, or skip."""
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (extra [rl]) is not installed")
    importlib.import_module("sixtysix.env.spiel")
    return pyspiel


def _play_spiel(state: Any, rng: random.Random, stop: int = 200) -> Any:
    """Play chance and both players at random for ``stop`` moves or to the end."""
    while not state.is_terminal() and stop > 0:
        if state.is_chance_node():
            outcomes, _ = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        stop -= 1
    return state


SPIEL_GAMES = ["python_sixtysix", "python_sixtysix(rules=three-hand)"]
"""The OpenSpiel game of each of the games."""


@pytest.mark.parametrize("name", ["python_sixtysix", "python_sixtysix(rules=santase)",
                                  "python_sixtysix(rules=three-hand)"])
def test_openspiel_random_sim_test(name: str) -> None:
    pyspiel = _spiel()
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)


@pytest.mark.parametrize("name", SPIEL_GAMES)
def test_openspiel_returns_and_tensors_follow_the_engine(name: str) -> None:
    pyspiel = _spiel()
    game = pyspiel.load_game(name)
    seats = game.num_players()
    rng = random.Random(4)
    over = 0
    for _ in range(20):
        state = _play_spiel(game.new_initial_state(), rng, stop=rng.randrange(25, 80))
        rnd = state.round
        observe = game_of(rnd.rules).observe
        for seat in range(seats):
            assert state.information_state_tensor(seat) == encode(observe(rnd, seat)).tolist()
        outcome = rnd.outcome
        if outcome is None:
            assert state.current_player() == rnd.to_act and state.returns() == [0.0] * seats
            assert state.legal_actions() == sorted(rnd.legal_tuple())
            continue
        returns = state.returns()
        assert sum(returns) == 0
        assert [value > 0 for value in returns] == [score > 0 for score in outcome.scores]
        if outcome.winner is not None:
            assert returns[outcome.winner] == outcome.game_points
        over += 1
    assert over


@pytest.mark.parametrize("name", SPIEL_GAMES)
def test_openspiel_information_state_names_only_cards_the_seat_has_seen(name: str) -> None:
    game = _spiel().load_game(name)
    seats = game.num_players()
    rng = random.Random(6)
    for _ in range(30):
        state = game.new_initial_state()
        _play_spiel(state, rng, stop=25)
        seen = [0] * seats
        while not state.is_terminal():
            for seat in range(seats):
                obs = game_of(state.round.rules).observe(state.round, seat)
                seen[seat] |= obs.hand | obs.played
                for other in range(seats):
                    seen[seat] |= obs.shown[other]
                seen[seat] |= 0 if obs.trump_card is None else 1 << obs.trump_card
                named = mask_of(map(parse_card, CARD_TOKEN.findall(state.information_state_string(seat))))
                assert named & ~seen[seat] == 0
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", SPIEL_GAMES)
def test_openspiel_resample_keeps_the_information_state(name: str) -> None:
    pyspiel = _spiel()
    game = pyspiel.load_game(name)
    seats = game.num_players()
    rng = random.Random(8)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden_differs = resampled = 0
    while resampled < 20:
        state = _play_spiel(game.new_initial_state(), rng, stop=rng.randrange(25, 35))
        if state.is_terminal():
            continue
        resampled += 1
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        hidden_differs += any(other.round.hand(seat) != state.round.hand(seat)
                              for seat in range(seats) if seat != player)
        _play_spiel(other, rng)
        assert other.is_terminal()
    assert hidden_differs > 15


@pytest.mark.parametrize("name", SPIEL_GAMES)
def test_openspiel_ismcts_plays_legal_moves(name: str) -> None:
    pyspiel = _spiel()
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name)
    random_state = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, random_state), 1.5, 20,
                           random_state=random_state)
    rng = random.Random(1)
    state = _play_spiel(game.new_initial_state(), rng, stop=25)
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.slow
def test_train_policy_example_learns_to_beat_random() -> None:
    """examples/train_policy.py, briefly: the learned policy wins more matches against
    random than the untrained one, which always plays the lowest legal action code."""
    path = Path(__file__).parent.parent / "examples" / "train_policy.py"
    spec = importlib.util.spec_from_file_location("train_policy", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    policy = example.train(episodes=3000, seed=1)
    untrained = example.evaluate(example.LinearPolicy(), 200, seed=2)
    learned = example.evaluate(policy, 200, seed=2)
    assert learned >= 196 and learned > untrained


def test_a_saved_policy_is_a_bot_by_name_in_play_and_tournaments(tmp_path: Path) -> None:
    """learned:PATH loads what the example saves; it plays as any bot does, and the same
    weights give the same bot."""
    from sixtysix.bots import make_bot
    from sixtysix.bots.learned import LinearPolicy, PolicyBot
    from sixtysix.table import Table
    from sixtysix.tournament.run import run_tournament

    rng = np.random.default_rng(5)
    trained = LinearPolicy(rng.normal(size=(len(ACTIONS), size(TWO))), rng.normal(size=len(ACTIONS)))
    path = tmp_path / "policy.npz"
    trained.save(path)
    bot = make_bot(f"learned:{path}", seed=1)
    assert isinstance(bot, PolicyBot)
    assert np.array_equal(bot.policy.weights, trained.weights)
    first = Table([bot, make_bot("random", seed=2)], seed=9).play()
    again = Table([make_bot(f"learned:{path}"), make_bot("random", seed=2)], seed=9).play()
    assert first.is_over and [r.actions for r in first.rounds] == [r.actions for r in again.rounds]
    report = run_tournament([f"learned:{path}", "random"], 2, Rules.parse("classic match_target=1"))
    standings = {row["name"]: row for row in report.to_json()["standings"]}
    assert standings[f"learned:{path}"]["matches"] == 2 and standings[f"learned:{path}"]["decisions"] > 0


def test_a_bad_policy_file_is_one_clear_error(tmp_path: Path) -> None:
    from sixtysix.bots import make_bot
    from sixtysix.errors import BotError

    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, weights=np.zeros((3, 3)), bias=np.zeros(3))
    garbage = tmp_path / "garbage.npz"
    garbage.write_text("not a policy", encoding="utf-8")
    for spec, message in ((f"learned:{tmp_path / 'none.npz'}", "cannot read the policy"),
                          (f"learned:{wrong}", "has weights of shape (3, 3)"),
                          (f"learned:{garbage}", "is not a policy saved by examples/train_policy.py"),
                          ("learned", "needs the path of a policy")):
        with pytest.raises(BotError, match=re.escape(message)):
            make_bot(spec)
