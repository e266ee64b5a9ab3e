// The benchmark's queries: the dev qrels when they are present (read at run time, never copied), otherwise a small
// built-in list written for the benchmark. Single-intent cases carry gold canonical paths for R@5; workflows carry
// their subqueries.

export interface SingleQuery {
  id: string;
  slice: string;
  query: string;
  gold: string[];
}

export interface WorkflowQuery {
  id: string;
  query: string;
  subqueries: string[];
}

export interface QuerySet {
  source: string;
  single: SingleQuery[];
  workflows: WorkflowQuery[];
  /** Every query text, single and workflow subqueries, for timing loops. */
  all: string[];
}

const SINGLE_SLICES = new Set(['zh', 'mixed', 'en', 'short', 'variant']);

/** Parses qrels JSON Lines (format: ../shared/eval/README.md); unknown slices are ignored. */
export function parseQrels(text: string, source: string): QuerySet {
  const single: SingleQuery[] = [];
  const workflows: WorkflowQuery[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const row = JSON.parse(line) as { id?: string; slice?: string; query?: string; gold?: string[]; subqueries?: string[] };
    const id = row.id ?? `line-${i + 1}`;
    if (typeof row.query !== 'string') throw new Error(`${source}:${i + 1}: no query`);
    if (row.slice && SINGLE_SLICES.has(row.slice) && Array.isArray(row.gold)) {
      single.push({ id, slice: row.slice, query: row.query, gold: row.gold });
    } else if (row.slice === 'workflow' && Array.isArray(row.subqueries) && row.subqueries.length >= 2) {
      workflows.push({ id, query: row.query, subqueries: row.subqueries.slice(0, 4) });
    }
  });
  return withAll({ source, single, workflows, all: [] });
}

function withAll(set: QuerySet): QuerySet {
  set.all = [...set.single.map((q) => q.query), ...set.workflows.flatMap((w) => w.subqueries)];
  return set;
}

/** Written for the benchmark from the catalog's own command list; used when no qrels file is available. */
export function builtinQueries(): QuerySet {
  const single: SingleQuery[] = [
    ['zh', '把我在项目群里发错的那条消息撤掉', ['chat.recall_message']],
    ['en', 'take back a message I sent by mistake', ['chat.recall_message']],
    ['zh', '看看这个月我迟到了几次', ['attendance.check_result', 'attendance.shortcut_check_result', 'attendance.shortcut_this_month', 'attendance.get_attendance_summary']],
    ['en', 'how many vacation days do my employees have left', ['attendance.vacation_balance']],
    ['zh', '新建一个考勤班次', ['attendance.class_create']],
    ['en', 'list my calendar events for next week', ['calendar.list_calendar_events']],
    ['zh', '帮我约个明天下午的会议日程', ['calendar.create_calendar_event']],
    ['short', '假期类型', ['attendance.vacation_types', 'attendance.shortcut_list_leave_types']],
    ['mixed', '用 attendance 查员工排班', ['attendance.schedule_get', 'attendance.shortcut_get_schedule']],
    ['en', 'who can see my calendar', ['calendar.list_acls']],
    ['short', 'punch records', ['attendance.check_record', 'attendance.shortcut_check_record']],
    ['zh', '把排班表导入到考勤组', ['attendance.schedule_import']],
  ].map(([slice, query, gold], i) => ({ id: `builtin-${i + 1}`, slice: slice as string, query: query as string, gold: gold as string[] }));
  const workflows: WorkflowQuery[] = [
    { id: 'builtin-w1', query: '查下我这周的考勤然后约个会', subqueries: ['查询本周考勤统计', '创建日程'] },
    { id: 'builtin-w2', query: 'check shifts, import a roster, then recall the announcement', subqueries: ['search attendance shifts', 'import roster', 'recall message'] },
  ];
  return withAll({ source: 'built-in list (bench/queries.ts)', single, workflows, all: [] });
}
