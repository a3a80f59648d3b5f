/**
 * Learning the order of a skill's acts (CEDAR §3: the learned automaton is the controller). Membership queries are
 * answered by execution (act-replay.ts: gold, from the Sim), over the skill's whole alphabet — actions and
 * milestones — so each state of the learned DFA lets on only the acts that keep a way to the goal, in an order the
 * world allows, and the controller's shortest path to acceptance is the next act. The recipe book's plan (and any
 * `suggestions`) are only words to try: each is labelled by execution before the learner sees it. The LLM that taught
 * the milestones is not asked here: the act order costs no LLM request. Gold labels from players override execution (the learner's cache holds them first).
 */
import { Dfa } from '../../automata/dfa.js'
import { seededRandom } from '../../automata/random.js'
import { distancesToAcceptance, shortestPathTo, shortestPathToAcceptance, trim } from '../../automata/search.js'
import {
  type Counterexample,
  type EquivalenceOracle,
  learn,
  type MembershipTeacher,
  type OracleOptions,
  QueryCache,
} from '../../learning/index.js'
import { isActionSymbol } from '../../vocabulary/symbols.js'
import type { SimOptions } from '../../world/sim/index.js'
import { ActReplay, ReplayBudgetExceeded } from './act-replay.js'

export interface ActOrderOptions {
  readonly world: SimOptions
  readonly alphabet: readonly string[]
  readonly goal: string
  /** The recipe book's plan as executed: a suggestion, labelled by execution like any other. */
  readonly demonstration: readonly string[]
  /** Other teachers' suggestions (words over the alphabet). */
  readonly suggestions?: readonly (readonly string[])[]
  /** Gold labels (players', runs'): they override execution; a negative one short of the goal closes its prefix. */
  readonly gold?: readonly { readonly word: readonly string[]; readonly label: boolean }[]
  readonly signal?: AbortSignal
}

export interface ActOrder {
  readonly dfa: Dfa
  /** Words replayed in the Sim to answer the learner (each is one membership query to the world). */
  readonly replays: number
  /** Sim acts those replays took (common prefixes are replayed once). */
  readonly simActs: number
  readonly rounds: number
  readonly entries: readonly { word: string[]; label: boolean; gold: boolean }[]
}

/** Rounds of counterexamples before learning settles for what it has. */
const MAX_ROUNDS = 40
/** Ways to the goal sampled per round, besides the suggestions. */
const SAMPLES = 6
/** Sim acts one learning may replay: past it the skill keeps its milestones. */
const MAX_REPLAYED = 20_000
/** Acts beyond the shortest plan a word may take when a player's corrections leave no shortest way. */
const MAX_SLACK = 3

/**
 * Most acts a skill's shortest plan may take for its act order to be learned: every state of the DFA is a way
 * through the plan, so a long plan (an iron pickaxe's 23 acts) is left to its milestones and the pursuit.
 */
export const ACT_ORDER_MAX_ACTS = 10

/**
 * A skill's act order, events that come when the DFA does not expect them ignored (a live tree that drops two logs
 * fires has.logs.2 early: no act of the bot's was wrong), or undefined when the plan is too long or none is left.
 */
export async function actOrderOf(
  key: { readonly item: string; readonly count: number },
  alphabet: readonly string[],
  demonstration: readonly string[],
  world: SimOptions,
  gold: readonly { readonly word: readonly string[]; readonly label: boolean }[],
  signal?: AbortSignal,
): Promise<ActOrder | undefined> {
  const acts = demonstration.filter(isActionSymbol)
  if (acts.length > ACT_ORDER_MAX_ACTS) return undefined
  // A hunt or a search moves mobs and walks far in every replay (a bed's sheep: over a minute to learn): those
  // skills keep their milestones.
  if (acts.some((a) => a.startsWith('kill.') || a.startsWith('explore.'))) return undefined
  const goal = `has.${key.item}.${key.count}`
  const order = await learnActOrder({ world, alphabet, goal, demonstration, gold, ...(signal ? { signal } : {}) })
  if (!order) return undefined
  const dfa = withUnexpectedEvents(order.dfa)
  // A word the replay rejected only for an event that came unasked (`mine.logs has.logs.1 has.logs.1`) is one the
  // skill now accepts: that replay's label no longer stands for it, so the skill's evidence drops it. A player's or
  // a run's gold label stays (the caller makes it hold exactly).
  // The replay's own counterexamples come back from the learner marked gold; they are the Sim's answers within
  // the act budget, which a player may overrule (`!wrong 3`): gold stays only what a player or a run said.
  const given = new Set(gold.map((g) => g.word.join(' ')))
  const entries = order.entries
    .map((e) => ({ ...e, gold: given.has(e.word.join(' ')) }))
    .filter((e) => e.gold || dfa.accepts(e.word) === e.label)
  return { ...order, dfa, entries }
}

/** `dfa` with each event that leads nowhere accepting looping instead: the world's surprise is not the bot's act. */
function withUnexpectedEvents(dfa: Dfa): Dfa {
  const distance = distancesToAcceptance(dfa)
  const k = dfa.alphabet.size
  const table = dfa.table.slice()
  for (let q = 0; q < dfa.stateCount; q++) {
    if ((distance[q] ?? -1) < 0) continue
    for (let a = 0; a < k; a++) {
      if (isActionSymbol(dfa.alphabet.symbol(a))) continue
      if ((distance[dfa.next(q, a)] ?? -1) < 0) table[q * k + a] = q
    }
  }
  return trim(new Dfa(dfa.alphabet, dfa.initial, dfa.accepting, table))
}

