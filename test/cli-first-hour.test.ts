// What a new user meets at the command line and in the README: a symbol search that finds the ore, a render that
// needs no file, and a snippet whose bot is not npm start's.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { test } from 'node:test'
import { resolveStartSettings } from '../plugin/start/start-settings.js'
import { cedar, root } from './support/cli.js'

test('cedar symbols --search diamond lists mine.diamond_ore, with one row for the counted has.diamond.N', async () => {
  const { code, stdout, stderr } = await cedar(['symbols', '--search', 'diamond'])
  assert.equal(code, 0, stderr)
  const symbols = stdout
    .trim()
    .split('\n')
    .map((l) => l.split(/\s+/)[0])
  assert.equal(symbols.length, 10)
  assert.ok(symbols.includes('mine.diamond_ore'), stdout)
  assert.ok(symbols.includes('has.diamond.N'), stdout)
  assert.ok(!symbols.includes('has.diamond.2'), stdout)
})

test('cedar skills render without -o writes the picture to standard output (SVG, or DOT with --format dot)', async () => {
  const [svg, dot] = await Promise.all([
    cedar(['skills', 'render', 'mine.logs']),
    cedar(['skills', 'render', 'mine.logs', '--format', 'dot']),
  ])
  assert.equal(svg.code, 0, svg.stderr)
  assert.match(svg.stdout, /^<\?xml[\s\S]*<\/svg>\n$/)
  assert.equal(dot.code, 0, dot.stderr)
  assert.match(dot.stdout, /^digraph "mine\.logs" \{/)
})

test("the README's snippet names its bot differently from npm start's", async () => {
  const readme = await readFile(path.join(root, 'README.md'), 'utf8')
  const snippet = /createBot\(\{[^}]*username: '([^']+)'/.exec(readme)?.[1]
  assert.ok(snippet, 'the snippet creates a bot with a username')
  assert.notEqual(snippet, resolveStartSettings({}, {}).username)
})
