/**
 * Grounding an instruction (CEDAR §3.1, Appendix B): split it into goal and constraint parts, retrieve candidate
 * symbols for each part from the global inventory, and prune them into the compact alphabet a DFA is learned
 * over. The parts are interfaces, so the offline components (grammar splitter, BM25 retriever, deterministic
 * pruner) and LLM-backed ones (plugin/grounding/llm-*.ts) plug into the same pipeline.
 */
import { DEFAULT_RULES_VERSION } from '../world/rules.js'
import { SymbolInventory } from './inventory.js'
import { DeterministicPruner, lexiconFor, type PartRole, type Pruner, sortSymbols } from './pruner.js'
import { type Cancellable, DEFAULT_RETRIEVAL_K, LexicalRetriever, type Retriever } from './retrieval.js'
import { GrammarSplitter, type Splitter } from './splitter.js'

export interface GroundingComponents {
  readonly inventory: SymbolInventory
  readonly retriever: Retriever
  readonly splitter: Splitter
  readonly pruner: Pruner
  /** Candidates retrieved per part (default 100). */
  readonly k?: number
}

export interface GroundedPart {
  readonly text: string
  readonly alphabet: string[]
}

export interface GroundedInstruction {
  readonly goals: GroundedPart[]
  readonly constraints: GroundedPart[]
}

/** Action verbs a constraint may use bare ("only mine at night"): they then mean the goals' actions of that verb. */
const BARE_VERBS: Readonly<Record<string, string>> = {
  mine: 'mine',
  kill: 'kill',
  craft: 'craft',
  smelt: 'smelt',
  place: 'place',
  eat: 'eat',
}

/** `signal` cancels the LLM requests of the LLM components (the offline ones do no I/O). */
export async function groundInstruction(
  text: string,
  components: GroundingComponents,
  { signal }: Cancellable = {},
): Promise<GroundedInstruction> {
  const { inventory, retriever, splitter, pruner } = components
  const k = components.k ?? DEFAULT_RETRIEVAL_K
  const call = { signal }
  const parts = await splitter.split(text, call)
  const ground = async (part: string, role: PartRole): Promise<GroundedPart> => {
    const retrieved = await retriever.retrieve(part, k, call)
    const candidates = retrieved.flatMap(({ symbol }) => {
      const entry = inventory.get(symbol)
      return entry ? [entry] : []
    })
    const alphabet = (await pruner.prune(part, role, candidates, call)).filter((s) => inventory.has(s))
    return { text: part, alphabet: sortSymbols(alphabet) }
  }
  const goals = await Promise.all(parts.goals.map((part) => ground(part, 'goal')))
  const constraints = await Promise.all(parts.constraints.map((part) => ground(part, 'constraint')))
  signal?.throwIfAborted()
  return { goals, constraints: constraints.map((c) => bindBareVerbs(c, goals, inventory)) }
}

/**
 * A constraint that uses an action verb without an object ("only mine at night", "never fight") talks about the
 * goals' actions of that verb: they join its alphabet.
 */
export function bindBareVerbs(
  constraint: GroundedPart,
  goals: readonly GroundedPart[],
  inventory: SymbolInventory,
): GroundedPart {
  const intent = lexiconFor(inventory).read(constraint.text)
  const alphabet = new Set(constraint.alphabet)
  for (const clause of intent.clauses) {
    if (clause.verb === undefined || clause.mentions.length > 0) continue
    const verb = BARE_VERBS[clause.verb]
    if (!verb || constraint.alphabet.some((s) => s.startsWith(`${verb}.`))) continue
    for (const goal of goals) for (const s of goal.alphabet) if (s.startsWith(`${verb}.`)) alphabet.add(s)
  }
  return { text: constraint.text, alphabet: sortSymbols(alphabet) }
}

/** The offline components: grammar splitter, BM25 retriever, deterministic pruner (no LLM, no network). */
export function offlineGrounding(version: string = DEFAULT_RULES_VERSION): GroundingComponents {
  const inventory = SymbolInventory.forVersion(version)
  return {
    inventory,
    retriever: new LexicalRetriever(inventory),
    splitter: new GrammarSplitter(),
    pruner: new DeterministicPruner(inventory),
  }
}

/** Every symbol of a grounded instruction, goals and constraints together, in print order. */
export function alphabetOf(grounded: GroundedInstruction): string[] {
  return sortSymbols([...grounded.goals, ...grounded.constraints].flatMap((part) => part.alphabet))
}
