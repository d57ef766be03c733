"""Where the compiled build spends its time: a native profile of random playouts.

Run it from the repository root, on Linux with ``perf`` installed, after
``sh scripts/compiled.sh`` has made the compiled build in ``.venv-compiled``::

    python benchmarks/native_profile.py                  # Up and Down the River, 6 s
    python benchmarks/native_profile.py --game maverick --seconds 4 --leaves 20

A profiler of Python code sees a compiled module as one opaque call, so this
script samples the machine's own call stacks instead: ``perf record`` with DWARF
unwinding runs the benchmark loop of ``benchmarks/playouts.py`` under the
compiled build, and every sample is charged to the innermost compiled function on
its stack (mypyc names them ``CPyDef_<module>___<function>``), together with the C
function the sample landed in (allocation, reference counting, dict lookups,
attribute lookups of interpreted classes, the interpreter itself). Samples with no
compiled function on the stack are the loop's own work (``random.choice``, the
calls into the library). The percentages are of all samples.
"""

from __future__ import annotations

import argparse
import collections
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

COMPILED_PYTHON = Path(__file__).resolve().parent.parent / ".venv-compiled" / "bin" / "python"

#: The loop the profile samples: the benchmark's own playouts, for a while.
LOOP = """
import random, sys, time
sys.path.insert(0, {benchmarks!r})
from playouts import bench_case, cardrules_playout
from cardrules import games
play = cardrules_playout(games.get({game!r}), bench_case({game!r}))
rng = random.Random(0)
end = time.perf_counter() + {seconds}
while time.perf_counter() < end:
    play(rng)
"""

#: A compiled function's C name: CPyDef_ (or a method's wrapper) and the module path.
COMPILED = re.compile(r"^(CPyDef_|CPyPy_)?cardrules___")
#: Frames that only pass a call on (inlined helpers): charged to the frame above them.
PASSING = re.compile(r"^(Py_|_Py_|Py_X?(INC|DEC)REF|.*\(inlined\))")


def stacks(script: str) -> Iterator[list[str]]:
    """The sampled call stacks of ``perf script`` output, innermost frame first."""
    stack: list[str] = []
    for line in script.splitlines():
        if not line.strip():
            if stack:
                yield stack
            stack = []
        elif line[0] in " \t":
            parts = line.split(None, 1)
            if len(parts) == 2:
                symbol = parts[1].rsplit(" (", 1)[0]
                stack.append(re.sub(r"\+0x[0-9a-f]+$", "", symbol))
    if stack:
        yield stack


def readable(symbol: str) -> str:
    """``CPyDef_cardrules___core___trickgame____play`` as ``core.trickgame._play``."""
    name = re.sub(r"^(CPyDef_|CPyPy_)?cardrules___", "", symbol)
    return name.replace("___", ".")


def profile(python: str, game: str, seconds: float) -> list[list[str]]:
    """Run the loop under ``perf record`` and return its samples' stacks."""
    benchmarks = str(Path(__file__).resolve().parent)
    loop = LOOP.format(benchmarks=benchmarks, game=game, seconds=seconds)
    with tempfile.TemporaryDirectory() as folder:
        data = str(Path(folder) / "perf.data")
        record = ["perf", "record", "-q", "-F", "500", "--call-graph", "dwarf,16384"]
        subprocess.run(
            [*record, "-o", data, python, "-c", loop],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        script = subprocess.run(
            ["perf", "script", "-i", data],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    return list(stacks(script))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A native profile of the compiled build.")
    parser.add_argument("--game", default="oh_hell", help="a registered game (default oh_hell)")
    parser.add_argument("--seconds", type=float, default=6.0, help="how long to sample")
    parser.add_argument("--functions", type=int, default=25, help="compiled functions shown")
    parser.add_argument("--leaves", type=int, default=12, help="C functions shown per function")
    parser.add_argument("--python", default=str(COMPILED_PYTHON), help="the compiled build")
    args = parser.parse_args(argv)
    if shutil.which("perf") is None:
        parser.error("perf is not installed (on Debian and Ubuntu: apt install linux-perf)")
    if not Path(args.python).exists():
        parser.error(f"no compiled build at {args.python}: run sh scripts/compiled.sh first")
    samples = profile(args.python, args.game, args.seconds)
    if not samples:
        parser.error("perf recorded no samples (is perf_event_paranoid above 2?)")
    owners: collections.Counter[str] = collections.Counter()
    leaves: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for stack in samples:
        owner = next((frame for frame in stack if COMPILED.match(frame)), None)
        name = readable(owner) if owner else "(the benchmark loop, outside the library)"
        owners[name] += 1
        leaf = next((frame for frame in stack if not PASSING.match(frame)), stack[0])
        leaves[name]["(its own code)" if leaf == owner else leaf] += 1
    total = len(samples)
    print(f"{args.game}, compiled build: {total} samples; share of all samples by function")
    for name, count in owners.most_common(args.functions):
        print(f"{100 * count / total:6.1f}%  {name}")
        for leaf, inner in leaves[name].most_common(args.leaves):
            if inner / total >= 0.002:
                print(f"{'':10}{100 * inner / total:5.1f}%  {leaf}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
