/**
 * Limits on what a player may ask, checked before any work starts: an instruction longer than anyone types, and
 * counts no inventory holds ("collect 1000000 coal", "collect 1e20 coal") are refused in one line that says the
 * limit, quoting the instruction shortened, so a paste of 10,000 characters is not echoed back whole.
 */
import { CedarError, quoted } from '../../errors.js'

export { quoted }

/** Characters in one instruction (a chat line is at most 256; a CLI argument may be longer). */
export const MAX_INSTRUCTION_LENGTH = 1000
/** Items one goal may ask for: a full inventory, 36 stacks of 64. */
export const MAX_GOAL_COUNT = 36 * 64

/** An instruction past a limit, refused before any work; the message names the limit. */
export class InstructionLimitError extends CedarError {
  override name = 'InstructionLimitError'
}

/** Refuses an instruction longer than MAX_INSTRUCTION_LENGTH. */
export function checkInstructionLength(instruction: string): void {
  if (instruction.length <= MAX_INSTRUCTION_LENGTH) return
  throw new InstructionLimitError(
    `${quoted(instruction)} is ${instruction.length.toLocaleString('en')} characters long; an instruction may have at most ${MAX_INSTRUCTION_LENGTH.toLocaleString('en')}`,
  )
}

/**
 * Why the goals cannot be planned: a count past MAX_GOAL_COUNT, or one written so that it is no whole count at
 * all (1e20, 1,000,000), which the grammar would otherwise read as something else. Undefined when they can.
 */
export function goalCountProblem(grounded: {
  readonly goals: readonly { readonly text: string }[]
}): string | undefined {
  for (const { text } of grounded.goals) {
    for (const match of text.matchAll(/(?<![\w.])\d[\d,_]*(?:\.\d+)?(?:e[+-]?\d+)?(?![\w.])/gi)) {
      const written = match[0]
      const value = Number(written.replace(/[,_]/g, ''))
      if (Number.isSafeInteger(value) && value <= MAX_GOAL_COUNT) continue
      return `${quoted(written, 24)} in ${quoted(text)} is more than one goal may ask for: at most ${MAX_GOAL_COUNT.toLocaleString('en')} (a full inventory); ask for fewer`
    }
  }
  return undefined
}
