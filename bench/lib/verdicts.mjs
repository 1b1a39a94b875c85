// From the raw figures of a run to verdicts: each target met or missed with its measured figure,
// and the gate (a hash mismatch, memory that grows with the file size) that fails the run.
// Pure, so the smoke test can check the gate without running anything.
import { fmt, median, MiB, ratio } from "./stats.mjs";

/** Targets of issues 5 and 11. */
export const TARGETS = {
  /** Import throughput against curl (the fetch loop when curl is missing). */
  importRatio: 0.9,
  /** The sender's CPU time per GiB against curl's. */
  importCpuRatio: 2,
  peakRssMiB: 150,
  /** The 1 GiB peak within this fraction of the 256 MiB peak. */
  growth: 0.1,
  latencyRatio: 3.5,
  /** Client vs bare openapi-fetch over the same dispatcher. */
  callsRatio: 1.15,
  /** Client vs the raw undici.request loop when the server takes 1 ms to answer. */
  callsLatencyRatio: 1.03,
  /** Client with validateResponses: "warn" vs the same client with it off (issue 25). */
  callsWarnRatio: 1.1,
  paginationRatio: 0.9,
  heapGrowth: 0.1,
  /** `platform models import` against `models.import` in a script: process against process. */
  cliRatio: 0.9,
  cliPeakRssMiB: 200,
  /** With the progress bar drawn on a terminal against without it: no measurable cost. */
  cliBarRatio: 0.95,
  cliStartupMs: 200,
  cliListRatio: 0.9,
  cliListGrowth: 0.1,
  /** `npm run spec:diff` on the whole spec against its previous release, spawn to exit (issue 22). */
  specDiffMs: 2000,
  /** An import through a running MCP server's import_model tool against `models.import` in a warm process. */
  mcpImportRatio: 0.9,
  mcpPeakRssMiB: 200,
  /** The in-process stateful mock's calls per second against the HTTP stateful mock's (issue 32). */
  inProcessVsHttp: 5,
  /** ... and against a bare fetch handler returning a canned Response: at most this much slower. */
  inProcessVsBare: 1.5,
  inProcessCreateMs: 1,
  /** The stateful mock's getConnection answers on one core (issue 26). */
  mockRequestsPerSecond: 1000,
};

/**
 * @typedef {{ variant: string, fileSize: number, mibPerSecond: number, cpuSeconds?: number | null, peakRssMiB: number | null, hashOk: boolean,
 *   problems: string[], concurrency?: number, sinkCpuSeconds?: number }} ImportRun
 * @typedef {{
 *   import: ImportRun[], memory: ImportRun[], streams?: ImportRun[], latency: ImportRun[], errors: string[],
 *   calls?: { calls: number, clientUs: number[], openapiFetchUs: number[], rawUs: number[], portableUs: number[], warn?: import("../calls.ts").WarnResult,
 *     latency: { calls: number, latencyMs: number, clientUs: number[], rawUs: number[], clientCpuUs?: number[], rawCpuUs?: number[] } },
 *   pagination?: { items: number, clientRate: number[], loopRate: number[], heapFirstPageMiB: number, heapLastPageMiB: number, loopHeapFirstPageMiB: number,
 *     loopHeapLastPageMiB: number },
 *   waiter?: import("../waiter.ts").WaiterResult,
 *   mcp?: { calls: number, mcpUs: number[], clientUs: number[], fileSize: number, mcpMiBps: number[], inProcessMiBps: number[], mcpSpawnMiBps: number[],
 *     mcpStartupMs: number[], libraryMiBps: number[], libraryCallMiBps: number[], mcpPeakRssMiB: number[], mcpCpuPerGiB: number[],
 *     libraryCpuPerGiB: number[], hashOk: boolean, problems: string[] },
 *   cli?: { fileSize: number, libraryMiBps: number[], cliCpuS: number[], libraryCpuS: number[], inProcessMiBps: number[], cliMiBps: number[],
 *     cliBarMiBps: number[], cliPtyMiBps: number[],
 *     cliBarCpuS: number[], cliPtyCpuS: number[], cliPeakRssMiB: number[],
 *     cliBarPeakRssMiB: number[], startupMs: number[], completionStartupMs: number[], bundledStartupMs: number[],
 *     bundledCompletionStartupMs: number[], nodeStartupMs: number[], hashOk: boolean, problems: string[],
 *     listing: { chunks: number, smallChunks: number, pairChunks: number, pairSmallChunks: number,
 *       cliRate: number[], libraryRate: number[], cliPeakRssMiB: number[], cliSmallPeakRssMiB: number[],
 *       libraryPeakRssMiB: number[], cliPairPeakRssMiB: number[], cliSmallPairPeakRssMiB: number[], cliHeapAfterGcMiB: number[],
 *       cliSmallHeapAfterGcMiB: number[] } },
 *   specdiff?: { pairs: Array<{ label: string, changes: number, level: string, processMs: number[], inProcessMs: number[] }> },
 *   mock?: import("../mock.ts").MockBenchResult,
 *   inprocess?: import("../in-process.ts").InProcessBenchResult & {
 *     import: Array<import("../in-process-import.ts").InProcessImportResult & { peakRssRuns: number[] }> }
 * }} RawResults
 */

