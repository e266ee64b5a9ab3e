// The process environment as dws reads it (every override: DWS_*, DINGTALK_*_MCP_URL, ...), passed explicitly so
// tests and `dws serve` can give each run its own.
export type Env = Record<string, string | undefined>;
