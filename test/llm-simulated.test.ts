// The simulated LLM (bench/simulated-llm.ts), spoken to by the plugin's own LLM client and teacher over
// 127.0.0.1: it follows the membership contract of docs/teachers.md, lies persistently on a share of words, and a
// constraint it teaches is still learned exactly with no lie stored as gold.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type SimulatedLlm, startSimulatedLlm } from '../bench/simulated-llm.js'
import { learnConstraint } from '../plugin/agent/constraints/constraint-learning.js'
import { equivalent } from '../plugin/automata/index.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { LlmTeacher } from '../plugin/teachers/llm-teacher.js'
import { PhraseTeacher } from '../plugin/teachers/phrase-teacher.js'

const phrase = 'mine minerals only at night'
const alphabet = ['time.day', 'time.night', 'mine.iron_ore', 'mine.oak_log', 'sleep.bed']
const symbols = alphabet.map((symbol) => ({ symbol, description: `the ${symbol} symbol` }))
const words: string[][] = [[]]
for (let length = 1, layer: string[][] = [[]]; length <= 4; length++) {
  layer = layer.flatMap((w) => alphabet.map((s) => [...w, s]))
  words.push(...layer)
}

describe('the simulated LLM', () => {
  let llm: SimulatedLlm
  before(async () => {
    llm = await startSimulatedLlm({ noise: 0.1, seed: 4 })
  })
  after(() => llm.close())
  const client = () => new LlmClient({ baseURL: llm.baseURL, model: 'simulated', backoffMs: 5 })

  test('answers the plugin’s membership prompts from the phrase grammar, lying on about p of the words', async () => {
    const teacher = new LlmTeacher(client(), { instruction: phrase, symbols, kind: 'constraint', batchSize: 100 })
    const answers = await teacher.answer(words)
    const exact = new PhraseTeacher(phrase, alphabet)
    let lies = 0
    words.forEach((w, i) => {
      assert.equal(answers[i] !== exact.accepts(w), llm.lies(phrase, w), `word ${w.join(' ')}`)
      if (llm.lies(phrase, w)) lies++
    })
    const share = lies / words.length
    assert.ok(share > 0.06 && share < 0.14, `lied on ${(100 * share).toFixed(1)}% of ${words.length} words`)
  })

  test('lies are persistent: the same word gets the same wrong answer in any batch, in any order', async () => {
    const teacher = new LlmTeacher(client(), { instruction: phrase, symbols, kind: 'constraint', batchSize: 7 })
    const reversed = [...words].reverse()
    const first = await teacher.answer(words)
    const second = (await teacher.answer(reversed)).reverse()
    assert.deepEqual(second, first)
  })

  test('the token usage of its replies reaches the client’s counters', async () => {
    const c = client()
    await new LlmTeacher(c, { instruction: phrase, symbols, kind: 'constraint' }).answer(words.slice(0, 40))
    assert.equal(c.stats.requests, 1)
    assert.ok(c.stats.promptTokens > 100 && c.stats.completionTokens > 40, JSON.stringify(c.stats))
  })

  test('any other request gets {} (the plugin answers it offline); a prompt it has no teacher for, a 400', async () => {
    const c = client()
    assert.equal(await c.chat('split', [{ role: 'user', content: 'split this' }]), '{}')
    const skill = new LlmTeacher(c, { instruction: 'craft a torch', symbols, kind: 'skill' })
    await assert.rejects(skill.answer([['mine.oak_log']]), /400/)
  })

  test('a constraint it teaches at 5% noise is learned exactly, and none of its answers becomes gold', async () => {
    const noisy = await startSimulatedLlm({ noise: 0.05, seed: 2 })
    try {
      const c = new LlmClient({ baseURL: noisy.baseURL, model: 'simulated' })
      const teacher = new LlmTeacher(c, { instruction: phrase, symbols, kind: 'constraint', batchSize: 100 })
      const learned = await learnConstraint(phrase, alphabet, { teacher, teacherName: 'llm:simulated' })
      assert.ok(noisy.counts.lies > 0, 'it told no lie: the test proves nothing')
      assert.ok(equivalent(learned.dfa, (await learnConstraint(phrase, alphabet)).dfa).equivalent)
      // The one gold label is no answer of the LLM's: an empty run breaks no constraint.
      assert.deepEqual(
        learned.evidence.filter((e) => e.gold),
        [{ word: [], label: true, gold: true }],
      )
      assert.equal(c.stats.requests, noisy.counts.requests)
    } finally {
      await noisy.close()
    }
  })
})
