"""The HTTP and socket edge: what parses, bounds, describes and answers a request —
headers, body limit, input bounds, per-address rate limits, problems, schemas, socket
frames, the published documents, the REST routes and the table socket. The domain
services (lobby, play, reading, chat, clocks, holds, presence, fan-out, bot seats) sit
beside it in ``server/`` and know nothing of its routes, socket or documents."""
