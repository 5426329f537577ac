"""Campaigns: the state model, the hex map, the verifiable roll stream, and the store
that keeps a campaign folder of TOML files safe."""
