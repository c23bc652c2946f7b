"""Bearer tokens for seats and hosts.

Tokens are 256-bit random strings from :mod:`secrets`; the database keeps only their
SHA-256, so a database dump lets nobody sit at someone else's seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from fastapi import Request

from spyhouse.server.problems import Problem


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(token: str, token_hash: str | None) -> bool:
    return same_hash(hash_token(token), token_hash)


def same_hash(hashed: str, token_hash: str | None) -> bool:
    """Whether a token already hashed (:func:`hash_token`) is the one ``token_hash`` holds."""
    return token_hash is not None and hmac.compare_digest(hashed, token_hash)


def bearer(request: Request, *, required: bool = True) -> str | None:
    """The token from ``Authorization: Bearer …``; 401 when required and absent."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    if required:
        raise Problem(401, "missing_token", "Send your token as 'Authorization: Bearer <token>'.")
    return None
