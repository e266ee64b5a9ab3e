// Minimal, dependency-free SVG charts for the report: horizontal bars with labels, optionally on a log scale.

export interface Bar {
  label: string;
  value: number;
  /** Text after the value, e.g. "R@5 0.71". */
  note?: string;
  /** Highlight (our own rows). */
  ours?: boolean;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function barChart(title: string, bars: Bar[], format: (v: number) => string, log = false): string {
  const rowH = 22, left = 260, width = 760, plotW = width - left - 170, top = 34;
  const height = top + bars.length * rowH + 12;
  const finite = bars.map((b) => b.value).filter((v) => Number.isFinite(v) && v > 0);
  const max = Math.max(...finite, 1e-9), min = Math.min(...finite, max);
  const lo = log ? Math.log10(min) - 0.3 : 0, hi = log ? Math.log10(max) : max;
  const scale = (v: number) => {
    if (!Number.isFinite(v) || v <= 0) return 0;
    const x = log ? (Math.log10(v) - lo) / (hi - lo || 1) : v / (hi || 1);
    return Math.max(2, Math.round(x * plotW));
  };
  const rows = bars.map((b, i) => {
    const y = top + i * rowH;
    const w = scale(b.value);
    const text = `${Number.isFinite(b.value) ? format(b.value) : 'n/a'}${b.note ? `  ${b.note}` : ''}`;
    return [
      `<text x="${left - 8}" y="${y + 15}" text-anchor="end"${b.ours ? ' font-weight="bold"' : ''}>${esc(b.label)}</text>`,
      `<rect x="${left}" y="${y + 3}" width="${w}" height="${rowH - 6}" fill="${b.ours ? '#d9480f' : '#4c6ef5'}"/>`,
      `<text x="${left + w + 6}" y="${y + 15}">${esc(text)}</text>`,
    ].join('');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">${esc(title)}${log ? ' (log scale)' : ''}</text>`,
    ...rows,
    '</svg>',
    '',
  ].join('\n');
}
