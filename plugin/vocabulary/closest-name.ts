/**
 * Edit distance counting insertions, deletions, substitutions and swaps of neighbours as one edit each
 * (optimal string alignment), because "hlep" is one slip away from "help", not two.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      const above = rows[i - 1] ?? []
      let value = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (rows[i - 2]?.[j - 2] ?? 0) + 1)
      }
      row.push(value)
    }
    rows.push(row)
  }
  return rows[a.length]?.[b.length] ?? 0
}

/**
 * The closest known name to a typo, if any is close enough to be a plausible slip: at most a third of the
 * word's letters wrong (and at least one allowed), or the typo is a prefix of exactly one name.
 */
export function closestName(typo: string, names: Iterable<string>): string | undefined {
  const word = typo.toLowerCase()
  const limit = Math.max(1, Math.floor(word.length / 3))
  let best: { name: string; distance: number } | undefined
  const byPrefix: string[] = []
  for (const name of names) {
    if (word.length >= 2 && name.startsWith(word)) byPrefix.push(name)
    const distance = editDistance(word, name)
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance }
  }
  if (best) return best.name
  return byPrefix.length === 1 ? byPrefix[0] : undefined
}