/**
 * The gate on memory: the bigger file's median peak RSS is more than 10% above the smaller
 * file's AND the difference is more than an eighth of the extra file size, i.e. the client
 * holds a share of the file. Peak RSS moves by some 20-30 MiB from run to run with the timing
 * of garbage collection; the second condition keeps that noise from failing a run, while a
 * client that kept even an eighth of what it sends fails in both modes.
 * @param {number} bigPeak @param {number} smallPeak @param {number} bigSizeMiB @param {number} smallSizeMiB
 */
export function growsWithFileSize(bigPeak, smallPeak, bigSizeMiB, smallSizeMiB) {
  return bigPeak > smallPeak * (1 + TARGETS.growth) && bigPeak - smallPeak > (bigSizeMiB - smallSizeMiB) / 8;
}

/**
 * @param {RawResults} raw
 * @param {{ selected: string[], curl: boolean, bigSize: number, smallSize: number, streamSizes?: { bigSize: number,
 *   smallSize: number } }} context sizes in bytes
 */
export function evaluate(raw, { selected, curl, bigSize, smallSize, streamSizes = { bigSize, smallSize } }) {
  const bigSizeMiB = bigSize / MiB;
  const smallSizeMiB = smallSize / MiB;
  /** @type {string[]} */
  const gateFailures = [];
  /** @type {string[]} */
  const missed = [];
  /** @type {Record<string, any>} */
  const out = { gateFailures, missed };
  const on = (/** @type {string} */ name) => selected.includes(name);

  // Every import run, whatever it measured, must have delivered the file intact.
  const runs = [...raw.import, ...raw.memory, ...(raw.streams ?? []), ...raw.latency];
  for (const run of runs) {
    if (!run.hashOk || run.problems.length > 0) {
      gateFailures.push(`${run.variant} import: ${run.problems.join("; ") || "the sink's hash does not match the file"}`);
    }
  }

  if (on("import")) {
    const of = (/** @type {string} */ variant) => raw.import.filter((r) => r.variant === variant);
    const rate = (/** @type {string} */ variant) => median(of(variant).map((r) => r.mibPerSecond));
    const cpuPerGiB = (/** @type {string} */ variant) =>
      of(variant)
        .filter((r) => typeof r.cpuSeconds === "number")
        .map((r) => (Number(r.cpuSeconds) * 1024 * MiB) / r.fileSize);
    const client = rate("client");
    const baseline = curl ? "curl" : "fetch loop";
    const r = ratio(client, rate(curl ? "curl" : "fetch"));
    const cpu = { client: cpuPerGiB("client"), curl: cpuPerGiB("curl"), fetch: cpuPerGiB("fetch") };
    const cpuRatio = ratio(median(cpu.client), median(cpu.curl));
    const hashRuns = raw.import.length;
    const hashMatched = raw.import.filter((run) => run.hashOk && run.problems.length === 0).length;
    out.import = {
      client,
      baseline: `of ${baseline}`,
      ratio: r,
      met: r >= TARGETS.importRatio,
      cpuPerGiB: cpu,
      cpuRatio,
      cpuMet: curl ? cpuRatio <= TARGETS.importCpuRatio : undefined,
      hashRuns,
      hashMatched,
      hashOk: hashRuns > 0 && hashMatched === hashRuns,
    };
    if (hashRuns === 0) gateFailures.push("no import run completed");
    if (!out.import.met) missed.push(`import throughput ${fmt(client, 0)} MiB/s = ${fmt(r, 2)}× of ${baseline}, target ≥ ${TARGETS.importRatio}×`);
    if (out.import.cpuMet === false)
      missed.push(`import sender CPU ${fmt(median(cpu.client), 2)} s/GiB = ${fmt(cpuRatio, 2)}× curl's, target ≤ ${TARGETS.importCpuRatio}×`);
  }

  if (on("memory")) {
    const peaks = (/** @type {number} */ size) =>
      [...raw.import, ...raw.memory].filter((r) => r.variant === "client" && r.fileSize === size).map((r) => Number(r.peakRssMiB));
    const bigPeaks = peaks(bigSize);
    const smallPeaks = peaks(smallSize);
    const big = median(bigPeaks);
    const small = median(smallPeaks);
    const growth = ratio(big, small);
    const flat = Math.abs(growth - 1) <= TARGETS.growth;
    out.memory = { bigPeaks, smallPeaks, underLimit: big < TARGETS.peakRssMiB, growth, flat };
    if (!Number.isFinite(growth)) gateFailures.push("memory: no peak RSS figures to compare");
    else if (growsWithFileSize(big, small, bigSizeMiB, smallSizeMiB)) {
      gateFailures.push(
        `memory grows with file size: median peak RSS ${fmt(big, 0)} MiB for ${fmt(bigSizeMiB, 0)} MiB vs ${fmt(small, 0)} MiB for ${fmt(smallSizeMiB, 0)} MiB (${fmt(growth, 2)}×)`,
      );
    }
    if (!out.memory.underLimit) missed.push(`peak RSS ${fmt(big, 0)} MiB, target < ${TARGETS.peakRssMiB} MiB`);
    if (!flat) missed.push(`peak RSS big/small ${fmt(growth, 2)}×, target within ±${TARGETS.growth * 100}%`);
  }

  const streamRuns = raw.streams;
  if (on("streams") && streamRuns) {
    out.streams = {};
    const [streamBigMiB, streamSmallMiB] = [streamSizes.bigSize / MiB, streamSizes.smallSize / MiB];
    for (const variant of ["client-stream", "portable-stream"]) {
      const peaks = (/** @type {number} */ size) => streamRuns.filter((r) => r.variant === variant && r.fileSize === size).map((r) => Number(r.peakRssMiB));
      const bigPeaks = peaks(streamSizes.bigSize);
      const smallPeaks = peaks(streamSizes.smallSize);
      const big = median(bigPeaks);
      const small = median(smallPeaks);
      const growth = ratio(big, small);
      const flat = Math.abs(growth - 1) <= TARGETS.growth;
      out.streams[variant] = { bigPeaks, smallPeaks, growth, flat };
      if (!Number.isFinite(growth)) gateFailures.push(`${variant}: no peak RSS figures to compare`);
      else if (growsWithFileSize(big, small, streamBigMiB, streamSmallMiB)) {
        gateFailures.push(
          `${variant} memory grows with file size: median peak RSS ${fmt(big, 0)} MiB for ${fmt(streamBigMiB, 0)} MiB vs ${fmt(small, 0)} MiB for ${fmt(streamSmallMiB, 0)} MiB`,
        );
      }
      if (!flat) missed.push(`${variant} peak RSS big/small ${fmt(growth, 2)}×, target within ±${TARGETS.growth * 100}%`);
    }
  }

  if (on("latency")) {
    const rates = (/** @type {string} */ variant, /** @type {number} */ concurrency) =>
      raw.latency.filter((r) => r.variant === variant && r.concurrency === concurrency).map((r) => r.mibPerSecond);
    const [c1, c4, fetchC1, fetchC4] = [rates("client", 1), rates("client", 4), rates("fetch", 1), rates("fetch", 4)];
    const r = ratio(median(c4), median(c1));
    out.latency = { c1, c4, fetchC1, fetchC4, fetchRatio: ratio(median(fetchC4), median(fetchC1)), ratio: r, met: r >= TARGETS.latencyRatio };
    if (!out.latency.met) missed.push(`latency hiding ${fmt(r, 2)}×, target ≥ ${TARGETS.latencyRatio}×`);
  }

  if (on("calls") && raw.calls) {
    const c = raw.calls;
    const r = ratio(median(c.clientUs), median(c.openapiFetchUs));
    const latencyRatio = ratio(median(c.latency.clientUs), median(c.latency.rawUs));
    out.calls = {
      ratio: r,
      met: r <= TARGETS.callsRatio,
      rawRatio: ratio(median(c.clientUs), median(c.rawUs)),
      latencyRatio,
      latencyMet: latencyRatio <= TARGETS.callsLatencyRatio,
    };
    if (!out.calls.met)
      missed.push(
        `per-call overhead ${fmt(median(c.clientUs), 0)} µs vs bare openapi-fetch ${fmt(median(c.openapiFetchUs), 0)} µs = ${fmt(r, 2)}×, target ≤ ${TARGETS.callsRatio}×`,
      );
    if (!out.calls.latencyMet) {
      missed.push(
        `calls to a ${c.latency.latencyMs} ms server ${fmt(median(c.latency.clientUs), 0)} µs vs the raw loop ${fmt(median(c.latency.rawUs), 0)} µs = ${fmt(latencyRatio, 3)}×, target ≤ ${TARGETS.callsLatencyRatio}×`,
      );
    }
    // Judged on the median of the per-turn ratios (warn and off run in turns, bench/calls.ts).
    if (c.warn?.turnRatios.length) {
      out.calls.warnRatio = median(c.warn.turnRatios);
      out.calls.warnMet = out.calls.warnRatio <= TARGETS.callsWarnRatio;
      if (!out.calls.warnMet)
        missed.push(
          `validateResponses "warn" ${fmt(median(c.warn.warnUs), 0)} µs per call vs off ${fmt(median(c.warn.offUs), 0)} µs in turns, median per-turn ratio ${fmt(out.calls.warnRatio, 2)}×, target ≤ ${TARGETS.callsWarnRatio}×`,
        );
    }
  }

  if (on("pagination") && raw.pagination) {
    const p = raw.pagination;
    const r = ratio(median(p.clientRate), median(p.loopRate));
    const heapRatio = ratio(p.heapLastPageMiB, p.heapFirstPageMiB);
    out.pagination = { ratio: r, met: r >= TARGETS.paginationRatio, heapRatio, heapFlat: Math.abs(heapRatio - 1) <= TARGETS.heapGrowth };
    if (!out.pagination.met) missed.push(`pagination ${fmt(r, 2)}× of the cursor loop, target ≥ ${TARGETS.paginationRatio}×`);
    if (!out.pagination.heapFlat) missed.push(`pagination heap last/first page ${fmt(heapRatio, 3)}×, target within ±${TARGETS.heapGrowth * 100}%`);
  }

  if (on("waiter") && raw.waiter) out.waiter = waiterText(raw.waiter);

  if (on("cli") && raw.cli) {
    const c = raw.cli;
    if (!c.hashOk || c.problems.length > 0) gateFailures.push(`command line import: ${c.problems.join("; ") || "the sink's hash does not match the file"}`);
    // The command and the library's script run in pairs (bench/cli.ts): the median of the pairs'
    // ratios, each pair sharing the load of its moment, as the bar's row below.
    const r = median(c.cliMiBps.map((cli, i) => ratio(cli, c.libraryMiBps[i] ?? Number.NaN)));
    // Against --progress none on the same pseudo-terminal (`script` costs time of its own), run
    // beside it: the median of the pairs' ratios, each pair sharing the load of its moment.
    const barRatio = median(c.cliBarMiBps.map((bar, i) => ratio(bar, c.cliPtyMiBps[i] ?? Number.NaN)));
    const peak = Math.max(...c.cliPeakRssMiB, ...c.cliBarPeakRssMiB);
    const startup = median(c.startupMs);
    const completionStartup = median(c.completionStartupMs);
    const listRatio = ratio(median(c.listing.cliRate), median(c.listing.libraryRate));
    // In pairs, both listings long enough to end past V8's warm-up (bench/cli.ts, rssPair): a
    // 10,000-chunk baseline ended inside it, and the warm-up's growth decided its peak.
    const listGrowth = median(c.listing.cliPairPeakRssMiB.map((whole, i) => ratio(whole, c.listing.cliSmallPairPeakRssMiB[i] ?? Number.NaN)));
    out.cli = {
      ratio: r,
      met: r >= TARGETS.cliRatio,
      peak,
      peakMet: peak < TARGETS.cliPeakRssMiB,
      barRatio,
      barMet: barRatio >= TARGETS.cliBarRatio,
      startup,
      startupMet: startup < TARGETS.cliStartupMs,
      completionStartup,
      completionStartupMet: completionStartup < TARGETS.cliStartupMs,
      listRatio,
      listMet: listRatio >= TARGETS.cliListRatio,
      listGrowth,
      listFlat: Math.abs(listGrowth - 1) <= TARGETS.cliListGrowth,
    };
    if (!out.cli.met) missed.push(`platform models import ${fmt(median(c.cliMiBps), 0)} MiB/s = ${fmt(r, 2)}× the library's, target ≥ ${TARGETS.cliRatio}×`);
    if (!out.cli.peakMet) missed.push(`platform models import peak RSS ${fmt(peak, 0)} MiB, target < ${TARGETS.cliPeakRssMiB} MiB`);
    if (!out.cli.barMet) missed.push(`the progress bar costs: ${fmt(barRatio, 2)}× the throughput without it, target ≥ ${TARGETS.cliBarRatio}×`);
    if (!out.cli.startupMet) missed.push(`platform --help starts in ${fmt(startup, 0)} ms, target < ${TARGETS.cliStartupMs} ms`);
    if (!out.cli.listMet)
      missed.push(
        `platform chunks list -o jsonl ${fmt(median(c.listing.cliRate), 0)} chunks/s = ${fmt(listRatio, 2)}× the library's, target ≥ ${TARGETS.cliListRatio}×`,
      );
    if (!out.cli.listFlat)
      missed.push(
        `platform chunks list peak RSS ${fmt(listGrowth, 2)}× from ${c.listing.pairSmallChunks} to ${c.listing.pairChunks} chunks, target within ±${TARGETS.cliListGrowth * 100}%`,
      );
    if (!out.cli.completionStartupMet) missed.push(`platform completion bash starts in ${fmt(completionStartup, 0)} ms, target < ${TARGETS.cliStartupMs} ms`);
  }
  if (on("mock") && raw.mock) {
    const m = raw.mock;
    const [big, small] = m.import;
    if (!big || !small) gateFailures.push("the stateful mock reported fewer than two imports");
    else {
      if (!big.digestsMatch || !small.digestsMatch) gateFailures.push("the stateful mock's chunk digests did not match the sender's");
      const requests = median(m.requestsPerSecond);
      const growth = ratio(big.peakRssMiB, small.peakRssMiB);
      out.mock = {
        requests,
        requestsMet: requests >= TARGETS.mockRequestsPerSecond && m.errors === 0,
        growth,
        flat: growth <= 1 + TARGETS.growth && big.digestsMatch && small.digestsMatch,
      };
      if (!out.mock.requestsMet)
        missed.push(`the stateful mock answers ${fmt(requests, 0)} requests/s with ${m.errors} errors, target ≥ ${fmt(TARGETS.mockRequestsPerSecond, 0)}/s and none`);
      if (!out.mock.flat) missed.push(`the stateful mock's peak RSS grows ${fmt(growth, 2)}× from the small import to the big one, target ≤ ${1 + TARGETS.growth}×`);
    }
  }

  if (on("inprocess") && raw.inprocess) {
    const m = raw.inprocess;
    const [inProcess, http, bare] = [median(m.callsPerSecond.inProcess), median(m.callsPerSecond.http), median(m.callsPerSecond.bare)];
    const [small, big] = m.import;
    if (!big || !small) gateFailures.push("the in-process mock reported fewer than two imports");
    const heapGrowth = ratio(m.heapMiB.after, m.heapMiB.before);
    const growth = big && small ? ratio(big.peakRssMiB, small.peakRssMiB) : Number.NaN;
    out.inprocess = {
      vsHttp: ratio(inProcess, http),
      vsHttpMet: inProcess / http >= TARGETS.inProcessVsHttp,
      vsBare: ratio(bare, inProcess),
      vsBareMet: bare / inProcess <= TARGETS.inProcessVsBare,
      createMet: m.creationMs.median <= TARGETS.inProcessCreateMs,
      heapGrowth,
      heapFlat: heapGrowth <= 1 + TARGETS.heapGrowth,
      growth,
      flat: growth <= 1 + TARGETS.growth,
    };
    if (!out.inprocess.vsHttpMet) missed.push(`the in-process mock ${fmt(inProcess / http, 1)}× the HTTP mock's calls/s, target ≥ ${TARGETS.inProcessVsHttp}×`);
    if (!out.inprocess.vsBareMet) missed.push(`the in-process mock ${fmt(bare / inProcess, 2)}× slower than a bare handler, target within ${TARGETS.inProcessVsBare}×`);
    if (!out.inprocess.createMet) missed.push(`createStatefulMock() ${fmt(m.creationMs.median, 3)} ms, target ≤ ${TARGETS.inProcessCreateMs} ms`);
    if (!out.inprocess.heapFlat) missed.push(`the in-process mock's heap grows ${fmt(heapGrowth, 3)}× over dropped instances, target ≤ ${1 + TARGETS.heapGrowth}×`);
    if (!out.inprocess.flat) missed.push(`the in-process mock's peak RSS grows ${fmt(growth, 2)}× from the small import to the big one, target ≤ ${1 + TARGETS.growth}×`);
  }

  if (on("specdiff") && raw.specdiff) {
    const [first] = raw.specdiff.pairs;
    if (!first) gateFailures.push("spec diff: no pair of specs was measured");
    else {
      const ms = median(first.processMs);
      out.specdiff = { ms, met: ms < TARGETS.specDiffMs };
      if (!out.specdiff.met) missed.push(`spec diff ${fmt(ms, 0)} ms from spawn to exit, target < ${fmt(TARGETS.specDiffMs, 0)} ms`);
    }
  }

  if (on("mcp") && raw.mcp) {
    const m = raw.mcp;
    if (!m.hashOk || m.problems.length > 0) gateFailures.push(`MCP import: ${m.problems.join("; ") || "the sink's hash does not match the file"}`);
    // Like against like: the tool's import in a server that has not imported before, against
    // models.import in a script that has not either, both from the call to the result.
    const r = ratio(median(m.mcpMiBps), median(m.libraryCallMiBps));
    const peak = Math.max(...m.mcpPeakRssMiB);
    out.mcp = {
      callRatio: ratio(median(m.mcpUs), median(m.clientUs)),
      ratio: r,
      warmRatio: ratio(median(m.mcpMiBps), median(m.inProcessMiBps)),
      met: r >= TARGETS.mcpImportRatio,
      peak,
      peakMet: peak < TARGETS.mcpPeakRssMiB,
    };
    if (!out.mcp.met)
      missed.push(`import through the MCP tool ${fmt(median(m.mcpMiBps), 0)} MiB/s = ${fmt(r, 2)}× models.import's, target ≥ ${TARGETS.mcpImportRatio}×`);
    if (!out.mcp.peakMet) missed.push(`MCP server peak RSS ${fmt(peak, 0)} MiB, target < ${TARGETS.mcpPeakRssMiB} MiB`);
  }
  return out;
}

