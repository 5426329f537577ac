"""Merchant of Venus, Classic game (RULES.md part B, ruleset ``venus``)."""
