// The work of `platform configure` (../commands/configure.ts), loaded when it runs: the profile
// asked for on the terminal or read from stdin, checked by the client, saved (mode 0600); and the
// saved profiles listed, secrets masked.
import type { Command } from "commander";
import { currentInterruptSignal } from "../action.js";
import {
  DEFAULT_PROFILE,
  PROFILE_SETTINGS,
  SECRET_SETTINGS,
  checkProfileName,
  configPath,
  ownProfile,
  readConfigFile,
  writeConfigFile,
  type ConfigFile,
  type Profile,
} from "../config/config-file.js";
import { outputOf, type GlobalOptions } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { note, printListDocument, printResult } from "../output/print.js";
import { readHidden, readLine } from "../prompt/read-answer.js";
import { addSecrets } from "../redaction.js";

export interface ConfigureFlags {
  jwtCommand?: string;
  withApiKey?: boolean;
  withJwt?: boolean;
}

/** What `configure list` shows of a secret: that it is set, and its last characters when it is long enough to spare them. */
export function maskSecret(secret: string | undefined): string {
  if (secret === undefined) return "";
  return secret.length >= 16 ? `****${secret.slice(-4)}` : "****";
}

function masked(profile: Profile): Profile {
  const shown: Profile = { ...profile };
  for (const key of SECRET_SETTINGS) if (shown[key] !== undefined) shown[key] = maskSecret(shown[key]);
  return shown;
}

const profileName = (global: GlobalOptions): string => {
  const name = global.profile ?? (process.env.PLATFORM_PROFILE || DEFAULT_PROFILE);
  checkProfileName(name);
  return name;
};

/** Asks on the terminal; undefined when the answer is empty (keep what is there). */
async function ask(question: string, hidden: boolean): Promise<string | undefined> {
  process.stderr.write(question);
  const answer = await (hidden ? readHidden : readLine)(currentInterruptSignal());
  if (hidden || answer === undefined) process.stderr.write("\n");
  const text = answer?.trim();
  return text === undefined || text === "" ? undefined : text;
}

/** The secrets --with-api-key and --with-jwt ask for: one line each from stdin, in that order. */
async function secretsFromStdin(wanted: ("apiKey" | "jwt")[]): Promise<Partial<Record<"apiKey" | "jwt", string>>> {
  const parts: Buffer[] = [];
  for await (const part of process.stdin) parts.push(part as Buffer);
  const lines = Buffer.concat(parts).toString("utf8").split(/\r?\n/);
  const found: Partial<Record<"apiKey" | "jwt", string>> = {};
  wanted.forEach((key, i) => {
    const value = lines[i]?.trim();
    if (!value) throw new UsageError(`--with-${key === "apiKey" ? "api-key" : "jwt"}: stdin has no line ${i + 1} to read it from`);
    found[key] = value;
  });
  return found;
}

async function interactive(current: Profile, flags: ConfigureFlags, global: GlobalOptions): Promise<Profile> {
  const changes: Profile = {};
  if (global.baseUrl === undefined && global.host === undefined) {
    const target = await ask(`Base URL (https://…) or host name [${current.baseUrl ?? current.host ?? "none"}]: `, false);
    if (target !== undefined) changes[/^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? "baseUrl" : "host"] = target;
  }
  const apiKey = await ask(`API key (not shown) [${current.apiKey ? `keep ${maskSecret(current.apiKey)}` : "none"}]: `, true);
  if (apiKey !== undefined) changes.apiKey = apiKey;
  if (flags.jwtCommand === undefined) {
    const jwt = await ask(`JWT for the chunk operations (not shown) [${current.jwt ? `keep ${maskSecret(current.jwt)}` : "none"}]: `, true);
    if (jwt !== undefined) changes.jwt = jwt;
    else if (current.jwt === undefined) {
      const command = await ask(`or a command that prints a fresh JWT [${current.jwtCommand ?? "none"}]: `, false);
      if (command !== undefined) changes.jwtCommand = command;
    }
  }
  return changes;
}

/** The new profile: the old one with the changes, one target and one JWT source kept. */
function merge(current: Profile, changes: Profile): Profile {
  const next: Profile = { ...current, ...changes };
  if (changes.baseUrl !== undefined) delete next.host;
  if (changes.host !== undefined) delete next.baseUrl;
  if (changes.jwt !== undefined) delete next.jwtCommand;
  if (changes.jwtCommand !== undefined) delete next.jwt;
  for (const key of PROFILE_SETTINGS) if (next[key] === undefined) delete next[key];
  return next;
}

