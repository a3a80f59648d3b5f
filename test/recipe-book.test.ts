// The test server's recipe matching: minecraft-data's recipes found from a crafting grid in any position, mirrored
// shapes accepted, and nothing made from what is no recipe.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import minecraftData from 'minecraft-data'
import { RecipeBook } from '../plugin/server/mechanics/recipe-book.js'

const registry = minecraftData('1.21.4')
const book = new RecipeBook(registry)
const id = (name: string): number => {
  const item = registry.itemsByName[name]
  if (!item) throw new Error(`no item ${name}`)
  return item.id
}
const _ = null
const made = (cells: Array<number | null>, width: number): string | null => {
  const match = book.match(cells, width)
  return match ? `${registry.items[match.result.id]?.name} x${match.result.count}` : null
}

describe('RecipeBook', () => {
  const P = id('oak_planks')
  const S = id('stick')
  const C = id('cobblestone')

  test('shapeless: a log in any cell of either grid makes 4 planks', () => {
    for (let cell = 0; cell < 4; cell++) {
      const grid = Array<number | null>(4).fill(null)
      grid[cell] = id('oak_log')
      assert.equal(made(grid, 2), 'oak_planks x4')
    }
    assert.equal(made([_, _, _, _, _, _, _, _, id('birch_log')], 3), 'birch_planks x4')
  })

  test('shaped recipes match wherever they sit in the grid', () => {
    assert.equal(made([P, _, P, _], 2), 'stick x4')
    assert.equal(made([_, P, _, P], 2), 'stick x4')
    assert.equal(made([_, _, _, _, _, P, _, _, P], 3), 'stick x4')
    assert.equal(made([P, P, P, P], 2), 'crafting_table x1')
    assert.equal(made([P, P, P, _, S, _, _, S, _], 3), 'wooden_pickaxe x1')
    assert.equal(made([C, C, C, C, _, C, C, C, C], 3), 'furnace x1')
  })

  test('a mirrored shape is the same recipe (an axe blade on either side)', () => {
    assert.equal(made([C, C, _, C, S, _, _, S, _], 3), 'stone_axe x1')
    assert.equal(made([_, C, C, _, S, C, _, S, _], 3), 'stone_axe x1')
  })

  test('what is no recipe makes nothing', () => {
    assert.equal(made([_, _, _, _], 2), null)
    assert.equal(made([id('dirt'), _, _, _], 2), null)
    assert.equal(made([P, P, P, _], 2), null, 'three planks in an L')
    assert.equal(made([P, P, P, _, S, _, _, _, _], 3), null, 'a pickaxe head on one stick')
    assert.equal(made([S, S, _, _], 2), null, 'two sticks side by side')
    assert.equal(made([P, _, _, P], 2), null, 'planks on a diagonal are no sticks')
  })

  test('a 3×3 recipe cannot be laid in the 2×2 grid', () => {
    // The top-left 2×2 of a pickaxe: planks over a stick, which is no recipe.
    assert.equal(made([P, P, _, S], 2), null)
  })
})
