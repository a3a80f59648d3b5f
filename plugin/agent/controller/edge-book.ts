/**
 * What the controller remembers about each edge (state, action) of the product it runs: how often the act failed
 * there, how often a reflex cut it short, whether it is given up, and who refused it. An edge is a number,
 * `state * |Σ| + action`, as in the DFA's table.
 */
export class EdgeBook {
  private readonly failures = new Map<number, number>()
  /** Acts cut short by a reflex: not failures one by one, but a failure every few (controller.ts). */
  private readonly preemptions = new Map<number, number>()
  private readonly disabled = new Set<number>()
  /** Edges the gate (or the world's own shield) refused, and who refused: a run they strand ends 'blocked'. */
  private readonly refusals = new Map<number, string>()

  constructor(private readonly k: number) {}

  edge(state: number, action: number): number {
    return state * this.k + action
  }

  isDisabled(edge: number): boolean {
    return this.disabled.has(edge)
  }

  /** Whether the act failed on this edge since the last act that worked from its state, or was given up. */
  hasFailed(edge: number): boolean {
    return this.failures.has(edge) || this.disabled.has(edge)
  }

  disable(edge: number): void {
    this.disabled.add(edge)
  }

  /** Counts one more failure on the edge and returns how many there were. */
  fail(edge: number): number {
    const n = (this.failures.get(edge) ?? 0) + 1
    this.failures.set(edge, n)
    return n
  }

  /** The misses before were the walk's, not the plan's: forgotten. */
  forgive(edge: number): void {
    this.failures.delete(edge)
  }

  /** Counts one more reflex cut on the edge and returns how many there were. */
  preempt(edge: number): number {
    const n = (this.preemptions.get(edge) ?? 0) + 1
    this.preemptions.set(edge, n)
    return n
  }

  refuse(edge: number, why: string): void {
    this.refusals.set(edge, why)
  }

  refusal(edge: number): string | undefined {
    return this.refusals.get(edge)
  }

  isRefused(edge: number): boolean {
    return this.refusals.has(edge)
  }

  get anyRefused(): boolean {
    return this.refusals.size > 0
  }

  /** Who refused, each once, for the run's last message. */
  refusers(): string[] {
    return [...new Set(this.refusals.values())]
  }

  /** Everything about the edges out of `state`: after an act there worked, the world has changed. */
  forgetState(state: number): void {
    for (let a = 0; a < this.k; a++) {
      const edge = this.edge(state, a)
      this.failures.delete(edge)
      this.preemptions.delete(edge)
      this.disabled.delete(edge)
      this.refusals.delete(edge)
    }
  }

  /** Everything: the day turned, and what failed is tried again. */
  clear(): void {
    this.failures.clear()
    this.preemptions.clear()
    this.disabled.clear()
    this.refusals.clear()
  }
}
