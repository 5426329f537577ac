"""Merchant of Venus, Classic game (docs/rules-venus.md, ruleset ``venus``)."""
