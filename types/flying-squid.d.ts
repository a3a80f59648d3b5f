// Ambient types for flying-squid 1.12 (it ships none). Only what this project touches is typed; the server object
// has many more members (see node_modules/flying-squid/src/lib/plugins). Shapes were read from that source.
declare module 'flying-squid' {
  import type { EventEmitter } from 'node:events'
  import type { Server as NetServer, Socket } from 'node:net'
  import type { IndexedData } from 'minecraft-data'
  import type { Block } from 'prismarine-block'

  /** A `vec3` Vec3 as flying-squid uses it (positions must be real Vec3 instances: it calls offset/floored). */
  export interface SquidVec3 {
    x: number
    y: number
    z: number
    offset(dx: number, dy: number, dz: number): SquidVec3
    floored(): SquidVec3
    clone(): SquidVec3
    distanceTo(other: { x: number; y: number; z: number }): number
    equals(other: { x: number; y: number; z: number }): boolean
  }

  /** A prismarine-item Item, as far as the server's windows use it. */
  export interface SquidItem {
    type: number
    count: number
    metadata: number
    nbt: unknown
    readonly stackSize: number
    readonly name: string
    /** Set by the window that holds it. */
    slot: number
  }

  /** A prismarine-windows Window (flying-squid keeps each player's inventory in one). */
  export interface SquidWindow extends EventEmitter {
    readonly id: number
    readonly type: string
    readonly slots: Array<SquidItem | null>
    readonly inventoryStart: number
    /** One past the last inventory slot. */
    readonly inventoryEnd: number
    readonly hotbarStart: number
    /** The stack on the cursor. */
    selectedItem: SquidItem | null
    acceptClick(click: object, gamemode?: number): unknown
    updateSlot(slot: number, item: SquidItem | null): void
  }

  /** A prismarine-world World (in memory unless a worldFolder is given). */
  export interface SquidWorld {
    getBlockStateId(pos: SquidVec3): Promise<number>
    getBlockType(pos: SquidVec3): Promise<number>
    setBlockStateId(pos: SquidVec3, stateId: number): Promise<void>
    /** The biome id (the server's registry) at a position. */
    getBiome(pos: SquidVec3): Promise<number>
  }

  /** A minecraft-protocol server-side client. */
  export interface SquidClient extends EventEmitter {
    username: string
    uuid: string
    version: string
    latency: number
    socket?: Socket
    write(name: string, params: Record<string, unknown>): void
    end(reason?: string): void
  }

  /** A text component; a plain object avoids flying-squid's `&` colour-code parsing on JSON-chat versions. */
  export interface TextComponent {
    text: string
  }

  export interface SquidEntity extends EventEmitter {
    id: number
    type: string
    /** The registry entity id sent in spawn packets; flying-squid leaves it null for players. */
    entityType: number | null
    uuid: string
    position: SquidVec3
    world: SquidWorld
    yaw: number
    pitch: number
    /** Set on dropped-item entities. */
    itemId?: number
    itemCount?: number
    _writeOthersNearby(packetName: string, params: Record<string, unknown>): void
  }

  export interface SquidPlayer extends SquidEntity {
    type: 'player'
    username: string
    /** The player's own window (prismarine-windows, type minecraft:inventory): 0 craft result, 1-4 grid, 9-44 main. */
    inventory: SquidWindow
    /** 0-8: the hotbar slot in hand (inventory slot 36 + heldItemSlot). */
    heldItemSlot: number
    crouching?: boolean
    op: boolean
    gameMode: number
    disconnected?: boolean
    profileProperties: unknown[]
    _client: SquidClient
    chat(message: string | TextComponent): void
    system(message: string | TextComponent): void
    teleport(position: SquidVec3): Promise<void>
    kick(reason?: string): void
    setGameMode(mode: number): void
    updateHealth(health: number): void
    updateFood(food: number): void
    spawnEntity(entity: SquidEntity): void
    getOtherPlayers(): SquidPlayer[]
    handleCommand(command: string): Promise<void>
    /** Sends one block's state to this player only (a resync; the world is unchanged). */
    sendBlock(position: SquidVec3, stateId: number): void
  }

  /** What `serv.onBlockInteraction` handlers receive when a player uses (right-clicks) a block. */
  export interface BlockInteraction {
    block: Block & { position: SquidVec3 }
    player: SquidPlayer
  }

  /** What `serv.onItemPlace` handlers receive when a player places the item against a block. */
  export interface ItemPlacement {
    item: SquidItem
    player: SquidPlayer
    referencePosition: SquidVec3
    placedPosition: SquidVec3
    /** 0 down, 1 up, 2 north, 3 south, 4 west, 5 east: the face of the reference block clicked. */
    direction: number
    /** The player's heading from the placed block, and the like, for the block's state. */
    properties: { facing: string; [name: string]: unknown }
  }

  /** The block an `onItemPlace` handler places: the block id and its state offset; an unknown id places nothing. */
  export interface PlacedBlock {
    id: number
    data: number
  }

  /** A flying-squid plugin, as `serv.addPlugin` and the `plugins` option take it. */
  export interface SquidPlugin {
    server?(this: unknown, serv: MCServer, settings: MCServerOptions): void
    player?(this: unknown, player: SquidPlayer, serv: MCServer): void
  }

