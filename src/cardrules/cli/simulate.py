"""``cardrules simulate``: many seeded bot matches, locally or on Ray, summarised and drawn."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from cardrules.analysis.backends import BACKENDS
from cardrules.analysis.report import require_matplotlib, write_report
from cardrules.analysis.simulate import MatchRow, simulate, summarise
from cardrules.analysis.verdict import verdict
from cardrules.bots.loading import bot_factory, default_bot
from cardrules.cli.common import (
    check_writable,
    file_option,
    parse_option,
    report_option,
    rules_options,
)
from cardrules.cli.figures import (
    describe_line_up,
    match_progress,
    print_comparison,
    print_metrics,
    print_summary,
    print_verdict,
    write_rows,
)
from cardrules.engine.game_state import new_game
from cardrules.plugins.registry import default_catalogue

__all__ = ["simulate_command"]


def _run(console: Console, label: str, games: int, **kwargs: Any) -> list[MatchRow]:
    with match_progress(console, label, games) as advance:
        try:
            return simulate(games=games, progress=advance, **kwargs)
        except ValueError as error:
            raise click.BadParameter(str(error)) from None


def _plot(path: Path, runs: dict[str, Sequence[MatchRow]]) -> None:
    plt = require_matplotlib()
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
    "bot and random (greedy,random for both bundled games); with --compare-variant, the "
    "game's own bot on every seat.",
)
@click.option(
    "--rotate-seats/--fixed-seats",
    default=True,
    show_default=True,
    help="Turn the line-up one seat per seed, so every bot holds (and starts from) every "
    "seat equally often.",
)
@click.option(
    "--skill-bots",
    default=None,
    help="With --compare-variant: a stronger and a weaker bot (STRONG,WEAK) played against "
    "each other on the same seeds, to measure how the rule changes the stronger one's edge. "
    "Default: the game's own bot and random when --bots is not given; none to skip.",
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
@file_option(
    "--out",
    help="Per-match results: .jsonl streams rows as matches finish and resumes an "
    "interrupted run; .csv or .json are written at the end.",
)
@report_option
@file_option(
    "--plot",
    help="Draw the score distributions (.png; needs matplotlib).",
)
def simulate_command(
    game: str,
    games: int,
    players: int,
    bots: str | None,
    rotate_seats: bool,
    skill_bots: str | None,
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
    if report is not None or plot is not None:
        try:
            require_matplotlib()  # before any match: the plots are drawn at the end
        except ValueError as error:
            option = "--report" if report is not None else "--plot"
            raise click.UsageError(f"{option}: {error}") from None
    spec = default_catalogue().game(game)
    if compare_variant:
        default_catalogue().variant(game, compare_variant)  # unknown: refused before any match
        if skill_bots is None and bots is None:
            skill_bots = f"{default_bot(spec)},random"
    skill_names = _skill_names(skill_bots) if compare_variant else None
    if bots is None:
        bots = default_bot(spec) if compare_variant else f"{default_bot(spec)},random"
    stream = out if out is not None and out.suffix.lower() == ".jsonl" else None
    settings: dict[str, Any] = {
        "game": game,
        "players": players,
        "bots": _names(bots),
        "options": dict(parse_option(text) for text in options) or None,
        "seed": seed,
        "jobs": jobs,
        "max_decisions": max_decisions,
        "backend": backend,
        "address": address,
        "out": stream,
        "rotate_seats": rotate_seats,
    }
    if skill_names is not None:
        probe = new_game(
            game, players=players, seed=seed, variants=variants, options=settings["options"]
        )
        for name in skill_names:  # an unknown skill bot is refused before any match
            try:
                bot_factory(name, probe.game)
            except ValueError as error:
                raise click.BadParameter(str(error), param_hint="--skill-bots") from None
    line_up = describe_line_up(settings["bots"], rotate_seats)
    base = _run(console, "matches", games, variants=list(variants), **settings)
    runs: dict[str, Sequence[MatchRow]] = {"": base}
    named = ", ".join(variants) or "none"
    title = f"{game}: {games} matches, {line_up}, variants {named}"
    rows = list(base)
    if compare_variant:
        varied = _run(
            console,
            f"with {compare_variant}",
            games,
            variants=[*variants, compare_variant],
            **settings,
        )
        against = ", ".join(variants) or "the base game"
        title = f"{game}: {compare_variant} against {against}, {games} matches, {line_up}"
        runs = {"without": base, f"with {compare_variant}": varied}
        skill = _skill_runs(console, skill_names, games, variants, compare_variant, settings)
        found = verdict(base, varied, skill=skill)
        console.print(title, markup=False)
        print_verdict(console, compare_variant, found)
        print_summary(console, "without the rule", summarise(base))
        print_summary(console, f"the same seeds with {compare_variant}", summarise(varied))
        print_comparison(console, compare_variant, base, varied)
        print_metrics(console, "How the game plays without the rule", base)
        print_metrics(console, f"How the game plays with {compare_variant}", varied)
        rows += varied
    else:
        skill = None
        print_summary(console, title, summarise(base))
        print_metrics(console, "How the game plays", base)
    if out is not None:
        if stream is None:
            write_rows(out, rows)
        console.print(f"wrote {len(rows)} matches to {out}")
    if plot is not None:
        _plot(plot, runs)
        console.print(f"drew {plot}")
    if report is not None:
        try:
            path = write_report(report, runs, title=title, skill=skill)
        except ValueError as error:
            raise click.UsageError(str(error)) from None
        console.print(f"wrote the report {path}")


def _names(bots: str) -> list[str]:
    return [b.strip() for b in bots.split(",") if b.strip()]


def _skill_names(skill_bots: str | None) -> list[str] | None:
    if skill_bots is None or skill_bots.strip().lower() == "none":
        return None
    names = _names(skill_bots)
    if len(names) != 2 or len(set(names)) != 2:
        raise click.BadParameter("name two different bots: STRONG,WEAK", param_hint="--skill-bots")
    return names


def _skill_runs(
    console: Console,
    names: list[str] | None,
    games: int,
    variants: Sequence[str],
    compare_variant: str,
    settings: dict[str, Any],
) -> tuple[list[MatchRow], list[MatchRow]] | None:
    """The skill probe (without and with the rule), or ``None`` when not asked."""
    if names is None:
        return None
    skill_bots = ",".join(names)
    probe = {**settings, "bots": names, "out": None, "rotate_seats": True}
    without = _run(console, f"skill {skill_bots}", games, variants=list(variants), **probe)
    with_ = _run(
        console,
        f"skill {skill_bots} with {compare_variant}",
        games,
        variants=[*variants, compare_variant],
        **probe,
    )
    return without, with_
