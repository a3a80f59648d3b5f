/**
 * A sliding-window limit per player: at most `limit` events in any `windowMs`. `now` is injected so the window
 * can be tested without waiting.
 */
export class RateLimiter {
  private readonly history = new Map<string, number[]>()
  /** Players already told they are limited in their current window, so the warning is sent once. */
  private readonly warned = new Set<string>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `allowed`, or `limited` the first time a player goes over in a window, `silenced` after that. */
  take(key: string): 'allowed' | 'limited' | 'silenced' {
    const now = this.now()
    const recent = (this.history.get(key) ?? []).filter((t) => now - t < this.windowMs)
    if (recent.length >= this.limit) {
      this.history.set(key, recent)
      if (this.warned.has(key)) return 'silenced'
      this.warned.add(key)
      return 'limited'
    }
    recent.push(now)
    this.history.set(key, recent)
    this.warned.delete(key)
    return 'allowed'
  }
}
