import type { Dfa } from '../../automata/dfa.js'
import { TooManyStatesError } from '../../automata/size-limit.js'
import { CedarError } from '../../errors.js'
import { canonicalSymbol } from '../../grounding/aliases.js'
import { type Formula, propositions, renamePropositions } from '../../ltl/ast.js'
import { compileLtl } from '../../ltl/compile.js'
import { type LawSet, lawSet } from '../../ltl/law-sets.js'
import { type LawKind, type LawSource, LtlMonitor } from '../../ltl/monitor.js'
import { parseLtl } from '../../ltl/parser.js'
import { Shield, type ShieldOptions } from '../../ltl/shield.js'
import type { LawFiles } from '../../store/law-files.js'
import { actionPropositions, isActionSymbol } from '../../vocabulary/symbols.js'
import { HARVEST_LAW_SET, harvestLawSet, harvestPropositions, isHarvestFamily } from './harvest-laws.js'

/**
 * Parses a law as a player or a paper writes it and compiles it to a monitor over our symbols: the papers'
 * proposition names (`obs_has_3x_plank`, `mine(diamond_ore)`) are mapped to ours first. Throws LtlSyntaxError
 * (with the column) for text that does not parse.
 */
export function buildLaw(id: string, text: string, kind: LawKind, source: LawSource, explanation = ''): LtlMonitor {
  return new LtlMonitor(id, renamePropositions(parseLtl(text), canonicalSymbol), kind, source, explanation)
}

/** Compiles a law's formula to its DFA away from the caller's thread (the learning worker); aborting cancels it. */
export type LawCompiler = (formula: Formula, signal?: AbortSignal) => Promise<Dfa>

/**
 * A law compiles on the caller's thread when it is short (`INLINE_LAW_CHARACTERS`: an expansion's cost grows with
 * the formula), names at most `INLINE_LAW_PROPOSITIONS` propositions (each doubles the letters, and every letter of
 * every state is an expansion) and its DFA needs no more than `INLINE_LAW_TRANSITIONS` transitions: about a
 * millisecond, for most laws of the shipped sets and a player's usual ones. A larger one goes to the book's compiler.
 */
export const INLINE_LAW_CHARACTERS = 200
export const INLINE_LAW_PROPOSITIONS = 4
export const INLINE_LAW_TRANSITIONS = 256

/** A law read and checked, not yet in the shield: `dfa` is there when it compiled inline. */
export interface LawDraft {
  readonly text: string
  readonly formula: Formula
  readonly kind: LawKind
  readonly source: LawSource
  readonly explanation: string
  readonly dfa?: Dfa
}

/**
 * A shield whose action positions also carry the action's family symbols (`mine.oak_log` is a `mine.logs`) and
 * its harvest tier (`mine.diamond_ore` is a `mine.needs_iron_pickaxe`, see harvest-laws.ts).
 */
export function createShield(options: Omit<ShieldOptions, 'actionProps'> = {}): Shield {
  return new Shield({ ...options, actionProps: shieldActionProps })
}

function shieldActionProps(action: string): Set<string> {
  const props = actionPropositions(action)
  for (const family of harvestPropositions(action)) props.add(family)
  return props
}

/** Prefixes of the law ids of each shipped set, so `!ltl list` reads V1, H1, S3, IM12. */
const SET_PREFIX: Readonly<Record<string, string>> = {
  [HARVEST_LAW_SET]: 'V',
  'saycan-hard': 'H',
  'saycan-soft': 'S',
  innermonologue: 'IM',
}

/** A shipped set by name: the default `vanilla-hard` made from minecraft-data, or one of LogicGuard's as written. */
function shippedSet(name: string): LawSet | undefined {
  return name === HARVEST_LAW_SET ? harvestLawSet() : lawSet(name)
}

/** The candidate actions a law names (a harvest tier is a family of acts, not an act a World runs). */
const lawActions = (monitor: LtlMonitor): string[] =>
  monitor.props.filter((p) => isActionSymbol(p) && !isHarvestFamily(p))

/** A law that cannot be added: it does not parse, or names a symbol the plugin cannot ground. */
export class LawError extends CedarError {
  override name = 'LawError'
}

/**
 * The laws of one bot: players' laws (L1, L2, ...), shipped sets, and later the critic's, all in one shield.
 * Every symbol is checked before a law goes in, so a typo is reported instead of silently never being true.
 */
export class LawBook {
  /** Next number per id prefix: players' laws are L1, L2, ...; the critic's C1, C2, ... */
  private readonly next = new Map<string, number>()
  private readonly blocks = new Map<string, number>()

  constructor(
    readonly shield: Shield,
    /** Why a symbol cannot be grounded, or undefined when it can. */
    readonly symbolProblem: (symbol: string) => string | undefined = () => undefined,
    /** Where the critic's laws are kept across restarts; without it they live as long as the process. */
    private files?: LawFiles,
    /** Where a large law compiles (see `compile`); without one, on the caller's thread. */
    private readonly compiler?: LawCompiler,
  ) {}

