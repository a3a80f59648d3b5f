// Simulated LLMs that are wrong on purpose (issue 39), beside the noisy one (simulated-llm.ts): each errs the way
// real models do (CEDAR Appendix F: a misread clause, a wrong object, a consistent bias), the same way every time it
// is asked, so no statistics over its answers can tell the error from the truth. Each is a named mode; each answers
// constraint prompts from the phrase grammar read wrongly, and skill prompts as the exact teacher does.
import { PhraseTeacher } from '../plugin/teachers/phrase-teacher.js'
import { parseSymbol } from '../plugin/vocabulary/symbols.js'
import {
  defaultJudge,
  type MembershipPrompt,
  type SimulatedLlm,
  type SimulatedLlmOptions,
  startSimulatedLlm,
} from './simulated-llm.js'

export const ERRING_MODES = ['drop-clause', 'day-night', 'yes', 'neighbour', 'only-as-never'] as const
export type ErringMode = (typeof ERRING_MODES)[number]

/** What each mode gets wrong, in words (the bench table's legend). */
export const ERRING_MODE_TEXT: Record<ErringMode, string> = {
  'drop-clause': 'drops the phrase’s last clause (“at night”, “by day”, the object), reading what is left',
  'day-night': 'inverts day and night',
  yes: 'says yes to everything',
  neighbour:
    'confuses each object with its neighbour of the same verb (iron ore read as oak log, diamond ore as iron ore)',
  'only-as-never': 'reads “only X at night” as “never X at night”',
}

type Judge = (word: readonly string[]) => boolean
const allowAll: Judge = () => true

/** The grammar's verdict on `phrase` over the prompt's symbols; a phrase it cannot read forbids nothing. */
function grammar(phrase: string, symbols: readonly string[]): Judge {
  try {
    const teacher = new PhraseTeacher(phrase, symbols)
    return (word) => teacher.accepts(word)
  } catch {
    return allowAll
  }
}

const TIME_CLAUSE = /\s*\b(only\s+)?(at night|by day|in the day|by night|at day)\b/

/** The phrase without its time clause, else without its last word (the object): what a careless reader keeps. */
export function droppedClause(phrase: string): string {
  if (TIME_CLAUSE.test(phrase)) return phrase.replace(TIME_CLAUSE, '').trim()
  return phrase.split(/\s+/).slice(0, -1).join(' ')
}

/** "mine minerals only at night" as "never mine minerals at night"; a phrase without "only" as it is. */
export function onlyAsNever(phrase: string): string {
  if (!/\bonly\b/.test(phrase)) return phrase
  return `never ${phrase.replace(/\s*\bonly\b/, '').trim()}`
}

const swapTime = (symbol: string) =>
  symbol === 'time.day' ? 'time.night' : symbol === 'time.night' ? 'time.day' : symbol

/** Each action's object read as the next object of the same verb in the alphabet (cyclic): a persistent mix-up. */
function neighbours(symbols: readonly string[]): (symbol: string) => string {
  const byVerb = new Map<string, string[]>()
  for (const s of [...symbols].sort()) {
    const verb = parseSymbol(s)?.verb
    if (verb === undefined || s.startsWith('time.') || s.startsWith('biome.')) continue
    byVerb.set(verb, [...(byVerb.get(verb) ?? []), s])
  }
  return (symbol) => {
    const same = byVerb.get(parseSymbol(symbol)?.verb ?? '') ?? []
    const i = same.indexOf(symbol)
    return i < 0 || same.length < 2 ? symbol : (same[(i + 1) % same.length] ?? symbol)
  }
}

/** The judge a model of `mode` uses for a prompt: its systematic misreading of the constraint. */
export function erringJudge(mode: ErringMode, prompt: MembershipPrompt): Judge | undefined {
  if (prompt.kind !== 'constraint') return defaultJudge(prompt)
  const { instruction, symbols } = prompt
  switch (mode) {
    case 'yes':
      return allowAll
    case 'drop-clause':
      return grammar(droppedClause(instruction), symbols)
    case 'only-as-never':
      return grammar(onlyAsNever(instruction), symbols)
    case 'day-night': {
      const exact = grammar(instruction, symbols)
      return (word) => exact(word.map(swapTime))
    }
    case 'neighbour': {
      const exact = grammar(instruction, symbols)
      const mixUp = neighbours(symbols)
      return (word) => exact(word.map(mixUp))
    }
  }
}

/** A simulated LLM on 127.0.0.1 that errs systematically as `mode` says (and lies on no other word). */
export function startErringLlm(
  mode: ErringMode,
  options: Omit<SimulatedLlmOptions, 'exact' | 'noise'> = {},
): Promise<SimulatedLlm> {
  return startSimulatedLlm({ ...options, exact: (prompt) => erringJudge(mode, prompt) })
}
