// The photos of inspection items. Until private tenancy photos are stored, no item has any.
import type { Db } from '#server/db/client.server.ts'
import type { Tx } from '#server/listings/index.server.ts'

/** The photo ids of each item, in the order they were added. */
export async function photoIdsByItem(_db: Db | Tx, _itemIds: number[]): Promise<Map<number, string[]>> {
  return new Map()
}

/** Links to the photos for one reader. */
export async function photoLinks(_photoIds: string[], _readerId: string): Promise<Map<string, string>> {
  return new Map()
}
