"""``cardrules analyse``: summarise, compare and draw a results file without replaying it."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from cardrules.analysis.report import require_matplotlib, write_report
from cardrules.analysis.rows import read_results
from cardrules.analysis.simulate import summarise
from cardrules.analysis.verdict import verdict
from cardrules.cli.common import EXISTING_FILE, report_option
from cardrules.cli.figures import (
    describe_line_up,
    print_comparison,
    print_metrics,
    print_summary,
    print_verdict,
    runs_by_variants,
)

__all__ = ["analyse_command"]


@click.command("analyse")
@click.argument("results", type=EXISTING_FILE)
@report_option
def analyse_command(results: Path, report: Path | None) -> None:
    """Summarise RESULTS, a .jsonl file `cardrules simulate --out` wrote.

    One run is summarised; a run and its --compare-variant run (the same
    seeds, one more variant) are also compared, paired by seed.
    """
    console = Console(highlight=False)
    if report is not None:
        try:
            require_matplotlib()
        except ValueError as error:
            raise click.UsageError(f"--report: {error}") from None
    run, rows = read_results(results)
    if not rows:
        raise click.UsageError(f"{results} holds no finished match yet")
    groups = runs_by_variants(rows)
    if len(groups) > 2:
        raise click.UsageError(
            f"{results} holds {len(groups)} runs; analyse takes one run or one comparison"
        )
    bots = describe_line_up(run.get("bots", []) or ["?"], bool(run.get("rotate_seats")))
    title = f"{run.get('game')}: {len(rows)} matches from {results.name}, {bots}"
    labels = {}
    if len(groups) == 2:
        (base_variants, base), (varied_variants, varied) = groups.items()
        added = [v for v in varied_variants if v not in base_variants]
        if len(added) != 1 or [s.seed for s in base] != [s.seed for s in varied]:
            raise click.UsageError(
                "the two runs must cover the same seeds and differ by one added variant"
            )
        against = ", ".join(base_variants) or "the base game"
        title = (
            f"{run.get('game')}: {added[0]} against {against}, {len(base)} matches from "
            f"{results.name}, {bots}"
        )
        console.print(title, markup=False)
        print_verdict(console, added[0], verdict(base, varied))
        print_summary(console, "without the rule", summarise(base))
        print_summary(console, f"the same seeds with {added[0]}", summarise(varied))
        print_comparison(console, added[0], base, varied)
        print_metrics(console, "How the game plays without the rule", base)
        print_metrics(console, f"How the game plays with {added[0]}", varied)
        labels = {"without": base, f"with {added[0]}": varied}
    else:
        for variants, group in groups.items():
            label = f"variants {', '.join(variants) or 'none'}"
            labels[label] = group
            print_summary(console, f"{label}: {len(group)} matches", summarise(group))
            print_metrics(console, f"How the game plays, {label}", group)
    if report is not None:
        try:
            path = write_report(report, labels, title=title)
        except ValueError as error:
            raise click.UsageError(str(error)) from None
        console.print(f"wrote the report {path}")
