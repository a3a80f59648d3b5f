import type { Dfa } from './dfa.js'
import { type DotOptions, toDot } from './dot.js'

type Viz = Awaited<ReturnType<typeof import('@viz-js/viz').instance>>
let viz: Promise<Viz> | undefined

/** An SVG picture of the DFA, laid out by Graphviz (compiled to WebAssembly, loaded on first use). */
export async function renderSvg(dfa: Dfa, options: DotOptions = {}): Promise<string> {
  viz ??= import('@viz-js/viz').then((module) => module.instance())
  return (await viz).renderString(toDot(dfa, options), { format: 'svg', engine: 'dot' })
}
