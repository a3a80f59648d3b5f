// Corrections that always hold (issue 34): after a player's counterexample on a skill, every gold label of that
// skill holds in the relearned DFA — also a word rejected for its actions, which the skill's milestones cannot
// tell from the demonstration; a word with a symbol outside the alphabet grows it; a correction that contradicts
// an earlier gold label is refused with nothing changed.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { before, describe, test } from 'node:test'
import fc from 'fast-check'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { WOODEN_PICKAXE_SCRIPT } from '../plugin/agent/script.js'
import { CounterexampleError } from '../plugin/agent/skills/skill-key.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { parseDfaJson } from '../plugin/automata/index.js'
import { shortestWitness } from '../plugin/automata/search.js'
import { correctionReply } from '../plugin/chat/correction-replies.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import type { SkillRecord } from '../plugin/store/record.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()
const SKILLS = ['mine.oak_log', 'craft.stick', 'craft.wooden_pickaxe', 'craft.crafting_table'] as const
/** Symbols the inventory knows that these skills' alphabets lack: a word with one grows the alphabet. */
const OUTSIDE = ['mine.stone', 'craft.torch', 'eat.bread']

/** Each skill as learned by the recipe book, to start every property run from. */
const learned = new Map<string, SkillRecord>()
before(async () => {
  const library = new MemoryLibrary()
  const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
  for (const name of SKILLS) {
    const [verb, object] = name.split('.') as [string, string]
    await agent.learn(verb, object)
    const record = await library.get('skill', name)
    assert.ok(record, name)
    learned.set(name, record)
  }
})

/** An agent whose library holds `record` alone. */
async function agentWith(record: SkillRecord) {
  const library = new MemoryLibrary()
  const { schema: _s, version: _v, createdAt: _c, updatedAt: _u, ...rest } = record
  await library.save(rest)
  return { library, agent: new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES }) }
}

const holdsEveryGoldLabel = (record: SkillRecord) => {
  const dfa = parseDfaJson(record.dfa)
  for (const e of record.evidence.filter((x) => x.gold)) {
    assert.equal(dfa.accepts(e.word), e.label, `${record.name}: gold ${e.label} for ${e.word.join(' ') || '(empty)'}`)
  }
}

