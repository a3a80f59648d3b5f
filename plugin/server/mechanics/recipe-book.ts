// Which item a crafting grid makes, from minecraft-data's recipes: an index from the grid's trimmed shape (and its
// mirror image, as vanilla accepts) or its multiset of ingredients to the recipe, so matching is one lookup.
import type { IndexedData } from 'minecraft-data'

export interface CraftResult {
  id: number
  count: number
}

export interface CraftMatch {
  result: CraftResult
  /**
   * What each grid cell holds after one craft, for recipes that leave something behind (milk buckets in a cake
   * leave empty buckets): cell index → item id. Cells not listed lose one item.
   */
  remainders: ReadonlyMap<number, number>
}

type RawShape = ReadonlyArray<ReadonlyArray<number | null | undefined>>

interface RawRecipe {
  inShape?: RawShape
  outShape?: RawShape
  ingredients?: ReadonlyArray<number | null>
  result: { id: number; count?: number }
}

interface Shaped {
  result: CraftResult
  /** Trimmed rows of the recipe, as laid in the grid (ids, null = empty). */
  rows: ReadonlyArray<ReadonlyArray<number | null>>
  outShape: RawShape | undefined
  mirrored: boolean
}

export class RecipeBook {
  private readonly shaped = new Map<string, Shaped>()
  private readonly shapeless = new Map<string, CraftResult>()

  constructor(registry: IndexedData) {
    const recipes = (registry as unknown as { recipes: Record<string, RawRecipe[]> }).recipes
    for (const list of Object.values(recipes)) {
      for (const recipe of list) this.add(recipe)
    }
  }

  /** The recipe the grid holds (`cells` row by row, `width` wide: 2 or 3), or null. */
  match(cells: ReadonlyArray<number | null>, width: number): CraftMatch | null {
    const rows = trim(toRows(cells, width))
    if (rows.length === 0) return null
    const shaped = this.shaped.get(shapeKey(rows))
    if (shaped) return { result: shaped.result, remainders: remaindersOf(shaped, cells, width) }
    const ingredients = cells.filter((id): id is number => id !== null)
    const result = this.shapeless.get(multisetKey(ingredients))
    return result ? { result, remainders: new Map() } : null
  }

  private add(recipe: RawRecipe): void {
    const result = { id: recipe.result.id, count: recipe.result.count ?? 1 }
    if (recipe.inShape) {
      const rows = trim(recipe.inShape.map((row) => row.map((id) => (id === undefined || id === null ? null : id))))
      if (rows.length === 0) return
      const outShape = recipe.outShape
      // The first recipe listed for a shape wins, as in minecraft-data's order.
      if (!this.shaped.has(shapeKey(rows))) this.shaped.set(shapeKey(rows), { result, rows, outShape, mirrored: false })
      const mirror = rows.map((row) => [...row].reverse())
      if (!this.shaped.has(shapeKey(mirror))) {
        this.shaped.set(shapeKey(mirror), { result, rows: mirror, outShape, mirrored: true })
      }
    } else if (recipe.ingredients) {
      const ids = recipe.ingredients.filter((id): id is number => id !== null)
      const key = multisetKey(ids)
      if (ids.length > 0 && !this.shapeless.has(key)) this.shapeless.set(key, result)
    }
  }
}

function toRows(cells: ReadonlyArray<number | null>, width: number): Array<Array<number | null>> {
  const rows: Array<Array<number | null>> = []
  for (let i = 0; i < cells.length; i += width) rows.push(cells.slice(i, i + width))
  return rows
}

/** The rows cut to the bounding box of non-empty cells (rows padded to one width). */
function trim(rows: ReadonlyArray<ReadonlyArray<number | null>>): Array<Array<number | null>> {
  const width = Math.max(0, ...rows.map((row) => row.length))
  const padded = rows.map((row) => Array.from({ length: width }, (_, x) => row[x] ?? null))
  const usedRows = padded.flatMap((row, y) => (row.some((id) => id !== null) ? [y] : []))
  const usedColumns = Array.from({ length: width }, (_, x) => x).filter((x) => padded.some((row) => row[x] !== null))
  const [top, bottom, left, right] = [usedRows[0], usedRows.at(-1), usedColumns[0], usedColumns.at(-1)]
  if (top === undefined || bottom === undefined || left === undefined || right === undefined) return []
  return padded.slice(top, bottom + 1).map((row) => row.slice(left, right + 1))
}

function shapeKey(rows: ReadonlyArray<ReadonlyArray<number | null>>): string {
  return rows.map((row) => row.map((id) => (id === null ? '_' : id)).join(',')).join('/')
}

function multisetKey(ids: readonly number[]): string {
  return [...ids].sort((a, b) => a - b).join(',')
}

/** Grid cells that keep an item after crafting (outShape), mapped through the trimmed placement in the grid. */
function remaindersOf(shaped: Shaped, cells: ReadonlyArray<number | null>, width: number): Map<number, number> {
  const remainders = new Map<number, number>()
  if (!shaped.outShape) return remainders
  const occupied = cells.flatMap((id, i) => (id === null ? [] : [i]))
  const top = Math.min(...occupied.map((i) => Math.floor(i / width)))
  const left = Math.min(...occupied.map((i) => i % width))
  const out = shaped.mirrored ? shaped.outShape.map((row) => [...row].reverse()) : shaped.outShape
  out.forEach((row, y) => {
    row.forEach((id, x) => {
      if (id !== null && id !== undefined) remainders.set((top + y) * width + left + x, id)
    })
  })
  return remainders
}
