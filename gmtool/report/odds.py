"""Reports for ``gmtool odds``: exact probabilities, optionally beside simulated ones."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

from gmtool.report.i18n import tr
from gmtool.report.model import Facts, Heading, Report, TableBlock, Text, text

Category = tuple[str, list[tuple[str, str, Fraction]]]  # title, [(id, label, exact)]


def percent(p: float) -> str:
    return f"{p * 100:.2f}%"


def odds_report(
    title: str,
    categories: list[Category],
    lang: str,
    simulated: dict[str, Counter] | None = None,
    runs: int = 0,
    seed: int | None = None,
    facts: list[tuple[str, Text]] | None = None,
    keys: list[str] | None = None,
) -> Report:
    """One table per category: outcome, exact fraction, percentage, and with a
    simulation the observed percentage and its distance in standard errors."""
    blocks: list = []
    if facts:
        blocks.append(Facts(facts))
    data: dict[str, Any] = {"exact": {}, "simulated": None}
    if simulated is not None:
        data["simulated"] = {"runs": runs, "seed": seed, "frequencies": {}}
    for index, (name, rows) in enumerate(categories):
        key = keys[index] if keys else name
        headers = [tr("result", lang), tr("exact", lang), "%"]
        if simulated is not None:
            headers += [tr("simulated", lang), tr("std_errors", lang)]
        body = []
        data["exact"][key] = {}
        for row_id, label, p in rows:
            cells = [label, f"{p.numerator}/{p.denominator}", percent(float(p))]
            data["exact"][key][row_id] = {"fraction": f"{p.numerator}/{p.denominator}", "p": float(p)}
            if simulated is not None:
                observed = simulated[key][row_id] / runs if runs else 0.0
                se = math.sqrt(float(p) * (1 - float(p)) / runs) if runs else 0.0
                z = (observed - float(p)) / se if se else 0.0
                cells += [percent(observed), f"{z:+.2f}"]
                data["simulated"]["frequencies"].setdefault(key, {})[row_id] = observed
            body.append(cells)
        blocks.append(Heading(text(name)))
        blocks.append(
            TableBlock(
                headers, body, ["left", "right", "right"] + (["right", "right"] if simulated is not None else [])
            )
        )
    return Report(text(title), blocks, data)
