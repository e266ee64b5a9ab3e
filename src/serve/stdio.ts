// The stdio transport of `dws serve`: JSON-RPC messages as lines on stdin and stdout (the MCP stdio transport),
// written for a server that must not fall over on hostile input or a slow reader:
// - a message over MAX_MESSAGE_BYTES is skipped up to its newline, never buffered whole, and answered with a typed
//   JSON-RPC error (the request id is read from the bytes kept at its start and end); the server keeps serving;
// - a line that is not JSON is answered with a parse error; one that is not JSON-RPC, with invalid request when it
//   has an id; nothing of either reaches the server;
// - answers go out through one queue that waits for stdout's 'drain' at most once at a time, so hundreds of
//   concurrent calls under back-pressure never pile listeners up (MaxListenersExceededWarning on stderr);
// - the SDK's message schema rebuilds tools/call arguments and drops a top-level "__proto__" (an own key of the
//   parsed JSON). Those keys are kept by request id (droppedArguments), so the handler can refuse them as unknown.
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { DwsError } from '../errors.js';

/** The SDK's own limit for one stdio message. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Bytes kept from the start and the end of an oversized message, to find its id. */
const KEEP = 4096;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

type Id = string | number | null;

/** The top-level id of a JSON-RPC request from the first and last bytes of its text (it may sit at either end). */
export function idFromEdges(head: string, tail: string): Id {
  const value = '(-?\\d+|"(?:[^"\\\\]|\\\\.){0,200}")';
  const m = new RegExp(`^\\s*\\{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?"id"\\s*:\\s*${value}`).exec(head)
    ?? new RegExp(`[,{]\\s*"id"\\s*:\\s*${value}\\s*(?:,\\s*"jsonrpc"\\s*:\\s*"2\\.0"\\s*)?\\}\\s*$`).exec(tail);
  return m ? (JSON.parse(m[1]) as string | number) : null;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while an oversized line is being skipped: its first and last bytes. */
  private skipping?: { head: Buffer; tail: Buffer };
  private readonly queue: { json: string; done: () => void }[] = [];
  private waitingForDrain = false;
  private readonly dropped = new Map<string | number, Record<string, unknown>>();
  private readonly onData = (chunk: Buffer) => this.read(chunk);
  private readonly onError = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    this.chunks = [];
    this.onclose?.();
  }

  /** The top-level tools/call argument keys the message schema dropped, for the request with this id (once). */
  droppedArguments(id: string | number): Record<string, unknown> | undefined {
    const keys = this.dropped.get(id);
    this.dropped.delete(id);
    return keys;
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      this.queue.push({ json: JSON.stringify(message) + '\n', done: resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (!this.waitingForDrain && this.queue.length > 0) {
      const { json, done } = this.queue.shift()!;
      if (this.stdout.write(json)) {
        done();
        continue;
      }
      this.waitingForDrain = true;
      this.stdout.once('drain', () => {
        this.waitingForDrain = false;
        done();
        this.pump();
      });
    }
  }

  private read(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, nl));
      this.endLine();
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  }

  /** Part of the current line: buffered while the line is within the limit, else only its edges are kept. */
  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (!this.skipping && this.size + part.length <= this.maxBytes) {
      this.chunks.push(part);
      this.size += part.length;
      return;
    }
    if (!this.skipping) {
      const held = Buffer.concat(this.chunks);
      this.skipping = { head: held.subarray(0, KEEP), tail: Buffer.alloc(0) };
      this.chunks = [];
      part = Buffer.concat([held.subarray(KEEP), part]);
    }
    const tail = Buffer.concat([this.skipping.tail, part]);
    this.skipping.tail = Buffer.from(tail.subarray(Math.max(0, tail.length - KEEP)));
    this.size += part.length;
  }

  private endLine(): void {
    const skipped = this.skipping;
    const size = this.size;
    const line = skipped ? undefined : Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    this.skipping = undefined;
    if (skipped) {
      const e = new DwsError('request_too_large', `the message is larger than ${this.maxBytes} bytes (at least ${size}); it was not read`,
        'send smaller arguments; a search request is at most 64 KiB');
      this.answerError(idFromEdges(skipped.head.toString('utf8'), skipped.tail.toString('utf8')), INVALID_REQUEST, e);
      return;
    }
    if (line!.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line!);
    } catch {
      this.answerError(null, PARSE_ERROR, new DwsError('invalid_request_json', 'the message is not JSON'));
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown } | null)?.id;
      if (typeof id === 'string' || typeof id === 'number') this.answerError(id, INVALID_REQUEST, new DwsError('invalid_request_json', 'the message is not a JSON-RPC 2.0 message'));
      return;
    }
    this.keepDropped(raw as { id?: unknown; method?: unknown; params?: { arguments?: unknown } });
    this.onmessage?.(parsed.data);
  }

  private keepDropped(raw: { id?: unknown; method?: unknown; params?: { arguments?: unknown } }): void {
    const args = raw.params?.arguments;
    if (raw.method !== 'tools/call' || (typeof raw.id !== 'string' && typeof raw.id !== 'number')) return;
    if (typeof args === 'object' && args !== null && Object.hasOwn(args, '__proto__')) {
      // Each entry is taken by its call's handler; a bound keeps calls that never reach one from accumulating.
      if (this.dropped.size >= 1024) this.dropped.clear();
      this.dropped.set(raw.id, Object.defineProperty({}, '__proto__', { value: (args as Record<string, unknown>)['__proto__'], enumerable: true }));
    }
  }

  /** A JSON-RPC error answer carrying the dws error envelope as its data. */
  private answerError(id: Id, code: number, e: DwsError): void {
    void this.send({ jsonrpc: '2.0', id, error: { code, message: e.message, data: JSON.parse(e.envelope()) } } as unknown as JSONRPCMessage);
  }
}
