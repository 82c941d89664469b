"""``cardrules simulate``: many seeded bot matches, locally or on Ray, summarised and drawn."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from cardrules.analysis.backends import BACKENDS
from cardrules.analysis.report import write_report
from cardrules.bot_loading import default_bot
from cardrules.cli.common import check_writable, parse_option, rules_options
from cardrules.cli.figures import (
    match_progress,
    print_comparison,
    print_metrics,
    print_summary,
    write_rows,
)
from cardrules.registry import default_catalogue
from cardrules.simulate import MatchRow, simulate, summarise

__all__ = ["simulate_command"]


def _run(console: Console, label: str, games: int, **kwargs: Any) -> list[MatchRow]:
    with match_progress(console, label, games) as advance:
        try:
            return simulate(games=games, progress=advance, **kwargs)
        except ValueError as error:
            raise click.BadParameter(str(error)) from None


def _plot(path: Path, runs: dict[str, Sequence[MatchRow]]) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise click.UsageError("--plot needs matplotlib: pip install 'cardrules[plot]'") from None
    figure, axes = plt.subplots(figsize=(8, 4.5))
    for label, rows in runs.items():
        by_bot: dict[str, list[int]] = {}
        for row in rows:
            if not row.truncated:
                for bot, total in zip(row.bots, row.totals, strict=True):
                    by_bot.setdefault(bot, []).append(total)
        for bot, totals in sorted(by_bot.items()):
            axes.hist(totals, bins=30, alpha=0.5, label=f"{bot} {label}".strip())
    higher = any(r.higher_wins for rows in runs.values() for r in rows)
    axes.set_xlabel(f"match total ({'higher' if higher else 'lower'} is better)")
    axes.set_ylabel("seat-matches")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


@click.command("simulate")
@click.argument("game")
@click.option("--games", "-g", type=click.IntRange(min=1), default=200, show_default=True)
@click.option("--players", "-n", type=int, default=4, show_default=True)
@click.option(
    "--bots",
    default=None,
    help="Bots by seat, comma-separated, repeated over the seats. Default: the game's own "
    "bot and random (greedy,random for both bundled games).",
)
@rules_options
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Workers: local processes, or Ray tasks at a time (and the CPUs of a local Ray instance).",
)
@click.option(
    "--backend",
    type=click.Choice(BACKENDS),
    default="local",
    show_default=True,
    help="Where matches run: local processes, or tasks on a Ray cluster (cardrules[ray]).",
)
@click.option(
    "--address",
    default=None,
    help="The Ray cluster to use (as ray.init takes it: auto, ray://HOST:10001); "
    "without it --backend ray starts a local Ray instance.",
)
@click.option(
    "--seed",
    "-s",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the first match; match i uses seed + i.",
)
@click.option(
    "--compare-variant",
    default=None,
    help="Also run the same seeds with this variant, and report the differences.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Per-match results: .jsonl streams rows as matches finish and resumes an "
    "interrupted run; .csv or .json are written at the end.",
)
@click.option(
    "--report",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write an HTML report with plots into this folder (needs matplotlib).",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Draw the score distributions (.png; needs matplotlib).",
)
def simulate_command(
    game: str,
    games: int,
    players: int,
    bots: str | None,
    variants: Sequence[str],
    options: Sequence[str],
    jobs: int,
    backend: str,
    address: str | None,
    seed: int,
    compare_variant: str | None,
    out: Path | None,
    plot: Path | None,
    report: Path | None,
    max_decisions: int,
) -> None:
    """Play GAMES seeded matches of GAME between bots and summarise them."""
    console = Console(highlight=False)
    check_writable(out, "--out", (".jsonl", ".csv", ".json"))
    check_writable(plot, "--plot", (".png",))
    if compare_variant:
        default_catalogue().variant(game, compare_variant)  # unknown: refused before any match
    if bots is None:
        bots = f"{default_bot(default_catalogue().game(game))},random"
    stream = out if out is not None and out.suffix.lower() == ".jsonl" else None
    settings: dict[str, Any] = {
        "game": game,
        "players": players,
        "bots": [b.strip() for b in bots.split(",") if b.strip()],
        "options": dict(parse_option(text) for text in options) or None,
        "seed": seed,
        "jobs": jobs,
        "max_decisions": max_decisions,
        "backend": backend,
        "address": address,
        "out": stream,
    }
    base = _run(console, "matches", games, variants=list(variants), **settings)
    runs: dict[str, Sequence[MatchRow]] = {"": base}
    title = f"{game}: {games} matches, bots {bots}, variants {', '.join(variants) or 'none'}"
    print_summary(console, title, summarise(base))
    print_metrics(console, "How the game plays", base)
    rows = list(base)
    if compare_variant:
        varied = _run(
            console,
            f"with {compare_variant}",
            games,
            variants=[*variants, compare_variant],
            **settings,
        )
        runs = {"without": base, f"with {compare_variant}": varied}
        print_summary(console, f"the same seeds with {compare_variant}", summarise(varied))
        print_metrics(console, f"How the game plays with {compare_variant}", varied)
        print_comparison(console, compare_variant, base, varied)
        rows += varied
    if out is not None:
        if stream is None:
            write_rows(out, rows)
        console.print(f"wrote {len(rows)} matches to {out}")
    if plot is not None:
        _plot(plot, runs)
        console.print(f"drew {plot}")
    if report is not None:
        try:
            path = write_report(report, runs, title=title)
        except ValueError as error:
            raise click.UsageError(str(error)) from None
        console.print(f"wrote the report {path}")
