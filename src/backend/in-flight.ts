// The writes this process has sent and not seen answered: the transport adds one when its tools/call goes out and
// removes it when callTool returns or throws. An interrupted dispatch (onInterrupt in cli.ts) reads it to say which
// outcome is open and to journal each one as outcome_unknown before the process exits (the caller's `journal` hook,
// which appends synchronously). A module of its own so that the signal handler needs neither the transport nor the
// MCP SDK loaded.
const open = new Map<string, (() => void) | undefined>();

export function markSent(call: string, journal?: () => void): void {
  open.set(call, journal);
}

export function markSettled(call: string): void {
  open.delete(call);
}

/** The writes sent and not yet answered ("rpc on the "x" server"). */
export function unconfirmedWrites(): string[] {
  return [...open.keys()];
}

/** Journals every open write as outcome_unknown (once: each is settled here) and returns their names. */
export function settleInterrupted(): string[] {
  const names = unconfirmedWrites();
  for (const name of names) {
    const journal = open.get(name);
    open.delete(name);
    journal?.();
  }
  return names;
}
