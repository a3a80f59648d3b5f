import { canonicalSymbol } from '../grounding/aliases.js'
import { actionPropositions, isActionSymbol } from '../grounding/symbols.js'
import { renamePropositions } from '../ltl/ast.js'
import { lawSet } from '../ltl/law-sets.js'
import { type LawKind, type LawSource, LtlMonitor } from '../ltl/monitor.js'
import { parseLtl } from '../ltl/parser.js'
import { Shield, type ShieldOptions } from '../ltl/shield.js'

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

/** Adds a shipped law set (e.g. LogicGuard's `saycan-hard`), with ids `<prefix><n>`; returns the monitors. */
export function addLawSet(shield: Shield, name: string, prefix: string, source: LawSource = 'builtin'): LtlMonitor[] {
  const set = lawSet(name)
  if (!set) throw new Error(`no law set named ${name}`)
  return set.laws.map((law, i) => {
    const monitor = buildLaw(`${prefix}${i + 1}`, law.formula, set.kind, source, law.explanation)
    shield.add(monitor)
    shield.addActions(monitor.props.filter(isActionSymbol))
    return monitor
  })
}
