// The one redactor of a run: everything the command line prints (results, notes, errors,
// commander's messages, debug lines) passes through `redact`. Once the command has a client, the
// client's own redactor (`client.redact`) masks what it knows, a JWT fetched from a command
// included; before that (a flag misspelt, a profile that cannot be read) the same masking, the
// client's Redactor, covers the credentials found in argv, the environment and the profile.
import { Redactor } from "../kernel/redactor.js";

const CREDENTIAL_FLAGS = ["--api-key", "--jwt"];
const CREDENTIAL_VARIABLES = ["PLATFORM_API_KEY", "PLATFORM_JWT"];

const beforeClient = new Redactor();
let client: { redact(text: string): string } | undefined;

/** Credentials given on the command line or in the environment, found before anything is parsed. */
export function credentialsOf(argv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const values: string[] = [];
  argv.forEach((arg, i) => {
    const next = argv[i + 1];
    for (const flag of CREDENTIAL_FLAGS) {
      if (arg === flag && next !== undefined) values.push(next);
      else if (arg.startsWith(`${flag}=`)) values.push(arg.slice(flag.length + 1));
    }
  });
  for (const name of CREDENTIAL_VARIABLES) {
    const value = env[name];
    if (value) values.push(value);
  }
  return values;
}

/** Secrets to mask from now on (argv's and the environment's at start-up, a profile's once read). */
export function addSecrets(values: Iterable<string>): void {
  for (const value of values) beforeClient.add(value);
}

/** The command's client: from now on its redactor masks as well. */
export function useClientRedactor(redactor: { redact(text: string): string }): void {
  client = redactor;
}

export function redact(text: string): string {
  const masked = beforeClient.text(text);
  return client ? client.redact(masked) : masked;
}
