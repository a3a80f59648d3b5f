// A Markdown table with padded columns, for every suite's report.

/** Rows under a header, each column padded to its widest cell (at least 3, so the separator row is valid). */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n')
}
