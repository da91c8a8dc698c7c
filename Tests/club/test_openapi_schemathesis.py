"""schemathesis against the live server from its OpenAPI description (docs/club-api.yaml): generated
requests, valid and malformed, on every endpoint with real tokens; none may get a 5xx, and every answer
must be one the description allows."""
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import status_code_conformance

from sideline_testkit.paths import ROOT

SPEC = ROOT / "docs/club-api.yaml"
# A tus-style chunk is plain bytes: sent as schemathesis sends application/octet-stream.
schemathesis.serializer.alias("application/offset+octet-stream", "application/octet-stream")
schema = schemathesis.openapi.from_path(str(SPEC))


@pytest.fixture(scope="module")
def live(postgres, club_bin, tmp_path_factory):
    import uuid
    from conftest import APP, OWNER, Club
    db = "club_" + uuid.uuid4().hex[:10]
    postgres.psql(f"CREATE DATABASE {db} OWNER {OWNER}")
    c = Club(postgres, club_bin, db, tmp_path_factory.mktemp("schemathesis") / "serve.log")
    c.run("migrate", "--app-role", APP)
    c.start()
    c.add_club("Alpha")
    c.kiosk_for_tests = c.kiosk("Alpha", "pitch-1")
    c.api = c.api_token("Alpha")
    yield c
    c.stop()
    assert "the server failed" not in c.log.read_text()
    postgres.psql(f"DROP DATABASE {db} WITH (FORCE)")


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_endpoint_answers_without_a_server_error(case, live):
    token = live.api if case.path.startswith(("/api/v1/sessions", "/api/v1/wellness")) else live.kiosk_for_tests.token
    if case.path == "/api/v1/kiosk/leave":  # it revokes its caller: a kiosk of its own each time
        live.leavers = getattr(live, "leavers", 0) + 1
        token = live.kiosk("Alpha", f"leaver-{live.leavers}").token
    headers = {"Authorization": f"Bearer {token}"}
    response = case.call(base_url=f"http://127.0.0.1:{live.port}", headers=headers)
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:300]}"
    if response.status_code >= 400 and case.method != "HEAD":  # a HEAD answer has no body
        assert response.json()["error"], response.text
    case.validate_response(response, checks=[status_code_conformance])
