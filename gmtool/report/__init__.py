"""Reports: a format-neutral model, builders per result kind, one renderer per format."""

from gmtool.report.model import Report, Span, text
from gmtool.report.render import FORMATS, render

__all__ = ["Report", "Span", "text", "render", "FORMATS"]
