"""A sampled mutation test of the engine's round module, standard library only.

Each mutant is ``src/sixtysix/two/round.py`` with one small change made on its
syntax tree: a comparison operator (``<`` to ``<=``, ``==`` to ``!=``, ``in``
to ``not in``...), a whole number one up or one down, ``and`` and ``or``
swapped, a ``not`` dropped, an arithmetic or bitwise operator swapped, a
message's text altered, ``True`` and ``False`` swapped, a returned value
replaced by ``None``. Docstrings, annotations and ``assert`` statements are
left alone. A seeded sample of the mutants is run, one at a time, against the
rule tests (``tests/test_rules_*.py``, ``tests/test_round_api.py``,
``tests/test_golden.py``, the doctests of ``two/round.py`` and, last as the slowest,
``tests/test_properties.py``), with ``-x`` and a timeout per mutant. A mutant is
killed when the tests fail or time out.

The worktree is never changed: the package and the tests are copied to a
temporary directory, the mutants are written there, and the tests import the
copy (``PYTHONPATH``). The unchanged module, written back from its syntax tree,
must pass first. The script prints each surviving mutant (``two/round.py:LINE:
the change``) and, as its last line, the share of mutants killed.

    nice -n 19 python benchmarks/mutation.py [--mutants N] [--seed S] [--timeout SECONDS] [--line N]
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sixtysix.cli import MAX_SEED, Parser, number, whole_number

ROOT = Path(__file__).resolve().parent.parent
TARGET = Path("src/sixtysix/two/round.py")
FAST_TESTS = ("tests/test_rules_*.py", "tests/test_round_api.py", "tests/test_golden.py")
SLOW_TESTS = ("tests/test_properties.py",)

_COMPARE_SWAPS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE), ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE), ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,), ast.NotIn: (ast.In,), ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
}
_BINARY_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift, ast.RShift: ast.LShift, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
}
_SYMBOLS = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+",
    ast.Sub: "-", ast.BitAnd: "&", ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>",
    ast.Mult: "*", ast.FloorDiv: "//", ast.And: "and", ast.Or: "or",
}


@dataclass(frozen=True)
class Mutant:
    """One change: the index of its node in ``ast.walk`` order, and which variant."""

    node: int
    variant: int
    line: int
    change: str


def _skipped_nodes(tree: ast.Module) -> set[int]:
    """Ids of the nodes no mutant touches: docstrings, annotations and asserts."""
    roots: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            roots.extend(stmt for stmt in node.body
                         if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            roots.append(node.returns)
        if isinstance(node, ast.arg) and node.annotation is not None:
            roots.append(node.annotation)
        if isinstance(node, ast.AnnAssign):
            roots.append(node.annotation)
        if isinstance(node, ast.Assert):
            roots.append(node)
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            roots.append(node)
    return {id(inner) for root in roots for inner in ast.walk(root)}


def _variants(node: ast.AST) -> Iterator[tuple[str, Callable[[ast.AST], ast.AST]]]:
    """Each change of one node: its description and a function making it (returns the new node)."""
    if isinstance(node, ast.Compare):
        for index, op in enumerate(node.ops):
            for swap in _COMPARE_SWAPS.get(type(op), ()):
                def compare(n: ast.AST, index: int = index, swap: type[ast.cmpop] = swap) -> ast.AST:
                    assert isinstance(n, ast.Compare)
                    n.ops[index] = swap()
                    return n
                yield f"{_SYMBOLS[type(op)]} -> {_SYMBOLS[swap]}", compare
    elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY_SWAPS:
        swap_op = _BINARY_SWAPS[type(node.op)]

        def binary(n: ast.AST) -> ast.AST:
            assert isinstance(n, ast.BinOp)
            n.op = swap_op()
            return n
        yield f"{_SYMBOLS[type(node.op)]} -> {_SYMBOLS[swap_op]}", binary
    elif isinstance(node, ast.BoolOp):
        def boolean(n: ast.AST) -> ast.AST:
            assert isinstance(n, ast.BoolOp)
            n.op = ast.Or() if isinstance(n.op, ast.And) else ast.And()
            return n
        other = "or" if isinstance(node.op, ast.And) else "and"
        yield f"{_SYMBOLS[type(node.op)]} -> {other}", boolean
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not dropped", lambda n: n.operand if isinstance(n, ast.UnaryOp) else n
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            yield f"{value} -> {not value}", lambda n: ast.Constant(not value)
        elif isinstance(value, int):
            yield f"{value} -> {value + 1}", lambda n: ast.Constant(value + 1)
            yield f"{value} -> {value - 1}", lambda n: ast.Constant(value - 1)
        elif isinstance(value, str) and value.strip():
            yield f"{value!r} -> {'XX' + value!r}", lambda n: ast.Constant("XX" + value)
    elif isinstance(node, ast.Return) and node.value is not None and not (
            isinstance(node.value, ast.Constant) and node.value.value is None):
        def returned(n: ast.AST) -> ast.AST:
            assert isinstance(n, ast.Return)
            n.value = ast.Constant(None)
            return n
        yield f"return {ast.unparse(node.value)[:40]} -> return None", returned


def mutants(source: str) -> list[Mutant]:
    """Every mutant of a module's source, in the order of its syntax tree."""
    tree = ast.parse(source)
    skipped = _skipped_nodes(tree)
    found = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skipped:
            continue
        for variant, (change, _) in enumerate(_variants(node)):
            found.append(Mutant(index, variant, getattr(node, "lineno", 0), change))
    return found


