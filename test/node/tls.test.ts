// TLS toward the service (the `tls` option of src/node/dispatcher.ts, through the undici sender)
// against local HTTPS servers whose certificates come from a CA made for this file with openssl:
// an unknown CA fails, the caller's `ca` succeeds, a client certificate the server demands is
// presented, and `servername` names the certificate when the URL holds an IP address.
import { createHash, randomBytes } from "node:crypto";
import type { TLSSocket } from "node:tls";
import type { Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDispatcher } from "../../src/node/dispatcher.js";
import type { NetworkOptions } from "../../src/node/network-options.js";
import { undiciSender, type StreamingOutgoing } from "../../src/node/undici-sender.js";
import { scribbling, slowHashingHandler } from "../support/eager-reuse.js";
import { startLocalServer, type LocalServer } from "../support/local-server.js";
import { makePki, type Pki } from "../support/throwaway-pki.js";

let pki: Pki;
let server: LocalServer;
let mutual: LocalServer;
let named: LocalServer;
const dispatchers: Dispatcher[] = [];

beforeAll(async () => {
  pki = makePki();
  server = await startLocalServer({ cert: pki.server.cert, key: pki.server.key });
  server.handler = (_req, res) => res.end("secure");
  mutual = await startLocalServer({ cert: pki.server.cert, key: pki.server.key, ca: pki.ca, requestCert: true, rejectUnauthorized: true });
  mutual.handler = (req, res) => res.end(`hello ${(req.socket as TLSSocket).getPeerCertificate().subject?.CN}`);
  named = await startLocalServer({ cert: pki.named.cert, key: pki.named.key });
  named.handler = (_req, res) => res.end("named");
});
afterAll(async () => {
  await Promise.all(dispatchers.map((d) => d.close()));
  await Promise.all([server, mutual, named].map((s) => s.close()));
  pki.remove();
});

function senderFor(options: NetworkOptions) {
  const dispatcher = createDispatcher({ proxy: false, ...options }, {});
  dispatchers.push(dispatcher);
  return undiciSender(dispatcher);
}
const live = () => new AbortController().signal;
const get = (url: string): StreamingOutgoing => ({ url, method: "GET", headers: {}, body: undefined });
const text = (body: Uint8Array | null) => Buffer.from(body ?? new Uint8Array()).toString();
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (error: unknown) => error as Error & { code?: string },
  );

describe("the service's certificate", () => {
  it("is refused when signed by a CA Node does not know", async () => {
    const error = await failureOf(senderFor({})(get(server.url), live()));
    expect(error.code).toMatch(/^(SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/);
  });

  it("is accepted with the caller's ca, and refused with another CA", async () => {
    expect(text((await senderFor({ tls: { ca: pki.ca } })(get(server.url), live())).body)).toBe("secure");
    const error = await failureOf(senderFor({ tls: { ca: pki.otherCa } })(get(server.url), live()));
    expect(error.code).toMatch(/CERT|SIGNATURE|ISSUER/);
  });

  it("is not checked with rejectUnauthorized: false", async () => {
    expect((await senderFor({ tls: { rejectUnauthorized: false } })(get(server.url), live())).status).toBe(200);
  });

  it("must name the URL's host, unless servername says which name to expect", async () => {
    const error = await failureOf(senderFor({ tls: { ca: pki.ca } })(get(named.url), live()));
    expect(error.code).toBe("ERR_TLS_CERT_ALTNAME_INVALID");
    const send = senderFor({ tls: { ca: pki.ca, servername: pki.namedHost } });
    expect(text((await send(get(named.url), live())).body)).toBe("named");
  });

  it("is checked once per connection: calls in sequence share one TLS connection", async () => {
    const send = senderFor({ tls: { ca: pki.ca } });
    server.connections = 0;
    for (let i = 0; i < 5; i++) {
      await send(get(server.url), live());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.connections).toBe(1);
  });
});

describe("a streamed body over TLS", () => {
  it("arrives intact from a source that reuses memory as eagerly as the sender's promise allows", async () => {
    const bytes = randomBytes(8 * 1024 * 1024 + 5);
    server.handler = slowHashingHandler;
    const answer = await senderFor({ tls: { ca: pki.ca } })({ url: server.url, method: "POST", headers: {}, body: scribbling(bytes) }, live());
    expect(text(answer.body)).toBe(createHash("sha256").update(bytes).digest("hex"));
    server.handler = (_req, res) => res.end("secure");
  });
});

describe("a client certificate", () => {
  it("is required by the server: without one the call fails", async () => {
    const error = await failureOf(senderFor({ tls: { ca: pki.ca } })(get(mutual.url), live()));
    // TLS 1.3 finishes the client's side of the handshake before the server checks: the refusal
    // arrives as an alert or as the connection closing under the request.
    expect(error.code).toMatch(/^(ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED|UND_ERR_SOCKET|ECONNRESET)$/);
  });

  it("is presented from cert and key", async () => {
    const send = senderFor({ tls: { ca: pki.ca, cert: pki.client.cert, key: pki.client.key } });
    expect(text((await send(get(mutual.url), live())).body)).toBe(`hello ${pki.client.commonName}`);
  });

  it("is presented from an encrypted key and its passphrase", async () => {
    const send = senderFor({ tls: { ca: pki.ca, cert: Buffer.from(pki.client.cert), key: pki.client.encryptedKey, passphrase: pki.client.passphrase } });
    expect(text((await send(get(mutual.url), live())).body)).toBe(`hello ${pki.client.commonName}`);
  });
});
