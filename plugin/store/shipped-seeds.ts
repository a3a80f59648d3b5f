import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The seed skills the package ships (`skills-store/` at the package's root), found by walking up from this file
 * because it sits deeper in the built package (dist/plugin/store/) than in a checkout (plugin/store/). They are read,
 * never written: a store overlays them (SkillStore's `seeds`). Undefined when the package was installed without them.
 */
export const SHIPPED_SEEDS: string | undefined = findShippedSeeds()

function findShippedSeeds(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let up = 0; up < 4; up++) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest)) {
      try {
        const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }
        if (name === 'mineflayer-cedar') {
          const seeds = path.join(dir, 'skills-store')
          return existsSync(seeds) ? seeds : undefined
        }
      } catch {
        // an unreadable manifest on the way up is not ours
      }
    }
    dir = path.dirname(dir)
  }
  return undefined
}

/** Whether `store` is the seed directory itself (writing there would edit the shipped seeds). */
export function isSeedDir(store: string, seeds: string | undefined): boolean {
  return seeds !== undefined && path.resolve(store) === path.resolve(seeds)
}
