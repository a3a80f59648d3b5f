// The teachers suite (issue 17): constraints taught by a simulated LLM (bench/simulated-llm.ts, over HTTP on
// 127.0.0.1, through the plugin's own LLM client and teacher) that lies persistently on a share p of the words. Per
// phrase and p: in how many seeds the learned DFA is equivalent to the phrase grammar's, fallbacks to the grammar,
// and what a constraint cost — LLM requests, words asked, tokens. The same path the agent takes (teachConstraint).
import { learnConstraint, teachConstraint } from '../plugin/agent/index.js'
import { equivalent } from '../plugin/automata/index.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import { startSimulatedLlm } from './simulated-llm.js'
import { type Goal, median, type Suite, type SuiteOptions, type SuiteReport } from './suite.js'
import { type SystematicCell, systematicErrors, systematicGoals, systematicMarkdown } from './teachers-systematic.js'

interface Case {
  readonly phrase: string
  readonly alphabet: readonly string[]
}

/** The paper's three constraints, then phrases of every form the grammar compiles, over agent-sized alphabets. */
export const TEACHER_CASES: readonly Case[] = [
  {
    phrase: 'sleep at night',
    alphabet: ['time.night', 'time.day', 'sleep.bed', 'mine.oak_log', 'craft.crafting_table', 'mine.iron_ore'],
  },
  {
    phrase: 'mine minerals only at night',
    alphabet: ['time.day', 'time.night', 'mine.iron_ore', 'mine.diamond_ore', 'mine.oak_log', 'sleep.bed'],
  },
  {
    phrase: 'stay in the windswept forest',
    alphabet: ['biome.windswept_forest', 'biome.plains', 'biome.desert', 'mine.oak_log', 'mine.stone'],
  },
  {
    phrase: 'never kill creepers',
    alphabet: ['kill.creeper', 'kill.zombie', 'mine.oak_log', 'eat.bread', 'time.night'],
  },
  { phrase: "don't mine at night", alphabet: ['time.day', 'time.night', 'mine.stone', 'mine.oak_log', 'craft.torch'] },
  { phrase: 'only craft by day', alphabet: ['time.day', 'time.night', 'craft.torch', 'craft.planks', 'mine.oak_log'] },
  {
    phrase: 'avoid the desert',
    alphabet: ['biome.desert', 'biome.plains', 'biome.forest', 'mine.sand', 'mine.oak_log'],
  },
  {
    phrase: 'only kill zombies at night',
    alphabet: ['time.day', 'time.night', 'kill.zombie', 'kill.creeper', 'sleep.bed'],
  },
  { phrase: 'never eat', alphabet: ['eat.bread', 'eat.apple', 'mine.oak_log', 'craft.planks'] },
  { phrase: "don't kill by day", alphabet: ['time.day', 'time.night', 'kill.zombie', 'mine.stone', 'sleep.bed'] },
  { phrase: 'stay in the plains', alphabet: ['biome.plains', 'biome.forest', 'biome.desert', 'craft.planks'] },
]
const NOISE = [0.05, 0.1] as const

export interface Cell {
  readonly phrase: string
  readonly symbols: number
  readonly states: number
  readonly noise: number
  readonly seeds: number
  readonly exact: number
  readonly fallbacks: number
  readonly requests: number[]
  readonly words: number[]
  readonly tokens: number[]
  /** The largest batch a request carried. */
  readonly maxBatch: number
}

