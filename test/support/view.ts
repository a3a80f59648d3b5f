// What the console's 3D view shows, read off screenshots: prismarine-viewer clears its canvas to a light-blue sky,
// so a frame that shows the world has textured terrain in it; an empty scene, a failed WebGL context or a blank
// frame does not.
import assert from 'node:assert/strict'
import type { Page } from './chromium.js'
import { decodePng, type Region, regionInk } from './png.js'

/** The sky prismarine-viewer clears to (three.js 'lightblue'). */
const SKY: readonly [number, number, number] = [0xad, 0xd8, 0xe6]

export async function rectOf(page: Page, selector: string): Promise<Region> {
  return page.evaluate<Region>(
    `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height } })()`,
  )
}

/**
 * Screenshots the view's frame until at least a tenth of it is something other than the empty sky (the chunks
 * around the bot, meshed by the bundle's workers), after the frame has drawn a few more animation frames each time.
 */
export async function waitForTerrain(
  page: Page,
  what: string,
  timeoutMs = 120_000,
): Promise<{ terrain: number; ms: number }> {
  const started = performance.now()
  let last = { background: [0, 0, 0], terrain: 0, colours: 0 }
  while (performance.now() - started < timeoutMs) {
    await page.evaluate(`new Promise((resolve) => {
      const frame = document.querySelector('#view iframe').contentWindow
      let n = 0
      const next = () => (++n >= 10 ? resolve() : frame.requestAnimationFrame(next))
      frame.requestAnimationFrame(next)
    })`)
    const image = decodePng(await page.screenshot())
    const region = await rectOf(page, '#view iframe')
    assert.ok(region.width > 200 && region.height > 150, `the frame is on screen: ${JSON.stringify(region)}`)
    const { terrain, colours } = notSky(image, region)
    last = { background: regionInk(image, region).background, terrain, colours }
    // Textured blocks, not one flat colour: a frame drawn in a single colour (black, a grey box) does not count.
    if (terrain > 0.1 && colours >= 8) return { terrain, ms: performance.now() - started }
  }
  throw new Error(`${what}: the view showed no terrain in ${timeoutMs} ms (${JSON.stringify(last)})`)
}

/** The share of the region's pixels clearly not the sky colour, and how many colours (in steps of 16) they have. */
function notSky(image: ReturnType<typeof decodePng>, region: Region): { terrain: number; colours: number } {
  let other = 0
  let area = 0
  const colours = new Set<number>()
  for (let y = Math.ceil(region.y); y < Math.floor(region.y + region.height); y++) {
    for (let x = Math.ceil(region.x); x < Math.floor(region.x + region.width); x++) {
      const i = (y * image.width + x) * 4
      const d = SKY.reduce((sum, v, c) => sum + Math.abs(v - (image.pixels[i + c] ?? 0)), 0)
      area++
      if (d <= 60) continue
      other++
      const [r, g, b] = [0, 1, 2].map((c) => (image.pixels[i + c] ?? 0) >> 4)
      colours.add(((r ?? 0) << 8) | ((g ?? 0) << 4) | (b ?? 0))
    }
  }
  return { terrain: other / Math.max(1, area), colours: colours.size }
}
