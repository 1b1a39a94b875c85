// Waiter efficiency on a simulated clock: jobs that finish at times spread over 1 s to 10 min
// (log-spaced, so short and long jobs weigh alike; a uniform spread is reported too), each
// waited for by:
//
//   default   the client's waitForJob with DEFAULT_WAIT (1 s min, 30 s max, full jitter)
//   fixed 5s  the client's waitForJob with minDelayMs = maxDelayMs = 5 s (a plain fixed poll)
//   AWS       the AWS SDK v3 / Smithy waiter schedule, 2 s min and 120 s max: a first poll at
//             once, then delays drawn from [min, min * 2^(attempt-1)], and exactly max once that
//             ceiling passes max (util-waiter's exponentialBackoffWithJitter)
//
// For each job: the detection delay (the first poll that sees SUCCESS, minus the moment the job
// finished) and the number of polls. Polls take no simulated time. Jitter comes from a seeded
// PRNG, one seed per repetition, so a run can be repeated exactly.
import { DEFAULT_WAIT, type Job } from "../src/index.js";
import { waitOnClock } from "../src/wrappers/jobs/waiter.js";
import type { Clock } from "../src/kernel/sleep.js";
import { median, percentile } from "./lib/stats.mjs";
import { options, runMain } from "./lib/child.js";
import { seededRandom } from "../src/mock/stateful/random.js";

export interface WaiterOptions {
  jobs: number;
  repetitions: number;
}

export interface StrategyFigures {
  /** Per repetition: median, p90 and mean detection delay (s), median and total polls. */
  medianDelayS: number[];
  p90DelayS: number[];
  meanDelayS: number[];
  medianPolls: number[];
  meanPolls: number[];
  /** The same medians for jobs spread uniformly over 1 s to 10 min. */
  uniformMedianDelayS: number[];
  uniformMedianPolls: number[];
}

export interface WaiterResult {
  jobs: number;
  strategies: Record<"default" | "fixed5s" | "aws", StrategyFigures>;
  defaults: typeof DEFAULT_WAIT;
}

class SimulatedClock implements Clock {
  private t = 0;
  now(): number {
    return this.t;
  }
  sleep(ms: number): Promise<void> {
    this.t += ms;
    return Promise.resolve();
  }
}


interface Outcome {
  delayMs: number;
  polls: number;
}

type Strategy = (finishAtMs: number, random: () => number) => Promise<Outcome>;

function jobFinishingAt(finishAtMs: number, clock: SimulatedClock, counter: { polls: number }) {
  return async (dockStatusId: string): Promise<Job> => {
    counter.polls++;
    return { dockStatusId, status: clock.now() >= finishAtMs ? "SUCCESS" : "IN_PROGRESS", raw: {} };
  };
}

function clientWaiter(settings: { minDelayMs?: number; maxDelayMs?: number }): Strategy {
  return async (finishAtMs, random) => {
    const clock = new SimulatedClock();
    const counter = { polls: 0 };
    await waitOnClock(jobFinishingAt(finishAtMs, clock, counter), "ds-simulated", { ...settings, random }, clock);
    return { delayMs: clock.now() - finishAtMs, polls: counter.polls };
  };
}

// The Smithy waiter retry schedule as the AWS SDK v3 implements it (util-waiter poller.ts).
function awsWaiter(minDelayS: number, maxDelayS: number): Strategy {
  return async (finishAtMs, random) => {
    const clock = new SimulatedClock();
    const counter = { polls: 0 };
    const getJob = jobFinishingAt(finishAtMs, clock, counter);
    if ((await getJob("ds-simulated")).status === "SUCCESS") return { delayMs: clock.now() - finishAtMs, polls: counter.polls };
    const attemptCeiling = Math.log(maxDelayS / minDelayS) / Math.log(2) + 1;
    for (let attempt = 1; ; attempt++) {
      const delayS = attempt > attemptCeiling ? maxDelayS : minDelayS + random() * (minDelayS * 2 ** (attempt - 1) - minDelayS);
      await clock.sleep(delayS * 1000);
      if ((await getJob("ds-simulated")).status === "SUCCESS") return { delayMs: clock.now() - finishAtMs, polls: counter.polls };
    }
  };
}

const FIRST_MS = 1_000;
const LAST_MS = 600_000;

function logSpread(n: number): number[] {
  return Array.from({ length: n }, (_, i) => FIRST_MS * (LAST_MS / FIRST_MS) ** (n === 1 ? 0 : i / (n - 1)));
}

function uniformSpread(n: number): number[] {
  return Array.from({ length: n }, (_, i) => FIRST_MS + (LAST_MS - FIRST_MS) * (n === 1 ? 0 : i / (n - 1)));
}

async function measure(strategy: Strategy, finishTimes: number[], seed: number): Promise<Outcome[]> {
  const random = seededRandom(seed);
  const outcomes: Outcome[] = [];
  for (const finishAt of finishTimes) outcomes.push(await strategy(finishAt, random));
  return outcomes;
}

runMain(async (): Promise<WaiterResult> => {
  const o = options<WaiterOptions>();
  const strategies: Record<keyof WaiterResult["strategies"], Strategy> = {
    default: clientWaiter({}),
    fixed5s: clientWaiter({ minDelayMs: 5_000, maxDelayMs: 5_000 }),
    aws: awsWaiter(2, 120),
  };
  const result = { jobs: o.jobs, strategies: {}, defaults: DEFAULT_WAIT } as WaiterResult;
  for (const [name, strategy] of Object.entries(strategies) as Array<[keyof WaiterResult["strategies"], Strategy]>) {
    const figures: StrategyFigures = {
      medianDelayS: [],
      p90DelayS: [],
      meanDelayS: [],
      medianPolls: [],
      meanPolls: [],
      uniformMedianDelayS: [],
      uniformMedianPolls: [],
    };
    for (let rep = 0; rep < o.repetitions; rep++) {
      const seed = 0x5eed + rep;
      const log = await measure(strategy, logSpread(o.jobs), seed);
      const delays = log.map((x) => x.delayMs / 1000);
      const polls = log.map((x) => x.polls);
      figures.medianDelayS.push(median(delays));
      figures.p90DelayS.push(percentile(delays, 0.9));
      figures.meanDelayS.push(delays.reduce((a, b) => a + b, 0) / delays.length);
      figures.medianPolls.push(median(polls));
      figures.meanPolls.push(polls.reduce((a, b) => a + b, 0) / polls.length);
      const uniform = await measure(strategy, uniformSpread(o.jobs), seed);
      figures.uniformMedianDelayS.push(median(uniform.map((x) => x.delayMs / 1000)));
      figures.uniformMedianPolls.push(median(uniform.map((x) => x.polls)));
    }
    result.strategies[name] = figures;
  }
  return result;
});
