"""The application layer: the session (gmtool.app.session) that every front end calls — it
opens a campaign with its lock, plays a step of the game, commits, and writes the posts.
It sits on top of the house (docs/architecture.md: the layers, checked by ``lint-imports``)."""
