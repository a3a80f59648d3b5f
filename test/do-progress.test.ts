// What a player hears while !do runs: "understood" only once the plan is made, acts as sentences, a library's
// failure translated and a retried step "trying again"; the bot's own terms go to the log (and chat when verbose).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DoProgress } from '../plugin/cedar-reports.js'
import { failedStepWords, progressReporter } from '../plugin/chat/do-progress.js'
import { JARGON } from './support/symbols.js'

const grounded = {
  type: 'grounded',
  grounded: { goals: [{ text: 'collect 3 oak logs', alphabet: ['mine.oak_log', 'has.oak_log.3'] }], constraints: [] },
} as unknown as DoProgress
const reused = {
  type: 'skill',
  skill: { name: 'mine.oak_log', path: 'reused', states: 2, membershipQueries: 0 },
} as unknown as DoProgress
const learned = {
  type: 'skill',
  skill: { name: 'craft.stone_pickaxe', path: 'learned', teacher: 'recipe', states: 4, membershipQueries: 12 },
} as unknown as DoProgress
const composed = {
  type: 'composed',
  plan: { productStates: 3, skillStates: 2, constraintStates: [] },
} as unknown as DoProgress
const pathFailure = {
  type: 'step',
  step: {
    action: 'mine.logs',
    ok: false,
    message: 'found no way to the birch_log at (12, 70, 20): Took to long to decide path to goal!',
  },
} as unknown as DoProgress

function heard(verbose: boolean, events: DoProgress[]): { said: string[]; logged: string[] } {
  const said: string[] = []
  const logged: string[] = []
  const report = progressReporter({ verbose, say: (t) => said.push(t), log: (t) => logged.push(t) })
  for (const event of events) report(event)
  return { said, logged }
}

test('"understood" waits for the plan: a request refused while planning was never "understood"', () => {
  assert.deepEqual(heard(false, [grounded]).said, [])
  assert.deepEqual(heard(false, [grounded, reused, composed]).said, ['understood: "collect 3 oak logs"'])
  assert.deepEqual(heard(false, [grounded, learned, composed]).said, [
    'understood: "collect 3 oak logs"',
    'learned crafting a stone pickaxe from the recipe book',
  ])
})

test('players hear no symbols, states or symbol counts; the log and --verbose have them', () => {
  const player = heard(false, [grounded, reused, learned, composed, pathFailure])
  for (const line of player.said) {
    assert.doesNotMatch(line, JARGON, line)
    assert.doesNotMatch(line, /questions|failed/, line)
  }
  assert.ok(player.logged.some((l) => /skill mine\.oak_log: reused from the store \(2 states\)/.test(l)))
  const verbose = heard(true, [grounded, reused, composed])
  assert.deepEqual(verbose.said, [
    'understood: goal "collect 3 oak logs" (2 symbols)',
    'skill mine.oak_log: reused from the store (2 states)',
    'plan: 3 states (skill 2)',
  ])
})

test('a path the pathfinder could not find is a block given up on, in words; another failed act is tried again', () => {
  assert.deepEqual(heard(false, [pathFailure]).said, [
    'I could not find a path to the birch log in time; trying another',
  ])
  assert.equal(
    failedStepWords('craft.stick', 'no planks for has.planks.2'),
    'crafting a stick did not work (no planks for 2 planks); trying again',
  )
})

test('a night without a bed: the player hears that the bot could not sleep and dug in instead, never that it slept', () => {
  const setAside = 'constraint "sleep at night" cannot be kept now (sleep.bed failed)'
  const dug = {
    type: 'step',
    step: {
      action: 'place.shelter',
      ok: true,
      setAside,
      message: `a zombie 12 blocks away at night, and ${setAside}: dug in 3 blocks down, covered, until daybreak`,
    },
  } as unknown as DoProgress
  const fought = { type: 'step', step: { action: 'kill.zombie', ok: true, setAside } } as unknown as DoProgress
  const { said, logged } = heard(false, [dug, fought])
  assert.deepEqual(said, [
    'I could not keep to "sleep at night" (sleeping did not work): I dug in for the night instead, without sleeping',
    'I could not keep to "sleep at night" (sleeping did not work): fighting a zombie instead',
  ])
  assert.ok(
    said.every((line) => !/slept|sleep\.bed|place\.shelter/.test(line)),
    said.join('\n'),
  )
  assert.match(logged[0] ?? '', /place\.shelter ok: .*cannot be kept now \(sleep\.bed failed\)/)
})

test('an act a law refuses is said once, with the law as a sentence; a death is not "trying again"', () => {
  const blocked = {
    type: 'step',
    step: {
      action: 'craft.stick',
      ok: false,
      message: 'blocked by L1 (hard) G !craft.stick',
      blockedBy: 'L1 (hard) G !craft.stick',
    },
  } as unknown as DoProgress
  assert.deepEqual(heard(false, [blocked, blocked]).said, [
    'I may not craft a stick: the law L1 ("never craft a stick") forbids it; trying another way',
  ])
  assert.deepEqual(heard(true, [blocked]).said, ['step 1: craft.stick failed: blocked by L1 (hard) G !craft.stick'])
  // The bot's own guard on a real bot says the refusal in the message; a player's rule is theirs.
  assert.equal(
    failedStepWords('place.furnace', 'place.furnace blocked by constraint "never place furnaces"'),
    'I may not place a furnace: your rule "never place furnaces" forbids it; trying another way',
  )
  assert.equal(
    failedStepWords('mine.oak_leaves', 'food 4 and nothing to eat: the bot died; the episode is over'),
    'I died while mining oak leaves (food 4 and nothing to eat)',
  )
})

test('a long learning is heard from as time taken, not as questions asked', () => {
  let clock = 0
  const said: string[] = []
  const report = progressReporter({ verbose: false, say: (t) => said.push(t), log: () => {} }, () => clock)
  const learning = (type: string) =>
    ({
      type: 'learning',
      skill: 'craft.iron_sword',
      event: { type, newWords: 400, states: 9 },
    }) as unknown as DoProgress
  report(learning('queries'))
  clock = 12_000
  report(learning('queries'))
  report(learning('hypothesis'))
  assert.deepEqual(said, ['still learning crafting an iron sword (12 s so far)'])
})
