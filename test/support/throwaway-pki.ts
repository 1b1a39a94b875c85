// A certificate authority made for one test file with the openssl CLI, in a temporary folder:
// a server certificate for 127.0.0.1 and localhost, one for a name only (servername tests), and
// a client certificate with its key both plain and under a passphrase. Nothing is downloaded.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Pki {
  ca: string;
  /** Another CA, which signed nothing the servers use: the "wrong CA". */
  otherCa: string;
  server: { cert: string; key: string };
  /** Valid for `namedHost` only, not for 127.0.0.1. */
  named: { cert: string; key: string };
  namedHost: string;
  client: { cert: string; key: string; encryptedKey: string; passphrase: string; commonName: string };
  remove(): void;
}

const OPENSSL = "/usr/bin/openssl";

export function makePki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), "pki-"));
  const at = (name: string) => join(dir, name);
  const run = (...args: string[]) => execFileSync(OPENSSL, args, { stdio: ["ignore", "ignore", "pipe"] });
  const ecKey = (name: string) => run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", at(name));
  const selfSigned = (name: string, subject: string) => {
    ecKey(`${name}.key`);
    run("req", "-x509", "-new", "-key", at(`${name}.key`), "-out", at(`${name}.crt`), "-days", "2", "-subj", subject);
  };
  const signed = (name: string, subject: string, extensions: string) => {
    ecKey(`${name}.key`);
    run("req", "-new", "-key", at(`${name}.key`), "-out", at(`${name}.csr`), "-subj", subject);
    writeFileSync(at(`${name}.ext`), extensions);
    run(
      "x509",
      "-req",
      "-in",
      at(`${name}.csr`),
      "-CA",
      at("ca.crt"),
      "-CAkey",
      at("ca.key"),
      "-CAcreateserial",
      "-out",
      at(`${name}.crt`),
      "-days",
      "2",
      "-extfile",
      at(`${name}.ext`),
    );
  };

  selfSigned("ca", "/CN=Throwaway test CA");
  selfSigned("other", "/CN=Unrelated test CA");
  signed("server", "/CN=localhost", "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
  const namedHost = "service.platform.test";
  signed("named", `/CN=${namedHost}`, `subjectAltName=DNS:${namedHost}\nextendedKeyUsage=serverAuth\n`);
  const commonName = "client-of-the-test";
  signed("client", `/CN=${commonName}`, "extendedKeyUsage=clientAuth\n");
  const passphrase = "correct horse battery staple";
  run("pkey", "-in", at("client.key"), "-aes256", "-passout", `pass:${passphrase}`, "-out", at("client-encrypted.key"));

  const read = (name: string) => readFileSync(at(name), "utf8");
  return {
    ca: read("ca.crt"),
    otherCa: read("other.crt"),
    server: { cert: read("server.crt"), key: read("server.key") },
    named: { cert: read("named.crt"), key: read("named.key") },
    namedHost,
    client: { cert: read("client.crt"), key: read("client.key"), encryptedKey: read("client-encrypted.key"), passphrase, commonName },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
