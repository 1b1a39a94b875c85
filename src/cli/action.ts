// The frame of every command: check the flags and the environment, build the client, run, print.
// Commander calls an action with its arguments, then the options, then the command itself.
// Defining the commands (for help or completion) loads none of this frame's work: the context,
// the client and the printer load once an action runs.
import type { Command } from "commander";
import type { OperationId } from "../generated/operations.js";
import type { Context } from "./context.js";

let interruptSignal: AbortSignal = new AbortController().signal;

/** The signal Ctrl-C aborts; main sets it before parsing. */
export function setInterruptSignal(signal: AbortSignal): void {
  interruptSignal = signal;
}

export function currentInterruptSignal(): AbortSignal {
  return interruptSignal;
}

/**
 * An action that needs a client for `operationIds` (a function of the options when the flags
 * decide which operations run): the target and those operations' credentials are checked before
 * the client is built, so a missing one is a usage error and nothing is sent.
 */
export function withClient<O extends object, A extends unknown[]>(
  operationIds: readonly OperationId[] | ((options: O) => readonly OperationId[]),
  run: (context: Context, options: O, ...args: A) => Promise<void>,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const options = command.opts() as O;
    const positional = args.slice(0, -2) as A;
    const ids = typeof operationIds === "function" ? operationIds(options) : operationIds;
    const [{ openContext, recordDrift }, { note }] = await Promise.all([import("./context.js"), import("./output/print.js")]);
    const context = await openContext(command, ids, interruptSignal);
    try {
      await run(context, options, ...positional);
    } catch (error) {
      // The command's own failure is what the user must see; the drift it saw is kept if it can be.
      await recordDrift(context).catch((failure: Error) => note(failure.message));
      throw error;
    }
    await recordDrift(context);
  };
}
