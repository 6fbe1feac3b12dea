// What the chat pages, their scripts and the live socket exchange: the messages, conversations and
// page data the server sends and the components render. Browser-safe: types only.
import type { FormAnswer } from '#common/forms.ts'

export type Person = { id: string; name: string; image: string | null }

/** What every stored message has, in a conversation or in the room. */
export type StoredMessage = {
  id: number
  seq: number
  body: string
  clientTxnId: string
  createdAt: string
  /** When its author last changed its words; null if never. */
  editedAt: string | null
  deleted: boolean
}

export type DirectMessage = StoredMessage & {
  conversationId: number
  senderId: string
  /** When the recipient read it; null while unread, and always null for the sender when the recipient keeps receipts off. */
  readAt: string | null
}

export type RoomMessage = StoredMessage & { roomId: string; author: Person }

export type ConversationSummary = {
  id: number
  other: Person
  listing: { id: number; title: string } | null
  /** A maintenance request's own thread: the request it is about. */
  maintenance?: { id: number; title: string } | null
  lastSeq: number
  lastMessageAt: string | null
  lastMessage: { body: string; senderId: string; deleted: boolean } | null
  unread: number
}

export const CHAT_INTENTS = {
  send: 'send',
  edit: 'edit',
  delete: 'delete',
  report: 'report',
  block: 'block',
  unblock: 'unblock',
  mute: 'mute',
  messageLandlord: 'message-landlord',
} as const
export type ChatIntent = (typeof CHAT_INTENTS)[keyof typeof CHAT_INTENTS]

/**
 * What a refused chat form gets back: which form (and message) it was, the refusal, and what was
 * typed, so the form shows again with it.
 */
export type ChatFailure = FormAnswer & {
  intent: ChatIntent
  messageId?: number
  values?: { body?: string; reason?: string }
}

/** The listing a conversation is about, or only that it is gone (archived, leased, deleted). */
export type ListingCard = { available: true; id: number; title: string; path: string; allInMonthlyCents: number } | { available: false }

export type ChatViewer = { id: string; name: string; isAdmin: boolean; mutedUntil: string | null }

export type RoomThread = { kind: 'room'; messages: RoomMessage[]; hasEarlier: boolean; before: number | null }

export type DirectThread = {
  kind: 'direct'
  conversation: ConversationSummary
  messages: DirectMessage[]
  hasEarlier: boolean
  before: number | null
  isBlocked: boolean
  listing: ListingCard | null
}

/** /chat for someone with private conversations: the list, and no composer until one is chosen. */
export type InboxView = { kind: 'inbox' }

export type ChatPageData = {
  viewer: ChatViewer | null
  /** The signed-in user's conversations, unread first, then the latest message first. */
  conversations: ConversationSummary[]
  thread: RoomThread | DirectThread | InboxView
  /** The transaction id of the composer's next send without JavaScript (a double submit stores one). */
  clientTxnId: string
  /** For administrators: how many reports wait for them (null for everyone else). */
  reportsToReview: number | null
}

export type OpenReport = {
  id: number
  kind: 'direct' | 'room'
  reason: string
  reportedAt: string
  reporter: Person
  /** Null when the message itself is gone (its author's account was deleted). */
  message: {
    id: number
    body: string
    deleted: boolean
    createdAt: string
    author: Person
    /** Until when the author is muted in the room, if they are. */
    authorMutedUntil: string | null
  } | null
}

export type ActiveMute = { person: Person; until: string; reason: string; mutedBy: string | null }

export type ReportsPageData = { reports: OpenReport[]; mutes: ActiveMute[] }

/** A refused form of the reports page: which report (or person) it was about, and the refusal. */
export type ReportsFailure = FormAnswer & { reportId?: number; userId?: string }