describe('corrections on a skill', () => {
  test('the way the skill takes, rejected, is rejected by the relearned DFA, which takes another; the opposite label after is refused', async () => {
    const { agent, library } = await agentWith(learned.get('craft.wooden_pickaxe') as SkillRecord)
    const before = parseDfaJson((learned.get('craft.wooden_pickaxe') as SkillRecord).dfa)
    // The word (one log's planks for sticks and a pickaxe) is not a way the world allows: the act order,
    // learned by execution, rejects it already.
    assert.equal(
      before.accepts(['mine.logs', 'craft.planks', 'craft.stick', 'craft.wooden_pickaxe', 'has.wooden_pickaxe.1']),
      false,
    )
    const word = shortestWitness(before) as string[]
    assert.ok(word, 'accepted before')
    const after = await agent.counterexample(word, false, 'craft.wooden_pickaxe')
    const dfa = parseDfaJson(after.dfa)
    assert.equal(dfa.accepts(word), false)
    // Only that word: the skill still reaches its goal another way.
    const other = shortestWitness(dfa)
    assert.ok(other && other.join(' ') !== word.join(' '), `${other?.join(' ')}`)
    const stored = await library.get('skill', 'craft.wooden_pickaxe')
    await assert.rejects(
      agent.counterexample(word, true, 'craft.wooden_pickaxe'),
      (e: unknown) =>
        e instanceof CounterexampleError &&
        e.message ===
          `craft.wooden_pickaxe was told before that ${word.join(' ')} is not a way to do it (a gold label, from a player or a run): it keeps that, nothing changed`,
    )
    assert.deepEqual(await library.get('skill', 'craft.wooden_pickaxe'), stored, 'nothing changed')
    // The next run in the Sim still gets its pickaxe.
    const run = await agent.do('craft a wooden pickaxe', new SimWorld({ seed: 0, pathFailureRate: 0 }))
    assert.equal(run.result?.outcome, 'goal', run.result?.message)
  })

  test('a way the world does not allow is refused, with the act that cannot be done; nothing changes', async () => {
    const { agent, library } = await agentWith(learned.get('craft.wooden_pickaxe') as SkillRecord)
    const stored = await library.get('skill', 'craft.wooden_pickaxe')
    await assert.rejects(
      agent.counterexample(['craft.wooden_pickaxe', 'has.wooden_pickaxe.1'], true, 'craft.wooden_pickaxe'),
      (e: unknown) =>
        e instanceof CounterexampleError &&
        /^the world does not allow craft\.wooden_pickaxe has\.wooden_pickaxe\.1 as a way to do craft\.wooden_pickaxe: craft\.wooden_pickaxe cannot be done there \(.+\) — nothing changed$/.test(
          e.message,
        ),
    )
    await assert.rejects(
      agent.counterexample(['mine.logs', 'craft.planks', 'has.wooden_pickaxe.1'], true, 'craft.wooden_pickaxe'),
      (e: unknown) =>
        e instanceof CounterexampleError && /: those acts do not get has\.wooden_pickaxe\.1 — /.test(e.message),
    )
    assert.deepEqual(await library.get('skill', 'craft.wooden_pickaxe'), stored)
    // The way the scripted runs take is allowed.
    const way = [...WOODEN_PICKAXE_SCRIPT, 'has.wooden_pickaxe.1']
    const after = await agent.counterexample(way, true, 'craft.wooden_pickaxe')
    assert.ok(parseDfaJson(after.dfa).accepts(way))
  })

  test('a word with a symbol outside the alphabet grows it, and the earlier gold labels still hold', async () => {
    const { agent } = await agentWith(learned.get('craft.stick') as SkillRecord)
    const first = await agent.counterexample(
      ['mine.logs', 'craft.planks', 'craft.stick', 'has.stick.1'],
      false,
      'craft.stick',
    )
    const grown = await agent.counterexample(
      ['mine.logs', 'eat.bread', 'craft.planks', 'craft.stick', 'has.stick.1'],
      false,
      'craft.stick',
    )
    assert.ok(grown.alphabet.includes('eat.bread'))
    assert.ok(first.alphabet.every((s) => grown.alphabet.includes(s)))
    holdsEveryGoldLabel(grown)
    assert.equal(grown.evidence.filter((e) => e.gold).length, 2)
  })

  test('property: random skills and random gold corrections — after each relearn every gold label holds', async () => {
    const correction = (alphabet: readonly string[]) =>
      fc.record({
        word: fc.array(fc.constantFrom(...alphabet, ...OUTSIDE), { maxLength: 6 }),
        label: fc.boolean(),
        withGoal: fc.boolean(),
      })
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...SKILLS)
          .chain((name) =>
            fc.tuple(
              fc.constant(name),
              fc.array(correction((learned.get(name) as SkillRecord).alphabet), { minLength: 1, maxLength: 4 }),
            ),
          ),
        async ([name, corrections]) => {
          const { agent, library } = await agentWith(learned.get(name) as SkillRecord)
          const goal = (learned.get(name) as SkillRecord).successEvents[0] as string
          for (const { word: drawn, label, withGoal } of corrections) {
            // An accepted word must reach the goal (a milestone skill says so and keeps itself); half end in it.
            const word = withGoal || label ? [...drawn, goal] : drawn
            const before = await library.get('skill', name)
            try {
              const after = await agent.counterexample(word, label, name)
              holdsEveryGoldLabel(after)
              assert.ok(
                word.every((s) => after.alphabet.includes(s)),
                'the alphabet holds the word',
              )
            } catch (error) {
              if (!(error instanceof CounterexampleError)) throw error
              // Refused only for a contradiction with an earlier gold label or with the world, and nothing changed.
              assert.match(error.message, /was told before that|^the world does not allow/)
              if (error.message.startsWith('the world')) assert.equal(label, true, 'only a way to do it is checked')
              assert.deepEqual(await library.get('skill', name), before)
            }
          }
        },
      ),
      { numRuns: 12 },
    )
  })
})

describe('the reply to a correction', () => {
  test('"learned again" only when the skill now reads words differently; otherwise it says it kept the label', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cedar-corrections-'))
    try {
      const store = new SkillStore(dir, { logger: { warn: () => {} } })
      const { agent } = await agentWith(learned.get('mine.oak_log') as SkillRecord)
      const {
        schema: _s,
        version: _v,
        createdAt: _c,
        updatedAt: _u,
        ...rest
      } = learned.get('mine.oak_log') as SkillRecord
      await store.save(rest)
      const correct = (word: string[], label: boolean) => async () => {
        const record = await agent.counterexample(word, label, 'mine.oak_log')
        const { schema: _a, version: _b, createdAt: _d, updatedAt: _e, ...fields } = record
        return store.save(fields)
      }
      const learnedAgain = (r: SkillRecord) => `${r.name} v${r.version} learned again with it`
      // One log, mined: the way the world gives it (the skill orders its acts: learned by execution).
      const accepted = ['mine.oak_log', 'has.oak_log.1']
      assert.equal(
        await correctionReply(store, correct(accepted, true), learnedAgain, true),
        'mine.oak_log v2 already read it that way: kept as a gold label, the skill is unchanged',
      )
      assert.equal(
        await correctionReply(store, correct(['mine.oak_log', ...accepted], false), learnedAgain, true),
        'mine.oak_log v3 already read it that way: kept as a gold label, the skill is unchanged',
      )
      // A player hears the act, not the skill's name and version.
      assert.equal(
        await correctionReply(store, correct(accepted, true), learnedAgain, false),
        'I already knew that about mining oak logs: I keep your example, and the skill is unchanged',
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
