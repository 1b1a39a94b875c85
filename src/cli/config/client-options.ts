// Where a command sends and with which credentials, from three layers: flags, then the
// environment, then a profile (`platform configure`). Each setting is taken from the first layer
// that has it; the target (base URL or host) is one setting, so `--host` beats PLATFORM_BASE_URL,
// and two names for it in one layer are refused. The profile file is read only when flags and
// environment leave a setting open. Every error names what to set; none quotes a value.
//
// This is the one place that turns flags, environment and profile into client options: the
// commands (../context.ts) and `platform mcp` both call resolveClientOptions.
import { operations, type OperationId } from "../../generated/operations.js";
import type { JwtSource } from "../../index.js";
import { UsageError } from "../exit-codes.js";
import { DEFAULT_PROFILE, checkProfileName, configPath, ownProfile, readConfigFile, type Profile } from "./config-file.js";
import { jwtFromCommand } from "./jwt-command.js";

/** The global flags that name the target, the credentials and the profile. */
export interface TargetFlags {
  baseUrl?: string;
  host?: string;
  apiKey?: string;
  jwt?: string;
  profile?: string;
}

export interface ClientSettings {
  /** Ready for createPlatformClient: exactly one of baseUrl and host, and the credentials found. */
  options: { baseUrl?: string; host?: string; apiKey?: string; jwt?: JwtSource };
  /** The profile a setting came from, if one did. */
  profile: string | undefined;
  /** The secret values among the settings (a JWT from a command is added by the client once fetched). */
  secrets: string[];
}

export interface ResolveNeeds {
  /** The operations the caller will call: each one's credential must be found, or a usage error names it. */
  operationIds?: readonly OperationId[];
  /**
   * The command as the user typed it (`mcp`, `models deploy`): what a missing credential is said to
   * be needed by, rather than an operation the user never named.
   */
  command?: string;
}

const CREDENTIALS = {
  apiKey: { flag: "--api-key", variable: "PLATFORM_API_KEY" },
  jwtAuth: { flag: "--jwt", variable: "PLATFORM_JWT" },
} as const;

const given = (value: string | undefined): string | undefined => (value === undefined || value.trim() === "" ? undefined : value);

/** Reads the profile the flags or PLATFORM_PROFILE name (or `default`, if the file has one). */
function profileLoader(flags: TargetFlags, env: NodeJS.ProcessEnv): () => { name: string; profile: Profile } | undefined {
  let loaded: { name: string; profile: Profile } | undefined | null = null;
  return () => {
    if (loaded !== null) return loaded;
    const named = given(flags.profile) ?? given(env.PLATFORM_PROFILE);
    const name = named ?? DEFAULT_PROFILE;
    checkProfileName(name);
    const path = configPath(env);
    const profile = ownProfile(readConfigFile(path), name);
    if (profile === undefined && named !== undefined) {
      throw new UsageError(`profile "${name}" is not in ${path}${given(flags.profile) ? "" : " (PLATFORM_PROFILE names it)"}; create it with: platform configure --profile ${name}`);
    }
    loaded = profile === undefined ? undefined : { name, profile };
    return loaded;
  };
}

/**
 * The client options for a command: target and credentials, flags first, then environment,
 * then profile. Throws a UsageError naming the flag, variable or profile setting to fix.
 */
export function resolveClientOptions(flags: TargetFlags, env: NodeJS.ProcessEnv = process.env, needs: ResolveNeeds = {}): ClientSettings {
  const loadProfile = profileLoader(flags, env);
  // An explicitly named profile must exist even when flags and environment cover everything.
  if (given(flags.profile) ?? given(env.PLATFORM_PROFILE)) loadProfile();
  let usedProfile: string | undefined;
  const fromProfile = <K extends keyof Profile>(key: K): Profile[K] | undefined => {
    const found = loadProfile();
    const value = found?.profile[key];
    if (found !== undefined && value !== undefined) usedProfile = found.name;
    return value;
  };

  const target = targetOf(flags, env) ?? profileTarget(fromProfile);
  if (target === undefined) throw new UsageError("no target: pass --base-url (or --host), set PLATFORM_BASE_URL (or PLATFORM_HOST), or save a profile with: platform configure");
  const apiKey = given(flags.apiKey) ?? given(env.PLATFORM_API_KEY) ?? fromProfile("apiKey");
  const jwtText = given(flags.jwt) ?? given(env.PLATFORM_JWT) ?? fromProfile("jwt");
  const jwtCommand = jwtText === undefined ? fromProfile("jwtCommand") : undefined;
  const jwt: JwtSource | undefined = jwtText ?? (jwtCommand === undefined ? undefined : jwtFromCommand(jwtCommand));

  const have = { apiKey: apiKey !== undefined, jwtAuth: jwt !== undefined };
  for (const id of needs.operationIds ?? []) {
    const security = operations[id].security;
    if (!have[security]) {
      const { flag, variable } = CREDENTIALS[security];
      throw new UsageError(`${needs.command ?? id} needs ${variable} (or ${flag}, or a profile saved with platform configure): it is not set`);
    }
  }
  return {
    options: { ...target, ...(apiKey !== undefined ? { apiKey } : {}), ...(jwt !== undefined ? { jwt } : {}) },
    profile: usedProfile,
    secrets: [apiKey, jwtText].filter((v): v is string => v !== undefined),
  };
}

type Target = { baseUrl: string } | { host: string };

function targetOf(flags: TargetFlags, env: NodeJS.ProcessEnv): Target | undefined {
  const [baseUrl, host] = [given(flags.baseUrl), given(flags.host)];
  if (baseUrl !== undefined && host !== undefined) throw new UsageError("--base-url and --host both name the target; give one");
  if (baseUrl !== undefined) return { baseUrl };
  if (host !== undefined) return { host };
  const [envBaseUrl, envHost] = [given(env.PLATFORM_BASE_URL), given(env.PLATFORM_HOST)];
  if (envBaseUrl !== undefined && envHost !== undefined) throw new UsageError("PLATFORM_BASE_URL and PLATFORM_HOST are both set and both name the target; unset one (or pass --base-url or --host, which win)");
  if (envBaseUrl !== undefined) return { baseUrl: envBaseUrl };
  if (envHost !== undefined) return { host: envHost };
  return undefined;
}

function profileTarget(fromProfile: <K extends keyof Profile>(key: K) => Profile[K] | undefined): Target | undefined {
  const baseUrl = fromProfile("baseUrl");
  if (baseUrl !== undefined) return { baseUrl };
  const host = fromProfile("host");
  return host === undefined ? undefined : { host };
}
