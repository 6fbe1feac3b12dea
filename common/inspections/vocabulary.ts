// The words of a move-in or move-out inspection: its kinds and states, the conditions an item can be in,
// the steps of its timeline, the default checklist, and the shapes of what the parties send. Browser-safe:
// the pages, the JSON API and the schema's checks use the same words.
import { z } from 'zod'
import { plainText } from '../plain-text.ts'

export const INSPECTION_KINDS = ['move_in', 'move_out'] as const
export type InspectionKind = (typeof INSPECTION_KINDS)[number]
/** How a kind is written in an address: /leases/:id/inspections/move-in. */
export const INSPECTION_SLUGS: Record<InspectionKind, string> = { move_in: 'move-in', move_out: 'move-out' }
export const kindOfSlug = (slug: string): InspectionKind | null =>
  slug === 'move-in' ? 'move_in' : slug === 'move-out' ? 'move_out' : null
export const INSPECTION_KIND_LABELS: Record<InspectionKind, string> = { move_in: 'Move-in inspection', move_out: 'Move-out inspection' }

/**
 * open: both sides fill the checklist and comment; signing: the record is frozen as a document and the
 * parties sign it (before the first signature either side may reopen it); signed: everyone signed, final.
 */
export const INSPECTION_STATES = ['open', 'signing', 'signed'] as const
export type InspectionState = (typeof INSPECTION_STATES)[number]
export const INSPECTION_STATE_LABELS: Record<InspectionState, string> = {
  open: 'Being filled in',
  signing: 'Out for signature',
  signed: 'Signed by everyone',
}

export const CONDITIONS = ['new', 'good', 'fair', 'poor', 'damaged', 'missing', 'not_applicable'] as const
export type Condition = (typeof CONDITIONS)[number]
export const CONDITION_LABELS: Record<Condition, string> = {
  new: 'New',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  damaged: 'Damaged',
  missing: 'Missing',
  not_applicable: 'Not applicable',
}

export const INSPECTION_ACTIONS = [
  'started',
  'room_added',
  'room_removed',
  'item_added',
  'item_removed',
  'item_updated',
  'commented',
  'photo_added',
  'photo_removed',
  'ready',
  'reopened',
  'consented',
  'consent_withdrawn',
  'signed',
  'completed',
] as const
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number]
export const INSPECTION_ACTION_LABELS: Record<InspectionAction, string> = {
  started: 'Started',
  room_added: 'Added a room',
  room_removed: 'Removed a room',
  item_added: 'Added an item',
  item_removed: 'Removed an item',
  item_updated: 'Recorded an item',
  commented: 'Commented',
  photo_added: 'Added a photo',
  photo_removed: 'Removed a photo',
  ready: 'Sent for signature',
  reopened: 'Reopened for changes',
  consented: 'Agreed to sign electronically',
  consent_withdrawn: 'Withdrew consent to sign electronically',
  signed: 'Signed',
  completed: 'Signed by everyone',
}

export const DEFAULT_ITEMS = ['Walls', 'Floors', 'Windows', 'Doors', 'Fixtures'] as const
/** The items of a room, by what its name says it is. */
export function defaultItemsOf(room: string): string[] {
  if (/kitchen/i.test(room)) return [...DEFAULT_ITEMS, 'Appliances', 'Cabinets and counters']
  if (/bath/i.test(room)) return [...DEFAULT_ITEMS, 'Sink and taps', 'Toilet', 'Shower or tub']
  if (/bedroom/i.test(room)) return [...DEFAULT_ITEMS, 'Closet']
  return [...DEFAULT_ITEMS]
}

/** The rooms a checklist starts with, from the listing: each bedroom and bathroom, the kitchen, the living room. */
export function defaultRoomsOf({ bedrooms, bathroomHalves }: { bedrooms: number; bathroomHalves: number }): string[] {
  const numbered = (word: string, count: number) => (count === 1 ? [word] : Array.from({ length: count }, (_, i) => `${word} ${i + 1}`))
  const full = Math.floor(bathroomHalves / 2)
  return [
    'Living room',
    'Kitchen',
    ...numbered('Bedroom', bedrooms),
    ...numbered('Bathroom', full),
    ...(bathroomHalves % 2 === 1 ? ['Half bathroom'] : []),
  ]
}

export const MAX_ROOMS = 40
export const MAX_ITEMS_PER_ROOM = 30
export const MAX_PHOTOS_PER_ITEM = 6
export const MAX_COMMENTS_PER_ITEM = 100

const text = (label: string, max: number) =>
  plainText(label)
    .trim()
    .max(max, { error: `${label} can have at most ${max} characters.` })

export const roomSchema = z.object({ name: text('The room’s name', 60).min(1, 'Name the room.') })
export const itemNameSchema = z.object({ name: text('The item’s name', 60).min(1, 'Name the item.') })
export const itemSchema = z.object({
  condition: z.enum(CONDITIONS, { error: 'Choose a condition.' }),
  notes: text('Notes', 1000).default(''),
})
export const commentSchema = z.object({ body: text('The comment', 500).min(1, 'Write a comment.') })
export const signInspectionSchema = z.object({
  typedName: text('Your typed name', 120).min(2, 'Type your full name as your signature.'),
  confirm: z.literal(true, 'Tick the box to confirm you sign this inspection.'),
  documentSha256: z.string({ error: 'The document you read is not named.' }).regex(/^[0-9a-f]{64}$/, 'The document you read is not named.'),
})
export const consentInspectionSchema = z.object({ agree: z.literal(true, 'Tick the box to agree to sign electronically.') })
