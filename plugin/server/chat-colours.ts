/**
 * 1.20.3+ sends chat as NBT components, and flying-squid writes a string there as it is: its own join and leave
 * messages (`&eAlex joined the game.`) reach players with the colour code as text. A string with `&` codes becomes
 * the formatted component its JSON path (before 1.20.3) makes of it: yellow text, no code.
 */
import type { MCServer } from 'flying-squid'

interface JsonComponent {
  readonly [key: string]: string | boolean | number | readonly JsonComponent[] | undefined
}

/** An NBT tag as prismarine-nbt writes it. */
type Tag = { type: string; value: unknown; name?: string }

interface ChatServer {
  supportFeature(feature: string): boolean
  _createJsonChat(message: string): JsonComponent
  _createChatComponent(text: unknown): unknown
}

/** The NBT compound's fields for a JSON chat component (booleans as bytes, `extra` as a list of compounds). */
function nbtFields(component: JsonComponent): Record<string, Tag> {
  const fields: Record<string, Tag> = {}
  for (const [key, value] of Object.entries(component)) {
    if (typeof value === 'string') fields[key] = { type: 'string', value }
    else if (typeof value === 'boolean') fields[key] = { type: 'byte', value: value ? 1 : 0 }
    else if (typeof value === 'number') fields[key] = { type: 'int', value }
    else if (Array.isArray(value)) {
      fields[key] = { type: 'list', value: { type: 'compound', value: value.map((c: JsonComponent) => nbtFields(c)) } }
    }
  }
  return fields
}

/** The NBT component for a line with `&` colour codes, ready for the packet (flying-squid's own shape). */
export function colouredComponent(serv: Pick<ChatServer, '_createJsonChat'>, text: string): Tag {
  const json = serv._createJsonChat(text)
  // Only what changes the look: flying-squid's every false flag would bloat each line.
  const extra = ((json.extra ?? []) as readonly JsonComponent[]).map((part) =>
    Object.fromEntries(Object.entries(part).filter(([, v]) => v !== false)),
  )
  const tag: Tag & { toNetworkFormat?: () => Tag } = {
    type: 'compound',
    name: '',
    value: nbtFields({ text: '', ...(extra.length > 0 ? { extra } : {}) }),
  }
  tag.toNetworkFormat = () => tag
  return tag
}

export function patchChatColours(server: MCServer): boolean {
  const serv = server as unknown as ChatServer
  if (!serv.supportFeature('chatPacketsUseNbtComponents')) return false
  let wrapped = false
  // The chat plugin defines _createChatComponent when the server starts; it is wrapped before the first player.
  server.on('newPlayer', () => {
    if (wrapped) return
    wrapped = true
    const original = serv._createChatComponent.bind(serv)
    serv._createChatComponent = (text: unknown) =>
      typeof text === 'string' && /&[0-9a-fk-or]/.test(text) ? colouredComponent(serv, text) : original(text)
  })
  return true
}
