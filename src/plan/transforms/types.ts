// What every transform is: a named primitive of one meaning (docs/PLANS.md "Transforms"). A plain one takes the
// value; a parametrized one (`{name: arg}`) checks its argument when the plan is built and then takes the value.
// A value a transform cannot take is refused with invalid_parameter naming where it came from.
import { DwsError, type Warning } from '../../errors.js';
import { isObject as isObj } from '../../json-object.js';

/** What a transform may consult besides the value: the environment (the file root) and the run's clock. */
export interface TransformContext {
  env: Record<string, string | undefined>;
  /** The run's one clock reading (ExecuteOptions.now); absent outside a run: the time of the call. */
  now?: Date;
  /** The run's notice channel (stderr `[WARN]` / `[FIX]` lines, never the answer); absent outside a run. */
  warn?: (w: Warning) => void;
}

export type Fn = (v: unknown, where: string, ctx: TransformContext) => unknown;
/** Checks the argument (throws an Error naming the problem, at build) and returns the transform. */
export type Param = (arg: unknown) => Fn;

export const refuse = (where: string, v: unknown, what: string): never => {
  throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not ${what}`, 'correct the value and run the command again');
};

export const str = (v: unknown, where: string): string => (typeof v === 'string' ? v : refuse(where, v, 'text'));

export const INTEGER = /^[+-]?\d+$/u;
export const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/u;

export const positive = (name: string) => (n: unknown): number => {
  if (!Number.isInteger(n) || (n as number) < 1) throw new Error(`${name} needs a positive integer`);
  return n as number;
};

export const nonEmptyText = (name: string, what = 'a string of characters') => (arg: unknown): string => {
  if (typeof arg !== 'string' || arg.length === 0) throw new Error(`${name} needs ${what}`);
  return arg;
};

export { isObj };
