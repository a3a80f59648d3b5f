import { type Dfa, NONE } from './dfa.js'
import { distancesToAcceptance } from './search.js'

export interface DotOptions {
  /** Graph name. */
  readonly name?: string
  /** Leave out dead states (and edges into them), which only clutter a picture; default true. */
  readonly hideDead?: boolean
}

/** Graphviz DOT text: accepting states double-circled, parallel edges merged into one labelled with all symbols. */
export function toDot(dfa: Dfa, options: DotOptions = {}): string {
  const hideDead = options.hideDead ?? true
  const distance = distancesToAcceptance(dfa)
  const shown = (s: number) => !hideDead || distance[s]! >= 0 || s === dfa.initial
  const lines = [
    `digraph ${quote(options.name ?? 'dfa')} {`,
    '  rankdir=LR;',
    '  node [shape=circle];',
    '  start [shape=point];',
  ]
  for (let s = 0; s < dfa.stateCount; s++) {
    if (shown(s)) lines.push(`  ${s} [label="${s}"${dfa.isAccepting(s) ? ', shape=doublecircle' : ''}];`)
  }
  lines.push(`  start -> ${dfa.initial};`)
  for (let s = 0; s < dfa.stateCount; s++) {
    if (!shown(s)) continue
    const labels = new Map<number, string[]>()
    for (let a = 0; a < dfa.alphabet.size; a++) {
      const t = dfa.next(s, a)
      if (t === NONE || !shown(t)) continue
      labels.set(t, [...(labels.get(t) ?? []), dfa.alphabet.symbol(a)])
    }
    for (const [t, symbols] of labels) lines.push(`  ${s} -> ${t} [label=${quote(symbols.join(', '))}];`)
  }
  lines.push('}')
  return `${lines.join('\n')}\n`
}

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}
