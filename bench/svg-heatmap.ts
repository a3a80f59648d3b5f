// Activity heatmaps as plain SVG text (no dependencies), in the manner of the CEDAR paper's Figure 5: the map's
// regions coloured by biome, and where the bot acted drawn over them. The Sim's map is a function of the seed, so
// episodes with different seeds do not share a map: each episode gets its own small panel (its map, its visits),
// and the panels share one scale for the circles so they can be compared.

export interface HeatmapPoint {
  readonly x: number
  readonly z: number
}

export interface HeatmapPanel {
  readonly title: string
  /** The biome of region (rx, rz), as the world reports it. */
  readonly biomeAt: (rx: number, rz: number) => string
  /** Where the bot stood after each step, in blocks. */
  readonly points: readonly HeatmapPoint[]
  /** The spawn, marked with a cross. */
  readonly start?: HeatmapPoint
}

export interface HeatmapOptions {
  readonly title: string
  /** Lines under the title (what was run, how many episodes). */
  readonly notes?: readonly string[]
  readonly panels: readonly HeatmapPanel[]
  /** Blocks per side of one region (the Sim's REGION_SIZE). */
  readonly regionSize: number
  readonly biomeColors: Readonly<Record<string, string>>
  /** Visit bins per region side (default 4). */
  readonly binsPerRegion?: number
  readonly columns?: number
  /** Panel width and height in pixels (default 180). */
  readonly panelSize?: number
  /** The visit count drawn as a full circle; give the same to charts that are read side by side (default: own max). */
  readonly scaleMax?: number
}

const MARGIN = 16
const PANEL_GAP = 12
const PANEL_TITLE = 16
const LINE = 16
const FALLBACK_COLOR = '#cccccc'

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const px = (n: number) => Number(n.toFixed(1))

interface Bounds {
  readonly minRx: number
  readonly minRz: number
  readonly span: number
}

/** The square of regions around everything in the panel, one region of margin, at least `span` regions a side. */
function boundsOf(panel: HeatmapPanel, regionSize: number, span: number): Bounds {
  const all = panel.start ? [...panel.points, panel.start] : [...panel.points]
  if (all.length === 0) return { minRx: -Math.floor(span / 2), minRz: -Math.floor(span / 2), span }
  const rxs = all.map((p) => Math.floor(p.x / regionSize))
  const rzs = all.map((p) => Math.floor(p.z / regionSize))
  const centerRx = Math.floor((Math.min(...rxs) + Math.max(...rxs)) / 2)
  const centerRz = Math.floor((Math.min(...rzs) + Math.max(...rzs)) / 2)
  return { minRx: centerRx - Math.floor(span / 2), minRz: centerRz - Math.floor(span / 2), span }
}

/** Regions a side that every panel needs (the widest panel's extent plus a region of margin each side). */
function commonSpan(panels: readonly HeatmapPanel[], regionSize: number): number {
  let span = 3
  for (const panel of panels) {
    const all = panel.start ? [...panel.points, panel.start] : [...panel.points]
    if (all.length === 0) continue
    const rxs = all.map((p) => Math.floor(p.x / regionSize))
    const rzs = all.map((p) => Math.floor(p.z / regionSize))
    const extent = Math.max(Math.max(...rxs) - Math.min(...rxs), Math.max(...rzs) - Math.min(...rzs)) + 1
    span = Math.max(span, extent + 2)
  }
  return span
}

