// prismarine-item and prismarine-windows for the server's version, typed as far as the mechanics use them (their
// own typings do not describe the loader functions the way ESM imports see them).
import { createRequire } from 'node:module'
import type { MCServer, SquidItem, SquidWindow } from 'flying-squid'

export interface ItemClass {
  new (type: number, count: number, metadata?: number, nbt?: unknown): SquidItem
  toNotch(item: SquidItem | null): unknown
}

export interface WindowFactory {
  createWindow(id: number, type: string, title: string): SquidWindow | null
  /** Window types by name; `type` is the protocol's menu id on 1.14+. */
  windows: Record<string, { type: number | string } | null>
}

const require = createRequire(import.meta.url)

export function itemClass(serv: MCServer): ItemClass {
  return (require('prismarine-item') as (registry: unknown) => ItemClass)(serv.registry)
}

/** 1.20.5+ item components (`damage`, `max_damage`, ...) as prismarine-item keeps them; absent before. */
export interface ComponentItem extends SquidItem {
  components?: Array<{ type: string; data: unknown }>
  removedComponents?: unknown[]
  componentMap?: Map<string, { type: string; data: unknown }>
}

/**
 * A copy of `item` (with `count`), its NBT and 1.20.5+ components copied too: what a tool carries (its damage) must
 * survive a move between windows, and `new Item(type, count, metadata, nbt)` alone drops the components.
 */
export function copyItem(Item: ItemClass, item: SquidItem, count = item.count): SquidItem {
  const nbt = item.nbt ? structuredClone(item.nbt) : undefined
  const copy = new Item(item.type, count, item.metadata, nbt) as ComponentItem
  const { components, removedComponents } = item as ComponentItem
  if (components && copy.components) {
    copy.components = components.map((component) => ({ ...component }))
    copy.removedComponents = [...(removedComponents ?? [])]
    copy.componentMap = new Map(copy.components.map((component) => [component.type, component]))
  }
  return copy
}

export function windowFactory(serv: MCServer): WindowFactory {
  return (require('prismarine-windows') as (registry: unknown) => WindowFactory)(serv.registry)
}

export interface BlockState {
  readonly name: string
  readonly stateId: number
  getProperties(): Record<string, string | number | boolean>
}

export interface BlockFactory {
  fromStateId(stateId: number, biomeId: number): BlockState
  fromProperties(name: string, properties: Record<string, string | number | boolean>, biomeId: number): BlockState
}

export function blockFactory(serv: Pick<MCServer, 'registry'>): BlockFactory {
  return (require('prismarine-block') as (registry: unknown) => BlockFactory)(serv.registry)
}
