"""Cairn: a third ruleset, for the tests only (tests/test_ruleset_registry.py), written as a
ruleset's folder is — its own state, its orders from the leaders' rooms, its turn as a list
of steps — and plugged in by one line of the registry, touching no module of gmtool."""
