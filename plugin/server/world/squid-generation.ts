// Registers the survival world as a flying-squid world generation, so `generation: { name: 'cedar_survival' }`
// picks it like any of flying-squid's own.
import { createRequire } from 'node:module'
import { type ChunkColumnClass, type GenerationRegistry, SurvivalWorldGenerator } from './survival-generation.js'

/** The name flying-squid knows the survival world by. */
export const SURVIVAL_GENERATION_NAME = 'cedar_survival'

interface GenerationOptions {
  /** The seed as the caller gave it: flying-squid replaces a seed of 0 by a random one in `seed`. */
  cedarSeed?: number
  seed: number
  registry: GenerationRegistry
}

type Generation = (options: GenerationOptions) => (chunkX: number, chunkZ: number) => unknown

/** prismarine-chunk for a registry: the copy flying-squid itself depends on, so its World accepts the chunks. */
export function chunkClassFor(flyingSquidEntry: string, registry: GenerationRegistry): ChunkColumnClass {
  const load = createRequire(flyingSquidEntry)('prismarine-chunk') as (registry: unknown) => ChunkColumnClass
  return load(registry)
}

/** Adds the survival world to flying-squid's table of generations (its world plugin looks names up there). */
export function registerSurvivalGeneration(flyingSquidEntry: string): void {
  const generations = createRequire(flyingSquidEntry)('./src/lib/generations.js') as Record<string, Generation>
  generations[SURVIVAL_GENERATION_NAME] ??= (options) => {
    const generator = new SurvivalWorldGenerator(
      options.cedarSeed ?? options.seed,
      options.registry,
      chunkClassFor(flyingSquidEntry, options.registry),
    )
    return (chunkX, chunkZ) => generator.generateChunk(chunkX, chunkZ)
  }
}
