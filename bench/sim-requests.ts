// Requests in the Sim as `cedar sim do "<request>" --seed S --offline` runs them (the default laws' shield on), one
// after another on one world, each stopped once the world's ticks reach the episode's: the Sim column beside a live
// row (bench/live-everyday.ts, bench/live-fights.ts).
import { agentGrounding, controllerGate, createAgent, createLaws, MemoryLibrary } from '../plugin/agent/index.js'
import { offlineEnv, resolveOptions } from '../plugin/config/options.js'
import type { SimWorld } from '../plugin/world/sim/index.js'

type Agent = ReturnType<typeof createAgent>
type Report = Awaited<ReturnType<Agent['do']>>
type Step = NonNullable<Report['result']>['steps'][number]

/** A function that asks `world`'s one agent for a request; `onStep` hears each act. */
export function simRequester(world: SimWorld, ticks: number, onStep: (step: Step) => void = () => {}) {
  const laws = createLaws({ lawSets: resolveOptions({}, offlineEnv({})).shield.lawSets })
  const agent = createAgent(agentGrounding(undefined), new MemoryLibrary())
  return (request: string): Promise<Report> => {
    const stop = new AbortController()
    return agent.do(request, world, {
      signal: stop.signal,
      gate: controllerGate(laws.shield, { commits: true }),
      clock: () => world.ticks,
      onProgress: (p) => {
        if (p.type !== 'step') return
        onStep(p.step)
        if (world.ticks >= ticks) stop.abort()
      },
    })
  }
}
