"""The server's health for its operators: alive (``/healthz``), ready to serve
(``/readyz``: its database answers) and its Prometheus metrics (``/metrics``)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy.exc import SQLAlchemyError

from sixtysix.web.dependencies import Service, Stored
from sixtysix.web.models.health import Health, Readiness

router = APIRouter(include_in_schema=False)


@router.get("/healthz")
async def healthz() -> Health:
    """The process is up and answering."""
    return Health(status="ok")


@router.get("/readyz", response_model=Readiness, responses={503: {"model": Readiness}})
async def readyz(stored: Stored) -> Response:
    """Whether the process can serve: ``200`` once its database answers, else ``503``."""
    try:
        await stored.run(stored.store.ping)
    except SQLAlchemyError:
        return JSONResponse(Readiness(status="unready", database="unreachable").model_dump(), status_code=503)
    return JSONResponse(Readiness(status="ready", database="ok").model_dump())


@router.get("/metrics")
async def metrics(service: Service) -> Response:
    """The metrics in Prometheus's text format."""
    return Response(service.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)
