import { z } from 'zod'
import logicGuard from './laws/logicguard.json' with { type: 'json' }

/** A named set of laws shipped with the plugin, written as in its source. */
export interface LawSet {
  readonly name: string
  readonly kind: 'hard' | 'soft'
  readonly description: string
  readonly laws: readonly { readonly formula: string; readonly explanation: string }[]
}

const lawSetFile = z.object({
  source: z.string(),
  sets: z.record(
    z.string(),
    z.object({
      kind: z.enum(['hard', 'soft']),
      description: z.string(),
      laws: z.array(z.object({ formula: z.string().min(1), explanation: z.string() })),
    }),
  ),
})

/**
 * LogicGuard's Minecraft laws (Appendix A.3.3): `saycan-hard` (19 hand-engineered safety laws), `saycan-soft`
 * (15 critic laws) and `innermonologue` (20 critic laws), with the paper's proposition names.
 */
export const LOGICGUARD_LAW_SETS: readonly LawSet[] = Object.entries(lawSetFile.parse(logicGuard).sets).map(
  ([name, set]) => ({ name, ...set }),
)

export function lawSet(name: string): LawSet | undefined {
  return LOGICGUARD_LAW_SETS.find((set) => set.name === name)
}