def mutated(source: str, mutant: Mutant) -> str:
    """The source with one mutant's change made."""
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    target = nodes[mutant.node]
    make = list(_variants(target))[mutant.variant][1]
    replacement = make(target)
    if replacement is not target:
        for parent in nodes:
            for field, value in ast.iter_fields(parent):
                if value is target:
                    setattr(parent, field, replacement)
                elif isinstance(value, list):
                    value[:] = [replacement if item is target else item for item in value]
    return ast.unparse(ast.fix_missing_locations(tree))


def _test_command(copy: Path) -> list[str]:
    fast = sorted({str(p.relative_to(copy)) for pattern in FAST_TESTS for p in copy.glob(pattern)})
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0",
            *fast, str(TARGET), *SLOW_TESTS]


def run_tests(copy: Path, timeout: float) -> str:
    """Run the tests in the copy: ``"passed"``, ``"failed"`` or ``"timeout"``."""
    shutil.rmtree(copy / ".hypothesis", ignore_errors=True)
    env = dict(os.environ, PYTHONPATH=str(copy / "src"), PYTHONDONTWRITEBYTECODE="1")
    with subprocess.Popen(_test_command(copy), cwd=copy, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, start_new_session=True) as process:
        try:
            status = process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            return "timeout"
        except BaseException:  # Ctrl-C: stop the tests too, then let the copy be removed
            os.killpg(process.pid, signal.SIGKILL)
            raise
    return "passed" if status == 0 else "failed"


def _copy_project(into: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", "*.egg-info")
    for folder in ("src", "tests", "docs"):
        shutil.copytree(ROOT / folder, into / folder, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", into / "pyproject.toml")


def main() -> None:
    """Run the sampled mutants and print the survivors and the score."""
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mutants", type=whole_number(1, 100_000), default=150,
                        help="mutants to sample (default 150; all if there are fewer)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=1,
                        help="seed of the sample (default 1)")
    parser.add_argument("--timeout", type=number(1, 3600), default=120,
                        help="seconds per mutant before it counts as killed (default 120)")
    parser.add_argument("--line", type=whole_number(1, 100_000), action="append", default=[],
                        help="only the mutants of this line (repeatable; the sample is drawn from them)")
    args = parser.parse_args()
    source = (ROOT / TARGET).read_text(encoding="utf-8")
    every = [m for m in mutants(source) if not args.line or m.line in args.line]
    if not every:
        parser.error("no mutant on the lines given")
    sample = sorted(random.Random(args.seed).sample(every, min(args.mutants, len(every))),
                    key=lambda m: (m.line, m.node, m.variant))
    print(f"{TARGET}: {len(every)} mutants, {len(sample)} sampled with seed {args.seed}", flush=True)
    with tempfile.TemporaryDirectory(prefix="sixtysix-mutation-") as folder:
        copy = Path(folder)
        _copy_project(copy)
        module = copy / TARGET
        module.write_text(ast.unparse(ast.parse(source)), encoding="utf-8")
        if run_tests(copy, args.timeout * 3) != "passed":
            sys.exit("mutation.py: the tests fail on the unmutated module; no score")
        survivors = []
        start = time.perf_counter()
        for index, mutant in enumerate(sample, 1):
            module.write_text(mutated(source, mutant), encoding="utf-8")
            result = run_tests(copy, args.timeout)
            if result == "passed":
                survivors.append(mutant)
            mark = "SURVIVED" if result == "passed" else result
            print(f"[{index}/{len(sample)} {time.perf_counter() - start:.0f} s] "
                  f"{TARGET.name}:{mutant.line}: {mutant.change}  {mark}", flush=True)
    print(f"survivors: {len(survivors)}")
    for mutant in survivors:
        print(f"  {TARGET.name}:{mutant.line}: {mutant.change}")
    killed = len(sample) - len(survivors)
    print(f"killed: {killed} of {len(sample)}")
    print(f"mutation_score: {100 * killed / len(sample):.1f}%")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("mutation.py: interrupted", file=sys.stderr)
        sys.exit(130)
