// The seed skills' pictures stay readable as they grow: each renders to a PNG of a size a screen can show, every
// label inside the frame (by Graphviz's layout and by the pixels resvg draws), and the README shows one.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { Resvg } from '@resvg/resvg-js'
import { parseDfaJson, renderSvg } from '../plugin/automata/index.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { root } from './support/cli.js'

/** Larger than this and a picture is a strip to scroll, as the 16,312 pt wide iron pickaxe was. */
const MAX_WIDTH_PX = 2400
const MAX_HEIGHT_PX = 4800

interface Label {
  readonly text: string
  readonly x: number
  readonly y: number
  readonly size: number
}

/** Graphviz's SVG: its size in pt, the graph's translation, and each text element where it stands. */
function layout(svg: string) {
  const size = /<svg width="([\d.]+)pt" height="([\d.]+)pt"/.exec(svg)
  const shift = /id="graph0"[^>]*translate\(([-\d.]+) ([-\d.]+)\)/.exec(svg)
  assert.ok(size && shift, 'a Graphviz SVG')
  const labels: Label[] = []
  for (const m of svg.matchAll(
    /<text[^>]* x="([-\d.]+)" y="([-\d.]+)"[^>]* font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g,
  )) {
    labels.push({
      x: Number(m[1]) + Number(shift[1]),
      y: Number(m[2]) + Number(shift[2]),
      size: Number(m[3]),
      text: m[4] ?? '',
    })
  }
  return { width: Number(size[1]), height: Number(size[2]), labels }
}

describe('pictures of the seed skills', async () => {
  const store = new SkillStore(path.join(root, 'skills-store'), { readOnly: true, logger: { warn: () => {} } })
  const skills = await store.list('skill')

  test('a font is there to draw labels with (else the pixel check below would see no text)', () => {
    const probe = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="30"><text x="5" y="20" font-family="Helvetica,sans-Serif" font-size="12">else</text></svg>',
    )
    assert.ok(probe.innerBBox(), 'resvg found no font for Helvetica,sans-Serif')
  })

  for (const record of skills) {
    test(`${record.name}: a PNG of a readable size, every label inside the frame`, async () => {
      const svg = await renderSvg(parseDfaJson(record.dfa), { name: record.name })
      const { width, height, labels } = layout(svg)
      assert.ok(labels.length > parseDfaJson(record.dfa).stateCount, 'states and edges are labelled')
      for (const label of labels) {
        // Helvetica averages about 0.6 em a character; a label must fit between the frame's edges.
        const half = (label.text.length * label.size * 0.6) / 2
        const where = `"${label.text}" at ${label.x.toFixed(0)},${label.y.toFixed(0)} in ${width}x${height} pt`
        assert.ok(label.x - half >= 0 && label.x + half <= width, where)
        assert.ok(label.y - label.size >= 0 && label.y <= height, where)
      }
      const resvg = new Resvg(svg, { background: 'white' })
      const png = resvg.render()
      assert.ok(png.width <= MAX_WIDTH_PX && png.height <= MAX_HEIGHT_PX, `${png.width}x${png.height} px`)
      assert.deepEqual([...png.asPng().subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG')
      // What was drawn, glyphs included, lies within the picture.
      const drawn = resvg.innerBBox()
      assert.ok(drawn, 'something was drawn')
      assert.ok(drawn.x >= 0 && drawn.y >= 0, `drawn from ${drawn.x},${drawn.y}`)
      assert.ok(
        drawn.x + drawn.width <= resvg.width + 0.5 && drawn.y + drawn.height <= resvg.height + 0.5,
        'drawn inside',
      )
    })
  }

  test('the README shows the iron pickaxe, as rendered now', async () => {
    const readme = await readFile(path.join(root, 'README.md'), 'utf8')
    assert.match(readme, /!\[[^\]]+\]\(docs\/pictures\/craft\.iron_pickaxe\.png\)/)
    const png = await readFile(path.join(root, 'docs', 'pictures', 'craft.iron_pickaxe.png'))
    const record = skills.find((r) => r.name === 'craft.iron_pickaxe')
    assert.ok(record)
    const now = new Resvg(await renderSvg(parseDfaJson(record.dfa), { name: record.name }), {
      fitTo: { mode: 'width', value: 1600 },
    }).render()
    // The PNG's header holds its size: a picture of another layout would differ in it.
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [now.width, now.height])
  })
})
