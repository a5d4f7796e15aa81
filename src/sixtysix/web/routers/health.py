"""The server's health for its operators: alive (``/healthz``), ready to serve
(``/readyz``: its database answers, and its Redis on a site of several processes) and its
Prometheus metrics (``/metrics``)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy.exc import SQLAlchemyError

from sixtysix.web.dependencies import Service, Stored
from sixtysix.web.models.health import Health, Readiness
from sixtysix.web.services.cluster import Cluster

router = APIRouter(include_in_schema=False)


@router.get("/healthz")
async def healthz() -> Health:
    """The process is up and answering."""
    return Health(status="ok")


@router.get("/readyz", response_model=Readiness, responses={503: {"model": Readiness}})
async def readyz(request: Request, stored: Stored) -> Response:
    """Whether the process can serve: ``200`` once its database (and its Redis, if it has
    one) answers, else ``503``."""
    try:
        await stored.run(stored.store.ping)
        database = True
    except SQLAlchemyError:
        database = False
    cluster: Cluster | None = request.app.state.cluster
    redis = None if cluster is None else await cluster.ping()
    ready = database and redis is not False
    answer = Readiness(status="ready" if ready else "unready", database="ok" if database else "unreachable",
                       redis=None if redis is None else "ok" if redis else "unreachable")
    return JSONResponse(answer.model_dump(exclude_none=True), status_code=200 if ready else 503)


@router.get("/metrics")
async def metrics(service: Service) -> Response:
    """The metrics in Prometheus's text format."""
    await service.measure()
    return Response(service.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)
