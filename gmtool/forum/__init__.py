"""Players' commands in forum posts: parsing threads, resolving commands idempotently."""
