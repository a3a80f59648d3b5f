/**
 * Requests the bot suggests in hints and refusals. Each one is a request it can do in any world with trees and
 * stone (test/suggestions.test.ts runs every one of them, and every suggestion the hints and refusals print).
 */
export const SUGGESTED_REQUESTS = ['get me some wood', 'collect 3 oak logs', 'craft a stone pickaxe'] as const

/** The suggestion that shares most words with what the player said (the first when none does). */
export function closestSuggestion(words: string): string {
  const said = new Set(
    words
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 2),
  )
  let best: string = SUGGESTED_REQUESTS[0]
  let bestShared = 0
  for (const request of SUGGESTED_REQUESTS) {
    const shared = request.split(' ').filter((w) => said.has(w)).length
    if (shared > bestShared) {
      best = request
      bestShared = shared
    }
  }
  return best
}

/** "!do get me some wood or !do craft a stone pickaxe": two suggestions, the closest to the player's words first. */
export function suggestionsText(prefix: string, words = ''): string {
  const first = closestSuggestion(words)
  const second = SUGGESTED_REQUESTS.find((r) => r !== first && r !== 'collect 3 oak logs') ?? SUGGESTED_REQUESTS[2]
  return `${prefix}do ${first} or ${prefix}do ${second}`
}
