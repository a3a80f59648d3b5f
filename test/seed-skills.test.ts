// The shipped seed skills: they load, they are the learner's own output, and each reaches its goal in the Sim.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { runController } from '../plugin/agent/controller/index.js'
import { SEED_GOALS } from '../plugin/agent/skills/seed-skills.js'
import { skillChain, skillKey, skillName } from '../plugin/agent/skills/skill-key.js'
import { learnSkill, startInventoryOf } from '../plugin/agent/skills/skill-learning.js'
import { equivalent, parseDfaJson, shortestWitness } from '../plugin/automata/index.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { isActionSymbol } from '../plugin/vocabulary/symbols.js'
import { pursueMilestone } from '../plugin/world/milestone-pursuit.js'
import { loadRules } from '../plugin/world/rules.js'
import { SimWorld } from '../plugin/world/sim/index.js'
import { root } from './support/cli.js'

const rules = loadRules()

describe('seed skills in skills-store/', () => {
  const store = new SkillStore(path.join(root, 'skills-store'), { logger: { warn: () => {} } })

  test('every seed and its prerequisites load without problems, marked as seeds of the recipe teacher', async () => {
    const { records, problems } = await store.load()
    assert.deepEqual(problems, [])
    const expected = new Set(
      SEED_GOALS.flatMap(([verb, object]) => skillChain(skillKey(verb, object, rules), rules).map(skillName)),
    )
    assert.deepEqual(records.map((r) => r.name).sort(), [...expected].sort())
    for (const record of records) {
      assert.equal(record.provenance.path, 'seed', record.name)
      assert.equal(record.provenance.teacher, 'recipe', record.name)
    }
  })

  test('each seed, run by the controller pursuing its milestones, reaches its goal in a fresh Sim', async () => {
    for (const record of await store.list('skill')) {
      const key = skillKey(record.verb ?? '', record.object ?? '', rules)
      const dfa = parseDfaJson(record.dfa)
      assert.ok(shortestWitness(dfa), `${record.name} accepts something`)
      const world = new SimWorld({ seed: 0, pathFailureRate: 0, startInventory: startInventoryOf(key, rules) })
      const actions = dfa.alphabet.symbols.filter(isActionSymbol)
      const result = await runController({
        world,
        dfa,
        goal: record.successEvents,
        pursue: (milestone, observation, allowed) => pursueMilestone(milestone, observation, rules, actions, allowed),
      })
      assert.equal(result.outcome, 'goal', `${record.name}: ${result.message}`)
    }
  })

  test('the learner still produces the shipped seeds (they were learned, not written)', async () => {
    for (const name of ['craft.wooden_pickaxe', 'craft.stone_pickaxe', 'mine.diamond_ore']) {
      const record = await store.get('skill', name)
      assert.ok(record, name)
      const relearned = await learnSkill(skillKey(record.verb ?? '', record.object ?? '', rules), rules)
      assert.ok(equivalent(relearned.dfa, parseDfaJson(record.dfa)).equivalent, name)
    }
  })
})
