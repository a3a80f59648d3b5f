/**
 * Which stored skill or constraint a player's counterexample is about. Named, it is that one; unnamed, the last
 * run's: the one whose alphabet holds every symbol of the word, or — a word with symbols none of them holds, which
 * will grow an alphabet — the one alphabet that holds some of them. Anything else is ambiguous, and the player is
 * asked to name one.
 */
import { CounterexampleError } from '../skills/index.js'

export interface CorrectionCandidate {
  readonly kind: 'skill' | 'constraint'
  readonly name: string
  /** The alphabet it is stored with. */
  readonly alphabet: readonly string[]
}

export function correctionTarget(
  word: readonly string[],
  candidates: readonly CorrectionCandidate[],
  usage: (name: string) => string,
): CorrectionCandidate {
  const [only] = candidates
  if (candidates.length === 1 && only) return only
  const fits = candidates.filter((c) => word.every((s) => c.alphabet.includes(s)))
  const [fit] = fits
  if (fits.length === 1 && fit) return fit
  const partial = candidates.filter((c) => word.some((s) => c.alphabet.includes(s)))
  const [part] = partial
  if (fits.length === 0 && partial.length === 1 && part) return part
  const among = fits.length > 1 ? fits : candidates
  const names = among.map((c) => `${c.name} (${c.kind})`).join(', ')
  throw new CounterexampleError(
    `which one is it about: ${names}? name it: ${usage(among.find((c) => c.kind === 'constraint')?.name ?? among[0]?.name ?? '<name>')}`,
  )
}
