/**
 * Splitting an instruction into goal parts and constraint parts ("collect diamonds but sleep at night" → goal
 * "collect diamonds", constraint "sleep at night"). `GrammarSplitter` is a controlled-English grammar:
 *
 *   instruction := sentence ((";" | "." | "!" | "?") sentence)*
 *   sentence    := clause (connector clause)*
 *   connector   := "but" | "while" | "whilst" | "though" | "although" | "and" | "then" | "and then" | ","
 *                  ("and", "then", "," and "while" only where a clause starts after them: a verb, or a
 *                  constraint word — so "get sticks and stones" stays one clause)
 *   constraint  := "only X …" | "never X" | "always X" | "don't X [when Y]" | "do not X" | "no X"
 *                | "stay in|inside|within|away from (the) B" | "avoid B" | "sleep at night"
 *                | "X when|whenever|if <night, day, hungry, health …>" | "X at night|by day|during the day"
 *   premise     := "you are given X" | "you have X" | "you start with X"   (context, dropped)
 *
 * Every clause that is neither a constraint nor a premise is a goal.
 */

import { isVerbLemma } from './intent.js'
import { lemma } from './lexicon.js'
import type { Cancellable } from './retrieval.js'

export interface InstructionParts {
  readonly goals: string[]
  readonly constraints: string[]
}

export interface Splitter {
  split(text: string, options?: Cancellable): Promise<InstructionParts>
}

const ALWAYS_SPLIT = new Set(['but', 'though', 'although', 'whilst'])
const SUBORDINATE = new Set(['when', 'whenever', 'if', 'once', 'after', 'before', 'until'])
const SPLIT_IF_CLAUSE = new Set(['and', 'then', 'while', 'also', 'plus'])
const FILLERS = new Set(['then', 'also', 'please', 'first', 'afterwards', 'finally', 'next', 'just', 'and', 'to'])
const CONSTRAINT_STARTS = new Set([
  'only',
  'never',
  'always',
  'avoid',
  'stay',
  'remain',
  'dont',
  'do',
  'not',
  'no',
  'sleep',
  'keep',
])

const PREMISE = /^(you are given|you're given|you have|you've got|you start with|you own|given)\b/
const CONDITION_WORDS =
  '(night|nighttime|dark|darkness|evening|dusk|day|daytime|daylight|morning|hungry|starving|hunger|health|hurt|injured|food)'
const CONSTRAINT_PATTERNS: readonly RegExp[] = [
  /^(only|never|always|avoid|avoiding|dont|do not|not|no)\b/,
  /\b(only|never|dont|do not|must not|mustnt|should not|shouldnt|cannot|cant)\b/,
  /\b(stay|staying|remain|remaining|keep|keeping) (in|inside|within|on|away|out|near)\b/,
  /\bavoid(ing)?\b/,
  /\bleav(e|ing) the\b/,
  /\bsleep\b.*\b(at night|when it is dark|at dusk|every night|each night|when night)/,
  new RegExp(`\\b(when|whenever|if|once|while|as soon as)\\b.*\\b${CONDITION_WORDS}\\b`),
  /\b(at night|by night|by day|during the (night|day)|in the (dark|daytime|daylight)|at dawn|at dusk)\b/,
]

export class GrammarSplitter implements Splitter {
  async split(text: string): Promise<InstructionParts> {
    return this.splitSync(text)
  }

  splitSync(text: string): InstructionParts {
    const goals: string[] = []
    const constraints: string[] = []
    for (const sentence of text.split(/[;.!?\n]+/)) {
      for (const clause of clauses(sentence)) {
        const plain = simplify(clause)
        if (plain === '' || PREMISE.test(plain)) continue
        if (CONSTRAINT_PATTERNS.some((pattern) => pattern.test(plain))) constraints.push(clause)
        else goals.push(clause)
      }
    }
    return { goals, constraints }
  }
}

/** A clause lowercased, apostrophes dropped ("don't" → "dont"), single spaces. */
function simplify(clause: string): string {
  return clause
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** The clauses of one sentence, each trimmed of its connector and filler words. */
function clauses(sentence: string): string[] {
  const tokens = sentence.split(/\s+/).filter((t) => t.length > 0)
  const out: string[][] = [[]]
  tokens.forEach((token, i) => {
    const word = simplify(token)
    const rest = tokens.slice(i + 1)
    const current = out[out.length - 1] ?? []
    // "find and mine some copper": a verb alone before "and" shares the object after it.
    const bareVerb = current.length === 1 && isVerbLemma(lemma(simplify(current[0] ?? '')))
    const boundary =
      current.length > 0 && (ALWAYS_SPLIT.has(word) || (SPLIT_IF_CLAUSE.has(word) && !bareVerb && startsClause(rest)))
    if (boundary) {
      out.push([])
      return
    }
    current.push(token)
    // "when night falls, go to bed": a leading condition stays with the clause it conditions.
    const subordinate = SUBORDINATE.has(simplify(current[0] ?? ''))
    if (token.endsWith(',') && !subordinate && startsClause(rest)) out.push([])
  })
  return out.map((words) => trimFillers(words).join(' ').replace(/,+$/, '')).filter((c) => c.length > 0)
}

/** Does a clause start here: a verb or a constraint word, after fillers ("then", "also", "please")? */
function startsClause(rest: readonly string[]): boolean {
  for (const token of rest) {
    const word = simplify(token)
    if (FILLERS.has(word)) continue
    if (CONSTRAINT_STARTS.has(word)) return true
    return isVerbLemma(lemma(word))
  }
  return false
}

function trimFillers(words: readonly string[]): string[] {
  let start = 0
  while (start < words.length && FILLERS.has(simplify(words[start] ?? '')) && words.length - start > 1) start++
  return words.slice(start)
}
