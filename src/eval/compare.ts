// Paired comparison of two runs over the same qrels: for every main metric, the cases both runs scored are paired
// by id and the difference B - A gets a product-clustered bootstrap confidence interval.
import { pairedClusterBootstrap, type BootstrapOptions, type PairedInterval } from './bootstrap.js';
import { COMPARED_METRICS, caseValues, type CaseResult, type ComparedMetric } from './run.js';

export interface MetricComparison extends PairedInterval {
  metric: ComparedMetric;
}

export function compareRuns(a: readonly CaseResult[], b: readonly CaseResult[], options: BootstrapOptions = {}): MetricComparison[] {
  const va = caseValues(a);
  const vb = caseValues(b);
  const out: MetricComparison[] = [];
  for (const metric of COMPARED_METRICS) {
    const other = new Map(vb[metric].map((v) => [v.id, v.value]));
    const samples = va[metric].flatMap((v) => {
      const bv = other.get(v.id);
      return bv === undefined ? [] : [{ cluster: v.cluster, a: v.value, b: bv }];
    });
    const interval = pairedClusterBootstrap(samples, options);
    if (interval) out.push({ metric, ...interval });
  }
  return out;
}
