"""An HTTP relay that sends every request that changes something twice, as a flaky proxy or an attacker on
the path would: the fault tests' replayed requests, with the real kiosk client in front of it. It listens
on plain HTTP (on a loopback address, the only one a kiosk dials without TLS) and forwards each request to
the server over HTTPS, verified with the club's CA file; once the server has answered, the same request —
method, path, headers, body, byte for byte — goes to the server again on a new connection, then the first
answer goes back to the client; what the server answered to the copy is logged as one JSON line
({"method", "path", "status", "body"}) in the log file. GET and HEAD pass once.

    python -m sideline_testkit.replay_relay --listen 127.0.0.1:8081 --to 10.77.0.1:8080 --ca-file ca.pem --log replays.jsonl

Prints "relaying …" once it accepts connections. Standard library only."""
import argparse
import http.client
import json
import socketserver
import ssl
import threading

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "host", "content-length"}


class Relay(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, listen, target, context, log):
        super().__init__(listen, Handler)
        self.target, self.context, self.log = target, context, log
        self.log_lock = threading.Lock()

    def send(self, method, path, headers, body):
        """(status, headers, body) of one request to the server, on a connection of its own."""
        connection = http.client.HTTPSConnection(*self.target, context=self.context, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.getheaders(), response.read()
        finally:
            connection.close()

    def note(self, **fields):
        with self.log_lock, open(self.log, "a") as log:
            log.write(json.dumps(fields) + "\n")


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        while True:
            line = self.rfile.readline(65536).decode("latin-1")
            if not line.strip():
                return
            method, path, _ = line.split(" ", 2)
            headers = {}
            while (header := self.rfile.readline(65536).decode("latin-1")) not in ("\r\n", "\n", ""):
                name, value = header.split(":", 1)
                headers[name.strip()] = value.strip()
            length = int(next((v for k, v in headers.items() if k.lower() == "content-length"), "0"))
            body = self.rfile.read(length) if length else None
            forwarded = {k: v for k, v in headers.items() if k.lower() not in HOP_BY_HOP}
            if body is not None:
                forwarded["Content-Length"] = str(len(body))
            status, answer_headers, answer = self.server.send(method, path, forwarded, body)
            # The copy goes once the original is answered, before the client hears the answer: every
            # replay is logged by the time the client's pass ends.
            if method not in ("GET", "HEAD"):
                again, _, again_body = self.server.send(method, path, forwarded, body)
                self.server.note(method=method, path=path, status=again, body=again_body.decode(errors="replace")[:300])
            reply = [f"HTTP/1.1 {status} {http.client.responses.get(status, '')}"]
            reply += [f"{k}: {v}" for k, v in answer_headers if k.lower() not in HOP_BY_HOP]
            reply += [f"Content-Length: {len(answer)}", "Connection: close", "", ""]
            self.wfile.write("\r\n".join(reply).encode("latin-1") + (answer if method != "HEAD" else b""))
            self.wfile.flush()
            return


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--listen", required=True)
    parser.add_argument("--to", required=True)
    parser.add_argument("--ca-file", required=True)
    parser.add_argument("--log", required=True)
    arguments = parser.parse_args()
    host, port = arguments.listen.rsplit(":", 1)
    target_host, target_port = arguments.to.rsplit(":", 1)
    context = ssl.create_default_context(cafile=arguments.ca_file)
    relay = Relay((host, int(port)), (target_host, int(target_port)), context, arguments.log)
    print(f"relaying http://{arguments.listen} → https://{arguments.to}, every change sent twice", flush=True)
    relay.serve_forever()


if __name__ == "__main__":
    main()
