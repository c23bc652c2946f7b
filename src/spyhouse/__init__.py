"""Spyhouse: a multiplayer server for hidden-information spy games."""

__version__ = "0.1.0"
