"""Bundled Gnoming A Round house rules that change a rule point through its hook.

Each module is a small plugin written as an outside author would write one:
it uses only the public API of `cardrules` and `cardrules_gnoming`, and
`cardrules_gnoming.variants` lists its ``SPEC`` with the game's other variants.
"""
