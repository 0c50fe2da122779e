"""pytest plumbing for test_python_sdk.py: paths, the fixture backend, and a summary of what each
connection negotiated (printed at the end of the run, because the era is the interesting result).

Env: OJ_MCP_BIN (default target/release/oj-mcp-rs), OJ_FIXTURE_BACKEND (default
target/release/examples/fixture_backend).
"""

from __future__ import annotations

import os
import select
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / os.environ.get("OJ_MCP_BIN", "target/release/oj-mcp-rs")
FIXTURE = ROOT / os.environ.get("OJ_FIXTURE_BACKEND", "target/release/examples/fixture_backend")
TOKEN = "fixture-token-0123456789abcdef"
# 2024-06-10T06:13:20Z: "today" is a day the fixtures answer with their "any other date" daily.
NOW = "1718000000"

NOTES: list[str] = []


@pytest.fixture
def anyio_backend() -> str:
    """The tests run on asyncio (anyio's pytest plugin comes with anyio, an mcp dependency)."""
    return "asyncio"


@pytest.fixture(scope="session")
def backend_url():
    """Starts the fixture backend once for the session; it serves until its stdin reaches EOF."""
    for f in (BIN, FIXTURE):
        if not f.exists():
            pytest.fail(f"{f} is missing: run `cargo build --release --bin oj-mcp-rs --example fixture_backend`")
    proc = subprocess.Popen([FIXTURE, "--token", TOKEN], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 10)
        if not ready:
            pytest.fail("fixture backend printed no URL in 10 s")
        url = proc.stdout.readline().decode().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield url
    finally:
        proc.stdin.close()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def note():
    """note(text): adds a line to the end-of-run summary."""
    return NOTES.append


def pytest_terminal_summary(terminalreporter):
    if NOTES:
        terminalreporter.section("negotiated")
        for line in NOTES:
            terminalreporter.write_line(line)
