"""One pure rules package per game; each exposes ``GAME`` (see spyhouse.engine)."""
