/**
 * Long lists in pages a chat can hold: the servers' flood limits cut a reply at a few lines (`maxReplyLines`), so a
 * list of 20 laws is shown 6 at a time with the command for the next page, rather than cut with "more not shown".
 */
import { counted } from '../vocabulary/player-words.js'

export interface Page<T> {
  readonly items: readonly T[]
  /** "page 1 of 3: say !laws 2 for more", or undefined when everything fits on one page. */
  readonly footer: string | undefined
}

/**
 * A page number past the end, or below 1: no failure, a player's guess; the reply says which pages there are
 * ("there is only 1 page of skills; say !skills 1").
 */
export interface NoSuchPage {
  readonly noSuchPage: string
}

/**
 * Page `page` (from 1; default 1) of `items`, `perPage` to a page; `command` is what a player types for a page, and
 * `noun` what the items are ("skills", "laws").
 */
export function pageOf<T>(
  items: readonly T[],
  page: number | undefined,
  perPage: number,
  command: string,
  noun: string,
): Page<T> | NoSuchPage {
  const size = Math.max(1, perPage)
  const pages = Math.max(1, Math.ceil(items.length / size))
  const number = page ?? 1
  if (number < 1) return { noSuchPage: `pages start at 1; say ${command} 1` }
  if (number > pages) {
    const only = pages === 1 ? 'is only 1 page' : `are only ${counted(pages, 'page')}`
    return { noSuchPage: `there ${only} of ${noun}; say ${command} ${pages}` }
  }
  const shown = items.slice((number - 1) * size, number * size)
  if (pages === 1) return { items: shown, footer: undefined }
  const next = number < pages ? `: say ${command} ${number + 1} for more` : ''
  return { items: shown, footer: `page ${number} of ${pages}${next}` }
}

/** Items per page for a reply of at most `maxReplyLines` lines, one of which is the footer. */
export function linesPerPage(maxReplyLines: number): number {
  return Math.max(1, maxReplyLines - 1)
}
