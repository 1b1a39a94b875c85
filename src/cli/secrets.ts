// The credentials of this run, so any text the command line prints can be checked for them.
// The client masks them in its own errors; this covers what commander and Node print.
const CREDENTIAL_FLAGS = ["--api-key", "--jwt"];
const CREDENTIAL_VARIABLES = ["PLATFORM_API_KEY", "PLATFORM_JWT"];

export function credentialsOf(argv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const values: string[] = [];
  argv.forEach((arg, i) => {
    for (const flag of CREDENTIAL_FLAGS) {
      if (arg === flag && argv[i + 1] !== undefined) values.push(argv[i + 1]!);
      else if (arg.startsWith(`${flag}=`)) values.push(arg.slice(flag.length + 1));
    }
  });
  for (const name of CREDENTIAL_VARIABLES) if (env[name]) values.push(env[name]!);
  // Longest first, so a credential that contains another is masked whole.
  return values.filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
}

/** The text with every credential replaced. */
export function maskCredentials(text: string, credentials: readonly string[]): string {
  let masked = text;
  for (const value of credentials) masked = masked.split(value).join("***");
  return masked;
}
