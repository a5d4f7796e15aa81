"""Skip the doctests of the learning environments when the ``[rl]`` extra is missing."""

from importlib.util import find_spec

collect_ignore_glob = [] if find_spec("pettingzoo") and find_spec("gymnasium") else ["src/sixtysix/env/*"]
