import { CedarError } from '../errors.js'
import { canonicalSymbol } from '../grounding/aliases.js'
import { renamePropositions } from '../ltl/ast.js'
import { lawSet } from '../ltl/law-sets.js'
import { type LawKind, type LawSource, LtlMonitor } from '../ltl/monitor.js'
import { parseLtl } from '../ltl/parser.js'
import { Shield, type ShieldOptions } from '../ltl/shield.js'
import type { LawFiles } from '../store/law-files.js'
import { actionPropositions, isActionSymbol } from '../vocabulary/symbols.js'

/**
 * Parses a law as a player or a paper writes it and compiles it to a monitor over our symbols: the papers'
 * proposition names (`obs_has_3x_plank`, `mine(diamond_ore)`) are mapped to ours first. Throws LtlSyntaxError
 * (with the column) for text that does not parse.
 */
export function buildLaw(id: string, text: string, kind: LawKind, source: LawSource, explanation = ''): LtlMonitor {
  return new LtlMonitor(id, renamePropositions(parseLtl(text), canonicalSymbol), kind, source, explanation)
}

/** A shield whose action positions also carry the action's family symbols (`mine.oak_log` is a `mine.logs`). */
export function createShield(options: Omit<ShieldOptions, 'actionProps'> = {}): Shield {
  return new Shield({ ...options, actionProps: actionPropositions })
}

/** Prefixes of the law ids of each shipped set, so `!ltl list` reads H1, S3, IM12. */
const SET_PREFIX: Readonly<Record<string, string>> = { 'saycan-hard': 'H', 'saycan-soft': 'S', innermonologue: 'IM' }

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
    private readonly files?: LawFiles,
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
        const match = /^([A-Za-z]+)(\d+)$/.exec(law.id)
        if (match?.[1] && match[2]) {
          this.next.set(match[1], Math.max(this.next.get(match[1]) ?? 1, Number(match[2]) + 1))
        }
      } catch (error) {
        problems.push(`${law.id}: ${(error as Error).message}`)
      }
    }
    return { restored, problems }
  }

  /** Resolves when the stored laws match the shield (every write asked for so far is on disk). */
  flushed(): Promise<void> {
    return this.files?.flushed() ?? Promise.resolve()
  }

  add(text: string, kind: LawKind = 'hard', source: LawSource = 'user', explanation = ''): LtlMonitor {
    const prefix = source === 'critic' ? 'C' : 'L'
    const n = this.next.get(prefix) ?? 1
    const monitor = this.build(`${prefix}${n}`, text, kind, source, explanation)
    this.next.set(prefix, n + 1)
    this.install(monitor)
    this.keep(monitor)
    return monitor
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
    let monitor: LtlMonitor
    try {
      monitor = buildLaw(id, text, kind, source, explanation)
    } catch (error) {
      throw new LawError(`cannot read the law: ${(error as Error).message}`)
    }
    const problems = monitor.props.map((p) => this.symbolProblem(p)).filter((p) => p !== undefined)
    if (problems.length > 0) throw new LawError(problems.join('; '))
    return monitor
  }

  private install(monitor: LtlMonitor): void {
    this.shield.add(monitor)
    this.shield.addActions(monitor.props.filter(isActionSymbol))
  }

  /** Loads a shipped set under its prefix; laws of the set already present are skipped. */
  loadSet(name: string): LtlMonitor[] {
    const prefix = SET_PREFIX[name] ?? `${name}-`
    const set = lawSet(name)
    if (!set) throw new LawError(`no law set named ${name}; known: ${Object.keys(SET_PREFIX).join(', ')}`)
    const added: LtlMonitor[] = []
    set.laws.forEach((law, i) => {
      const id = `${prefix}${i + 1}`
      if (this.shield.get(id)) return
      const monitor = buildLaw(id, law.formula, set.kind, 'builtin', law.explanation)
      this.shield.add(monitor)
      this.shield.addActions(monitor.props.filter(isActionSymbol))
      added.push(monitor)
    })
    return added
  }
}
