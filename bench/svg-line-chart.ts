// A plain-SVG line chart for the bench figures (CEDAR Figure 7): series of points over numeric or named x
// positions, axes with ticks, a legend. No dependencies, so a figure is one string a browser or GitHub shows as is.

export interface LinePoint {
  readonly x: number
  readonly y: number
  /** Shown beside the point (e.g. the words behind a count of calls). */
  readonly label?: string
}

export interface LineSeries {
  readonly name: string
  readonly points: readonly LinePoint[]
  /** Any SVG colour; a palette colour by position when absent. */
  readonly color?: string
  /** Dashed lines tell reference series (a paper's published numbers) from measured ones. */
  readonly dashed?: boolean
}

export interface LineChartOptions {
  readonly title: string
  readonly xLabel: string
  readonly yLabel: string
  readonly series: readonly LineSeries[]
  /** Named x positions (milestones); numeric ticks are chosen when absent. */
  readonly xTicks?: readonly { readonly value: number; readonly label: string }[]
  readonly width?: number
  readonly height?: number
}

/** Colour-blind-safe (Okabe–Ito), so the measured and published series stay apart in print too. */
const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000']
const MARGIN = { left: 64, right: 32, top: 46, bottom: 52 }
/** Height of one legend line; the legend sits above the plot, where it cannot hide a point. */
const LEGEND_LINE = 18

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** About `count` round tick values (1, 2 or 5 × 10^k apart) covering [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0]
  if (max <= min) return [min]
  const raw = (max - min) / Math.max(1, count)
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power
  const ticks: number[] = []
  for (let v = Math.floor(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)))
  // The axis must reach the data: one more tick when rounding left the maximum above the last one.
  if ((ticks.at(-1) ?? min) < max) ticks.push(Number(((ticks.at(-1) ?? min) + step).toPrecision(12)))
  return ticks
}

const fmt = (v: number) => (Math.abs(v) >= 1000 ? v.toLocaleString('en') : String(Number(v.toPrecision(6))))

export function lineChartSvg(options: LineChartOptions): string {
  const width = options.width ?? 720
  const height = options.height ?? 420
  const points = options.series.flatMap((s) => s.points)
  const xs = [...points.map((p) => p.x), ...(options.xTicks ?? []).map((t) => t.value)]
  const ys = points.map((p) => p.y)
  // A little room either side, so the first and last points and their labels are not on the frame.
  const span = xs.length ? Math.max(...xs) - Math.min(...xs) || 1 : 1
  const xMin = (xs.length ? Math.min(...xs) : 0) - span * 0.06
  const xMax = (xs.length ? Math.max(...xs) : 1) + span * 0.06
  // Counts start at zero: a y axis that starts higher exaggerates differences.
  const yTicks = niceTicks(Math.min(0, ...ys), ys.length ? Math.max(...ys) : 1)
  const yMin = yTicks[0] ?? 0
  const yMax = Math.max(yTicks.at(-1) ?? 1, yMin + 1)
  const top = MARGIN.top + LEGEND_LINE * options.series.length + 6
  const plotW = width - MARGIN.left - MARGIN.right
  const plotH = height - top - MARGIN.bottom
  const px = (x: number) => MARGIN.left + (xMax === xMin ? plotW / 2 : ((x - xMin) / (xMax - xMin)) * plotW)
  const py = (y: number) => top + plotH - ((y - yMin) / (yMax - yMin)) * plotH
  const xTicks =
    options.xTicks ??
    niceTicks(xMin, xMax)
      .filter((v) => v >= xMin && v <= xMax)
      .map((value) => ({ value, label: fmt(value) }))
  const bottom = top + plotH
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12" role="img">`,
    // A title makes the chart readable to screen readers (and is what biome's a11y rule asks of an SVG).
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="14">${escapeXml(options.title)}</text>`,
  ]
  for (const t of yTicks) {
    const y = py(t).toFixed(1)
    out.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${y}" y2="${y}" stroke="#e5e5e5"/>`)
    out.push(`<text x="${MARGIN.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${fmt(t)}</text>`)
  }
  for (const t of xTicks) {
    const x = px(t.value).toFixed(1)
    out.push(`<line x1="${x}" x2="${x}" y1="${bottom}" y2="${bottom + 5}" stroke="#333"/>`)
    out.push(`<text x="${x}" y="${bottom + 18}" text-anchor="middle">${escapeXml(t.label)}</text>`)
  }
  out.push(
    `<line x1="${MARGIN.left}" x2="${MARGIN.left}" y1="${top}" y2="${bottom}" stroke="#333"/>`,
    `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${bottom}" y2="${bottom}" stroke="#333"/>`,
    `<text x="${MARGIN.left + plotW / 2}" y="${height - 10}" text-anchor="middle">${escapeXml(options.xLabel)}</text>`,
    `<text transform="translate(16 ${top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeXml(options.yLabel)}</text>`,
  )
  options.series.forEach((series, i) => {
    const color = series.color ?? PALETTE[i % PALETTE.length]!
    const path = series.points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ')
    const dash = series.dashed ? ' stroke-dasharray="6 4"' : ''
    out.push(`<polyline points="${path}" fill="none" stroke="${color}" stroke-width="2"${dash}/>`)
    for (const p of series.points) {
      const [x, y] = [px(p.x).toFixed(1), py(p.y).toFixed(1)]
      out.push(
        `<circle cx="${x}" cy="${y}" r="3.5" fill="${color}"><title>${escapeXml(`${series.name}: ${fmt(p.y)}`)}</title></circle>`,
      )
      if (p.label) {
        out.push(
          `<text x="${x}" y="${Number(y) - 8}" text-anchor="middle" font-size="10" fill="${color}">${escapeXml(p.label)}</text>`,
        )
      }
    }
    const ly = MARGIN.top + i * LEGEND_LINE
    const lx = MARGIN.left
    out.push(`<line x1="${lx}" x2="${lx + 24}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2"${dash}/>`)
    out.push(`<text x="${lx + 30}" y="${ly}" dominant-baseline="middle">${escapeXml(series.name)}</text>`)
  })
  out.push('</svg>')
  return `${out.join('\n')}\n`
}