export const teachersSuite: Suite = {
  name: 'teachers',
  description:
    'constraints taught by a simulated LLM that lies persistently on a share p of words, and by ones that err systematically',
  sources: ['bench/teachers.ts', 'bench/teachers-systematic.ts', 'bench/erring-llm.ts'],
  async run({ quick, log, episodes }: SuiteOptions): Promise<SuiteReport> {
    const seeds = episodes ?? (quick ? 2 : 10)
    const cases = quick ? TEACHER_CASES.slice(0, 3) : TEACHER_CASES
    const noises = quick ? [0.05] : NOISE
    const inventory = offlineGrounding().inventory
    const cells: Cell[] = []
    for (const noise of noises) {
      for (const { phrase, alphabet } of cases) {
        const exact = await learnConstraint(phrase, alphabet)
        const cell: Cell = {
          phrase,
          symbols: alphabet.length,
          states: exact.dfa.stateCount,
          noise,
          seeds,
          exact: 0,
          fallbacks: 0,
          requests: [],
          words: [],
          tokens: [],
          maxBatch: 0,
        }
        for (let seed = 0; seed < seeds; seed++) {
          const llm = await startSimulatedLlm({ noise, seed })
          try {
            // No wall clock decides a phrase: a loaded machine answers late, never differently (issue 35).
            const client = new LlmClient({
              baseURL: llm.baseURL,
              model: 'simulated',
              maxRetries: 0,
              timeoutMs: 3_600_000,
            })
            const taught = await teachConstraint(phrase, alphabet, { llm: client, inventory })
            const [cost] = taught.costs
            if (taught.fallback) (cell as { fallbacks: number }).fallbacks++
            else if (equivalent(taught.dfa, exact.dfa).equivalent) (cell as { exact: number }).exact++
            cell.requests.push(cost?.llmRequests ?? 0)
            cell.words.push(cost?.words ?? 0)
            cell.tokens.push((cost?.promptTokens ?? 0) + (cost?.completionTokens ?? 0))
            ;(cell as { maxBatch: number }).maxBatch = Math.max(cell.maxBatch, llm.counts.maxBatch)
          } finally {
            await llm.close()
          }
        }
        log(
          `p=${noise} "${phrase}": ${cell.exact}/${seeds} exact, ${cell.fallbacks} fallbacks, median ${median(cell.words)} words`,
        )
        cells.push(cell)
      }
    }
    const systematic: SystematicCell[] = await systematicErrors(cases, log)
    return {
      markdown: [teachersMarkdown(cells), '', ...systematicMarkdown(systematic)].join('\n'),
      raw: { noisy: cells, systematic },
      goals: [...teacherGoals(cells), ...systematicGoals(systematic)],
    }
  },
}

/** The goals teachersMarkdown states, as goals: exact in ≥ 90% (p 5%) / 70% (p 10%) of seeds, no fallbacks, cheap. */
export function teacherGoals(cells: readonly Cell[]): Goal[] {
  const goals = [0.05, 0.1].flatMap((p) => {
    const rows = cells.filter((c) => c.noise === p)
    if (rows.length === 0) return []
    const want = p === 0.05 ? 0.9 : 0.7
    const met = rows.filter((c) => c.exact >= want * c.seeds).length
    const fallbacks = rows.reduce((n, c) => n + c.fallbacks, 0)
    return [
      goal(
        `p = ${p * 100}%: every phrase exact in ≥ ${want * 100}% of seeds`,
        `${met}/${rows.length} phrases`,
        met === rows.length,
      ),
      goal(`p = ${p * 100}%: no fallback to the grammar`, `${fallbacks} fallbacks`, fallbacks === 0),
    ]
  })
  const small = cells.filter((c) => c.noise === 0.05 && c.states <= 3)
  const cheap = small.filter((c) => Math.max(...c.requests) <= 10 && c.maxBatch <= 100).length
  goals.push(
    goal(
      'p = 5%, constraints of ≤ 3 states: ≤ 10 requests of ≤ 100 words each',
      `${cheap}/${small.length} phrases`,
      cheap === small.length,
    ),
  )
  return goals
}

export function teachersMarkdown(cells: readonly Cell[]): string {
  const table = markdownTable(
    [
      'phrase',
      'Σ',
      'states',
      'p',
      'exact',
      'fallbacks',
      'requests (median, max)',
      'words (median, max)',
      'tokens (median)',
      'largest batch',
    ],
    cells.map((c) => [
      `"${c.phrase}"`,
      String(c.symbols),
      String(c.states),
      `${Math.round(c.noise * 100)}%`,
      `${c.exact}/${c.seeds}`,
      String(c.fallbacks),
      `${median(c.requests)}, ${Math.max(...c.requests)}`,
      `${median(c.words)}, ${Math.max(...c.words)}`,
      String(median(c.tokens)),
      String(c.maxBatch),
    ]),
  )
  const goals = [0.05, 0.1].flatMap((p) => {
    const rows = cells.filter((c) => c.noise === p)
    if (rows.length === 0) return []
    const want = p === 0.05 ? 0.9 : 0.7
    const met = rows.filter((c) => c.exact >= want * c.seeds).length
    const fallbacks = rows.reduce((n, c) => n + c.fallbacks, 0)
    return [
      `- p = ${p * 100}%: ${met}/${rows.length} phrases exact in ≥ ${want * 100}% of seeds (goal: all); ${fallbacks} fallbacks (goal: 0).`,
    ]
  })
  const small = cells.filter((c) => c.noise === 0.05 && c.states <= 3)
  const cheap = small.filter((c) => Math.max(...c.requests) <= 10 && c.maxBatch <= 100).length
  return [
    table,
    '',
    'Words are distinct words the LLM was asked (membership queries and the equivalence oracle’s words, through one',
    'cache); requests are HTTP requests the plugin’s LLM client sent; tokens are the usage the server reported.',
    '',
    ...goals,
    `- ≤ 10 requests of ≤ 100 words for a constraint of ≤ 3 states at 5%: ${cheap}/${small.length} phrases (goal: all).`,
  ].join('\n')
}
