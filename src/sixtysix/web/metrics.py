"""The server's Prometheus metrics (``GET /metrics``), in a registry of each application's own.

>>> metrics = Metrics()
>>> metrics.action(0.004)
>>> "sixtysix_actions_total 1.0" in metrics.exposition().decode()
True
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
"""The buckets (seconds) of the action latency histogram: a served action takes milliseconds."""


class Metrics:
    """What the server counts: the actions it applied and how long each took (checked,
    stored and sent), and, read when scraped, the live games, the open connections and the
    bot decisions and hints waiting for a worker process."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter("sixtysix_actions", "Actions applied to games.", registry=self.registry)
        self.latency = Histogram("sixtysix_action_seconds", "Time to apply, store and send one action.",
                                 buckets=ACTION_BUCKETS, registry=self.registry)
        self.games = Gauge("sixtysix_games_live", "Games being played in this process.",
                           registry=self.registry)
        self.connections = Gauge("sixtysix_connections", "Open WebSockets of games.", registry=self.registry)
        self.queue = Gauge("sixtysix_bot_queue",
                           "Bot decisions and hints in worker processes, and jobs due in a site's queue.",
                           registry=self.registry)

    def action(self, seconds: float) -> None:
        """Count an applied action that took ``seconds``."""
        self.actions.inc()
        self.latency.observe(seconds)

    def read(self, games: Callable[[], float], connections: Callable[[], float],
             queue: Callable[[], float]) -> None:
        """Read the gauges from these functions whenever the metrics are scraped."""
        self.games.set_function(games)
        self.connections.set_function(connections)
        self.queue.set_function(queue)

    def exposition(self) -> bytes:
        """The metrics in Prometheus's text format."""
        return generate_latest(self.registry)
