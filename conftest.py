"""Skip the doctests of the learning environments whose libraries (extra ``[rl]``) are missing."""

from importlib.util import find_spec

collect_ignore_glob = [] if find_spec("pettingzoo") and find_spec("gymnasium") else ["src/sixtysix/env/*"]
if not find_spec("pyspiel"):
    collect_ignore_glob.append("src/sixtysix/env/spiel.py")
