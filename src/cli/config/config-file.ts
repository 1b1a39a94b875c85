// The profiles file: $XDG_CONFIG_HOME/platform/config.json (~/.config/platform/config.json), JSON,
// mode 0600 in a 0700 folder, one entry per profile. It holds credentials, so, like ssh with a
// private key, the command line refuses to read it when anyone but its owner may read or write
// it. Errors name the file and the setting, never a value.
import { chmodSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { FILE_CAPS, readRegularFileSync } from "../../node/regular-file.js";
import { UsageError } from "../exit-codes.js";

export interface Profile {
  baseUrl?: string;
  host?: string;
  apiKey?: string;
  jwt?: string;
  /** A command printing a fresh JWT on stdout, run when a chunk operation needs one. */
  jwtCommand?: string;
}

export interface ConfigFile {
  profiles: Record<string, Profile>;
}

export const PROFILE_SETTINGS = ["baseUrl", "host", "apiKey", "jwt", "jwtCommand"] as const satisfies readonly (keyof Profile)[];
/** Settings that are secrets: masked by `configure list`, never taken from argv. */
export const SECRET_SETTINGS = ["apiKey", "jwt"] as const satisfies readonly (keyof Profile)[];
export const DEFAULT_PROFILE = "default";
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  // The XDG rule: a relative XDG_CONFIG_HOME is invalid and ignored.
  const base = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(homedir(), ".config");
  return join(base, "platform", "config.json");
}

export function checkProfileName(name: string): void {
  if (!PROFILE_NAME.test(name)) throw new UsageError(`profile name ${JSON.stringify(name.slice(0, 64))} must be letters, digits, ".", "_" or "-" (at most 64, starting with a letter or digit)`);
}

/** The file's profiles, or undefined when there is no file. */
export function readConfigFile(path: string): ConfigFile | undefined {
  let text: string;
  try {
    // Opened without blocking and checked on the handle it is read from: a FIFO or a device in
    // its place is refused at once, and a swap between the checks and the read changes nothing.
    text = readRegularFileSync(path, { maxBytes: FILE_CAPS.config, what: "the profiles file", encoding: "utf8", inspect: (stats) => checkOwnership(path, stats) });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ENOTFILE") throw new UsageError(`${path}: not a regular file`);
    if (code === "EFBIG") throw new UsageError(`${path}: larger than a profiles file may be (${FILE_CAPS.config} bytes)`);
    throw new UsageError(`${path}: cannot be read (${code ?? "error"})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${path}: is not JSON; fix it, or remove it and run platform configure`);
  }
  return checkConfig(parsed, path);
}

/**
 * Only its user may read or change a file of credentials, nor replace it: like ssh, a file in a
 * folder others may write to is refused (they could swap it for one of theirs) however tight its
 * own mode. Windows has no such mode bits (every file reads as 0666): its ACLs are not checked.
 */
function checkOwnership(path: string, { mode, uid }: { mode: number; uid: number }): void {
  if (process.platform === "win32") return;
  if ((mode & 0o077) !== 0) {
    throw new UsageError(`${path} holds credentials but others may read or change it (mode ${(mode & 0o777).toString(8)}); it is not used until only you can: chmod 600 ${path}`);
  }
  const me = typeof process.getuid === "function" ? process.getuid() : undefined;
  if (me !== undefined && uid !== me) throw new UsageError(`${path} holds credentials but belongs to another user; it is not used`);
  const folder = dirname(path);
  const held = statSync(folder);
  if ((held.mode & 0o022) !== 0 || (me !== undefined && held.uid !== me && held.uid !== 0)) {
    throw new UsageError(`${path} holds credentials but its folder ${folder} may be changed by others (mode ${(held.mode & 0o777).toString(8)}), who could replace the file; it is not used until only you can: chmod go-w ${folder}`);
  }
}

/** The profile of that name, if the file has one: its own entry, never a property every object has (`toString`). */
export function ownProfile(config: ConfigFile | undefined, name: string): Profile | undefined {
  return config && Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

function checkConfig(value: unknown, path: string): ConfigFile {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  if (!isObject(value) || !isObject(value.profiles)) throw new UsageError(`${path}: must be an object with "profiles"`);
  for (const [name, profile] of Object.entries(value.profiles)) {
    if (!isObject(profile)) throw new UsageError(`${path}: profiles.${name} must be an object`);
    for (const [key, setting] of Object.entries(profile)) {
      if (!(PROFILE_SETTINGS as readonly string[]).includes(key)) throw new UsageError(`${path}: profiles.${name}.${key} is not a setting (known: ${PROFILE_SETTINGS.join(", ")})`);
      if (typeof setting !== "string" || setting.trim() === "") throw new UsageError(`${path}: profiles.${name}.${key} must be a non-empty string`);
    }
    if (profile.baseUrl !== undefined && profile.host !== undefined) throw new UsageError(`${path}: profiles.${name} has both baseUrl and host; keep one`);
    if (profile.jwt !== undefined && profile.jwtCommand !== undefined) throw new UsageError(`${path}: profiles.${name} has both jwt and jwtCommand; keep one`);
  }
  return value as unknown as ConfigFile;
}

/** Writes the file whole, through a 0600 temporary file and a rename: never readable by others, never half written. */
export function writeConfigFile(path: string, config: ConfigFile): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    // A umask cannot widen 0600, but a file system may ignore the mode: say so rather than leave it open.
    chmodSync(temporary, 0o600);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UsageError(`${path}: cannot be written (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}
