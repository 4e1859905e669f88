"""A service's Swagger UI at ``/docs``, its scripts and styles served by the service itself
from the swagger-ui-py package (no CDN), so the page works on a machine with no network.

The page, its files and ``/openapi.json`` need no token (a browser cannot send one to
open a page); the operations they describe do, through the page's "Authorize" button.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.staticfiles import StaticFiles

__all__ = ["add_docs"]

DOCS_PATH = "/docs"
STATIC_PATH = f"{DOCS_PATH}/static"
OPENAPI_PATH = "/openapi.json"
# Paths a token-guarded service still answers without the token: the docs page, its files
# and the schema (prefixes, for the files).
OPEN_PATHS = (DOCS_PATH, OPENAPI_PATH)


def swagger_ui_folder() -> Path:
    """The folder of Swagger UI's scripts and styles inside the swagger-ui-py package
    (found without importing it: its ``__init__`` loads its own framework glue)."""
    spec = find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("swagger-ui-py is not installed", name="swagger_ui")
    return Path(next(iter(spec.submodule_search_locations))) / "static"


def add_docs(app: FastAPI) -> None:
    """Serve Swagger UI for ``app`` at :data:`DOCS_PATH` from the installed package; create
    ``app`` with ``docs_url=None, redoc_url=None`` so FastAPI's CDN page is not added."""
    app.mount(STATIC_PATH, StaticFiles(directory=swagger_ui_folder()), name="swagger-ui")

    async def docs(request: Request) -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=OPENAPI_PATH,
            title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{STATIC_PATH}/swagger-ui-bundle.js",
            swagger_css_url=f"{STATIC_PATH}/swagger-ui.css",
            swagger_favicon_url=f"{STATIC_PATH}/favicon-32x32.png",
        )

    # a plain route: outside the schema, and without the token dependency of the operations
    app.add_route(DOCS_PATH, docs, methods=["GET"], include_in_schema=False)
