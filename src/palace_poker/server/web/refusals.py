"""A refusal's answer over HTTP: its JSON body, written once, and its status.

Every refusal is ``{"error": {"code", "message", "rule"}}`` (with the form's
``field`` when it names one), with the status :data:`STATUS` gives (400
otherwise), a rate limit's ``Retry-After``, and a store that cannot be reached
answered 503 ``storage_unavailable``, never a bare 500 (docs/server.md).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from palace_poker.errors import PalaceError
from palace_poker.server.live.hub import Hub
from palace_poker.server.storage.store import unreachable

#: Names the bots get, in turn.
#: HTTP status of each refusal (400 otherwise).
STATUS = {
    "unknown_table": 404,
    "seat_taken": 409,
    "name_taken": 409,
    "table_full": 409,
    "game_started": 409,
    "message_too_large": 413,
    "rate_limited": 429,
    "storage_unavailable": 503,
}


def refusal(err: PalaceError) -> dict[str, Any]:
    """A refusal's JSON body: the code, message and rule, and the form's field when
    the refusal names one (the home page marks that field and names it in words)."""
    body: dict[str, Any] = {"code": err.code, "message": err.message, "rule": err.rule}
    if isinstance(err.details.get("field"), str):
        body["field"] = err.details["field"]
    return {"error": body}


def refused(err: PalaceError, status: int) -> JSONResponse:
    """A refusal answered with ``status`` (a download refused: 403)."""
    return JSONResponse(refusal(err), status_code=status)


def hub_of(request: Request) -> Hub:
    """The process's hub, which the application's start made."""
    hub: Hub = request.app.state.hub
    return hub


def install(app: FastAPI) -> None:
    """Answer every refusal the same way, and a store away with 503."""

    @app.exception_handler(PalaceError)
    async def answer(_request: Request, err: PalaceError) -> JSONResponse:
        wait = err.details.get("retry_after")  # a rate limit says when to come back
        headers = {"Retry-After": str(wait)} if isinstance(wait, int) else None
        return JSONResponse(refusal(err), status_code=STATUS.get(err.code, 400), headers=headers)

    _storage_errors(app)


def _storage_errors(app: FastAPI) -> None:
    """A request that found the store unreachable (its table read, a new table
    stored) is refused with HTTP 503 and ``storage_unavailable`` in the usual
    error JSON, the outage said once in the log (docs/deploy.md): never a bare
    500 with a traceback. Any other database error is a bug, and stays a 500."""

    @app.exception_handler(sa.exc.SQLAlchemyError)
    async def unavailable(request: Request, err: Exception) -> JSONResponse:
        if not unreachable(err):
            raise err
        return JSONResponse(refusal(hub_of(request).storage_error(err)), status_code=503)
