/**
 * Instructions that end in the player's hands: "bring me 5 oak logs", "get me some wood", "fetch 3 coal for me",
 * "give me a pickaxe". The goal is grounded as any other (`has.oak_log.5`); this says that, once it is reached, the
 * items go to the player who asked. Read from the words, not the model: it is the player's own phrasing.
 */
const TO_ME = /\b(bring|fetch|get|give|hand|pass|grab)\s+(me|us)\b|\b(to|for)\s+me\b|\bme\s+(some|a|an|\d+)\b/i

export function wantsHandOver(instruction: string): boolean {
  return TO_ME.test(instruction)
}

/** The items a goal leaves, from its success events (`has.oak_log.2` → oak_log × 2). */
export function goalItems(successEvents: readonly string[]): { item: string; count: number }[] {
  const items: { item: string; count: number }[] = []
  for (const event of successEvents) {
    const match = /^has\.([a-z0-9_]+)(?:\.(\d+))?$/.exec(event)
    if (match?.[1]) items.push({ item: match[1], count: Number(match[2] ?? 1) })
  }
  return items
}

const COUNT_WORDS = /\b(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen)\b/i

/**
 * Whether the player named how many ("bring me 2 oak logs", "get me an iron pickaxe"), or not ("get me some
 * wood", "bring me logs"): then everything of the kind the bot holds is handed over, as `!give` does.
 */
export function countGiven(instruction: string): boolean {
  return COUNT_WORDS.test(instruction.replace(TO_ME, ' '))
}
