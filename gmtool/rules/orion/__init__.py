"""The 4X game of RULES.md part A (ruleset ``orion``)."""
