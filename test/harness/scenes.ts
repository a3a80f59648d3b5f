// Scenes more than one real-server test builds.
import type { TestSession } from './server.js'

/** A fixed morning and two oak trunks of four logs a few blocks from the spawn: wood for a wooden pickaxe. */
export async function morningWithTwoTrees({ server }: TestSession): Promise<void> {
  server.serv.doDaylightCycle = false
  server.setTime(1000)
  for (const [x, z] of [
    [5, 3],
    [-5, 4],
  ] as const) {
    await server.fill({ x, y: 5, z }, { x, y: 8, z }, 'oak_log')
  }
}
