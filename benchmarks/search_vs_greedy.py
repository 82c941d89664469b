"""The ISMCTS bot against the greedy bot: paired seeded matches, printed figures.

    python benchmarks/search_vs_greedy.py gnoming-a-round --players 4 --matches 300 \
        --iterations 80 --max-rollout-moves 4
    python benchmarks/search_vs_greedy.py toonerville-rook --players 3 --matches 300 \
        --iterations 32 --max-rollout-moves 20 --option rounds=2
    python benchmarks/search_vs_greedy.py toonerville-rook --players 3 --matches 40 \
        --bot flat --max-rollout-moves 10 \
        --evaluate cardrules_rook.evaluate:estimated_round_scores

Match ``i`` uses seed ``--first-seed + i`` and puts the search bot
(`cardrules.bots.search.ISMCTSBot`, or with ``--bot flat``
`cardrules.bots.flat_search.FlatMonteCarloBot`; seed ``seed * 100 + seat``) in seat
``seed % players`` (so runs over different seeds can be merged; the figures
below from before 2026-11-30 used ``i % players``); greedy bots (seed
``seed * 100 + s``, as ``cardrules play`` seeds them) hold the other seats.
The same seed is then played again with the greedy bot in that seat too, so
each match gives one paired difference: the search seat's match total minus
the greedy seat's (lower is better, so a negative difference favours the
search bot). The same seed deals the same
cards while the two matches' chance events stay in step, which keeps the
pairs close.

Prints, every ``--report-every`` matches and at the end: both mean totals, the
mean paired difference with a 95% interval (normal approximation), win rates
(a shared win counts ``1/k``), decisions per match and seconds per search
decision (decisions with one legal move are answered without search and are
counted apart). ``--record FILE`` appends each paired match to FILE as a JSON
line, so runs over different seeds (one per core) can be merged with
``--from-records FILE ...``. Nothing here is timed by the test suite.

Budget notes (one shared core): a search iteration costs about 0.4 ms plus
0.15-0.2 ms per rollout move, and a full-round rollout about 11 ms in either
game. Full-round rollouts at the affordable 16 iterations lost clearly to
greedy in Rook (the outcome of a whole round is too noisy to rank moves from
a few samples); short capped rollouts scored by `score_if_ended_now` did
better in both games. A full 11-round Rook match has about 245 searched
decisions per seat at 3 players (over 20 s a match at 32 iterations), hence
``--option rounds=N`` for shorter matches.

What was tried against greedy in single Rook rounds (3 players, the search seat
rotating, each round dealt again with greedy in that seat; mean difference of
the search seat's round score, positive = worse than greedy). Kept here so the
next attempt starts from them:

* ISMCTS, 32 iterations, rollouts capped at 20 and scored by hand points:
  +15 to +37 a round in each of rounds 4, 7, 8, 9 and 10 (6 deals each,
  mean +25.5, standard error 8.6). Hand points at the cap punish taking and
  buying the cards later contracts need.
* The same, scoring a hand that is not down as its points plus 20 per card
  missing from the contract (the extra Rooks it would need): mean +6.3 (9.3).
* Flat Monte Carlo (each legal move played on the same sampled states, 48
  rollouts a decision but at least 2 a move, capped at 10 moves, keeping the greedy move unless a
  paired difference is a standard error below 0): +21.5 (8.7) scored by hand
  points; -10.0 (10.5) with the missing-cards score, best in rounds 9 and
  10 (6 deals each: too few to tell).
* Flat Monte Carlo with whole-round greedy rollouts instead: +1.5, -9.2 and
  +20.6 in rounds 1-3 (24 deals each, 8 samples, the three best discards and
  every draw or buy choice); draw and buy choices only, 16 samples, 1.5
  standard errors: +0.0, +5.6 and +12.3 in rounds 3, 4 and 7.

What beat greedy over full 11-round Rook matches (3 players): ``--bot flat``
with its defaults (48 rollouts, z 1, rollouts capped at 10 moves and scored
by the missing-cards estimate). 160 paired matches: seeds 0-19 and 1000-1018
(seat ``i % players``), then 2000-2059 and 3000-3060 (``--record``, seat
``seed % players``). The search seat's mean total was 310.5 against 499.1 for
greedy in the same seat, a paired difference of -188.6 (95% interval -215.9
to -161.3), with 69.4% of wins against 32.2%, at about 0.16 s per searched
decision. The gains come mostly from rounds 6, 10 and 11 (-58, -33 and -34
a round in the 121 recorded matches), then 2, 8 and 9. The same bot in
Gnoming A Round (4 players, 301 matches: seeds 0-100, then 101-300 with
``--record``): the search seat's mean total 6.99 against 12.65, -5.66
(95% interval -8.77 to -2.56), 34.2% of wins against 27.2%, about what
ISMCTS gains there.

Whole-round rollouts find greedy's choices close to the best replies *given
sampled states*; but samples deal the other players uniform hands while
greedy players keep useful cards, so the rollouts misjudge when the round
ends. Next to try: the missing-cards score over more deals, and weighting
samples by how likely each player's own takes, buys and discards were.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import statistics
import sys
import time
from typing import Any

import attrs

import cardrules
from cardrules.bots import Bot
from cardrules.bots.flat_search import FlatMonteCarloBot
from cardrules.bots.loading import bot_factories
from cardrules.bots.search import ISMCTSBot


@attrs.define
class Tally:
    """Running figures of the paired matches."""

    search_totals: list[int] = attrs.Factory(list)
    greedy_totals: list[int] = attrs.Factory(list)
    search_wins: float = 0.0
    greedy_wins: float = 0.0
    search_decisions: int = 0
    trivial_decisions: int = 0
    search_seconds: float = 0.0
    decisions: int = 0
    truncated: int = 0
    round_diffs: list[list[int]] = attrs.Factory(list)

    def add(self, record: dict[str, Any]) -> None:
        """Count one paired match, given as the record ``--record`` writes."""
        self.search_totals.append(record["search_total"])
        self.greedy_totals.append(record["greedy_total"])
        self.search_wins += record["search_win"]
        self.greedy_wins += record["greedy_win"]
        self.search_decisions += record["searched_decisions"]
        self.trivial_decisions += record["trivial_decisions"]
        self.search_seconds += record["search_seconds"]
        self.decisions += record["decisions"]
        self.truncated += record["truncated"]
        self.round_diffs.append(record["round_diffs"])

    def report(self, label: str) -> str:
        n = len(self.search_totals)
        diffs = [a - b for a, b in zip(self.search_totals, self.greedy_totals, strict=True)]
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / n**0.5 if n > 1 else float("nan")
        searched = max(self.search_decisions, 1)
        return "\n".join(
            [
                f"{label}: {n} paired matches",
                f"  search seat mean total  {statistics.fmean(self.search_totals):9.2f}",
                f"  greedy same seat total  {statistics.fmean(self.greedy_totals):9.2f}",
                f"  paired difference       {mean:+9.2f}  95% interval "
                f"[{mean - half:+.2f}, {mean + half:+.2f}]  (negative: search scores lower)",
                f"  win rate: search seat {self.search_wins / n:.1%}, "
                f"greedy in that seat {self.greedy_wins / n:.1%}",
                f"  decisions per match {self.decisions / n:.0f}; search seat: "
                f"{self.search_decisions / n:.0f} searched + {self.trivial_decisions / n:.0f} "
                f"with one legal move",
                f"  seconds per searched decision {self.search_seconds / searched:.3f} "
                f"({self.search_seconds:.0f} s searching); truncated matches {self.truncated}",
                "  mean paired difference by round: "
                + " ".join(
                    f"{statistics.fmean(column):+.1f}"
                    for column in zip(*self.round_diffs, strict=False)
                ),
            ]
        )


class TimedBot:
    """Wraps the search bot: counts and times its decisions."""

    def __init__(self, bot: ISMCTSBot | FlatMonteCarloBot, tally: Tally) -> None:
        self.bot = bot
        self.tally = tally

    def choose(self, observation: Any) -> Any:
        if len(observation.legal_moves) == 1:
            self.tally.trivial_decisions += 1
            return self.bot.choose(observation)
        start = time.perf_counter()
        move = self.bot.choose(observation)
        self.tally.search_seconds += time.perf_counter() - start
        self.tally.search_decisions += 1
        return move


def _play(args: argparse.Namespace, seed: int, seat: int, tally: Tally | None) -> Any:
    state = cardrules.new_game(
        args.game, players=args.players, seed=seed, options=dict(args.options) or None
    )
    greedy = bot_factories(state.game.spec.bots)["greedy"]
    bots: list[Bot] = [greedy(seed * 100 + s) for s in range(args.players)]
    cap = args.max_rollout_moves if args.max_rollout_moves >= 0 else None
    if tally is not None and args.bot == "flat":
        bots[seat] = TimedBot(
            FlatMonteCarloBot(
                state.game,
                rollouts=args.rollouts,
                seed=seed * 100 + seat,
                policy=args.rollout,
                max_rollout_moves=cap,
                evaluate=args.evaluate,
                z=args.z,
            ),
            tally,
        )
    elif tally is not None:
        search = ISMCTSBot(
            state.game,
            iterations=args.iterations,
            seed=seed * 100 + seat,
            rollout=args.rollout,
            exploration=args.exploration,
            max_rollout_moves=cap,
            opponent_weight=args.opponent_weight,
            evaluate=args.evaluate,
        )
        bots[seat] = TimedBot(search, tally)
    result = cardrules.play_match(state, bots, max_decisions=args.max_decisions)
    return result


def _paired_match(args: argparse.Namespace, seed: int, seat: int) -> dict[str, Any]:
    """Play ``seed`` with the search bot in ``seat``, then with greedy there: one record."""
    own = Tally()
    searched = _play(args, seed, seat, own)
    baseline = _play(args, seed, seat, None)
    return {
        "seed": seed,
        "seat": seat,
        "search_total": searched.state.scores[seat],
        "greedy_total": baseline.state.scores[seat],
        "search_win": _win_share(searched.state.winners, seat),
        "greedy_win": _win_share(baseline.state.winners, seat),
        "searched_decisions": own.search_decisions,
        "trivial_decisions": own.trivial_decisions,
        "search_seconds": own.search_seconds,
        "decisions": searched.decisions,
        "truncated": int(searched.truncated) + int(baseline.truncated),
        "round_diffs": [
            a[seat] - b[seat]
            for a, b in zip(searched.state.round_scores, baseline.state.round_scores, strict=False)
        ],
    }


def _win_share(winners: Any, seat: int) -> float:
    """``1/k`` when ``seat`` is one of ``k`` winners, else 0."""
    return 1 / len(winners) if seat in winners else 0.0


def _callable(text: str) -> Any:
    """``module:function`` -> the function (for ``--evaluate``)."""
    module, sep, name = text.partition(":")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected MODULE:FUNCTION, got {text!r}")
    try:
        found = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as error:
        raise argparse.ArgumentTypeError(f"cannot load {text!r}: {error}") from error
    if not callable(found):
        raise argparse.ArgumentTypeError(f"{text!r} is not callable")
    return found


def _option(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    parsed: Any = value
    if value.lstrip("-").isdigit():
        parsed = int(value)
    elif value in ("true", "false"):
        parsed = value == "true"
    return name, parsed


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", help="a registered game name")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument(
        "--bot",
        choices=("ismcts", "flat"),
        default="ismcts",
        help="the search bot: ISMCTS, or flat Monte Carlo over the rollout policy",
    )
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations")
    parser.add_argument("--rollouts", type=int, default=48, help="flat: rollouts a decision")
    parser.add_argument("--z", type=float, default=1.0, help="flat: standard errors to switch")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--rollout", default="greedy")
    parser.add_argument("--exploration", type=float, default=0.3)
    parser.add_argument(
        "--max-rollout-moves",
        type=int,
        default=None,
        help="a negative number: no cap (default: the bot's own, 20 for ISMCTS, 10 for flat)",
    )
    parser.add_argument("--opponent-weight", type=float, default=0.0)
    parser.add_argument(
        "--evaluate",
        type=_callable,
        default=None,
        help="MODULE:FUNCTION scoring a capped rollout's position, e.g. "
        "cardrules_rook.evaluate:estimated_round_scores (default: the bot's own; ISMCTS scores "
        "the round as if it ended, flat asks the game's estimate)",
    )
    parser.add_argument("--option", dest="options", type=_option, action="append", default=[])
    parser.add_argument("--max-decisions", type=int, default=200_000)
    parser.add_argument("--report-every", type=int, default=25)
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="append one JSON line per paired match to FILE (runs on several cores can be "
        "merged with --from-records)",
    )
    parser.add_argument(
        "--from-records",
        metavar="FILE",
        nargs="+",
        help="play nothing: print the figures of the matches recorded in these files",
    )
    args = parser.parse_args()
    if args.max_rollout_moves is None:  # the bot's own default
        bot_class = FlatMonteCarloBot if args.bot == "flat" else ISMCTSBot
        default = inspect.signature(bot_class).parameters["max_rollout_moves"].default
        args.max_rollout_moves = -1 if default is None else default
    if args.from_records:
        tally = Tally()
        for path in args.from_records:
            with open(path, encoding="utf-8") as lines:
                for line in lines:
                    if line.strip():
                        tally.add(json.loads(line))
        if not tally.search_totals:
            parser.error("the record files hold no matches")
        print(tally.report(f"from {len(args.from_records)} record file(s)"))
        return 0
    if args.bot == "flat":
        settings = f"flat Monte Carlo (rollouts {args.rollouts}, z {args.z}"
    else:
        settings = (
            f"ISMCTS (iterations {args.iterations}, exploration {args.exploration}, "
            f"opponent weight {args.opponent_weight}"
        )
    if args.evaluate is not None:
        evaluate = args.evaluate.__qualname__
    elif args.bot == "flat":
        evaluate = "the game's estimate, cardrules.bots.search.estimated_scores"
    else:
        evaluate = "round as if ended"
    print(
        f"{args.game}, {args.players} players, options {dict(args.options)}: {settings}, "
        f"rollout {args.rollout}, max rollout moves {args.max_rollout_moves}, "
        f"evaluate {evaluate}) against greedy bots",
        flush=True,
    )
    tally = Tally()
    start = time.perf_counter()
    for i in range(args.matches):
        seed = args.first_seed + i
        seat = seed % args.players
        record = _paired_match(args, seed, seat)
        tally.add(record)
        if args.record is not None:
            with open(args.record, "a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
        if (i + 1) % args.report_every == 0 and i + 1 < args.matches:
            print(tally.report(f"after {time.perf_counter() - start:.0f} s"), flush=True)
    print(tally.report(f"final, {time.perf_counter() - start:.0f} s"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
