// Stuck runs teach (CEDAR §3.2) in the Sim: a run that gets stuck because the skill was wrong yields a gold
// negative counterexample and the relearned skill succeeds; a run stuck because of the world (no tree anywhere)
// names the world and leaves the skill as it was. And a skill's alphabet grows by a counterexample's new symbol.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { describeStuck } from '../plugin/agent/run/stuck-runs.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { parseDfaJson } from '../plugin/automata/index.js'
import type { DfaJson } from '../plugin/automata/json.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import type { Primitive } from '../plugin/vocabulary/symbols.js'
import { failure, type World } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()

/** A stored craft.wooden_pickaxe skill with the given alphabet and DFA, as a wrong teacher might leave it. */
async function libraryWith(alphabet: string[], dfa: DfaJson): Promise<MemoryLibrary> {
  const library = new MemoryLibrary()
  await library.save({
    kind: 'skill',
    name: 'craft.wooden_pickaxe',
    verb: 'craft',
    object: 'wooden_pickaxe',
    alphabet,
    dfa,
    successEvents: ['has.wooden_pickaxe.1'],
    evidence: [],
    prerequisites: [],
    provenance: { teacher: 'test', path: 'imported', membershipQueries: 0, equivalenceQueries: 0 },
  })
  return library
}

/** The Sim with no tree anywhere: every attempt at logs finds none. */
function treeless(world: SimWorld): World {
  return {
    observe: () => world.observe(),
    waitTicks: (ticks, signal) => world.waitTicks(ticks, signal),
    act: (primitive: Primitive, signal, options) =>
      primitive.object === 'logs' || primitive.object.endsWith('_log')
        ? Promise.resolve(failure('not_found', `there is no ${primitive.object} to find in this world`))
        : world.act(primitive, signal, options),
  }
}

describe('stuck runs', () => {
  test('stuck because the skill was wrong: a gold negative, relearned, and the next run reaches the goal', async () => {
    // "a log, then the pickaxe": crafting fails for want of planks and sticks, and the DFA has no other way.
    const alphabet = ['craft.wooden_pickaxe', 'mine.logs']
    const library = await libraryWith(alphabet, {
      alphabet,
      initial: 0,
      accepting: [2],
      transitions: [
        [3, 1],
        [2, 3],
        [3, 3],
        [3, 3],
      ],
    })
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    const first = await agent.do('craft a wooden pickaxe', new SimWorld({ seed: 0, pathFailureRate: 0 }))
    assert.equal(first.result?.outcome, 'no-path', first.result?.message)
    assert.equal(first.stuck?.kind, 'skill')
    assert.ok(first.stuck?.kind === 'skill')
    assert.equal(first.stuck.skill, 'craft.wooden_pickaxe')
    assert.deepEqual(first.stuck.word, ['mine.logs', 'craft.wooden_pickaxe'])
    assert.match(first.stuck.reason, /^craft\.wooden_pickaxe failed: missing_ingredients/)
    assert.match(describeStuck(first.stuck), /^the skill craft\.wooden_pickaxe was wrong/)
    const corrected = first.corrected
    assert.ok(corrected, 'the skill was learned again')
    assert.equal(corrected.version, 2)
    assert.ok(
      corrected.evidence.some((e) => e.gold && !e.label && e.word.join(' ') === 'mine.logs craft.wooden_pickaxe'),
    )
    assert.equal(parseDfaJson(corrected.dfa).accepts(['mine.logs', 'craft.wooden_pickaxe']), false)
    const second = await agent.do('craft a wooden pickaxe', new SimWorld({ seed: 0, pathFailureRate: 0 }))
    assert.equal(second.result?.outcome, 'goal', second.result?.message)
    assert.equal(second.stuck, undefined)
  })

  test('stuck because of the world (no tree anywhere): the world is named and the skill is unchanged', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    // A right skill, learned in the Sim as usual.
    const good = await agent.do('craft a wooden pickaxe', new SimWorld({ seed: 0, pathFailureRate: 0 }))
    assert.equal(good.result?.outcome, 'goal', good.result?.message)
    const before = await library.get('skill', 'craft.wooden_pickaxe')
    const stuck = await agent.do('craft a wooden pickaxe', treeless(new SimWorld({ seed: 1, pathFailureRate: 0 })))
    assert.equal(stuck.result?.outcome, 'no-path', stuck.result?.message)
    assert.equal(stuck.stuck?.kind, 'world')
    assert.match(stuck.stuck?.reason ?? '', /^mine\.logs failed: not_found: there is no logs to find in this world$/)
    assert.match(describeStuck(stuck.stuck ?? { kind: 'world', reason: '' }), /no skill was changed$/)
    assert.equal(stuck.corrected, undefined)
    const after = await library.get('skill', 'craft.wooden_pickaxe')
    assert.equal(after?.version, before?.version)
    assert.deepEqual(after?.dfa, before?.dfa)
  })
})

describe('alphabet expansion of a skill', () => {
  test('a counterexample naming a new symbol grows the alphabet; every earlier label still holds', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    const [skill] = await agent.learn('mine', 'oak_log')
    assert.ok(skill)
    const before = await library.get('skill', 'mine.oak_log')
    assert.ok(before && !before.alphabet.includes('explore.oak_log'))
    // A milestone skill (issue 18) accepts once its goal event has happened: the way is the actions, then the event.
    const word = ['explore.oak_log', 'mine.oak_log', 'has.oak_log.1']
    const after = await agent.counterexample(word, true, 'mine.oak_log')
    assert.ok(after.alphabet.includes('explore.oak_log'), after.alphabet.join(' '))
    const dfa = parseDfaJson(after.dfa)
    assert.equal(dfa.accepts(word), true)
    for (const e of before.evidence) assert.equal(dfa.accepts(e.word), e.label, e.word.join(' '))
    assert.ok(after.evidence.some((e) => e.gold && e.label && e.word.join(' ') === word.join(' ')))
    await assert.rejects(
      agent.counterexample(['fly.to_moon'], false, 'mine.oak_log'),
      /I know no act or event called "fly\.to_moon"/,
    )
  })
})
