"""tianshou's collector on Toonerville Rook: this checkout against the code of an earlier revision.

    python benchmarks/tianshou_then_and_now.py                  # against d777771, 3 players
    python benchmarks/tianshou_then_and_now.py --envs 8 --players 4 --repeats 5 --seconds 8

Issue 41 asks tianshou's ``Collector``, with masked random policies, to run
Rook at least 20 times the steps/s it ran when the issue was filed (revision
``d777771``: one action id per possible meld, 47,565 ids with 3 players,
whose mask tianshou turns into a Python list at every step).
``benchmarks/learning_loops.py`` compares the compact encoding with
``encoding="full"`` of this checkout, which has been made faster since; this
script measures the filing-time code itself, in the same run:

* the revision's ``src/`` is taken out of git (``git archive``) into a
  temporary directory;
* each repeat runs one process on that code and one on this checkout's,
  one after the other, so a machine that speeds up or slows down moves both;
  each times `learning_loops.tianshou_loop` (``env()`` in tianshou's
  ``PettingZooEnv``, a ``DummyVectorEnv`` of one-round matches, one
  ``MARLRandomDiscreteMaskedOffPolicyAlgorithm`` per seat) after a warm-up;
* for each number of environments in ``--envs`` (8 and 32 by default: the
  collector's own work per step, most of a compact step's time, is shared
  by more environments at 32), the ratio is the median of the repeats'
  ratios, printed with MEETS (at least 20x) or MISSES.

It needs tianshou (with torch) and git; it asserts nothing and times the
machine it runs on (compare figures from one run only).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: What one worker process runs: time the collector, print ``{"steps_per_second": ...}``.
WORKER = """
import json, sys
sys.path.insert(0, {benchmarks!r})
from learning_loops import tianshou_loop
loop = tianshou_loop("toonerville-rook", {players}, {encoding!r}, {envs})
if loop is None:
    raise SystemExit("tianshou is not installed")
loop(min(1.0, {seconds}), 10_000)  # warm up: imports, caches, first deals
print(json.dumps({{"steps_per_second": loop({seconds}, {seed})}}))
"""


def measure(
    src: Path, encoding: str | None, envs: int, args: argparse.Namespace, seed: int
) -> float:
    """Steps/s of the collector on the code in ``src`` (a ``src/`` directory), in a new process.

    ``encoding`` ``None``: the code has one encoding, and ``env()`` is called without it.

    Raises:
        RuntimeError: the worker failed (its error output is included).
    """
    code = WORKER.format(
        benchmarks=str(HERE),
        players=args.players,
        encoding=encoding,
        envs=envs,
        seconds=args.seconds,
        seed=seed,
    )
    environment = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"the worker on {src} failed:\n{done.stderr[-2000:]}")
    rate: float = json.loads(done.stdout.strip().splitlines()[-1])["steps_per_second"]
    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", default="d777771", help="the earlier revision (git)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--envs", type=int, nargs="+", default=[8, 32], help="environments in the collector"
    )
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds per timed run")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as scratch:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.baseline, "src"],
            capture_output=True,
            check=False,
        )
        if archive.returncode != 0:
            print(f"git cannot give {args.baseline}'s src/: {archive.stderr.decode()[:500]}")
            return 2
        subprocess.run(["tar", "-x", "-C", scratch], input=archive.stdout, check=True)
        then_src = Path(scratch) / "src"
        # The earlier code's env() takes no ``encoding`` (it had one id per move).
        then_encoding = (
            None
            if "encoding" not in (then_src / "cardrules/adapters/pettingzoo.py").read_text()
            else "full"
        )
        then: dict[int, list[float]] = {envs: [] for envs in args.envs}
        now: dict[int, list[float]] = {envs: [] for envs in args.envs}
        for repeat in range(args.repeats):
            for envs in args.envs:
                then[envs].append(measure(then_src, then_encoding, envs, args, repeat))
                now[envs].append(measure(ROOT / "src", "compact", envs, args, repeat))

    print(
        f"tianshou Collector, masked random policies, toonerville-rook, {args.players} players, "
        f"one round; steps/s, medians of {args.repeats} x {args.seconds:g} s"
    )
    print()
    print(f"| environments | {args.baseline} (then, one id per move) | now (compact) | ratio |")
    print("|---:|---:|---:|---:|")
    ratios: dict[int, float] = {}
    for envs in args.envs:
        ratios[envs] = statistics.median(n / t for n, t in zip(now[envs], then[envs], strict=True))
        print(
            f"| {envs} | {statistics.median(then[envs]):,.0f} | "
            f"{statistics.median(now[envs]):,.0f} | {ratios[envs]:.1f}x |"
        )
    print()
    for envs, ratio in ratios.items():
        verdict = "MEETS" if ratio >= 20.0 else "MISSES"
        print(f"{verdict}: {envs} environments, now at least 20x {args.baseline} ({ratio:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
