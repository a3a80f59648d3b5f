// Teachers that are wrong on purpose (issue 39): simulated LLMs that err the same way every time (bench/erring-llm.ts)
// teach constraints over HTTP on 127.0.0.1 through the plugin's client and teacher, and the vetting before use
// catches them: a reading that forbids nothing is refused or replaced, a difference from the phrase grammar becomes
// a question, and the owner's answers in plain words fix the constraint.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ERRING_MODES, erringJudge, startErringLlm } from '../bench/erring-llm.js'
import { truthfulOwner } from '../bench/teachers-systematic.js'
import {
  type ConstraintOwner,
  ConstraintRefusedError,
  learnConstraint,
  type OwnerQuestion,
  teachVetted,
} from '../plugin/agent/index.js'
import { equivalent } from '../plugin/automata/index.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { spokenWord } from '../plugin/vocabulary/spoken-words.js'

const MINERALS = 'mine minerals only at night'
const ALPHABET = ['time.day', 'time.night', 'mine.iron_ore', 'mine.diamond_ore', 'mine.oak_log']
const inventory = offlineGrounding().inventory

async function withModel<T>(mode: (typeof ERRING_MODES)[number], run: (llm: LlmClient) => Promise<T>): Promise<T> {
  const server = await startErringLlm(mode)
  try {
    return await run(new LlmClient({ baseURL: server.baseURL, model: mode, maxRetries: 0, timeoutMs: 600_000 }))
  } finally {
    await server.close()
  }
}

/** An owner who writes down every question and answers as `answer` says. */
function recordingOwner(answer: (about: OwnerQuestion) => 'yes' | 'no' | 'timeout') {
  const questions: string[] = []
  const owner: ConstraintOwner = {
    tell: () => {},
    ask: async (question, about) => {
      questions.push(question)
      return answer(about)
    },
  }
  return { owner, questions }
}

/** `owner`, with each question written down. */
function listening(owner: ConstraintOwner, questions: string[]): ConstraintOwner {
  return {
    tell: owner.tell,
    ask: (question, about, signal) => {
      questions.push(question)
      return owner.ask(question, about, signal)
    },
  }
}

describe('models that err systematically', () => {
  test('each named mode misreads "mine minerals only at night", the same way each time', async () => {
    const truth = await learnConstraint(MINERALS, ALPHABET)
    for (const mode of ERRING_MODES) {
      const prompt = { instruction: MINERALS, kind: 'constraint' as const, symbols: ALPHABET, words: [] }
      const judge = erringJudge(mode, prompt)
      assert.ok(judge, mode)
      const read = await learnConstraint(MINERALS, ALPHABET, {
        teacher: { answer: async (words) => words.map((w) => w.length === 0 || judge(w)) },
      })
      assert.equal(equivalent(read.dfa, truth.dfa).equivalent, false, `${mode} reads it right`)
      const again = erringJudge(mode, prompt)
      assert.equal(again?.(['time.day', 'mine.iron_ore']), judge(['time.day', 'mine.iron_ore']), mode)
    }
  })
})

