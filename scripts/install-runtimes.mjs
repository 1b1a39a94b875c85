// node scripts/install-runtimes.mjs [FOLDER...]: installs the test folders that have a lockfile
// of their own (default: all of them), as the tests that need them would on first use. Nothing
// runs this on `npm ci` or `npm pack`; it is for installing ahead, say before going offline.
//
// test/runtimes is a folder of its own rather than devDependencies: npm hoists a dependency's
// dependencies to the top, and the Node packages declare an executable called `node`. In the
// project's node_modules/.bin that executable would stand in for the Node that runs every npm
// script (npm puts .bin first on PATH), so `npm test` would quietly run on Node 20.19.0.
import { installOnDemand, ON_DEMAND_FOLDERS } from "./lib/on-demand-install.mjs";

const folders = process.argv.length > 2 ? process.argv.slice(2) : ON_DEMAND_FOLDERS;
for (const folder of folders) {
  try {
    console.log(`install-runtimes: ${folder} installed in ${await installOnDemand(folder, { log: (line) => console.log(line) })}`);
  } catch (error) {
    console.error(`install-runtimes: ${/** @type {Error} */ (error).message}`);
    process.exitCode = 1;
  }
}
