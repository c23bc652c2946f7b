"""A typed Python SDK for the public API: what a programmatic player uses."""

from spyhouse.client.sdk import ApiError, Seat, Spyhouse, TableHandle

__all__ = ["ApiError", "Seat", "Spyhouse", "TableHandle"]