  /**
   * Puts the stored critic laws back under their ids (a restarted bot has the laws it had), and numbers new ones
   * after them. A stored law that no longer reads (a symbol this version lacks) is left out, with the reason.
   */
  restore(): { restored: LtlMonitor[]; problems: string[] } {
    const restored: LtlMonitor[] = []
    const problems: string[] = []
    for (const law of this.files?.loadLaws() ?? []) {
      if (this.shield.get(law.id)) continue
      try {
        const monitor = this.build(law.id, law.text, law.kind, law.source, law.explanation)
        this.install(monitor)
        restored.push(monitor)
        this.noteId(law.id)
      } catch (error) {
        problems.push(`${law.id}: ${(error as Error).message}`)
      }
    }
    return { restored, problems }
  }

  /**
   * The critic's laws of another store (the world the bot logged into): those of the last one leave the shield,
   * and this one's are put back. Returns what `restore` returns.
   */
  useFiles(files: LawFiles): { restored: LtlMonitor[]; problems: string[] } {
    for (const monitor of this.shield.monitors()) {
      if (monitor.source === 'critic') this.shield.remove(monitor.id)
    }
    this.next.delete('C')
    this.files = files
    return this.restore()
  }

  /**
   * The critic's laws as the store has them now (a fleet's: another bot accepted or dropped one): a law it no longer
   * has leaves the shield, one it has that the shield lacks joins it (under its id, or the next free one); the others
   * stay as they are, their monitors' progress kept.
   */
  refresh(): { added: LtlMonitor[]; removed: string[]; problems: string[] } {
    const stored = this.files?.loadLaws() ?? []
    const texts = new Set(stored.map((law) => law.text))
    const removed: string[] = []
    for (const monitor of this.shield.monitors()) {
      if (monitor.source !== 'critic' || texts.has(monitor.text)) continue
      this.shield.remove(monitor.id)
      this.blocks.delete(monitor.id)
      removed.push(monitor.id)
    }
    const held = new Set(this.shield.monitors().map((monitor) => monitor.text))
    const added: LtlMonitor[] = []
    const problems: string[] = []
    for (const law of stored) {
      if (held.has(law.text)) continue
      const id = this.shield.get(law.id) ? this.reserveId('critic') : law.id
      try {
        const monitor = this.build(id, law.text, law.kind, law.source, law.explanation)
        this.install(monitor)
        this.noteId(id)
        added.push(monitor)
      } catch (error) {
        problems.push(`${law.id}: ${(error as Error).message}`)
      }
    }
    return { added, removed, problems }
  }

  /** Resolves when the stored laws match the shield (every write asked for so far is on disk). */
  flushed(): Promise<void> {
    return this.files?.flushed() ?? Promise.resolve()
  }

  /** Reads, compiles (on this thread) and adds a law under the next id. Throws LawError for a law that cannot be. */
  add(text: string, kind: LawKind = 'hard', source: LawSource = 'user', explanation = ''): LtlMonitor {
    const draft = this.read(text, kind, source, explanation)
    return this.commit({ ...draft, dfa: draft.dfa ?? compiledHere(draft.formula) })
  }

  /**
   * Parses and checks a law, and compiles it here when it is small (`INLINE_LAW_TRANSITIONS`); a draft without
   * `dfa` needs `compile` (off this thread) before `commit`. Throws LawError for text that does not parse or names
   * a symbol the plugin cannot ground.
   */
  read(text: string, kind: LawKind = 'hard', source: LawSource = 'user', explanation = ''): LawDraft {
    let formula: Formula
    try {
      formula = renamePropositions(parseLtl(text), canonicalSymbol)
    } catch (error) {
      throw new LawError(`cannot read the law: ${(error as Error).message}`)
    }
    const props = propositions(formula)
    const problems = props.map((p) => this.symbolProblem(p)).filter((p) => p !== undefined)
    if (problems.length > 0) throw new LawError(problems.join('; '))
    const draft = { text, formula, kind, source, explanation }
    if (text.length > INLINE_LAW_CHARACTERS || props.length > INLINE_LAW_PROPOSITIONS) return draft
    try {
      return { ...draft, dfa: compileLtl(formula, { maxTransitions: INLINE_LAW_TRANSITIONS }) }
    } catch (error) {
      if (error instanceof TooManyStatesError) return draft
      throw new LawError(`cannot read the law: ${(error as Error).message}`)
    }
  }

