// The skill automaton decides the acts (issue 34, CEDAR §3): a skill DFA imported into a store that demands an
// unusual but valid order — each state lets on only the next act of that order — makes `cedar sim do --store DIR`
// take exactly that order, for three skills, and `--json` says which transition each act took.
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { WOODEN_PICKAXE_SCRIPT } from '../plugin/agent/script.js'
import { cedar } from './support/cli.js'

let work: string
before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'cedar-decide-'))
})
after(() => rm(work, { recursive: true, force: true }))

/** A skill record whose DFA lets through `order` and then the goal event, and nothing else (a sink). */
function chainRecord(name: string, goal: string, order: readonly string[]) {
  const [verb, object] = name.split('.')
  const alphabet = [...new Set([...order, goal])].sort()
  const done = order.length + 1
  const sink = order.length + 2
  const transitions = Array.from({ length: sink + 1 }, (_, i) =>
    alphabet.map((s) => {
      if (i >= done) return i
      if (i < order.length) return s === order[i] ? i + 1 : sink
      return s === goal ? done : sink
    }),
  )
  const now = new Date().toISOString()
  return {
    schema: 1,
    kind: 'skill',
    name,
    verb,
    object,
    alphabet,
    dfa: { alphabet, initial: 0, accepting: [done], transitions },
    successEvents: [goal],
    evidence: [],
    prerequisites: [],
    provenance: { teacher: 'import', path: 'imported', membershipQueries: 0, equivalenceQueries: 0 },
    version: 1,
    createdAt: now,
    updatedAt: now,
  }
}

interface SimStep {
  readonly action: string
  readonly ok: boolean
  readonly dfa: { readonly from: number; readonly to: number }
}

async function simDo(instruction: string, store?: string) {
  const result = await cedar(['sim', 'do', instruction, '--json', ...(store ? ['--store', store] : [])])
  assert.equal(result.code, 0, result.stderr)
  return JSON.parse(result.stdout) as { goal: boolean; message: string; steps: SimStep[]; skills: { path: string }[] }
}

const CASES = [
  {
    instruction: 'craft a wooden pickaxe',
    skill: 'craft.wooden_pickaxe',
    goal: 'has.wooden_pickaxe.1',
    // The crafting table crafted and placed before any stick (the script the scripted runs use).
    order: WOODEN_PICKAXE_SCRIPT,
  },
  {
    instruction: 'craft a wooden axe',
    skill: 'craft.wooden_axe',
    goal: 'has.wooden_axe.1',
    // The table from the first log, before the rest of the wood is even cut.
    order: [
      'mine.logs',
      'craft.planks',
      'craft.crafting_table',
      'place.crafting_table',
      'mine.logs',
      'mine.logs',
      'craft.planks',
      'craft.planks',
      'craft.stick',
      'craft.wooden_axe',
    ],
  },
  {
    instruction: 'craft a chest',
    skill: 'craft.chest',
    goal: 'has.chest.1',
    // One log's planks for the table, placed, and only then the planks for the chest.
    order: [
      'mine.logs',
      'mine.logs',
      'mine.logs',
      'craft.planks',
      'craft.crafting_table',
      'place.crafting_table',
      'craft.planks',
      'craft.planks',
      'craft.chest',
    ],
  },
] as const

describe('a skill DFA that demands an order', () => {
  for (const c of CASES) {
    test(`${c.skill}: the run takes the imported DFA's order, transition by transition`, async () => {
      const store = path.join(work, c.skill)
      const file = path.join(work, `${c.skill}.json`)
      await writeFile(file, JSON.stringify({ schema: 1, records: [chainRecord(c.skill, c.goal, c.order)] }))
      const imported = await cedar(['skills', 'import', file, '--store', store])
      assert.equal(imported.code, 0, imported.stderr)

      const usual = await simDo(c.instruction)
      assert.ok(usual.goal, usual.message)
      const usualOrder = usual.steps.filter((s) => s.ok).map((s) => s.action)
      assert.notDeepEqual(usualOrder, [...c.order], 'the order is not the one the bot takes anyway')

      const run = await simDo(c.instruction, store)
      assert.ok(run.goal, run.message)
      assert.equal(run.skills.at(-1)?.path, 'reused')
      const acts = run.steps.filter((s) => s.ok)
      assert.deepEqual(
        acts.map((s) => s.action),
        [...c.order],
      )
      // Every act that worked moved the automaton on, to a state it had not been in.
      const visited = new Set([acts[0]?.dfa.from])
      for (const s of acts) {
        assert.ok(s.dfa.to >= 0 && !visited.has(s.dfa.to), `${s.action}: ${s.dfa.from} -> ${s.dfa.to}`)
        visited.add(s.dfa.to)
      }
    })
  }
})
