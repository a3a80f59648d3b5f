// Scenes more than one real-server test builds.
import type { Bot } from 'mineflayer'
import type { Vec3 } from 'vec3'
import type { EmbeddedServer } from '../../plugin/server/embedded-server.js'
import type { TestSession } from './server.js'
import { waitUntil } from './wait.js'

/** Sets one block from the server side and waits until the bot sees it. */
export async function putBlock(server: EmbeddedServer, bot: Bot, at: Vec3, name: string): Promise<void> {
  await server.setBlock(at, name)
  await waitUntil(bot, () => bot.blockAt(at)?.name === name, `${name} is seen at ${at}`)
}

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