describe('vetting an LLM-taught constraint', () => {
  test('a yes-to-everything reading is never used silently: with the grammar it falls back, saying why', async () => {
    const truth = await learnConstraint(MINERALS, ALPHABET)
    const taught = await withModel('yes', (llm) =>
      teachVetted(MINERALS, ALPHABET, { llm, inventory, vetting: { confirm: 'when-unsure' } }),
    )
    assert.equal(taught.vetting?.outcome, 'fell-back')
    assert.match(taught.fallback ?? '', /forbids nothing/)
    assert.ok(equivalent(taught.dfa, truth.dfa).equivalent)
  })

  test('without the grammar and nobody to ask, a reading that forbids nothing is refused with the reason', async () => {
    await assert.rejects(
      withModel('yes', (llm) =>
        teachVetted(MINERALS, ALPHABET, {
          llm,
          inventory,
          vetting: { confirm: 'when-unsure', compareWithGrammar: false },
        }),
      ),
      (error: unknown) => error instanceof ConstraintRefusedError && /forbids nothing/.test(error.message),
    )
  })

  test('day and night inverted: the difference is asked in plain words, and the answers fix it', async () => {
    const truth = (await learnConstraint(MINERALS, ALPHABET)).dfa
    const owner = truthfulOwner(truth)
    const questions: string[] = []
    const asked = listening(owner, questions)
    const taught = await withModel('day-night', (llm) =>
      teachVetted(MINERALS, ALPHABET, { llm, inventory, vetting: { confirm: 'when-unsure', owner: asked } }),
    )
    assert.ok(equivalent(taught.dfa, truth).equivalent, 'the owner’s answers gave the right constraint')
    assert.equal(taught.vetting?.outcome, 'corrected')
    assert.ok(questions.length > 0 && questions.length <= 5, `${questions.length} questions`)
    assert.ok(
      questions.some((q) => /in the day, then mining (iron|diamond) ore|at night, then mining/.test(q)),
      questions.join('\n'),
    )
    assert.ok(
      questions.every((q) => /!yes \/ !no/.test(q) && !/time\.|mine\./.test(q)),
      questions.join('\n'),
    )
    const gold = taught.evidence.filter((e) => e.gold && e.word.length > 0)
    assert.ok(gold.length >= questions.length - 1, 'each answer kept as a gold label')
  })

  test("without the grammar, the owner's !no on the reading makes gold labels that relearn it", async () => {
    const truth = (await learnConstraint(MINERALS, ALPHABET)).dfa
    const owner = truthfulOwner(truth)
    const taught = await withModel('yes', (llm) =>
      teachVetted(MINERALS, ALPHABET, {
        llm,
        inventory,
        vetting: { confirm: 'when-unsure', owner, compareWithGrammar: false },
      }),
    )
    assert.equal(taught.vetting?.outcome, 'corrected')
    assert.equal(taught.dfa.accepts(['time.day', 'mine.iron_ore']), false, 'mining iron ore by day is forbidden now')
    assert.equal(taught.dfa.accepts(['time.night', 'mine.iron_ore']), true)
    assert.ok(owner.answers > 1)
  })

  test("'always' confirms even a right reading once; 'never' asks nothing and falls back", async () => {
    const truth = (await learnConstraint(MINERALS, ALPHABET)).dfa
    const eat = ['eat.bread', 'eat.apple', 'mine.oak_log', 'craft.planks']
    const owner = truthfulOwner((await learnConstraint('never eat', eat)).dfa)
    const questions: string[] = []
    const asking = listening(owner, questions)
    const server = await startErringLlm('neighbour')
    try {
      const llm = new LlmClient({ baseURL: server.baseURL, model: 'm', maxRetries: 0, timeoutMs: 600_000 })
      const right = await teachVetted('never eat', eat, {
        llm,
        inventory,
        vetting: { confirm: 'always', owner: asking },
      })
      assert.equal(right.vetting?.outcome, 'confirmed')
      assert.equal(questions.length, 1)
      assert.match(questions[0] ?? '', /eating bread: not allowed.*— right\? !yes \/ !no/)
      const never = await teachVetted(MINERALS, ALPHABET, {
        llm,
        inventory,
        vetting: { confirm: 'never', owner: asking },
      })
      assert.equal(questions.length, 1, 'nothing more was asked')
      assert.equal(never.vetting?.outcome, 'fell-back')
      assert.ok(equivalent(never.dfa, truth).equivalent)
    } finally {
      await server.close()
    }
  })

  test('an owner who does not answer leaves the grammar’s reading, not the model’s', async () => {
    const truth = (await learnConstraint(MINERALS, ALPHABET)).dfa
    const { owner } = recordingOwner(() => 'timeout')
    const taught = await withModel('only-as-never', (llm) =>
      teachVetted(MINERALS, ALPHABET, { llm, inventory, vetting: { confirm: 'when-unsure', owner } }),
    )
    assert.equal(taught.vetting?.outcome, 'fell-back')
    assert.ok(equivalent(taught.dfa, truth).equivalent)
  })
})

test('words as a player reads them', () => {
  assert.equal(spokenWord(['time.day', 'mine.iron_ore']), 'in the day, then mining iron ore')
  assert.equal(spokenWord(['biome.plains', 'sleep.bed']), 'in the plains, then sleeping in a bed')
  assert.equal(spokenWord([]), 'doing nothing')
})
