"""The campaign's own static site (``gmtool site build``): public information only.

Pages are built from what the campaign folder holds (the report models of every turn, the
public maps, the journal's public rolls); nothing here prints or imports typer.
"""