/** @param {import("../waiter.ts").WaiterResult} w */
function waiterText(w) {
  const s = w.strategies;
  const m = (/** @type {keyof typeof s} */ name, /** @type {keyof import("../waiter.ts").StrategyFigures} */ key) => median(s[name]?.[key] ?? []);
  const d = (/** @type {keyof typeof s} */ name) => `${fmt(m(name, "medianDelayS"), 1)} s`;
  const p = (/** @type {keyof typeof s} */ name) => fmt(m(name, "meanPolls"), 1);
  const tradeOff =
    `Waiter trade-off: the defaults (1 s first pause, doubling with full jitter, 30 s cap) notice a finished job after a median ${d("default")} ` +
    `(p90 ${fmt(m("default", "p90DelayS"), 1)} s) for ${p("default")} polls per job on average; a fixed 5 s poll notices after ${d("fixed5s")} ` +
    `but costs ${p("fixed5s")} polls per job (it grows linearly with the job's length), and the AWS-style schedule (2 s, 120 s cap) ` +
    `costs ${p("aws")} polls but notices only after ${d("aws")} (p90 ${fmt(m("aws", "p90DelayS"), 1)} s). ` +
    `So the defaults buy detection ${fmt(m("aws", "medianDelayS") / m("default", "medianDelayS"), 1)}× sooner than AWS-style for ` +
    `${fmt(m("default", "meanPolls") / m("aws", "meanPolls"), 1)}× its polls, and ${fmt(m("fixed5s", "meanPolls") / m("default", "meanPolls"), 1)}× fewer polls than a fixed 5 s poll ` +
    `at a detection delay ${fmt(m("default", "medianDelayS") / m("fixed5s", "medianDelayS"), 1)}× that of the fixed poll: the 30 s cap bounds the delay on long jobs, ` +
    `the 1 s start keeps short jobs snappy, and the request rate falls off as a job runs long.`;
  const uniform =
    `Same jobs spread uniformly over 1 s–10 min (long jobs dominate): median delay / median polls — default ${fmt(m("default", "uniformMedianDelayS"), 1)} s / ${fmt(m("default", "uniformMedianPolls"), 0)}, ` +
    `fixed 5 s ${fmt(m("fixed5s", "uniformMedianDelayS"), 1)} s / ${fmt(m("fixed5s", "uniformMedianPolls"), 0)}, ` +
    `AWS-style ${fmt(m("aws", "uniformMedianDelayS"), 1)} s / ${fmt(m("aws", "uniformMedianPolls"), 0)}.`;
  return { tradeOff, uniform };
}