  /**
   * The draft's DFA from the book's compiler (a worker, so the bot's event loop stays free), or here without one.
   * A formula past the construction's budget is a LawError; aborting `signal` rejects with its reason at once.
   */
  async compile(draft: LawDraft, signal?: AbortSignal): Promise<LawDraft & { readonly dfa: Dfa }> {
    if (draft.dfa) return { ...draft, dfa: draft.dfa }
    if (!this.compiler) return { ...draft, dfa: compiledHere(draft.formula) }
    try {
      return { ...draft, dfa: await this.compiler(draft.formula, signal) }
    } catch (error) {
      if (signal?.aborted || !(error instanceof TooManyStatesError)) throw error
      throw new LawError(`cannot read the law: ${error.message}`)
    }
  }

  /** A compiled draft into the shield under the next id of its source (L for players, C for the critic). */
  commit(draft: LawDraft & { readonly dfa: Dfa }, id = this.reserveId(draft.source)): LtlMonitor {
    const monitor = new LtlMonitor(id, draft.formula, draft.kind, draft.source, draft.explanation, draft.dfa)
    this.noteId(id)
    this.install(monitor)
    this.keep(monitor)
    return monitor
  }

  /** The next id of a source, taken (a critic law proposed, not yet in the shield, keeps its id until decided). */
  reserveId(source: LawSource): string {
    const prefix = source === 'critic' ? 'C' : 'L'
    const n = this.next.get(prefix) ?? 1
    this.next.set(prefix, n + 1)
    return `${prefix}${n}`
  }

  /** Ids are numbered after `id` from now on (a law or proposal kept on disk). */
  noteId(id: string): void {
    const match = /^([A-Za-z]+)(\d+)$/.exec(id)
    if (match?.[1] && match[2]) this.next.set(match[1], Math.max(this.next.get(match[1]) ?? 1, Number(match[2]) + 1))
  }

  /** Reads, compiles and adds a law under a given id (a proposed critic law a player accepted). */
  addAs(id: string, text: string, kind: LawKind, source: LawSource, explanation = ''): LtlMonitor {
    const draft = this.read(text, kind, source, explanation)
    return this.commit({ ...draft, dfa: draft.dfa ?? compiledHere(draft.formula) }, id)
  }

  remove(id: string): boolean {
    this.blocks.delete(id)
    const law = this.shield.get(id)
    if (!this.shield.remove(id)) return false
    if (law?.source === 'critic') this.files?.remove(id)
    return true
  }

  /** The shield dropped a soft law by itself (it blocked too often): its file goes too. */
  dropped(id: string, source: LawSource): void {
    this.blocks.delete(id)
    if (source === 'critic') this.files?.remove(id)
  }

  /** The same law under the same id, now hard or soft (a player accepting a critic's law makes it hard). */
  setKind(id: string, kind: LawKind): LtlMonitor {
    const old = this.shield.get(id)
    if (!(old instanceof LtlMonitor)) throw new LawError(`no law ${id}`)
    const monitor = this.build(id, old.text, kind, old.source, old.explanation)
    this.shield.remove(id)
    this.install(monitor)
    this.keep(monitor)
    return monitor
  }

  /** Only the critic's laws are kept: players' laws are typed again, the shipped sets come from the options. */
  private keep(monitor: LtlMonitor): void {
    if (monitor.source !== 'critic') return
    const { id, text, kind, source, explanation } = monitor
    this.files?.save({ id, text, kind, source, explanation })
  }

  /** Counts a verdict's blocking laws (shown by `!laws`). */
  noteBlocked(lawIds: readonly string[]): void {
    for (const id of lawIds) this.blocks.set(id, (this.blocks.get(id) ?? 0) + 1)
  }

  blockCount(id: string): number {
    return this.blocks.get(id) ?? 0
  }

  private build(id: string, text: string, kind: LawKind, source: LawSource, explanation: string): LtlMonitor {
    const draft = this.read(text, kind, source, explanation)
    return new LtlMonitor(id, draft.formula, kind, source, explanation, draft.dfa ?? compiledHere(draft.formula))
  }

  private install(monitor: LtlMonitor): void {
    this.shield.add(monitor)
    this.shield.addActions(lawActions(monitor))
  }

  /** Loads a shipped set under its prefix; laws of the set already present are skipped. */
  loadSet(name: string): LtlMonitor[] {
    const prefix = SET_PREFIX[name] ?? `${name}-`
    const set = shippedSet(name)
    if (!set) throw new LawError(`no law set named ${name}; known: ${Object.keys(SET_PREFIX).join(', ')}`)
    const added: LtlMonitor[] = []
    set.laws.forEach((law, i) => {
      const id = `${prefix}${i + 1}`
      if (this.shield.get(id)) return
      const monitor = buildLaw(id, law.formula, set.kind, 'builtin', law.explanation)
      this.shield.add(monitor)
      this.shield.addActions(lawActions(monitor))
      added.push(monitor)
    })
    return added
  }
}

/** The formula's DFA on this thread, its construction's budget exceeded as a LawError. */
function compiledHere(formula: Formula): Dfa {
  try {
    return compileLtl(formula)
  } catch (error) {
    throw new LawError(`cannot read the law: ${(error as Error).message}`)
  }
}
