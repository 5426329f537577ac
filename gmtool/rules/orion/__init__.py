"""The 4X game of docs/rules-orion.md (ruleset ``orion``)."""
