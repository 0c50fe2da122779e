"""Drives the server under test as an MCP client would: the binary over stdio, newline-delimited
JSON-RPC, `initialize` then one `tools/call` of `test_solution` at a time, each with a timeout.
A server that misses the timeout is killed (its process group: it and the programs it ran) and
started again for the next call."""

import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections import deque

PROTOCOL = "2025-06-18"  # structuredContent on


class Server:
    def __init__(self, binary, base_url, env):
        self.argv = [binary, "--base-url", base_url, "--token", "x", "--allow-run"]
        self.env = env
        self.proc = None
        self.next_id = 0

    def _start(self):
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=self.env,
            start_new_session=True,
        )
        self.lines = queue.Queue()
        self.stderr = deque(maxlen=40)
        out, err = self.proc.stdout, self.proc.stderr
        threading.Thread(target=self._pump, args=(out, self.lines.put), name="mcp-stdout", daemon=True).start()
        threading.Thread(target=self._pump, args=(err, self.stderr.append), name="mcp-stderr", daemon=True).start()
        params = {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "realcheck", "version": "1"}}
        self._request("initialize", params, 30)
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    @staticmethod
    def _pump(stream, put):
        for line in iter(stream.readline, b""):
            put(line.decode("utf-8", "replace"))
        put(None)

    def _send(self, msg):
        self.proc.stdin.write((json.dumps(msg) + "\n").encode())
        self.proc.stdin.flush()

    def _request(self, method, params, timeout):
        self.next_id += 1
        rid = self.next_id
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer to {method} within {timeout} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise ConnectionError("the server closed its stdout: " + " | ".join(list(self.stderr)[-5:]))
            msg = json.loads(line)
            if msg.get("id") == rid:
                return msg

    def call(self, arguments, timeout, tool="test_solution"):
        """`tools/call` of `tool` (test_solution unless said): the JSON-RPC response, or raises on
        timeout or a dead server (the server is then stopped and the next call starts a new one)."""
        try:
            if self.proc is None or self.proc.poll() is not None:
                self._start()
            return self._request("tools/call", {"name": tool, "arguments": arguments}, timeout)
        except (TimeoutError, ConnectionError, BrokenPipeError, json.JSONDecodeError):
            self.stop()
            raise

    def stop(self):
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (subprocess.TimeoutExpired, BrokenPipeError, OSError):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait()
        self.proc = None
