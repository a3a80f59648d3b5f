// Where the survival world's farm animals stand when the server starts: herds of sheep, cows, pigs and chickens
// on grass around the spawn point, chosen by the seed (the same seed gives the same herds).
import { hash4, SeededRandom } from './noise.js'
import type { SurvivalWorldGenerator } from './survival-generation.js'

export type AnimalKind = 'sheep' | 'cow' | 'pig' | 'chicken'

export interface AnimalSpawn {
  readonly kind: AnimalKind
  readonly x: number
  readonly y: number
  readonly z: number
}

const KINDS: readonly AnimalKind[] = ['sheep', 'cow', 'pig', 'chicken']

/**
 * Herds of 2-4 of one kind, each kind at least once (sheep first: a bed needs three wool), on grass blocks with air
 * above within `radius` blocks of the spawn point.
 */
export function animalSpawns(
  generator: SurvivalWorldGenerator,
  spawn: { x: number; z: number },
  herds = 8,
  radius = 40,
): AnimalSpawn[] {
  const random = new SeededRandom(hash4(generator.seed, 0xa11, 0x3a1, 7))
  const found: AnimalSpawn[] = []
  for (let herd = 0, tries = 0; herd < herds && tries < herds * 40; tries++) {
    const cx = Math.floor(spawn.x) + random.int(-radius, radius)
    const cz = Math.floor(spawn.z) + random.int(-radius, radius)
    const ground = generator.groundAt(cx, cz)
    if (ground === undefined) continue
    const kind = KINDS[herd % KINDS.length] as AnimalKind
    const size = kind === 'sheep' ? 4 : random.int(2, 4)
    for (let i = 0; i < size; i++) {
      const x = cx + random.int(-2, 2)
      const z = cz + random.int(-2, 2)
      const y = generator.groundAt(x, z)
      if (y !== undefined) found.push({ kind, x: x + 0.5, y: y + 1, z: z + 0.5 })
    }
    herd++
  }
  return found
}
