"""A small fake oj-api-rs on 127.0.0.1 (a random port): `GET /api/v1/problems/<source>/<id>`
answers the problem object the check put there, shaped as the real backend's (the fixtures
problem_lc_1_two_sum.http and problem_ac_abc300_a_legacy_html.http); anything else is a 404."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

PREFIX = "/api/v1/problems/"


class Backend:
    def __init__(self):
        self.problems = {}
        backend = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):  # noqa: N802 (http.server's name)
                path = self.path.split("?", 1)[0]
                obj = None
                if path.startswith(PREFIX):
                    source, _, pid = path[len(PREFIX) :].partition("/")
                    obj = backend.problems.get((unquote(source), unquote(pid)))
                if obj is None:
                    body = {"type": "about:blank", "title": "Not Found", "status": 404, "detail": "problem not found"}
                    self._send(404, "application/problem+json", body)
                else:
                    self._send(200, "application/json", obj)

            def _send(self, status, kind, body):
                data = json.dumps(body, ensure_ascii=False).encode()
                self.send_response(status)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, name="fake-backend", daemon=True)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()
