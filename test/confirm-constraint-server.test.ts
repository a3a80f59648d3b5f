// A model that says yes to everything teaches "mine minerals only at night" during a `!do`, over the real protocol
// (issue 39): its reading forbids nothing and the phrase grammar reads the phrase otherwise, so before the run the
// bot asks its owner in plain words; Alex answers truthfully (`!no` where the reading is wrong), his answers fix the
// constraint, and by day the bot mines no ore.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Vec3 } from 'vec3'
import { startErringLlm } from '../bench/erring-llm.js'
import type { SimulatedLlm } from '../bench/simulated-llm.js'
import type { QuestionAbout } from '../plugin/teachers/player-teacher.js'
import { type CedarSession, giveItem, nextChat, openCedarSession, waitUntil } from './harness/index.js'

/** Alex's rule: no ore is mined from daybreak until nightfall (the phrase grammar's reading). */
function minesOnlyAtNight(word: readonly string[]): boolean {
  let day = false
  for (const s of word) {
    if (s === 'time.day') day = true
    else if (s === 'time.night') day = false
    else if (day && /^mine\..*_ore$/.test(s)) return false
  }
  return true
}

/** Alex's answer to what a question asks (`cedarQuestion` carries it in symbols; the chat line is in words). */
export function answerOf(about: QuestionAbout | undefined): '!yes' | '!no' | undefined {
  if (about?.kind === 'word') return minesOnlyAtNight(about.word) ? '!yes' : '!no'
  if (about?.kind !== 'reading') return undefined
  const right = about.examples.every((e) => minesOnlyAtNight(e.word) === e.allowed)
  return right ? '!yes' : '!no'
}

describe('the owner confirms a constraint a yes-to-everything model taught', () => {
  let cedar: CedarSession
  let llm: SimulatedLlm
  let cacheDir: string
  const asked: string[] = []
  const heard: string[] = []

  before(async () => {
    llm = await startErringLlm('yes')
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-confirm-'))
    cedar = await openCedarSession({
      cedar: { llm: { baseURL: llm.baseURL, apiKey: 'not-needed', model: 'yes', cacheDir } },
      scene: async ({ server }) => {
        server.serv.doDaylightCycle = false
        server.setTime(1000)
      },
    })
    cedar.alex.on('chat', (username, message) => {
      if (username === 'cedar') heard.push(message)
    })
    cedar.bot.on('cedarQuestion', (username, question, about) => {
      const answer = answerOf(about)
      if (username !== 'Alex' || !answer) return
      asked.push(question)
      cedar.alex.chat(answer)
    })
  })
  after(async () => {
    await cedar?.close()
    await llm?.close()
    await rm(cacheDir, { recursive: true, force: true })
  })

  test('the bot asks before the run, the answers fix the rule, and no ore is mined by day', async () => {
    const { bot, session } = cedar
    const at = new Vec3(3, 5, 1)
    await session.server.setBlock(at, 'iron_ore')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'iron_ore', 'the ore is there')
    await giveItem(session.server, bot, 'stone_pickaxe')
    const usage: { requests: number }[] = []
    let total = { requests: 0 }
    bot.on('cedarLlmUsage', (report) => {
      usage.push(report.instruction)
      total = report.total
    })
    const mined: { action: string; day: boolean }[] = []
    const onAction = (action: string) => mined.push({ action, day: bot.time.isDay })
    bot.on('cedarAction', onAction)
    const lines = await cedar.converse(
      '!do mine iron_ore but mine minerals only at night',
      /^(plan: |done|not done|refused|!do failed|I cannot do)/,
      300_000,
    )
    const transcript = () => heard.join('\n')
    assert.match(lines.at(-1) ?? '', /^plan: /, transcript())
    assert.ok(asked.length > 0, `the bot asked nothing:\n${transcript()}`)
    // In plain words: "in the day, then mining iron ore", never `time.day mine.iron_ore`.
    for (const question of asked) assert.doesNotMatch(question, /\b(mine|time)\.[a-z_]+/)
    assert.ok(
      lines.some((l) =>
        /^before I keep "mine minerals only at night" as the LLM taught it, please check it: .*forbids nothing/.test(l),
      ),
      transcript(),
    )
    const line = lines.find((l) => l.startsWith('constraint "mine minerals only at night"'))
    assert.match(line ?? '', /corrected by your \d+ answers$/, transcript())
    assert.ok(asked.length <= 8, `${asked.length} questions`)
    // The run holds off by day; night comes, and then the ore is mined.
    const ended = nextChat(
      cedar.alex,
      'cedar',
      (m) => /^(done|not done|refused|!do failed|I cannot do)/.test(m),
      300_000,
    )
    session.server.setTime(14_000)
    const end = await ended
    bot.off('cedarAction', onAction)
    const oreByDay = mined.filter((m) => /^mine\..*_ore$/.test(m.action) && m.day)
    assert.deepEqual(oreByDay, [], transcript())
    assert.match(end.message, /^done in \d+ actions?/, transcript())
    assert.ok(
      mined.some((m) => m.action === 'mine.iron_ore' && !m.day),
      transcript(),
    )
    // The LLM's cost in the open: an event per answered request, and !status says it.
    assert.ok(usage.length > 0 && usage.length === usage.at(-1)?.requests, JSON.stringify(usage))
    // The one request before the instruction: the warm-up at load (a loopback endpoint's model loads meanwhile).
    const instruction = llm.counts.requests - 1
    assert.equal(usage.at(-1)?.requests, instruction)
    assert.equal(total.requests, llm.counts.requests, 'what the server received is what the bot counts')
    const status = await cedar.converse('!status', /^owners: /)
    assert.match(
      status.at(-1) ?? '',
      new RegExp(
        `; ${llm.counts.requests} requests, [\\d,]+ tokens since I started \\(this instruction: ${instruction} requests, [\\d,]+ tokens\\)$`,
      ),
    )
  })
})
