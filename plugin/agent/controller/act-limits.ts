// What the product says an act must not run into: events the controller cannot undo once they happen mid-act.
import type { Dfa } from '../../automata/dfa.js'
import type { ActOptions } from '../../world/port.js'

/**
 * For each state of `dfa`, the limits an act taken there carries to the world: the biomes whose entry would leave
 * the run with no way to acceptance (walks avoid them), and the day/night change after which the act itself would
 * (it stops there: a `mine.logs` still running at nightfall under "sleep at night"). `distance` is the DFA's
 * distances to acceptance (negative: none).
 */
export function actLimits(
  dfa: Dfa,
  distance: ArrayLike<number>,
): (action: string, s: number) => Pick<ActOptions, 'avoidBiomes' | 'stopAt'> {
  const biomes = dfa.alphabet.symbols.filter((s) => s.startsWith('biome.'))
  const phases = dfa.alphabet.symbols.filter((s) => s === 'time.night' || s === 'time.day')
  const dead = (s: number) => (distance[s] ?? -1) < 0
  return (action, s) => {
    const avoid = biomes.filter((b) => (distance[dfa.step(s, b)] ?? 0) < 0).map((b) => b.slice('biome.'.length))
    const a = dfa.alphabet.indexOf(action)
    const stop = phases.filter((e) => {
      const after = dfa.step(s, e)
      return after >= 0 && a >= 0 && dead(dfa.next(after, a))
    })
    return { ...(avoid.length > 0 ? { avoidBiomes: avoid } : {}), ...(stop.length > 0 ? { stopAt: stop } : {}) }
  }
}
