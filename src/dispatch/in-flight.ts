// The writes this process has sent and not seen answered: the transport adds one when its tools/call goes out and
// removes it when callTool returns or throws. An interrupted dispatch (onInterrupt in cli.ts) reads it to say which outcome is
// open. A module of its own so that the signal handler needs neither the transport nor the MCP SDK loaded.
const open = new Set<string>();

export function markSent(call: string): void {
  open.add(call);
}

export function markSettled(call: string): void {
  open.delete(call);
}

/** The writes sent and not yet answered ("rpc on the "x" server"). */
export function unconfirmedWrites(): string[] {
  return [...open];
}
