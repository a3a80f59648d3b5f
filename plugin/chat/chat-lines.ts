/**
 * Where a long line may break, best first: after a sentence ("… a rule I know." but not "e.g."), after a clause
 * (`;`, `:`, a dash), after a list item (`,`). A player reads each chat line on its own, so one cut mid-clause
 * reads as two broken halves.
 */
const BREAKS: readonly RegExp[] = [/(?<!\b(?:e\.g|i\.e))[.?!](?=\s)/g, /[;:—](?=\s)/g, /,(?=\s)/g]

/** Where to cut `text` (longer than `limit`): the last break of the best kind that leaves a line worth reading. */
function cutAt(text: string, limit: number): number {
  for (const kind of BREAKS) {
    let last = -1
    for (const match of text.matchAll(kind)) {
      const end = match.index + match[0].length
      if (end > limit) break
      last = end
    }
    if (last > limit / 4) return last
  }
  const space = text.lastIndexOf(' ', limit)
  return space > limit / 2 ? space : limit
}

/**
 * Splits a reply into chat lines of at most `limit` characters (Minecraft's chat limit), breaking at the end of a
 * sentence or clause where it can, else at a space (mineflayer would cut mid-word), and at newlines always. Lines
 * beyond `maxLines` are dropped for a note saying how many, because a burst of chat lines gets a bot kicked for
 * spam on vanilla servers.
 */
export function splitForChat(text: string, limit: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  if (limit < 10) throw new RangeError(`chat line limit too small: ${limit}`)
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let rest = paragraph.replace(/\s+$/, '')
    while (rest.length > limit) {
      const at = cutAt(rest, limit)
      lines.push(rest.slice(0, at).replace(/\s+$/, ''))
      rest = rest.slice(at).replace(/^\s+/, '')
    }
    if (rest.trim() !== '') lines.push(rest)
  }
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, Math.max(0, maxLines - 1))
  kept.push(`... (${lines.length - kept.length} more lines not shown)`)
  return kept
}