/** Visit counts per bin, keyed `bx,bz` (bins of regionSize / binsPerRegion blocks). */
export function binVisits(points: readonly HeatmapPoint[], binBlocks: number): Map<string, number> {
  const counts = new Map<string, number>()
  for (const p of points) {
    const key = `${Math.floor(p.x / binBlocks)},${Math.floor(p.z / binBlocks)}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

export function heatmapSvg(options: HeatmapOptions): string {
  const { panels, regionSize, biomeColors } = options
  const bins = options.binsPerRegion ?? 4
  const size = options.panelSize ?? 180
  const columns = Math.max(1, Math.min(options.columns ?? 5, panels.length))
  const rows = Math.ceil(panels.length / columns)
  const span = commonSpan(panels, regionSize)
  const regionPx = size / span
  const binBlocks = regionSize / bins
  const binPx = regionPx / bins
  const binned = panels.map((panel) => binVisits(panel.points, binBlocks))
  const maxCount = Math.max(1, options.scaleMax ?? 0, ...binned.flatMap((counts) => [...counts.values()]))
  // Area proportional to visits: a full bin's circle fills its bin.
  const radius = (count: number) => (binPx / 2) * Math.sqrt(count / maxCount) + 0.8

  const notes = options.notes ?? []
  const headerHeight = MARGIN + LINE * (1 + notes.length)
  // Wide enough for the title too (about 8.5 px a character at 15 px bold).
  const width = Math.max(
    MARGIN * 2 + columns * size + (columns - 1) * PANEL_GAP,
    MARGIN * 2 + options.title.length * 8.5,
  )
  const gridHeight = rows * (size + PANEL_TITLE) + (rows - 1) * PANEL_GAP
  const legendTop = headerHeight + gridHeight + MARGIN
  const height = legendTop + LINE * 3 + MARGIN
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px(width)}" height="${height}" viewBox="0 0 ${px(width)} ${height}" font-family="sans-serif" font-size="12" role="img">`,
    // A title makes the chart readable to screen readers (and is what biome's a11y rule asks of an SVG).
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="${px(width)}" height="${height}" fill="#ffffff"/>`,
    `<text x="${MARGIN}" y="${MARGIN + 12}" font-size="15" font-weight="bold">${escapeXml(options.title)}</text>`,
    ...notes.map((note, i) => `<text x="${MARGIN}" y="${MARGIN + 12 + LINE * (i + 1)}">${escapeXml(note)}</text>`),
  ]

  panels.forEach((panel, index) => {
    const left = MARGIN + (index % columns) * (size + PANEL_GAP)
    const top = headerHeight + Math.floor(index / columns) * (size + PANEL_TITLE + PANEL_GAP)
    const mapTop = top + PANEL_TITLE
    const bounds = boundsOf(panel, regionSize, span)
    // Block coordinates → pixels in this panel.
    const toX = (x: number) => left + (x / regionSize - bounds.minRx) * regionPx
    const toY = (z: number) => mapTop + (z / regionSize - bounds.minRz) * regionPx
    out.push(`<text x="${left}" y="${top + 12}">${escapeXml(panel.title)}</text>`, '<g>')
    for (let i = 0; i < span; i++) {
      for (let j = 0; j < span; j++) {
        const biome = panel.biomeAt(bounds.minRx + i, bounds.minRz + j)
        const fill = biomeColors[biome] ?? FALLBACK_COLOR
        const x = px(left + i * regionPx)
        const y = px(mapTop + j * regionPx)
        out.push(
          `<rect x="${x}" y="${y}" width="${px(regionPx)}" height="${px(regionPx)}" fill="${fill}" stroke="#ffffff" stroke-width="0.5"><title>${escapeXml(biome)}</title></rect>`,
        )
      }
    }
    for (const [key, count] of binned[index] ?? []) {
      const [bx, bz] = key.split(',').map(Number) as [number, number]
      const cx = toX((bx + 0.5) * binBlocks)
      const cy = toY((bz + 0.5) * binBlocks)
      if (cx < left || cx > left + size || cy < mapTop || cy > mapTop + size) continue
      out.push(
        `<circle cx="${px(cx)}" cy="${px(cy)}" r="${px(radius(count))}" fill="#b2182b" fill-opacity="0.75"><title>${count} steps</title></circle>`,
      )
    }
    if (panel.start) {
      const sx = toX(panel.start.x)
      const sy = toY(panel.start.z)
      out.push(
        `<path d="M${px(sx - 4)} ${px(sy - 4)} L${px(sx + 4)} ${px(sy + 4)} M${px(sx - 4)} ${px(sy + 4)} L${px(sx + 4)} ${px(sy - 4)}" stroke="#000000" stroke-width="1.5"/>`,
      )
    }
    out.push(`<rect x="${left}" y="${mapTop}" width="${size}" height="${size}" fill="none" stroke="#555555"/>`, '</g>')
  })

  // Legend: the biome colours, then the circle scale.
  let x = MARGIN
  const swatchY = legendTop
  for (const [biome, color] of Object.entries(biomeColors)) {
    out.push(
      `<rect x="${x}" y="${swatchY}" width="12" height="12" fill="${color}" stroke="#555555" stroke-width="0.5"/>`,
      `<text x="${x + 16}" y="${swatchY + 10}">${escapeXml(biome)}</text>`,
    )
    x += 24 + escapeXml(biome).length * 7
  }
  const scaleY = legendTop + LINE * 2
  out.push(`<text x="${MARGIN}" y="${scaleY + 4}">acts per ${binBlocks}-block cell:</text>`)
  x = MARGIN + 170
  for (const count of [...new Set([1, Math.ceil(maxCount / 2), maxCount])]) {
    out.push(
      `<circle cx="${px(x)}" cy="${scaleY}" r="${px(radius(count))}" fill="#b2182b" fill-opacity="0.75"/>`,
      `<text x="${px(x + radius(count) + 4)}" y="${scaleY + 4}">${count}</text>`,
    )
    x += 50
  }
  out.push(`<text x="${x + 10}" y="${scaleY + 4}">✕ spawn; one square = one ${regionSize}-block region</text>`)
  out.push('</svg>')
  return `${out.join('\n')}\n`
}
