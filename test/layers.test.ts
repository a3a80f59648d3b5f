import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const config = path.join(root, '.dependency-cruiser.cjs')
const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs')

/** Writes `files` (path → source) under a fresh temp dir and runs depcruise there with the project's rules. */
async function cruise(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-layers-'))
  try {
    for (const [file, source] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
      await writeFile(path.join(dir, file), source)
    }
    return await new Promise((resolve) => {
      execFile(
        process.execPath,
        [depcruise, '--config', config, 'plugin/**/*.ts'],
        { cwd: dir, timeout: 120_000 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
          resolve({ code, output: `${stdout}${stderr}` })
        },
      )
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe('the layer rules (.dependency-cruiser.cjs)', () => {
  it('pass a tree that keeps the house', async () => {
    const { code, output } = await cruise({
      'plugin/automata/dfa.ts': 'export const states = 1\n',
      'plugin/vocabulary/symbols.ts': "import { states } from '../automata/dfa.js'\nexport const verbs = [states]\n",
      'plugin/world/rules.ts': "import type { verbs } from '../vocabulary/symbols.js'\nexport type V = typeof verbs\n",
      'plugin/grounding/chain.ts': "import type { V } from '../world/rules.js'\nexport type C = V\n",
    })
    assert.equal(code, 0, output)
    assert.match(output, /no dependency violations/)
  })

  it('fail the formal core importing the world, naming the rule and the import', async () => {
    const { code, output } = await cruise({
      'plugin/automata/dfa.ts': "import { loadRules } from '../world/rules.js'\nexport const rules = loadRules\n",
      'plugin/world/rules.ts': 'export const loadRules = () => 1\n',
    })
    assert.notEqual(code, 0, output)
    assert.match(output, /core-imports-only-core: plugin\/automata\/dfa\.ts → plugin\/world\/rules\.ts/)
  })

  it('fail the world importing grounding, and an import cycle', async () => {
    const { code, output } = await cruise({
      'plugin/world/predicates.ts': "import { chain } from '../grounding/chain.js'\nexport const holds = chain\n",
      'plugin/grounding/chain.ts': 'export const chain = 1\n',
      'plugin/agent/a.ts': "import { b } from './b.js'\nexport const a = b\n",
      'plugin/agent/b.ts': "import type { a } from './a.js'\nexport const b = 2\nexport type A = typeof a\n",
    })
    assert.notEqual(code, 0, output)
    assert.match(output, /world-knows-no-knowledge: plugin\/world\/predicates\.ts → plugin\/grounding\/chain\.ts/)
    assert.match(output, /no-circular: plugin\/agent\/a\.ts →\s+plugin\/agent\/b\.ts →\s+plugin\/agent\/a\.ts/)
  })

  it('fail the core touching the disk or the game', async () => {
    const { code, output } = await cruise({
      'plugin/ltl/parser.ts': "import { readFile } from 'node:fs/promises'\nexport const read = readFile\n",
    })
    assert.notEqual(code, 0, output)
    assert.match(output, /core-has-no-io: plugin\/ltl\/parser\.ts → fs\/promises/)
  })
  it('pass the agent entered through its front door and its rooms through their indexes', async () => {
    const { code, output } = await cruise({
      'plugin/agent/skills/skill-key.ts': 'export const key = 1\n',
      'plugin/agent/skills/index.ts': "export { key } from './skill-key.js'\n",
      'plugin/agent/run/episode.ts': "import { key } from '../skills/index.js'\nexport const run = key\n",
      'plugin/agent/run/index.ts': "export { run } from './episode.js'\n",
      'plugin/agent/index.ts': "export { run } from './run/index.js'\n",
      'plugin/chat/commands.ts': "import { run } from '../agent/index.js'\nexport const go = run\n",
    })
    assert.equal(code, 0, output)
  })

  it('fail a face reaching into an agent room, a room reaching into another, and the agent importing Mineflayer', async () => {
    const { code, output } = await cruise({
      'plugin/agent/skills/skill-key.ts': 'export const key = 1\n',
      'plugin/agent/skills/index.ts': "export { key } from './skill-key.js'\n",
      'plugin/agent/run/episode.ts': "import { key } from '../skills/skill-key.js'\nexport const run = key\n",
      'plugin/agent/bot-agent.ts':
        "import { key } from './skills/skill-key.js'\nimport { World } from '../world/mineflayer-world.js'\nexport const b = [key, World]\n",
      'plugin/world/mineflayer-world.ts': 'export const World = 1\n',
      'plugin/chat/commands.ts': "import { key } from '../agent/skills/index.js'\nexport const go = key\n",
    })
    assert.notEqual(code, 0, output)
    assert.match(
      output,
      /agent-rooms-through-their-index: plugin\/agent\/run\/episode\.ts → plugin\/agent\/skills\/skill-key\.ts/,
    )
    assert.match(
      output,
      /agent-files-enter-rooms-through-their-index: plugin\/agent\/bot-agent\.ts → plugin\/agent\/skills\/skill-key\.ts/,
    )
    assert.match(
      output,
      /agent-knows-no-mineflayer: plugin\/agent\/bot-agent\.ts → plugin\/world\/mineflayer-world\.ts/,
    )
    assert.match(output, /agent-has-one-front-door: plugin\/chat\/commands\.ts → plugin\/agent\/skills\/index\.ts/)
  })
})
