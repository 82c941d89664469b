"""Variant analysis at scale: match rows, backends, game-design metrics, verdicts and reports.

`cardrules.analysis.simulate.simulate` is the entry point; this package holds its parts:
`rows` (a match as a row, results files), `play` (one seeded match),
`backends` (local processes, Ray), `stats`, `summary` (win rates and totals),
`metrics` (how a game plays), `skill` (does skill matter), `verdict` (what a
rule changed, told apart from noise) and `report` with `report_plots` (an HTML
report with plots).
"""
