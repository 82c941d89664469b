"""``cardrules simulate``: many seeded bot matches in parallel, summarised."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from cardrules.cli.common import check_writable, parse_option, rules_options
from cardrules.registry import default_catalogue
from cardrules.simulate import MatchRow, Summary, compare, simulate, summarise

__all__ = ["simulate_command"]


def _run(console: Console, label: str, games: int, **kwargs: Any) -> list[MatchRow]:
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(label, total=games)
        try:
            return simulate(games=games, progress=lambda n: progress.advance(task, n), **kwargs)
        except ValueError as error:
            raise click.BadParameter(str(error)) from None


def _summary_tables(console: Console, title: str, summary: Summary) -> None:
    table = Table(title=title)
    for column in ("bot / seat", "seat-matches", "win rate", "95% interval", "mean total", "sd"):
        table.add_column(column, justify="right" if column != "bot / seat" else "left")
    for group in (*summary.by_bot, *summary.by_seat):
        low, high = group.win_interval
        table.add_row(
            group.name,
            str(group.seats),
            f"{group.win_rate:.1%}",
            f"{low:.1%}-{high:.1%}",
            f"{group.mean_total:.2f}",
            f"{group.sd_total:.2f}",
        )
    console.print(table)
    console.print(
        f"matches {summary.matches}, truncated {summary.truncated}; rounds per match "
        f"{summary.mean_rounds:.2f}; decisions per match mean {summary.mean_decisions:.1f}, "
        f"median {summary.median_decisions:.0f}"
    )


def _write(path: Path, rows: Sequence[MatchRow]) -> None:
    records = [row.as_dict() for row in rows]
    if path.suffix.lower() == ".json":
        path.write_text(json.dumps(records, indent=1), encoding="utf-8")
        return
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        players = len(rows[0].bots)
        writer.writerow(
            ["seed", "variants", "rounds", "decisions", "truncated", "winners"]
            + [f"bot_{s}" for s in range(players)]
            + [f"total_{s}" for s in range(players)]
        )
        for row in rows:
            writer.writerow(
                [
                    row.seed,
                    "+".join(row.variants),
                    row.rounds,
                    row.decisions,
                    row.truncated,
                    " ".join(map(str, row.winners)),
                    *row.bots,
                    *row.totals,
                ]
            )


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
    axes.set_xlabel("match total (lower is better)")
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
    default="greedy,random",
    show_default=True,
    help="Bots by seat, comma-separated, repeated over the seats.",
)
@rules_options
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Worker processes.",
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
    help="Write the per-match results (.csv or .json).",
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
    bots: str,
    variants: Sequence[str],
    options: Sequence[str],
    jobs: int,
    seed: int,
    compare_variant: str | None,
    out: Path | None,
    plot: Path | None,
    max_decisions: int,
) -> None:
    """Play GAMES seeded matches of GAME between bots and summarise them."""
    console = Console(highlight=False)
    check_writable(out, "--out", (".csv", ".json"))
    check_writable(plot, "--plot", (".png",))
    if compare_variant:
        default_catalogue().variant(game, compare_variant)  # unknown: refused before any match
    settings: dict[str, Any] = {
        "game": game,
        "players": players,
        "bots": [b.strip() for b in bots.split(",") if b.strip()],
        "options": dict(parse_option(text) for text in options) or None,
        "seed": seed,
        "jobs": jobs,
        "max_decisions": max_decisions,
    }
    base = _run(console, "matches", games, variants=list(variants), **settings)
    runs: dict[str, Sequence[MatchRow]] = {"": base}
    _summary_tables(
        console,
        f"{game}: {games} matches, bots {bots}, variants {', '.join(variants) or 'none'}",
        summarise(base),
    )
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
        _summary_tables(console, f"the same seeds with {compare_variant}", summarise(varied))
        table = Table(title=f"What {compare_variant} changes (paired by seed and seat)")
        for column in ("bot", "mean total without", "with", "change", "95% interval"):
            table.add_column(column, justify="right" if column != "bot" else "left")
        for diff in compare(base, varied):
            low, high = diff.interval
            table.add_row(
                diff.name,
                f"{diff.base_mean:.2f}",
                f"{diff.variant_mean:.2f}",
                f"{diff.mean_change:+.2f}",
                f"{low:+.2f} to {high:+.2f}",
            )
        console.print(table)
        a, b = summarise(base), summarise(varied)
        console.print(
            f"decisions per match {a.mean_decisions:.1f} -> {b.mean_decisions:.1f}; "
            f"truncated {a.truncated} -> {b.truncated}"
        )
        rows += varied
    if out is not None:
        _write(out, rows)
        console.print(f"wrote {len(rows)} matches to {out}")
    if plot is not None:
        _plot(plot, runs)
        console.print(f"drew {plot}")
