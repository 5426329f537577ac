"""What gmtool writes, and in which words: the output formats, the languages, the forum
dialect and the limits of a post — listed once.

The campaign file (``campaign/model.py``), ``campaign set`` (``campaign/settings.py``),
the renderers (``report/render.py``), the message catalogs (``locale``), the rule tables'
labels (``rolltables``), the forum resolver and the CLI's ``--format``/``--lang`` options
all read them from here.  A leaf: it imports nothing, so anything may import it.
"""

from __future__ import annotations

# --format: one renderer each (gmtool.report.render)
FORMATS = ("plain", "bbcode", "markdown", "discord", "json")
DEFAULT_FORMAT = "plain"
# the file a turn's report is written to, by format (reports/turn-NN/public.EXT)
EXTENSIONS = {"plain": "txt", "bbcode": "bbcode", "markdown": "md", "discord": "discord.md", "json": "json"}
# `gmtool map`: pictures, and the report formats a text grid is written in
IMAGE_FORMATS = ("png", "svg")
MAP_TEXT_FORMATS = ("plain", "bbcode", "markdown", "discord", "json")

# --lang: one message catalog each (gmtool/locale/<lang>.toml), one label each in the tables
LANGS = ("en", "ru")
DEFAULT_LANG = "en"

# --dialect: the forum whose BBCode --format bbcode writes (tables/forums/<name>.toml)
DEFAULT_DIALECT = "phpbb"

# Post limits, in characters: a post longer than its limit is split into numbered parts.
POST_LIMITS = (500, 1_000_000)  # post_limit's range: campaign.toml, `campaign set`, --post-limit
DIALECT_POST_LIMIT = 60000  # a dialect's limit when its file names none (phpBB's)
MARKDOWN_LIMIT = 32000  # Discourse's default max_post_length
DISCORD_LIMIT = 2000  # Discord's message limit, never exceeded
LIMIT_FORMATS = ("bbcode", "markdown")  # take a post limit (Discord: never above its own; plain, JSON: never split)

# `campaign set missed-orders`: what a leader who posts no orders for a turn gets (campaign.toml)
MISSED_ORDERS = ("nothing", "keep")
# A turn's deadline (`turn deadline`, campaign.toml): its year, as given in its zone.  Far
# enough from the calendar's ends that it converts to any zone and moves on by any turn length.
DEADLINE_YEARS = (2000, 2999)
# Rule settings of a campaign (campaign.toml [settings], `campaign set`), listed once (wave 3):
ACTIVATIONS = ("persistent", "per-turn")  # A6: a colony stays active, or is active the turn it is activated
EXPLORE_RANGES = (1, 10)  # A4: from stage 2, how far from its planets and own explorations a leader explores
