// The official TypeScript SDK (v1, @modelcontextprotocol/sdk) as a real client of the release binary.
//
// Run: node --test tests/clients/ts_sdk.mjs   (after scripts/deps.sh and a release build)
//
// One Client + StdioClientTransport session for the whole file, against a fixture backend this file
// starts itself: initialize (v1 speaks only the legacy era, 2025-11-25), then the session tests
// shared with the SDK v2 suite (ts_shared.mjs: every tool and outcome, resources, prompts,
// completions, ping, close).
//
// Env: see ts_shared.mjs.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  BIN,
  Session,
  countingValidator,
  depVersion,
  requireDeps,
  serverEnv,
  sessionTests,
  startBackend,
} from "./ts_shared.mjs";

const { Client } = requireDeps("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = requireDeps("@modelcontextprotocol/sdk/client/stdio.js");
const { McpError } = requireDeps("@modelcontextprotocol/sdk/types.js");
const { AjvJsonSchemaValidator } = requireDeps("@modelcontextprotocol/sdk/validation/ajv");
const SDK_VERSION = depVersion("@modelcontextprotocol/sdk");

let backend;
let negotiated; // the protocolVersion of the initialize result, as the SDK hands it to its transport

/** A client (not yet connected) and its stdio transport for a server started with `args`. */
function newClient(args, validator, extraEnv = {}) {
  const transport = new StdioClientTransport({
    command: BIN,
    args,
    env: serverEnv(backend.url, extraEnv),
    stderr: "pipe",
  });
  const client = new Client({ name: "oj-mcp-rs-client-tests", version: "0.0.0" }, { jsonSchemaValidator: validator });
  return { client, transport };
}

const s = new Session({
  era: "legacy",
  ProtocolError: McpError,
  validator: countingValidator(new AjvJsonSchemaValidator()),
  async open(args) {
    const { client, transport } = newClient(args, new AjvJsonSchemaValidator());
    await client.connect(transport);
    return client;
  },
});

before(async () => {
  backend = await startBackend();
  const { client, transport } = newClient([], s.validator, { OJ_LOG: "debug" });
  // Client.connect() calls transport.setProtocolVersion(result.protocolVersion) when it exists
  // (the HTTP transports use it for their header); stdio has none, so this records it.
  transport.setProtocolVersion = (v) => (negotiated = v);
  s.watch(client, transport);
});

after(async () => {
  await s.client?.close().catch(() => {});
  await backend?.close();
});

test("initialize: the SDK's handshake succeeds at 2025-11-25", (t) =>
  s.check(async () => {
    const t0 = performance.now();
    await s.client.connect(s.transport);
    const ms = performance.now() - t0;
    assert.equal(negotiated, "2025-11-25");
    assert.equal(s.client.getServerVersion()?.name, "oj-mcp-rs");
    assert.ok(s.client.getServerCapabilities()?.tools, "tools capability advertised");
    assert.match(s.client.getInstructions() ?? "", /get_problem/);
    t.diagnostic(`@modelcontextprotocol/sdk ${SDK_VERSION}: initialize -> ${negotiated} in ${ms.toFixed(0)} ms`);
  }));

sessionTests(s);
