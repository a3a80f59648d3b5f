// What !do says while it runs, on a clock the test moves: skills as they start and end, a line after every
// quarter minute of silence while an act runs, and failures in plain words.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ControllerResult, ControllerStep } from '../plugin/agent/controller/index.js'
import type { DoProgress, SkillSummary } from '../plugin/cedar-reports.js'
import { HEARTBEAT_MS, PLAYER_WORDS, plainFailure, RunProgress, searchedInVain } from '../plugin/chat/run-progress.js'
import { inPlayerWords } from '../plugin/vocabulary/player-words.js'

const step = (action: string, ok: boolean, message?: string): ControllerStep => ({
  tick: 0,
  state: 0,
  from: 0,
  action,
  ok,
  ...(message ? { message } : {}),
  events: [],
  night: false,
  biome: undefined,
  position: { x: 0, y: 0, z: 0 },
})
const skill = (name: string) => ({ type: 'skill', skill: { name } as SkillSummary }) as DoProgress

test('skills start and end in chat; a long act is heard from at least every 15 s, with its detail', () => {
  let now = 0
  const said: string[] = []
  const progress = new RunProgress(
    (t) => said.push(t),
    () => () => {},
    () => now,
  )
  for (const name of ['mine.logs', 'craft.planks']) progress.onProgress(skill(name))
  progress.onProgress({ type: 'acting', action: 'mine.logs' })
  assert.deepEqual(said, ['starting mine.logs (1 of 2)'])
  progress.onProgress({ type: 'acting', action: 'mine.logs', detail: 'leg 2 of 8, about 16 blocks walked' })
  now += HEARTBEAT_MS - 1000
  progress.beat()
  assert.equal(said.length, 1, 'not yet a quarter minute of silence')
  now += 1000
  progress.beat()
  assert.equal(said[1], 'still on mine.logs (15 s): leg 2 of 8, about 16 blocks walked')
  progress.beat()
  assert.equal(said.length, 2, 'the heartbeat itself is speech')
  progress.onProgress({ type: 'step', step: step('mine.logs', true), plan: [] })
  assert.equal(said[2], 'finished mine.logs (1 of 2); next craft.planks')
  now += 60_000
  progress.beat()
  assert.equal(said.length, 3, 'nothing runs between acts: no heartbeat')
  progress.onProgress({ type: 'acting', action: 'craft.planks' })
  now += 1000
  progress.beat()
  assert.equal(said.length, 3, 'an act just begun after a long silence is no news yet')
  now += HEARTBEAT_MS
  progress.beat()
  assert.equal(said[3], 'still on craft.planks (16 s)')
})

test('a failed search reads as what was searched and how far; other failures name the act', () => {
  const base = { word: [], trace: [], message: 'no way to the goal is left from here' }
  const searched: ControllerResult = {
    ...base,
    outcome: 'no-path',
    steps: [
      step('mine.oak_log', false, 'no oak_log within 32 blocks; explore first'),
      step('explore.oak_log', false, 'no oak_log in sight after 8 legs, about 310 blocks walked'),
      step('explore.oak_log', false, 'no oak_log in sight after 8 legs, about 290 blocks walked'),
    ],
  }
  assert.equal(searchedInVain(searched), true)
  assert.equal(
    plainFailure(searched),
    'I found no oak_log: I searched 2 times (16 legs, about 600 blocks walked) and saw none',
  )
  const crafted: ControllerResult = {
    ...base,
    outcome: 'no-path',
    steps: [step('craft.stick', false, 'no oak_planks in the inventory')],
  }
  assert.equal(searchedInVain(crafted), false)
  assert.equal(
    plainFailure(crafted),
    'craft.stick did not work (no oak_planks in the inventory), and no way to the goal is left from here',
  )
})

test("a run that ended in death says so, with what killed the bot; in a player's words 'I died'", () => {
  const died: ControllerResult = {
    word: [],
    trace: [],
    outcome: 'died',
    message: 'the bot died',
    steps: [step('mine.oak_leaves', false, 'food 4 and nothing to eat: the bot died; the episode is over')],
  }
  assert.equal(plainFailure(died), 'the bot died while mine.oak_leaves (food 4 and nothing to eat)')
  assert.equal(plainFailure(died, PLAYER_WORDS), 'the bot died while mining oak leaves (food 4 and nothing to eat)')
  assert.equal(
    inPlayerWords(plainFailure(died, PLAYER_WORDS)),
    'I died while mining oak leaves (food 4 and nothing to eat)',
  )
})
