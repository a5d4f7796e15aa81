"""The learning environments pass their libraries' official checkers, and a seat's
vector never depends on what that seat may not see."""

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

from sixtysix import Match, Rules
from sixtysix.bots.encoding import SIZE, action_mask, encode
from sixtysix.cards import cards_in, mask_of, parse_card
from sixtysix.env import aec, gym
from sixtysix.game.actions import ACTIONS
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.round import Round


def _positions(count: int, seed: int) -> list[Round]:
    """Copies of rounds at random moments of random play, over several rule sets."""
    rng = random.Random(seed)
    found: list[Round] = []
    presets = ["classic", "santase"]
    while len(found) < count:
        rnd = Match(Rules.parse(rng.choice(presets)), seed=rng.getrandbits(32)).deal()
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


def test_pettingzoo_seed_test() -> None:
    seed_test(aec.SixtySixEnv, num_cycles=500)


def test_pettingzoo_rewards_are_the_signed_game_points() -> None:
    env = aec.env()
    for seed in range(20):
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
        outcome = env.round.outcome
        assert outcome is not None and not env.agents
        if outcome.winner is None:
            assert total == {"player_0": 0.0, "player_1": 0.0}
        else:
            assert total[aec.AGENTS[outcome.winner]] == outcome.game_points
            assert total[aec.AGENTS[1 - outcome.winner]] == -outcome.game_points


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_gymnasium_check_env(opponent: str) -> None:
    check_env(gymnasium.make("sixtysix/SixtySix-v0", opponent=opponent).unwrapped)
    check_env(gym.SixtySixEnv(opponent, seat=1), skip_render_check=True)


def test_gymnasium_reset_always_leaves_the_agent_to_act() -> None:
    """The random bot may declare out before the agent's first decision: such rounds
    are dealt again."""
    env = gym.SixtySixEnv("random")
    for seed in range(300):
        _, info = env.reset(seed=seed)
        assert env.round.to_act == env.seat and info["action_mask"].any()


def test_gymnasium_illegal_action_ends_the_episode_as_a_loss() -> None:
    env = gym.SixtySixEnv("random")
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (gym.ILLEGAL_REWARD, True, True)


def test_gymnasium_plays_whole_rounds_with_the_masked_actions() -> None:
    env = gym.SixtySixEnv("heuristic")
    rng = np.random.default_rng(0)
    rewards = []
    for seed in range(30):
        _, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            assert env.round.to_act == env.seat
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, _, info = env.step(action)
            assert not info["illegal"]
        rewards.append(reward)
        outcome = env.round.outcome
        assert outcome is not None and reward == (
            0 if outcome.winner is None else outcome.game_points * (1 if outcome.winner == env.seat else -1))
    assert min(rewards) < 0


def test_mask_is_the_legal_actions_and_vector_is_in_range() -> None:
    for rnd in _positions(200, 1):
        for seat in (0, 1):
            obs = observe(rnd, seat)
            vector = encode(obs)
            assert vector.shape == (SIZE,) and vector.min() >= 0 and vector.max() <= 1
            legal = [ACTIONS[i] for i in np.flatnonzero(action_mask(obs))]
            assert legal == (list(rnd.legal_tuple()) if rnd.to_act == seat else [])
            assert set(cards_in(int(np.dot(vector[:24].astype(np.int64), 1 << np.arange(24))))) == \
                set(cards_in(rnd.hand(seat)))


def _vector_of(obs: Observation, rnd: Round) -> np.ndarray:
    return encode(observe(rnd, obs.seat))


def test_vector_never_depends_on_hidden_cards() -> None:
    """Full rounds with the same observation (the opponent's hidden cards and the stock
    dealt otherwise) give the same vector, and the vector changes with what is seen."""
    rng = random.Random(5)
    distinct = 0
    for rnd in _positions(150, 2):
        for seat in (0, 1):
            obs = observe(rnd, seat)
            vector = encode(obs)
            for _ in range(3):
                other = sample_round(obs, rng)
                assert np.array_equal(_vector_of(obs, other), vector)
                opponent = 1 - seat
                distinct += other.hand(opponent) != rnd.hand(opponent)
            assert not np.array_equal(encode(observe(rnd, opponent)), vector)
    assert distinct > 100


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


@pytest.mark.parametrize("name", ["python_sixtysix", "python_sixtysix(rules=santase)"])
def test_openspiel_random_sim_test(name: str) -> None:
    pyspiel = _spiel()
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)


def test_openspiel_returns_and_tensors_follow_the_engine() -> None:
    pyspiel = _spiel()
    game = pyspiel.load_game("python_sixtysix")
    rng = random.Random(4)
    for _ in range(20):
        state = _play_spiel(game.new_initial_state(), rng, stop=rng.randrange(25, 80))
        rnd = state.round
        for seat in (0, 1):
            assert state.information_state_tensor(seat) == encode(observe(rnd, seat)).tolist()
        outcome = rnd.outcome
        if outcome is None:
            assert state.current_player() == rnd.to_act and state.returns() == [0.0, 0.0]
            assert state.legal_actions() == sorted(rnd.legal_tuple())
        elif outcome.winner is not None:
            returns = state.returns()
            assert returns[outcome.winner] == outcome.game_points == -returns[1 - outcome.winner]


def test_openspiel_information_state_names_only_cards_the_seat_has_seen() -> None:
    game = _spiel().load_game("python_sixtysix")
    rng = random.Random(6)
    for _ in range(30):
        state = game.new_initial_state()
        _play_spiel(state, rng, stop=25)
        seen = [0, 0]
        while not state.is_terminal():
            for seat in (0, 1):
                obs = observe(state.round, seat)
                seen[seat] |= obs.hand | obs.played | obs.opponent_shown
                seen[seat] |= 0 if obs.trump_card is None else 1 << obs.trump_card
                named = mask_of(map(parse_card, CARD_TOKEN.findall(state.information_state_string(seat))))
                assert named & ~seen[seat] == 0
            state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_resample_keeps_the_information_state() -> None:
    pyspiel = _spiel()
    game = pyspiel.load_game("python_sixtysix")
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
        hidden_differs += other.round.hand(1 - player) != state.round.hand(1 - player)
        _play_spiel(other, rng)
        assert other.is_terminal()
    assert hidden_differs > 15


def test_openspiel_ismcts_plays_legal_moves() -> None:
    pyspiel = _spiel()
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_sixtysix")
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
    trained = LinearPolicy(rng.normal(size=(len(ACTIONS), SIZE)), rng.normal(size=len(ACTIONS)))
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