/** The act order of a skill, learned with execution as its teacher; undefined when no way to the goal is left. */
export async function learnActOrder(options: ActOrderOptions): Promise<ActOrder | undefined> {
  const gold = options.gold ?? []
  const wrongPrefixes = gold.filter((g) => !g.label && !g.word.includes(options.goal)).map((g) => g.word)
  const acts = [...new Set(options.alphabet.filter(isActionSymbol))]
  const shortest = options.demonstration.filter(isActionSymbol).length
  for (let slack = 0; slack <= MAX_SLACK; slack++) {
    const replay = new ActReplay({
      ...options,
      maxActs: shortest + slack,
      wrongPrefixes,
      maxReplayedActs: MAX_REPLAYED,
    })
    const random = seededRandom(slack + 1)
    let firsts: string[][]
    try {
      firsts = replay.accepts(options.demonstration) ? [] : replay.sample(acts, 1, random)
    } catch (error) {
      if (error instanceof ReplayBudgetExceeded) return undefined
      throw error
    }
    if (firsts.length === 0 && !replay.accepts(options.demonstration)) continue
    let replays = 0
    const teacher: MembershipTeacher = {
      answer: async (words) => {
        replays += words.length
        return words.map((w) => replay.accepts(w))
      },
    }
    const suggestions = [options.demonstration, ...(options.suggestions ?? []), ...firsts]
    const oracle = new ExecutionSampling(replay, acts, suggestions, random)
    const report = await learn({
      alphabet: [...options.alphabet],
      teacher,
      oracle,
      algorithm: 'kv',
      cache: QueryCache.fromEvidence(gold.map((g) => ({ ...g, gold: true }))),
      maxEquivalenceQueries: MAX_ROUNDS,
      ...(options.signal ? { signal: options.signal } : {}),
    })
    // Replaying past the budget ends learning as a teacher's failure: the milestones stay.
    if (report.outcome === 'teacher-failed') return undefined
    if (!report.dfa || !(report.outcome === 'equivalent' || report.outcome === 'eq-budget')) continue
    return {
      dfa: report.dfa,
      simActs: replay.replayed,
      replays,
      rounds: report.equivalenceQueries,
      entries: report.cache.entries().map((e) => ({ word: [...e.word], label: e.label, gold: e.gold })),
    }
  }
  return undefined
}

/**
 * The equivalence oracle: the suggestions, fresh ways to the goal the Sim's search finds, and the hypothesis's own
 * shortest and random accepted words, each labelled through the learner's cache (gold first, then execution). Its
 * counterexamples are the world's word or a player's: gold.
 */
class ExecutionSampling implements EquivalenceOracle {
  readonly counterexamples = 'gold'

  constructor(
    private readonly replay: ActReplay,
    private readonly acts: readonly string[],
    private readonly suggestions: readonly (readonly string[])[],
    private readonly random: () => number,
  ) {}

  async findCounterexample(hypothesis: Dfa, options: OracleOptions = {}): Promise<Counterexample | undefined> {
    const ask = options.membership ?? (async (words) => words.map((w) => this.replay.accepts(w)))
    const words = [
      ...this.suggestions,
      ...transitionCover(hypothesis),
      ...acceptedWalks(hypothesis, this.random, 8),
      ...this.replay.sample(this.acts, SAMPLES, this.random),
    ]
    const labels = await ask(words)
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as readonly string[]
      if (hypothesis.accepts(word) !== labels[i]) return { word, label: labels[i] as boolean }
    }
    return undefined
  }
}

/**
 * For each live transition, a word through it: a shortest way to its state, the transition, and a shortest way on
 * to acceptance — so a transition the world does not allow (an act that fails there, taken as doing nothing) is
 * replayed and refuted.
 */
function transitionCover(dfa: Dfa): string[][] {
  const k = dfa.alphabet.size
  const distance = distancesToAcceptance(dfa)
  const words: string[][] = []
  for (let q = 0; q < dfa.stateCount; q++) {
    const to = shortestPathTo(dfa, dfa.initial, (s) => s === q)
    if (!to) continue
    for (let a = 0; a < k; a++) {
      const t = dfa.next(q, a)
      if ((distance[t] ?? -1) < 0) continue
      const on = shortestPathToAcceptance(dfa, t)
      if (on) words.push([...to, dfa.alphabet.symbol(a), ...on])
    }
  }
  return words
}

/** Random walks of `dfa` that end in acceptance (the shortest accepted word first). */
function acceptedWalks(dfa: Dfa, random: () => number, count: number): string[][] {
  const k = dfa.alphabet.size
  const distance = distancesToAcceptance(dfa)
  const words: string[][] = []
  for (let i = 0; i < count * 4 && words.length < count; i++) {
    let state = dfa.initial
    const word: string[] = []
    for (let step = 0; step < 60 && state >= 0; step++) {
      if (dfa.isAccepting(state) && (random() < 0.5 || step > 40)) break
      const live: number[] = []
      for (let a = 0; a < k; a++) if ((distance[dfa.next(state, a)] ?? -1) >= 0) live.push(a)
      const a = live[Math.floor(random() * live.length)]
      if (a === undefined) break
      word.push(dfa.alphabet.symbol(a))
      state = dfa.next(state, a)
    }
    if (state >= 0 && dfa.isAccepting(state)) words.push(word)
  }
  return words
}
