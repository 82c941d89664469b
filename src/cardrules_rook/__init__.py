"""Toonerville Rook for cardrules (rules R1-R19): not implemented yet."""
