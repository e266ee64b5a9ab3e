// JSON validity as a value: lets a plan refuse, with its own message, what upstream would have repaired (`--fix-jsonml`).
import { str, type Fn } from './types.js';

export const PLAIN: Record<string, Fn> = {
  /** text -> true when it parses as JSON (any value), else false */
  is_json: (v, where) => {
    try {
      JSON.parse(str(v, where));
      return true;
    } catch {
      return false;
    }
  },
};
