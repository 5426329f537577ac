"""Rules code per ruleset: it interprets the tables in tables/<ruleset>/ and never holds
a table row itself."""
