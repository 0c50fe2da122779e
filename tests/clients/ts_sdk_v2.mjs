// The official TypeScript SDK v2 (@modelcontextprotocol/client) as a real client of the release
// binary, in both protocol eras.
//
// Run: node --test tests/clients/ts_sdk_v2.mjs   (after scripts/deps.sh and a release build)
//
// One fixture backend for the file; per era, one Client + StdioClientTransport session:
// - modern: `versionNegotiation: { mode: 'auto' }`. connect() probes `server/discover` from a
//   short-lived second copy of the server, finds 2026-07-28 and then starts the session's server;
//   every request carries the `_meta` envelope, every result `resultType`;
// - legacy: the default mode, the `initialize` handshake at 2025-11-25.
// Each session then runs the tests shared with the v1 suite (ts_shared.mjs), in which the SDK
// validates every structuredContent against its tool's outputSchema, and a check that a mismatch
// is rejected (so the validation is live).
//
// Env: see ts_shared.mjs.

import { after, before, describe, test } from "node:test";
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

const { Client, ProtocolError } = requireDeps("@modelcontextprotocol/client");
const { StdioClientTransport } = requireDeps("@modelcontextprotocol/client/stdio");
const { AjvJsonSchemaValidator } = requireDeps("@modelcontextprotocol/client/validators/ajv");
const SDK_VERSION = depVersion("@modelcontextprotocol/client");

const ERAS = [
  { era: "modern", mode: "auto", version: "2026-07-28", how: "server/discover" },
  { era: "legacy", mode: "legacy", version: "2025-11-25", how: "initialize" },
];

let backend;
before(async () => (backend = await startBackend()));
after(async () => await backend?.close());

/** A client (not yet connected) in `mode` and its stdio transport for a server started with `args`. */
function newClient(mode, args, validator, extraEnv = {}) {
  const transport = new StdioClientTransport({
    command: BIN,
    args,
    env: serverEnv(backend.url, extraEnv),
    stderr: "pipe",
  });
  const client = new Client(
    { name: "oj-mcp-rs-client-tests", version: "0.0.0" },
    { versionNegotiation: { mode }, jsonSchemaValidator: validator },
  );
  return { client, transport };
}

for (const { era, mode, version, how } of ERAS) {
  describe(`${era} era (${version}, versionNegotiation ${mode})`, () => {
    const s = new Session({
      era,
      ProtocolError,
      validator: countingValidator(new AjvJsonSchemaValidator()),
      async open(args) {
        const { client, transport } = newClient(mode, args, new AjvJsonSchemaValidator());
        await client.connect(transport);
        assert.equal(client.getNegotiatedProtocolVersion(), version);
        return client;
      },
    });

    before(() => {
      const { client, transport } = newClient(mode, [], s.validator, { OJ_LOG: "debug" });
      s.watch(client, transport);
    });
    after(async () => await s.client?.close().catch(() => {}));

    test(`connect: ${how} at ${version}`, (t) =>
      s.check(async () => {
        const t0 = performance.now();
        await s.client.connect(s.transport);
        const ms = performance.now() - t0;
        assert.equal(s.client.getNegotiatedProtocolVersion(), version);
        assert.equal(s.client.getProtocolEra(), era);
        const discover = s.client.getDiscoverResult();
        if (era === "modern") {
          assert.ok(discover?.supportedVersions.includes(version), JSON.stringify(discover));
        } else {
          assert.equal(discover, undefined);
        }
        assert.equal(s.client.getServerVersion()?.name, "oj-mcp-rs");
        assert.ok(s.client.getServerCapabilities()?.tools, "tools capability advertised");
        assert.match(s.client.getInstructions() ?? "", /get_problem/);
        const sdk = `@modelcontextprotocol/client ${SDK_VERSION}`;
        t.diagnostic(`${sdk} (${mode}): ${how} -> ${version} in ${ms.toFixed(0)} ms`);
      }));

    test("a structuredContent that does not match the outputSchema is rejected by the SDK", () =>
      s.check(async () => {
        // A definition whose schema the real result cannot meet (it requires a property no result
        // has), used instead of the listed one: the SDK must reject the result.
        const tool = { name: "get_problem", inputSchema: { type: "object" } };
        tool.outputSchema = { type: "object", required: ["language", "not_a_field"] };
        const args = { source: "leetcode", id: "1" };
        const call = s.client.callTool({ name: "get_problem", arguments: args }, { toolDefinition: tool });
        await assert.rejects(call, (e) => {
          assert.ok(e instanceof ProtocolError, `ProtocolError, got ${e}`);
          assert.match(e.message, /does not match the tool's output schema.*not_a_field/);
          return true;
        });
      }));

    sessionTests(s);
  });
}
