/**
 * Splits a reply into chat lines of at most `limit` characters, breaking at spaces where it can (mineflayer would
 * cut mid-word) and at newlines always. Lines beyond `maxLines` are dropped for a note saying how many, because
 * a burst of chat lines gets a bot kicked for spam on vanilla servers.
 */
export function splitForChat(text: string, limit: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  if (limit < 10) throw new RangeError(`chat line limit too small: ${limit}`)
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let rest = paragraph.replace(/\s+$/, '')
    while (rest.length > limit) {
      const cut = rest.lastIndexOf(' ', limit)
      const at = cut > limit / 2 ? cut : limit
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
