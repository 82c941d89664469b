"""Variant analysis at scale: match rows, backends, game-design metrics and reports.

`cardrules.simulate.simulate` is the entry point; this package holds its parts:
`rows` (a match as a row, results files), `play` (one seeded match),
`backends` (local processes, Ray), `stats`, `metrics` (how a game plays) and
`report` (an HTML report with plots).
"""
