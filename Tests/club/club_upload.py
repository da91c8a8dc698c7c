"""A kiosk's upload of one session bundle, as a separate process the fault tests run inside a kiosk's
network namespace (test_faults.py) until `sideline club sync` takes its place: create the upload,
PATCH chunks from where the server stands, commit; any broken connection, timeout or 5xx is retried
from the offset the server reports, until a deadline. Standard library only.

    python club_upload.py --server http://10.77.0.2:8080 --token T --bundle session.json [--replay]

The bundle file holds its canonical bytes. One JSON line per step on stdout ({"event": …}); the last is
{"event": "stored", "created": …}. Exit 0 when the session is stored, 2 when the server refused it or
the deadline passed. --replay sends every PATCH and the commit a second time, byte for byte, on a new
connection, and reports what the server answered to each replay."""
import argparse
import gzip
import hashlib
import http.client
import json
import sys
import time
import urllib.parse

RETRYABLE = (OSError, http.client.HTTPException, TimeoutError)
STARTED = time.monotonic()


def say(event: str, **fields):
    """One JSON line: the event, its fields, and `t`, seconds since the client started."""
    print(json.dumps({"event": event, **fields, "t": round(time.monotonic() - STARTED, 3)}), flush=True)


class Server:
    def __init__(self, url: str, token: str, timeout: float):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port, self.token, self.timeout = parts.hostname, parts.port or 80, token, timeout

    def request(self, method: str, path: str, body: bytes = None, headers: dict = None):
        """(status, headers, body) of one request on a connection of its own; a 5xx raises, to be retried."""
        headers = {"Authorization": f"Bearer {self.token}", **(headers or {})}
        connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            connection.request(method, "/api/v1" + path, body=body, headers=headers)
            response = connection.getresponse()
            answer = (response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        finally:
            connection.close()
        if answer[0] >= 500:
            raise http.client.HTTPException(f"{method} {path}: {answer[0]} {answer[2][:200]!r}")
        return answer

    def json(self, method: str, path: str, value) -> tuple:
        return self.request(method, path, json.dumps(value).encode(), {"Content-Type": "application/json"})


def upload(server: Server, data: bytes, chunk: int, replay: bool) -> dict:
    """One attempt from wherever the server stands; raises a RETRYABLE error when the link fails."""
    packed = gzip.compress(data, mtime=0)
    session = json.loads(data)["session"]["uuid"]
    sha = hashlib.sha256(data).hexdigest()
    status, _, body = server.json("POST", "/kiosk/uploads", {"sessionUUID": session, "sha256": sha, "length": len(packed)})
    answer = json.loads(body)
    if status not in (200, 201):
        raise SystemExit(f"refused: {status} {answer}")
    if "uploadID" not in answer:
        return {"created": False, "sha256": answer.get("sha256")}
    upload_id, offset = answer["uploadID"], answer["offset"]
    say("upload", id=upload_id, offset=offset, length=len(packed))
    while offset < len(packed):
        piece = packed[offset:offset + chunk]
        headers = {"Upload-Offset": str(offset), "Content-Type": "application/offset+octet-stream"}
        status, _, body = server.request("PATCH", f"/kiosk/uploads/{upload_id}", piece, headers)
        if status == 409:  # the server stands elsewhere (a chunk it stored whose answer was lost): ask it
            _, head, _ = server.request("HEAD", f"/kiosk/uploads/{upload_id}")
            offset = int(head["upload-offset"])
            say("offset", offset=offset, asked=True)
            continue
        if status != 200:
            raise SystemExit(f"refused: PATCH {status} {body[:300]!r}")
        if replay:
            again = server.request("PATCH", f"/kiosk/uploads/{upload_id}", piece, headers)
            say("replayed", request="PATCH", offset=offset, status=again[0], body=again[2].decode(errors="replace")[:300])
        offset = json.loads(body)["offset"]
        say("offset", offset=offset)
    status, _, body = server.request("POST", f"/kiosk/uploads/{upload_id}/commit")
    if status == 404:  # committed by an attempt whose answer was lost: the next attempt's create says so
        raise ConnectionError("the upload is gone: committed before?")
    if status not in (200, 201):
        raise SystemExit(f"refused: commit {status} {body[:300]!r}")
    if replay:
        again = server.request("POST", f"/kiosk/uploads/{upload_id}/commit")
        say("replayed", request="commit", status=again[0], body=again[2].decode(errors="replace")[:300])
    return json.loads(body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--chunk", type=int, default=64 * 1024)
    parser.add_argument("--timeout", type=float, default=3, help="seconds without an answer before a request is given up")
    parser.add_argument("--deadline", type=float, default=120)
    parser.add_argument("--replay", action="store_true")
    arguments = parser.parse_args()
    data = open(arguments.bundle, "rb").read()
    server = Server(arguments.server, arguments.token, arguments.timeout)
    started = time.monotonic()
    pause = 0.1
    while True:
        try:
            result = upload(server, data, arguments.chunk, arguments.replay)
            say("stored", created=result.get("created"), sha256=result.get("sha256"), seconds=round(time.monotonic() - started, 2))
            return 0
        except SystemExit as refusal:
            say("refused", reason=str(refusal))
            return 2
        except RETRYABLE as error:
            if time.monotonic() - started > arguments.deadline:
                say("gave up", reason=str(error))
                return 2
            say("retry", reason=f"{type(error).__name__}: {error}"[:300])
            # A kiosk's back-off between attempts, not a test's wait.
            time.sleep(pause)
            pause = min(pause * 2, 1.0)


if __name__ == "__main__":
    sys.exit(main())