  export interface CommandContext {
    player?: SquidPlayer
  }

  export interface CommandDefinition<P> {
    base: string
    aliases?: string[]
    info?: string
    usage?: string
    op?: boolean
    onlyPlayer?: boolean
    onlyConsole?: boolean
    tab?: string[]
    /** Returning false makes flying-squid answer "Usage: <usage>". */
    parse?: (args: string, ctx: CommandContext) => P | false
    action(params: P, ctx: CommandContext): unknown
  }

  export interface CommandRegistry {
    add<P = string>(definition: CommandDefinition<P>): CommandRegistry
    use(command: string, ctx?: CommandContext, op?: boolean): Promise<string | undefined>
  }

  /** minecraft-protocol's Server. */
  export interface ProtocolServer extends EventEmitter {
    socketServer: NetServer
    clients: Record<string, SquidClient>
    close(): void
  }

  export interface MCServer extends EventEmitter {
    readonly _server: ProtocolServer
    readonly registry: IndexedData
    readonly commands: CommandRegistry
    readonly overworld: SquidWorld
    readonly players: SquidPlayer[]
    readonly entities: Record<number, SquidEntity>
    isReady?: boolean
    pluginsReady: boolean
    listeningPort?: number
    time: number
    doDaylightCycle: boolean
    tickInterval: ReturnType<typeof setInterval> | null
    tickCount: number
    /** Loads a plugin now: its `server` runs at once, its `player` for every player who joins later. */
    addPlugin(name: string, plugin: SquidPlugin, settings?: unknown): void
    /**
     * Registers the handler for players using blocks of that type (one handler per block type). Returning true
     * means "handled": the held item is not placed.
     */
    onBlockInteraction(blockName: string, handler: (interaction: BlockInteraction) => unknown): void
    /** Registers what placing an item makes (one handler per item type), instead of the item's own block. */
    onItemPlace(itemName: string, handler: (placement: ItemPlacement) => PlacedBlock | Promise<PlacedBlock>): void
    _writeAll(packetName: string, params: Record<string, unknown>): void
    supportFeature(feature: string): unknown
    getSpawnPoint: (world: SquidWorld) => Promise<SquidVec3>
    getPlayer(username: string): SquidPlayer | null
    setBlock(world: SquidWorld, position: SquidVec3, stateId: number): Promise<void>
    setTime(ticks: number): void
    setTickInterval(ticksPerSecond: number): void
    stopTickInterval(): void
    broadcast(message: string | TextComponent): void
    handleCommand(command: string): Promise<void>
    /** Kicks every player, waits for each to disconnect, then closes the listening socket. */
    quit(reason?: string): Promise<void>
    destroy(): Promise<void>
    /** Every info/warn/err line goes through this (replaceable). */
    log: (message: string) => void
    info(message: string): void
    warn(message: string): void
    err(message: string): void
    /** A chat component in the version's network format (NBT on 1.20.3+: plain text only). */
    _createChatComponent(text: string): { toNetworkFormat(): unknown }
    spawnObject(type: number, world: SquidWorld, position: SquidVec3, data: Record<string, unknown>): void
    /** Replaced on every join by login.js; see plugin/server/patches.ts. */
    _sendPlayerList(toPlayer: SquidPlayer): void
    /** Replaced on every join by login.js; see plugin/server/patches.ts. */
    _sendPlayerEventLeave(player: SquidPlayer): void

    on(event: 'newPlayer', listener: (player: SquidPlayer) => void): this
    on(event: 'listening', listener: (port: number) => void): this
    on(event: 'error', listener: (error: Error) => void): this
    on(event: 'tick', listener: (deltaSeconds: number, tickCount: number) => void): this
    on(event: string | symbol, listener: (...args: never[]) => void): this
  }

  export interface GenerationOptions {
    /** flying-squid's generations, or one registered in its table (mineflayer-cedar adds 'cedar_survival'). */
    name: 'superflat' | 'diamond_square' | 'grass_field' | 'all_the_blocks' | 'empty' | 'nether' | 'cedar_survival'
    options: { seed?: number; worldHeight?: number; [key: string]: unknown }
  }

  /** Options of createMCServer: flying-squid settings plus minecraft-protocol createServer options. */
  export interface MCServerOptions {
    version: string
    port?: number
    host?: string
    motd?: string
    'online-mode'?: boolean
    'max-players'?: number
    'view-distance'?: number
    'everybody-op'?: boolean
    'max-entities'?: number
    'player-list-text'?: { header: TextComponent; footer: TextComponent }
    gameMode?: number
    difficulty?: number
    generation?: GenerationOptions
    /** Unset: the world lives in memory and player data is never written. */
    worldFolder?: string
    /** true writes ./logs/<time>.log. */
    logging?: boolean
    /** Silences the console output that `logging: false` still prints. */
    noConsoleOutput?: boolean
    kickTimeout?: number
    /** minecraft-protocol: do not print client errors (a client error still disconnects that client). */
    hideErrors?: boolean
    plugins?: Record<string, unknown>
    modpe?: boolean
    debug?: (...args: unknown[]) => void
  }

  export function createMCServer(options: MCServerOptions): MCServer

  export class UserError extends Error {
    readonly userError: 1
  }

  export const testedVersions: string[]
}
