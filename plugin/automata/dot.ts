import { type Dfa, NONE } from './dfa.js'
import { distancesToAcceptance } from './search.js'

export interface DotOptions {
  /** Graph name. */
  readonly name?: string
  /** Leave out dead states (and edges into them), which only clutter a picture; default true. */
  readonly hideDead?: boolean
  /** Label lines are wrapped at about this many characters (default 28). */
  readonly wrapAt?: number
  /** A way to the goal longer than this many steps is folded into rows of this many states (default 8). */
  readonly rowLength?: number
}

/** A state's busiest edge is labelled "else" when it carries at least this many symbols and is not the only edge. */
const ELSE_AT = 3

/**
 * Graphviz DOT text, laid out to stay readable as skills grow: accepting states double-circled; parallel edges merged
 * into one, labelled with their symbols wrapped a few to a line; each state's busiest edge (where every other symbol
 * goes, typically back to the start) labelled `else`; and edges back towards the start left out of the ranking, so
 * the picture reads left to right along the way to the goal instead of stretching into a strip.
 */
export function toDot(dfa: Dfa, options: DotOptions = {}): string {
  const hideDead = options.hideDead ?? true
  const wrapAt = options.wrapAt ?? 28
  const distance = distancesToAcceptance(dfa)
  const shown = (s: number) => !hideDead || distance[s]! >= 0 || s === dfa.initial
  const depth = depthsFrom(dfa)
  const rowLength = Math.max(2, options.rowLength ?? 8)
  const deepest = Math.max(0, ...depth.filter((d, s) => d < dfa.stateCount && shown(s)))
  // Folding: the states at depth 0, k, 2k, ... stand in one column (rank), each heading a row; the edges into a
  // row's head do not rank it.
  const fold = deepest >= rowLength * 1.5
  const heads = fold ? [...depth.keys()].filter((s) => shown(s) && depth[s]! % rowLength === 0) : []
  const lines = [
    `digraph ${quote(options.name ?? 'dfa')} {`,
    '  rankdir=LR;',
    // A margin for fonts wider than Graphviz's own Helvetica metrics, so no label's end falls off the picture.
    '  pad=0.4;',
    '  nodesep=0.25;',
    '  ranksep=0.45;',
    '  node [shape=circle, fontname="Helvetica", fontsize=12];',
    '  edge [fontname="Helvetica", fontsize=10];',
    '  start [shape=point];',
  ]
  for (let s = 0; s < dfa.stateCount; s++) {
    if (shown(s)) lines.push(`  ${s} [label="${s}"${dfa.isAccepting(s) ? ', shape=doublecircle' : ''}];`)
  }
  lines.push(`  start -> ${dfa.initial};`)
  if (heads.length > 1) {
    heads.sort((a, b) => depth[a]! - depth[b]!)
    lines.push(`  { rank=same; ${heads.join('; ')}; }`)
    for (let i = 1; i < heads.length; i++) lines.push(`  ${heads[i - 1]} -> ${heads[i]} [style=invis];`)
  }
  const edges: { s: number; labels: Map<number, string[]>; elseTarget: number | undefined }[] = []
  for (let s = 0; s < dfa.stateCount; s++) {
    if (!shown(s)) continue
    const labels = new Map<number, string[]>()
    for (let a = 0; a < dfa.alphabet.size; a++) {
      const t = dfa.next(s, a)
      if (t === NONE || !shown(t)) continue
      labels.set(t, [...(labels.get(t) ?? []), dfa.alphabet.symbol(a)])
    }
    const busiest = [...labels].reduce<[number, string[]] | undefined>(
      (best, edge) => (best === undefined || edge[1].length > best[1].length ? edge : best),
      undefined,
    )
    const elseTarget = busiest && labels.size > 1 && busiest[1].length >= ELSE_AT ? busiest[0] : undefined
    edges.push({ s, labels, elseTarget })
  }
  // A state most others fall back to (a skill's start: a wrong step undoes the progress) gets no "else" arrows at
  // all, which would cover the picture; a caption says where the undrawn symbols go.
  const reset = resetState(edges)
  for (const { s, labels, elseTarget } of edges) {
    for (const [t, symbols] of labels) {
      if (t === elseTarget && t === reset && s !== reset) continue
      const label = t === elseTarget ? 'else' : wrapped(symbols, wrapAt)
      // An edge back towards the start would pull its target rightwards and its source back; it only arcs.
      const intoRow = fold && t !== s && depth[t]! % rowLength === 0
      const back = t !== s && (intoRow || (depth[t] ?? 0) < (depth[s] ?? 0)) ? ', constraint=false' : ''
      const style = t === elseTarget ? ', style=dashed, color="gray40", fontcolor="gray30"' : ''
      lines.push(`  ${s} -> ${t} [label=${label}${back}${style}];`)
    }
  }
  if (reset !== undefined) {
    lines.push(`  label="from a state with no arrow for a symbol, that symbol leads back to ${reset}";`)
    lines.push('  labelloc=b; fontname="Helvetica"; fontsize=11;')
  }
  lines.push('}')
  return `${lines.join('\n')}\n`
}

/** The state that is the "else" of at least half the other states (and of at least three), if one is. */
function resetState(edges: readonly { s: number; elseTarget: number | undefined }[]): number | undefined {
  const counts = new Map<number, number>()
  for (const { s, elseTarget } of edges) {
    if (elseTarget !== undefined && elseTarget !== s) counts.set(elseTarget, (counts.get(elseTarget) ?? 0) + 1)
  }
  for (const [state, n] of counts) if (n >= 3 && n >= (edges.length - 1) / 2) return state
  return undefined
}

/** The symbols as a DOT string, a few to a line (`\n` is DOT's centred line break). */
function wrapped(symbols: readonly string[], width: number): string {
  const rows: string[] = []
  let row = ''
  for (const symbol of symbols) {
    const next = row === '' ? symbol : `${row}, ${symbol}`
    if (row !== '' && next.length > width) {
      rows.push(`${row},`)
      row = symbol
    } else {
      row = next
    }
  }
  if (row !== '') rows.push(row)
  return `"${rows.map(escaped).join('\\n')}"`
}

/** Breadth-first depth of every state from the initial one (unreached states: the state count). */
function depthsFrom(dfa: Dfa): number[] {
  const depth = Array.from({ length: dfa.stateCount }, () => dfa.stateCount)
  depth[dfa.initial] = 0
  const queue = [dfa.initial]
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!
    for (let a = 0; a < dfa.alphabet.size; a++) {
      const t = dfa.next(s, a)
      if (t !== NONE && depth[t] === dfa.stateCount) {
        depth[t] = depth[s]! + 1
        queue.push(t)
      }
    }
  }
  return depth
}

function escaped(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')
}

function quote(text: string): string {
  return `"${escaped(text)}"`
}