/** The client's own checks of the settings (URL form, header-safe credentials), before they are saved. */
async function check(profile: Profile): Promise<void> {
  const { createPlatformClient } = await import("../../index.js");
  const { ConfigurationError } = await import("../../kernel/errors.js");
  const target = profile.baseUrl !== undefined ? { baseUrl: profile.baseUrl } : profile.host !== undefined ? { host: profile.host } : { baseUrl: "http://localhost" };
  try {
    createPlatformClient({ ...target, ...(profile.apiKey ? { apiKey: profile.apiKey } : {}), ...(profile.jwt ? { jwt: profile.jwt } : {}) });
  } catch (error) {
    if (error instanceof ConfigurationError) throw new UsageError(`not saved: ${error.message}`);
    throw error;
  }
}

export async function configure(flags: ConfigureFlags, command: Command): Promise<void> {
  const global = command.optsWithGlobals<GlobalOptions>();
  if (global.apiKey !== undefined || global.jwt !== undefined) {
    throw new UsageError("configure takes secrets from a prompt or from stdin (--with-api-key, --with-jwt), never from the command line, where the process list shows them");
  }
  if (global.baseUrl !== undefined && global.host !== undefined) throw new UsageError("--base-url and --host both name the target; give one");
  const out = outputOf(command);
  const name = profileName(global);
  const path = configPath();
  const config: ConfigFile = readConfigFile(path) ?? { profiles: {} };
  const current = ownProfile(config, name) ?? {};
  addSecrets(SECRET_SETTINGS.map((key) => current[key]).filter((v): v is string => v !== undefined));

  const changes: Profile = {
    ...(global.baseUrl !== undefined ? { baseUrl: global.baseUrl } : {}),
    ...(global.host !== undefined ? { host: global.host } : {}),
    ...(flags.jwtCommand !== undefined ? { jwtCommand: flags.jwtCommand } : {}),
  };
  const fromStdin = [...(flags.withApiKey ? (["apiKey"] as const) : []), ...(flags.withJwt ? (["jwt"] as const) : [])];
  const terminal = process.stdin.isTTY === true && process.stderr.isTTY === true;
  if (fromStdin.length > 0) {
    if (process.stdin.isTTY) {
      for (const key of fromStdin) {
        const value = await ask(`${key === "apiKey" ? "API key" : "JWT"} (not shown): `, true);
        if (value === undefined) throw new UsageError(`no ${key === "apiKey" ? "API key" : "JWT"} given; nothing saved`);
        changes[key] = value;
      }
    } else Object.assign(changes, await secretsFromStdin(fromStdin));
  } else if (terminal) {
    Object.assign(changes, await interactive(current, flags, global));
  } else if (Object.keys(changes).length === 0) {
    throw new UsageError("no terminal to ask on: give --base-url or --host, --jwt-command, or pipe secrets in with --with-api-key and --with-jwt");
  }
  if (changes.jwt !== undefined && changes.jwtCommand !== undefined) throw new UsageError("--with-jwt and --jwt-command are two sources of the JWT; give one");
  addSecrets(SECRET_SETTINGS.map((key) => changes[key]).filter((v): v is string => v !== undefined));

  const next = merge(current, changes);
  await check(next);
  writeConfigFile(path, { ...config, profiles: { ...config.profiles, [name]: next } });
  note(`saved profile "${name}" to ${path}`);
  await printResult(out, { profile: name, file: path, ...masked(next) }, () => [
    `profile: ${name}`,
    `file: ${path}`,
    ...Object.entries(masked(next)).map(([k, v]) => `${k}: ${v}`),
  ]);
}

/** The saved profiles, secrets masked, the active one marked. */
export async function list(command: Command): Promise<void> {
  const out = outputOf(command);
  const path = configPath();
  const config = readConfigFile(path) ?? { profiles: {} };
  const active = command.optsWithGlobals<GlobalOptions>().profile ?? (process.env.PLATFORM_PROFILE || DEFAULT_PROFILE);
  const profiles = Object.entries(config.profiles).map(([name, profile]) => ({
    profile: name,
    active: name === active,
    target: profile.baseUrl ?? profile.host ?? "",
    ...masked(profile),
  }));
  await printListDocument(out, { file: path, active, profiles }, profiles, {
    columns: ["profile", "active", "target", "apiKey", "jwt", "jwtCommand"],
    empty: `no profiles in ${path}; save one with: platform configure`,
  });
}
