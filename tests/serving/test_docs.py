"""The docs page works with no network: Swagger UI's files come from the service itself,
and stay open to a browser when the operations demand a token."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from sweeper.serving.auth import bearer_token_options
from sweeper.serving.docs import add_docs
from sweeper.serving.guards import add_guards


def _client(token: str | None) -> TestClient:
    app = FastAPI(title="probe", docs_url=None, redoc_url=None, **bearer_token_options(token))
    add_guards(app, token, {}, max_body_bytes=100)
    add_docs(app)

    @app.get("/work")
    async def work() -> dict[str, bool]:
        return {"done": True}

    return TestClient(app)


def test_the_docs_page_loads_every_file_from_the_service() -> None:
    client = _client(None)
    page = client.get("/docs")
    assert page.status_code == 200 and "probe - Swagger UI" in page.text
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(source.startswith("/docs/static/") for source in sources), sources
    for source in sources:
        answer = client.get(source)
        assert answer.status_code == 200 and len(answer.content) > 100, source
    assert "url: '/openapi.json'" in page.text


def test_with_a_token_the_docs_stay_open_and_the_operations_do_not() -> None:
    client = _client("t0ken")
    assert client.get("/docs").status_code == 200
    assert client.get("/docs/static/swagger-ui.css").status_code == 200
    assert client.get("/openapi.json").status_code == 200
    assert client.get("/work").status_code == 401
    assert client.post("/docs").status_code == 401  # only reading the docs is open
    assert client.get("/work", headers={"Authorization": "Bearer t0ken"}).json() == {
        "done": True}


def test_the_schema_states_the_bearer_scheme_and_the_401() -> None:
    schema = _client("t0ken").get("/openapi.json").json()
    schemes = schema["components"]["securitySchemes"]
    assert [scheme["scheme"] for scheme in schemes.values()] == ["bearer"]
    operation = schema["paths"]["/work"]["get"]
    assert operation["security"] == [{name: []} for name in schemes]
    assert "401" in operation["responses"]
    assert "/docs" not in schema["paths"]


def test_without_a_token_the_schema_names_no_scheme() -> None:
    schema = _client(None).get("/openapi.json").json()
    assert "securitySchemes" not in schema.get("components", {})
    assert "401" not in schema["paths"]["/work"]["get"]["responses"]
