// Placing and breaking beds as vanilla does, where flying-squid 1.12 handles a bed item like any block item: it
// placed only the foot (half a bed, which nobody can sleep in) and breaking one half left the other. Here a bed
// goes down facing the way the player looks, foot where it was placed and head one block further, both or neither
// (vanilla's BedItem: the head's block must be replaceable); breaking either half removes the other, and only the
// half that was dug drops the bed item.
import type { ItemPlacement, MCServer, PlacedBlock, SquidPlayer, SquidVec3 } from 'flying-squid'
import type { Block } from 'prismarine-block'
import { REPLACEABLE_BLOCKS } from '../../vocabulary/natural.js'
import { blockFactory } from './prismarine.js'

/** The head of a bed is one block from its foot in the direction the bed faces: [dx, dz] by facing. */
export const BED_FACING: Readonly<Record<string, readonly [number, number]>> = {
  north: [0, -1],
  south: [0, 1],
  west: [-1, 0],
  east: [1, 0],
}

/** Nothing is placed (flying-squid places only block ids it knows). */
const NOTHING: PlacedBlock = { id: -1, data: 0 }

/** Installs bed placement; returns what to run for each player who joins (breaking beds as a whole). */
export function installBedPlacement(serv: MCServer, bedNames: ReadonlySet<string>): (player: SquidPlayer) => void {
  const { registry } = serv
  const Block = blockFactory(serv)
  const nameAt = async (world: SquidPlayer['world'], pos: SquidVec3): Promise<string> =>
    Block.fromStateId(await world.getBlockStateId(pos), 0).name

  async function place(bedName: string, { player, placedPosition, referencePosition, properties }: ItemPlacement) {
    const bed = registry.blocksByName[bedName]
    const facing = properties.facing
    const direction = BED_FACING[facing]
    if (bed === undefined || direction === undefined) return NOTHING
    const head = placedPosition.offset(direction[0], 0, direction[1])
    const world = player.world
    const fits =
      REPLACEABLE_BLOCKS.has(await nameAt(world, placedPosition)) && REPLACEABLE_BLOCKS.has(await nameAt(world, head))
    if (!fits) {
      // Vanilla answers a refused placement with the blocks as they are, which is what mineflayer's placeBlock
      // waits for before it reports the refusal.
      for (const pos of [referencePosition, placedPosition]) player.sendBlock(pos, await world.getBlockStateId(pos))
      return NOTHING
    }
    const state = (part: 'foot' | 'head') => Block.fromProperties(bedName, { facing, part, occupied: false }, 0).stateId
    await serv.setBlock(world, head, state('head'))
    return { id: bed.id, data: state('foot') - bed.minStateId }
  }

  for (const name of bedNames) {
    if (registry.itemsByName[name] === undefined) continue
    serv.onItemPlace(name, (placement) => place(name, placement))
  }

  return (player) => {
    player.on('dug_done', ({ position, block }: { position: SquidVec3; block: Block }, cancelled: boolean) => {
      if (cancelled || !bedNames.has(block.name)) return
      const props = block.getProperties()
      const direction = BED_FACING[String(props.facing)]
      if (direction === undefined) return
      const sign = props.part === 'head' ? -1 : 1
      const other = position.offset(sign * direction[0], 0, sign * direction[1])
      otherHalf(other, block.name).catch((error: unknown) =>
        serv.emit('error', error instanceof Error ? error : new Error(String(error))),
      )
      async function otherHalf(pos: SquidVec3, name: string): Promise<void> {
        if ((await nameAt(player.world, pos)) === name) await serv.setBlock(player.world, pos, 0)
      }
    })
  }
}
