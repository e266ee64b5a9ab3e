// Dispatch's own flags, in one place: which flags every catalog command accepts besides its declared ones, and which
// of them keep their dispatch meaning even when a tool declares a parameter of the same name.

/** Dispatch's own flags. A tool that declares a parameter of the same name keeps its parameter (see SHARED_MEANING). */
export const CONTROL_FLAGS = ['yes', 'dry-run', 'format', 'timeout', 'max-answer-mb', 'expected-source-hash', 'expected-surface-hash', 'profile'] as const;
export type ControlFlag = (typeof CONTROL_FLAGS)[number];

/** Each control flag's commander spelling and its help line (English / Chinese). `-y` is upstream's root shorthand of
 *  --yes (internal/app/flags.go:55@c7521c1c), so every command takes it; no command gives `y` to another flag. */
export const CONTROL_HELP: Record<ControlFlag, [spec: string, help: string]> = {
  yes: ['-y, --yes', 'confirm a command that needs the user\'s confirmation / 确认需要用户确认的命令'],
  'dry-run': ['--dry-run', 'print the invocation plan, call nothing / 只打印调用计划，不执行'],
  format: ['--format <json|text>', 'output format, default json / 输出格式，默认 json'],
  timeout: ['--timeout <seconds>', 'per-attempt timeout, default 30 / 每次调用的超时秒数，默认 30'],
  'max-answer-mb': ['--max-answer-mb <MiB>', 'largest backend answer dws reads, default 10 (env DWS_MAX_ANSWER_MB) / 读取后端应答的上限（MiB），默认 10'],
  'expected-source-hash': ['--expected-source-hash <hash>', 'refuse unless the catalog source_hash matches / 目录 source_hash 不符则拒绝'],
  'expected-surface-hash': ['--expected-surface-hash <hash>', 'refuse unless the catalog surface_hash matches / 目录 surface_hash 不符则拒绝'],
  profile: ['--profile <selector>', 'run as this logged-in profile (corpId:userId, corpId or name; see `dws profile list`) / 以指定登录档案执行'],
};

/**
 * `yes` and `dry-run` mean the same thing whether the tool declares them or not, so a declared one also drives the
 * gate, and neither becomes an RPC argument unless the catalog names a property for it. The others are the tool's
 * own parameters when declared (e.g. aitable.import_data --timeout); the transport timeout then comes from DWS_TIMEOUT.
 */
export const SHARED_MEANING: ReadonlySet<string> = new Set<ControlFlag>(['yes', 'dry-run']);

/**
 * Upstream's other spellings of --yes, declared by the commands that take them (attendance's --user-say-yes): given,
 * they confirm exactly as --yes does, and they are never an RPC argument.
 */
export const CONFIRM_SPELLINGS: ReadonlySet<string> = new Set(['user-say-yes']);

/** Flags dispatch itself reads whatever the tool declares: its shared controls and the confirmation spellings. */
export const DISPATCH_READS: ReadonlySet<string> = new Set([...SHARED_MEANING, ...CONFIRM_SPELLINGS]);
