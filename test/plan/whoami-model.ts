// A model of upstream's contact +me projection, shared by the tests that compare dws's output with it
// (test/plan/h37-b5.test.ts, test/plan/h41-a5.test.ts).
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** upstream's whoamiProject over rt.CallMCPData's map (shortcut/smart/whoami.go:69-150, runner.go:255-271@c7521c1c), as a model. */
export function upstreamWhoami(answer: Obj | null): unknown {
  // the map CallMCPData gives carries the runner's stamp (app/runner.go:774-783@c7521c1c; lead-s56)
  const data = answer === null || 'success' in answer ? answer : { ...answer, success: true };
  const model = (): Obj => {
    if (data === null) return {};
    const r = data.result;
    if (Array.isArray(r) && r.length > 0 && isObj(r[0])) return isObj(r[0].orgEmployeeModel) ? r[0].orgEmployeeModel : r[0];
    if (isObj(data.orgEmployeeModel)) return data.orgEmployeeModel;
    if (isObj(r)) return isObj(r.orgEmployeeModel) ? r.orgEmployeeModel : r;
    return data;
  };
  const str = (m: Obj, ...keys: string[]) => {
    for (const k of keys) if (typeof m[k] === 'string' && m[k] !== '') return m[k] as string;
    return '';
  };
  const m = model();
  const out: Obj = {};
  const put = (k: string, v: string) => { if (v !== '') out[k] = v; };
  put('name', str(m, 'orgUserName', 'name', 'userName', 'nick'));
  put('userId', str(m, 'userId', 'userid', 'staffId'));
  put('mobile', str(m, 'orgUserMobile', 'mobile', 'stateMobile'));
  put('email', str(m, 'orgAuthEmail', 'email', 'orgEmail'));
  put('org', str(m, 'orgName', 'corpName'));
  if (Array.isArray(m.depts)) {
    for (const d of m.depts) {
      if (!isObj(d)) continue;
      const v = str(d, 'deptName', 'name', 'departmentName');
      if (v !== '') { out.dept = v; break; }
    }
  }
  return Object.keys(out).length === 0 ? data : out;
}
