"""Imported by gmtool.cli before anything else: from here on the process makes its dataclasses
(typer's, the rules' records, the state's schema) from their kept code
(gmtool.compiled_records)."""

from gmtool.compiled_records import install

install()
