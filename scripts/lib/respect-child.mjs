// Respect in a child process of `npm run workflows`, with the credentials added to its arguments
// in this process's memory only: Respect takes inputs on its command line, and a command line is
// readable by anyone on the machine (ps, /proc), so the parent passes the credentials in this
// process's environment (PLATFORM_API_KEY, PLATFORM_JWT) and its other arguments as JSON
// (PLATFORM_RESPECT_ARGS), and this process's real command line never holds a secret.
import { pathToFileURL } from "node:url";
import { respectEntry } from "./respect.mjs";

const args = JSON.parse(process.env.PLATFORM_RESPECT_ARGS ?? "[]");
const credentials = {
  ...(process.env.PLATFORM_API_KEY ? { apiKey: process.env.PLATFORM_API_KEY } : {}),
  ...(process.env.PLATFORM_JWT ? { jwt: process.env.PLATFORM_JWT } : {}),
};
const entry = respectEntry();
process.argv = [process.argv[0], entry, ...args, ...(Object.keys(credentials).length > 0 ? ["--input", JSON.stringify(credentials)] : [])];
await import(pathToFileURL(entry).href);
