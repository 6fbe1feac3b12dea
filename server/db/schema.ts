/* eslint-disable max-lines -- one file on purpose: every table and index in one place, as drizzle-kit and the migrations see them */
// The one Drizzle schema of Cooper Home. Every change here ships with a drizzle-kit migration
// (`npm run db:generate`), applied on start and in tests on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { ARTICLE_CATEGORY_SLUGS, CONTENT_KINDS, CONTENT_STATUSES, FAQ_TOPIC_SLUGS } from '#common/content/vocabulary.ts'
import { AMENITY_VALUES, LISTING_STATUSES, LISTING_TYPES, UTILITY_VALUES } from '#common/listings/vocabulary.ts'
import {
  HOLD_REASONS,
  LISTING_REPORT_REASON_VALUES,
  LISTING_REPORT_RESOLUTIONS,
  REPORT_TEXT_MAX,
  ADMIN_REASON_MAX,
  REVIEW_REPORT_RESOLUTIONS,
} from '#common/moderation/vocabulary.ts'
import { APPLICATION_ACTIONS, APPLICATION_STATES, PET_POLICIES } from '#common/applications/vocabulary.ts'
import { TOUR_ACTIONS, TOUR_STATES } from '#common/tours/vocabulary.ts'
import { LEASE_ACTIONS, LEASE_KINDS, LEASE_ROLES, LEASE_STATES } from '#common/leases/vocabulary.ts'
import {
  CHARGE_KINDS,
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  NOTICE_KINDS,
  PAYMENT_ACTIONS,
  PAYMENT_METHODS,
  PAYMENT_STATES,
} from '#common/ledger/vocabulary.ts'
import { DEDUCTION_CATEGORIES, DEPOSIT_RETURN_STATES } from '#common/deposits/vocabulary.ts'
import { CONDITIONS, INSPECTION_ACTIONS, INSPECTION_KINDS, INSPECTION_STATES } from '#common/inspections/vocabulary.ts'
import { BOOKING_ACTIONS, BOOKING_STATES, CANCELLATION_POLICIES, HOLD_KINDS } from '#common/stays/vocabulary.ts'
import { MAX_REMOVAL_NOTE, MAX_REVIEW_ANSWER, MAX_REVIEW_TEXT, REVIEW_RULE_KEYS, REVIEW_SIDES } from '#common/stays/reviews.ts'
import {
  ALERT_FREQUENCIES,
  ALERT_KINDS,
  BELOW_INDEX_PERCENT,
  DEFAULT_DIGEST_HOUR,
  LISTING_ALERT_CHANGES,
} from '#common/alerts/vocabulary.ts'
import type { BelowIndex } from '#common/alerts/types.ts'
import { MAINTENANCE_ACTIONS, MAINTENANCE_CATEGORIES, MAINTENANCE_STATES, MAINTENANCE_URGENCIES } from '#common/maintenance/vocabulary.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

// --- better-auth tables (names and fields as better-auth expects them) ---

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  // Always stored lower-cased (see common/accounts/email.ts).
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // The version of the Terms of Use the user accepted when signing up.
  termsVersion: text('terms_version'),
  /** Set by better-auth's two-factor plugin once an authenticator app's first code is confirmed. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  // A ban by an administrator (the operator console): no sign-in while `banned` and `ban_expires`
  // is null (for good) or still ahead. The names are better-auth's admin plugin's.
  banned: boolean('banned').notNull().default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  /** The administrator who banned them; no foreign key, so the record outlives that account. */
  bannedBy: text('banned_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** How the user signed in to start this session ('password', 'oidc', …): a lease signature records it. */
    signInMethod: text('sign_in_method'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

// The authenticator app's secret and the backup codes of a user with two-factor sign-in (better-auth's
// two-factor plugin): both encrypted with the site's secret; the codes left are one encrypted JSON list.
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** False between turning it on and confirming the first code. */
    verified: boolean('verified').notNull().default(true),
    /** Failed second-step codes in a row; at 10 the account's second step is locked for 15 minutes. */
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
)

// A passkey (better-auth's passkey plugin, WebAuthn): the public key of a credential the person's device keeps.
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    /** The owner's label ("Work laptop"), shown on the profile. */
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    /** 'singleDevice' or 'multiDevice' (synced between a person's devices). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }),
    aaguid: text('aaguid'),
  },
  (t) => [index('passkey_user_id_idx').on(t.userId), uniqueIndex('passkey_credential_id_idx').on(t.credentialID)],
)

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

// --- Cooper Home ---

// The stored user profile, keyed by the lower-cased e-mail address (docs/product.md#session).
export const profile = pgTable(
  'profile',
  {
    email: text('email').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    setList: boolean('set_list').notNull().default(false),
    role: text('role').notNull().default(''),
    status: text('status').notNull().default('active'),
    photoURL: text('photo_url'),
    img: text('img'),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    bio: text('bio').notNull().default(''),
    phone: text('phone').notNull().default(''),
    // Messaging preferences, set on /userprofile.
    sendReadReceipts: boolean('send_read_receipts').notNull().default(true),
    emailUnreadMessages: boolean('email_unread_messages').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('profile_user_id_idx').on(t.userId)],
)

// The stored list record (a renter's saved homes), keyed by the lower-cased e-mail.
export const list = pgTable('list', {
  email: text('email')
    .primaryKey()
    .references(() => profile.email, { onDelete: 'cascade', onUpdate: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

// Failed sign-ins per e-mail and source, so the limits hold across instances and restarts.
export const signInFailure = pgTable(
  'sign_in_failure',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    // The client address the attempt came from: failures throttle that source, not the account.
    ipAddress: text('ip_address').notNull().default(''),
    createdAt: createdAt(),
  },
  // Serves both counts: per e-mail and source, and per e-mail from every source.
  (t) => [index('sign_in_failure_email_ip_idx').on(t.email, t.ipAddress, t.createdAt)],
)

// A private conversation between two people, usually about a listing: one per pair and listing
// (the pair stored in id order so either side finds it). `last_seq` numbers its messages.
export const conversation = pgTable(
  'conversation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userLowId: text('user_low_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    userHighId: text('user_high_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // No foreign key: a deleted listing leaves its conversations readable.
    listingId: bigint('listing_id', { mode: 'number' }),
    // A maintenance request's own thread: one per request and pair, apart from the pair's other talk.
    maintenanceRequestId: bigint('maintenance_request_id', { mode: 'number' }),
    startedBy: text('started_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_pair_listing_idx').on(
      t.userLowId,
      t.userHighId,
      sql`coalesce(${t.listingId}, 0)`,
      sql`coalesce(${t.maintenanceRequestId}, 0)`,
    ),
    index('conversation_low_activity_idx').on(t.userLowId, t.lastMessageAt.desc()),
    index('conversation_high_activity_idx').on(t.userHighId, t.lastMessageAt.desc()),
    index('conversation_started_idx').on(t.startedBy, t.createdAt),
    check('conversation_pair_order_check', sql`${t.userLowId} < ${t.userHighId} collate "C"`),
  ],
)

// A direct message. The unread badge counts the rows addressed to the user with read = false
// (docs/product.md#unread-badge). `seq` orders a conversation; the sender's client transaction id
// makes a retried send store one message.
export const message = pgTable(
  'message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fromEmail: text('from_email').notNull(),
    toEmail: text('to_email').notNull(),
    listingId: bigint('listing_id', { mode: 'number' }),
    body: text('body').notNull(),
    clientTxnId: text('client_txn_id').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_unread_idx')
      .on(t.toEmail)
      .where(sql`${t.read} = false`),
    uniqueIndex('message_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('message_sender_txn_idx').on(t.senderId, t.clientTxnId),
    // The direct-message rate limit counts a sender's recent messages.
    index('message_sender_time_idx').on(t.senderId, t.createdAt),
    // A deleted message keeps its place in the thread but not its words.
    check('message_body_length_check', sql`(${t.deletedAt} is not null and ${t.body} = '') or char_length(${t.body}) between 1 and 4000`),
  ],
)

// The rooms everyone logged in shares (for now one, 'community'); `last_seq` numbers its messages.
export const room = pgTable('room', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  lastSeq: integer('last_seq').notNull().default(0),
})

export const roomMessage = pgTable(
  'room_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => room.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    clientTxnId: text('client_txn_id').notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
  },
  (t) => [
    uniqueIndex('room_message_seq_idx').on(t.roomId, t.seq),
    uniqueIndex('room_message_author_txn_idx').on(t.authorId, t.clientTxnId),
    // The room's rate limit counts an author's recent messages.
    index('room_message_author_time_idx').on(t.authorId, t.createdAt),
    check(
      'room_message_body_length_check',
      sql`(${t.deletedAt} is not null and ${t.body} = '') or char_length(${t.body}) between 1 and 2000`,
    ),
  ],
)

/** Who will not take direct messages from whom. */
export const userBlock = pgTable(
  'user_block',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
)

/** An administrator's mute: the user cannot post in the room until `until`. */
export const userMute = pgTable('user_mute', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
  mutedBy: text('muted_by').references(() => user.id, { onDelete: 'set null' }),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
})

/** A message reported to administrators. */
export const messageReport = pgTable(
  'message_report',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    /** What the administrator did: dismissed the report, deleted the message or muted its author. */
    resolution: text('resolution'),
  },
  (t) => [
    check('message_report_kind_check', sql`${t.kind} in ('direct', 'room')`),
    check('message_report_resolution_check', sql`${t.resolution} is null or ${t.resolution} in ('dismissed', 'deleted', 'muted')`),
    uniqueIndex('message_report_once_idx').on(t.reporterId, t.kind, t.messageId),
    // Administrators read the open reports, oldest first.
    index('message_report_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
)

/** When a participant was last e-mailed about unread messages in a conversation (at most hourly). */
export const conversationNotice = pgTable(
  'conversation_notice',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
)

// --- Content: knowledge base, FAQ, terms of use ---
// Administrators edit each item in the site. `version` rises by one with every save, so a save based
// on an older version is refused rather than overwriting someone else's; every save also keeps a
// content_revision. A published item is public from `published_at` (or `effective_at`) on.

const tsvectorColumn = customType<{ data: string }>({ dataType: () => 'tsvector' })

// Knowledge-base articles; the footer's "recent posts" are the newest published ones.
export const article = pgTable(
  'article',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown, rendered and sanitised on the server. */
    body: text('body').notNull(),
    category: text('category').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    /** When it became (or becomes) public; null for a draft never published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    /** Times the article was read, for "most read". */
    readCount: bigint('read_count', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // A title match ranks above a summary match, which ranks above a body match.
    searchVector: tsvectorColumn('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("summary", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("body", '')), 'C')`,
      ),
  },
  (t) => [
    index('article_published_at_idx').on(t.status, t.publishedAt),
    index('article_category_idx').on(t.category, t.publishedAt),
    index('article_search_vector_idx').using('gin', t.searchVector),
    check('article_status_check', sql`${t.status} in (${sqlList(CONTENT_STATUSES)})`),
    check('article_category_check', sql`${t.category} in (${sqlList(ARTICLE_CATEGORY_SLUGS)})`),
    check('article_published_check', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
)

// "Was this helpful?": one vote per visitor per article (a signed-in user's id, or a random visitor
// cookie), with an optional short comment administrators read.
export const articleVote = pgTable(
  'article_vote',
  {
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => article.id, { onDelete: 'cascade' }),
    voterKey: text('voter_key').notNull(),
    helpful: boolean('helpful').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.voterKey] }),
    check('article_vote_comment_length_check', sql`char_length(${t.comment}) <= 500`),
  ],
)

export const faqEntry = pgTable(
  'faq_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The answer's anchor: /faq#slug. */
    slug: text('slug').notNull().unique(),
    topic: text('topic').notNull(),
    question: text('question').notNull(),
    /** Markdown. */
    answer: text('answer').notNull(),
    /** Order within the topic, smallest first. */
    position: integer('position').notNull().default(0),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('faq_entry_topic_idx').on(t.topic, t.position),
    check('faq_entry_status_check', sql`${t.status} in (${sqlList(CONTENT_STATUSES)})`),
    check('faq_entry_topic_check', sql`${t.topic} in (${sqlList(FAQ_TOPIC_SLUGS)})`),
    check('faq_entry_published_check', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
)

// Versions of the Terms of Use. The one in force is the published version with the latest
// effective time not in the future; user.terms_version holds the label accepted at sign-up.
export const termsVersion = pgTable(
  'terms_version',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The version's name and address: /terms/<label>, e.g. 2025-01-15. */
    label: text('label').notNull().unique(),
    /** Markdown. */
    body: text('body').notNull(),
    /** What changed from the version before, shown when users are asked to accept it. */
    summary: text('summary').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('terms_version_effective_idx').on(t.status, t.effectiveAt),
    check('terms_version_status_check', sql`${t.status} in (${sqlList(CONTENT_STATUSES)})`),
  ],
)

export const termsAcceptance = pgTable(
  'terms_acceptance',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    termsVersionId: bigint('terms_version_id', { mode: 'number' })
      .notNull()
      .references(() => termsVersion.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.termsVersionId] })],
)

// Every save of an article, FAQ entry or terms version: who, when, and the whole item as saved.
export const contentRevision = pgTable(
  'content_revision',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** The item's version this save produced. */
    version: integer('version').notNull(),
    /** The saved fields (title, body, status, …) as JSON. */
    snapshot: jsonb('snapshot').notNull(),
    editorId: text('editor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('content_revision_item_version_idx').on(t.kind, t.itemId, t.version),
    check('content_revision_kind_check', sql`${t.kind} in (${sqlList(CONTENT_KINDS)})`),
  ],
)

// Site-wide settings shared by every instance (e.g. the generated auth secret when none is set).
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

// --- Listings ---

// The id is a bigserial: listings are public, so an opaque id hides nothing, and a small ordered
// integer keeps the keyset tie-breaker and every index on (key, id) compact.
export const listing = pgTable(
  'listing',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('draft'),
    // Lease: all three or none.
    monthlyRentCents: integer('monthly_rent_cents'),
    minTermMonths: smallint('min_term_months'),
    depositCents: integer('deposit_cents'),
    // Short-term rental: both or none.
    nightlyCents: integer('nightly_cents'),
    minNights: smallint('min_nights'),
    currency: text('currency').notNull().default('USD'),
    // Rent (or 30 nights when only short stays are offered) plus required monthly fees; kept in
    // step by every write so price filters and sorts read one indexed column.
    allInMonthlyCents: integer('all_in_monthly_cents').notNull(),
    includedUtilities: text('included_utilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    street: text('street').notNull(),
    unit: text('unit').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    neighborhood: text('neighborhood').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    // The IANA zone of the coordinates (server/listings/time-zone.ts), set by every write; null only on a
    // row written before migration 0028, whose readers then look it up from the coordinates.
    timeZone: text('time_zone'),
    bedrooms: smallint('bedrooms').notNull(),
    // Half-steps, so 2½ bathrooms is 5: exact, integer-indexed, and no numeric-as-string in JS.
    bathroomHalves: smallint('bathroom_halves').notNull(),
    interiorSqft: integer('interior_sqft').notNull(),
    yearBuilt: smallint('year_built'),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allowsCats: boolean('allows_cats').notNull().default(false),
    allowsDogs: boolean('allows_dogs').notNull().default(false),
    petPolicy: text('pet_policy').notNull().default(''),
    isFurnished: boolean('is_furnished').notNull().default(false),
    availableFrom: date('available_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastConfirmedAt: timestamp('last_confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    // When the owner was last told the listing went stale (30 days unconfirmed); cleared on confirm.
    staleNoticeSentAt: timestamp('stale_notice_sent_at', { withTimezone: true }),
    // Listing-page views by anyone but the owner, shown in "My listings".
    viewCount: integer('view_count').notNull().default(0),
    // Held out of search until an administrator looks (status 'held'): why and since when. On an
    // archived listing a removal by an administrator is kept as held_reason 'removed', so it stays down.
    heldReason: text('held_reason'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    // The title and description an administrator approved (SHA-256 hex): the same text is not held for payment words again.
    approvedTextSha256: text('approved_text_sha256'),
    // The amenities as bits (bit i for AMENITY_VALUES[i]), so "has all of these" is a mask test that
    // the covering search indexes can answer without reading the row.
    amenityBits: integer('amenity_bits')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(AMENITY_VALUES.map((value, i) => `(case when '${value}' = any("amenities") then ${2 ** i} else 0 end)`).join(' + ')),
      ),
    // The words of the title, the place and the description, and a term per filter value ("type:house",
    // "beds>=2", "pets:cats", "amenity:pool", "city:boston", "zip:02134", "state:ma", "hood:back bay"…,
    // made by the SQL function listing_facet_terms of migration 0013), so one GIN lookup intersects
    // words, places and filters.
    searchVector: tsvectorColumn('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("city", '') || ' ' || coalesce("neighborhood", '') || ' ' || coalesce("zip", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C') || listing_facet_terms("type", "bedrooms", "bathroom_halves", "monthly_rent_cents", "nightly_cents", "allows_cats", "allows_dogs", "is_furnished", "amenities", "city", "zip", "state", "neighborhood")`,
      ),
  },
  (t) => [
    check('listing_type_check', sql`${t.type} in (${sqlList(LISTING_TYPES)})`),
    check('listing_status_check', sql`${t.status} in (${sqlList(LISTING_STATUSES)})`),
    check(
      'listing_held_check',
      sql`(${t.status} = 'held') = (${t.heldReason} is not null and ${t.heldReason} <> 'removed') and (${t.heldReason} is null) = (${t.heldAt} is null) and (${t.heldReason} is null or ${t.heldReason} in (${sqlList(HOLD_REASONS)}, 'removed'))`,
    ),
    check('listing_offer_check', sql`${t.monthlyRentCents} is not null or ${t.nightlyCents} is not null`),
    check(
      'listing_lease_check',
      sql`(${t.monthlyRentCents} is null) = (${t.minTermMonths} is null) and (${t.monthlyRentCents} is null) = (${t.depositCents} is null) and coalesce(${t.monthlyRentCents}, 0) >= 0 and coalesce(${t.depositCents}, 0) >= 0 and coalesce(${t.minTermMonths}, 1) >= 1`,
    ),
    check(
      'listing_short_term_check',
      sql`(${t.nightlyCents} is null) = (${t.minNights} is null) and coalesce(${t.nightlyCents}, 0) >= 0 and coalesce(${t.minNights}, 1) >= 1`,
    ),
    check('listing_currency_check', sql`${t.currency} = 'USD'`),
    check('listing_state_check', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('listing_zip_check', sql`${t.zip} ~ '^[0-9]{5}$'`),
    check('listing_coordinates_check', sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
    check('listing_bedrooms_check', sql`${t.bedrooms} between 0 and 20`),
    check('listing_bathrooms_check', sql`${t.bathroomHalves} between 0 and 40`),
    check('listing_sqft_check', sql`${t.interiorSqft} between 1 and 100000`),
    // Wider than the form's 1700..next year, so the database refuses only what no form could mean.
    check('listing_year_built_check', sql`${t.yearBuilt} between 1600 and 2100`),
    check('listing_amenities_check', sql`${t.amenities} <@ array[${sqlList(AMENITY_VALUES)}]::text[]`),
    check('listing_utilities_check', sql`${t.includedUtilities} <@ array[${sqlList(UTILITY_VALUES)}]::text[]`),
    index('listing_owner_id_idx').on(t.ownerId),
    index('listing_search_vector_idx').using('gin', t.searchVector),
    index('listing_zip_prefix_idx').on(t.zip.op('text_pattern_ops')),
    index('listing_city_prefix_idx').using('btree', sql`lower(${t.city}) text_pattern_ops`),
    // Published listings the hourly stale job has not yet found unconfirmed, by confirmation: what the
    // job reads to find those gone stale since it last ran.
    index('listing_on_map_confirmed_idx')
      .on(t.lastConfirmedAt)
      .where(sql`${t.status} = 'published' and (${t.staleNoticeSentAt} is null or ${t.staleNoticeSentAt} < ${t.lastConfirmedAt})`),
    // Published listings by price, for a listing page's similar homes. Search itself reads the
    // in-memory index (docs/decisions/026-search-served-from-memory.md).
    index('listing_published_price_idx')
      .on(t.allInMonthlyCents, t.id)
      .where(sql`${t.status} = 'published'`),
  ],
)

/**
 * How many published listings carry each term of `listing.search_vector` (a word's lexeme or a filter
 * term): exact, kept by statement triggers on `listing` (migration 0012), and read to choose a search's
 * plan. The column is collated "C" so that a prefix ("city:phil…") is a range of the primary key.
 */
export const listingSearchTerm = pgTable('listing_search_term', {
  term: text('term').primaryKey(),
  listings: integer('listings').notNull(),
})

/**
 * The log of changes to what search reads of listings: a row per transaction that changed the
 * searchable columns of published listings (or published or unpublished some, or changed their
 * photos), with their ids, numbered in commit order (`listing_change_head` holds the last number;
 * transactions take it in turn as they commit). Kept by statement triggers on `listing` and
 * `listing_photo` (migrations 0019–0021); each app process's search index reads the rows after the
 * last it applied before it answers, so it never misses a committed change. Old rows are pruned.
 */
export const listingChange = pgTable('listing_change', {
  n: bigint('n', { mode: 'number' }).primaryKey(),
  ids: bigint('ids', { mode: 'number' }).array().notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The ids a transaction's statements changed, kept until it commits: then one `listing_change` row takes
 * them all under the next number (migration 0021), so the head's lock is held only while committing.
 */
export const listingChangePending = pgTable('listing_change_pending', {
  ids: bigint('ids', { mode: 'number' }).array().notNull(),
})

/** The number of the last `listing_change` row: one row, updated as each transaction that logs one commits. */
export const listingChangeHead = pgTable(
  'listing_change_head',
  {
    only: boolean('only').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('listing_change_head_only_check', sql`${t.only}`)],
)

/** A required monthly fee (parking, pet rent, trash…), part of the all-in monthly cost. */
export const listingFee = pgTable(
  'listing_fee',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    monthlyCents: integer('monthly_cents').notNull(),
  },
  (t) => [index('listing_fee_listing_id_idx').on(t.listingId), check('listing_fee_amount_check', sql`${t.monthlyCents} >= 0`)],
)

/** Ordered photos; the upload pipeline fills storage key, size and placeholder when ready. */
export const listingPhoto = pgTable(
  'listing_photo',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    altText: text('alt_text').notNull().default(''),
    storageKey: text('storage_key').notNull(),
    status: text('status').notNull().default('pending'),
    width: integer('width'),
    height: integer('height'),
    placeholder: text('placeholder'),
    // The WebP widths written for this photo, smallest first, once it is ready.
    variantWidths: integer('variant_widths')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // Why processing failed, in words an owner can act on.
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_photo_listing_idx').on(t.listingId, t.position),
    check('listing_photo_status_check', sql`${t.status} in ('pending', 'ready', 'failed')`),
  ],
)

/** Every asking price a listing has had, appended on create and on each change (the Cooper Index reads it). */
export const listingPriceHistory = pgTable(
  'listing_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /**
     * Where the price stood in the home's marketing: 'listed' when the listing went on the market (a new
     * letting begins), 'asking' when it changed while on the market (a cut or a rise within that letting),
     * 'off-market' when it changed while the home was not offered (a draft, or a let home's rent review).
     * Rows from before this column read 'asking'.
     */
    marketPhase: text('market_phase').notNull().default('asking'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_price_history_listing_idx').on(t.listingId, t.changedAt),
    // Prices changed while on the market, newest first: what the home page's price drops read back from now.
    index('listing_price_history_asking_idx')
      .on(t.changedAt)
      .where(sql`${t.marketPhase} = 'asking'`),
    check('listing_price_history_kind_check', sql`${t.kind} in ('lease', 'short-term')`),
    check('listing_price_history_market_phase_check', sql`${t.marketPhase} in ('listed', 'asking', 'off-market')`),
  ],
)

/** A listing on a renter's saved list (the list record, keyed by the lower-cased e-mail). */
export const savedListing = pgTable(
  'saved_listing',
  {
    email: text('email')
      .notNull()
      .references(() => list.email, { onDelete: 'cascade', onUpdate: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.listingId] }), index('saved_listing_listing_idx').on(t.listingId)],
)

// --- Cooper Index ---
// Each recompute is a run; its rows are written in full before the one-row pointer moves to it, so
// readers (who read only through cooper_index_current) see the previous run or the new one, never half.
// docs/cooper-index-method.md, "The pipeline".

const COOPER_INDEX_RUN_STATUSES = ['running', 'done', 'failed'] as const
const COOPER_INDEX_GROUPS = ['all', '0-1', '2', '3+'] as const
const COOPER_INDEX_MARKET_KINDS = ['nation', 'state', 'city'] as const

export const cooperIndexRun = pgTable(
  'cooper_index_run',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').notNull().default('running'),
    error: text('error'),
    observations: integer('observations').notNull().default(0),
    pairs: integer('pairs').notNull().default(0),
    // What buildPairs left out, by reason.
    dropped: jsonb('dropped').$type<Record<string, number>>().notNull().default({}),
    markets: integer('markets').notNull().default(0),
  },
  (t) => [
    check('cooper_index_run_status_check', sql`${t.status} in (${sqlList(COOPER_INDEX_RUN_STATUSES)})`),
    // Runs never overlap: at most one row is 'running' (a run that died is marked failed by the next one).
    uniqueIndex('cooper_index_run_one_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
)

/** One month of one market's series; null figures mean "not enough data" (the counts say how little). */
export const cooperIndexPoint = pgTable(
  'cooper_index_point',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => cooperIndexRun.id, { onDelete: 'cascade' }),
    marketKey: text('market_key').notNull(),
    bedrooms: text('bedrooms').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    index: doublePrecision('index'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    ma3: doublePrecision('ma3'),
    mom: doublePrecision('mom'),
    yoy: doublePrecision('yoy'),
    levelCents: integer('level_cents'),
    pairs: integer('pairs').notNull(),
    units: integer('units').notNull(),
    enoughData: boolean('enough_data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.marketKey, t.bedrooms, t.month] }),
    check('cooper_index_point_bedrooms_check', sql`${t.bedrooms} in (${sqlList(COOPER_INDEX_GROUPS)})`),
  ],
)

/** A market of a run, with the companion figures of its latest month. */
export const cooperIndexMarket = pgTable(
  'cooper_index_market',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => cooperIndexRun.id, { onDelete: 'cascade' }),
    marketKey: text('market_key').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    stateCode: text('state_code'),
    bedrooms: text('bedrooms').notNull(),
    latestMonth: date('latest_month', { mode: 'string' }).notNull(),
    medianRentCents: integer('median_rent_cents'),
    activeListings: integer('active_listings').notNull(),
    medianDaysOnMarket: doublePrecision('median_days_on_market'),
    priceCutShare: doublePrecision('price_cut_share'),
    /** The base period's first and last month: the series averages 100 over it (null in runs from before). */
    baseStart: date('base_start', { mode: 'string' }),
    baseEnd: date('base_end', { mode: 'string' }),
    /** The asking rents behind the typical rent of the latest month, and its 90 % band as a fraction of it. */
    levelRents: integer('level_rents'),
    levelHalfWidth: doublePrecision('level_half_width'),
    /** An aggregate's (the nation's, a state's) cities and their weights, the homes let over the base period. */
    parts: jsonb('parts').$type<{ key: string; name: string; homes: number }[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.marketKey, t.bedrooms] }),
    check('cooper_index_market_kind_check', sql`${t.kind} in (${sqlList(COOPER_INDEX_MARKET_KINDS)})`),
    check('cooper_index_market_bedrooms_check', sql`${t.bedrooms} in (${sqlList(COOPER_INDEX_GROUPS)})`),
  ],
)

// The run readers see: one row, moved in one statement when a run is done. A table of its own rather
// than a `setting` row, so the foreign key keeps the current run from being pruned.
export const cooperIndexCurrent = pgTable(
  'cooper_index_current',
  {
    id: smallint('id').primaryKey().default(1),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => cooperIndexRun.id),
  },
  (t) => [check('cooper_index_current_one_row_check', sql`${t.id} = 1`)],
)

// --- Tours ---

/**
 * A landlord's tour availability (common/tours/availability.ts): the account's defaults (no listing)
 * or one listing's own, which replaces the defaults for that listing as a whole.
 */
export const tourAvailability = pgTable(
  'tour_availability',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listing.id, { onDelete: 'cascade' }),
    toursEnabled: boolean('tours_enabled').notNull(),
    /** The showing windows: [{ weekday 0–6 (Sunday first), start "HH:MM", end "HH:MM" }], in the listing's zone. */
    windows: jsonb('windows').$type<{ weekday: number; start: string; end: string }[]>().notNull(),
    tourMinutes: smallint('tour_minutes').notNull(),
    noticeHours: smallint('notice_hours').notNull(),
    bufferMinutes: smallint('buffer_minutes').notNull(),
    partiesPerSlot: smallint('parties_per_slot').notNull(),
    blockedDates: date('blocked_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    autoConfirm: boolean('auto_confirm').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tour_availability_owner_listing_idx').on(t.ownerId, sql`coalesce(${t.listingId}, 0)`),
    check('tour_availability_minutes_check', sql`${t.tourMinutes} between 15 and 60`),
    check('tour_availability_notice_check', sql`${t.noticeHours} between 0 and 336`),
    check('tour_availability_buffer_check', sql`${t.bufferMinutes} between 0 and 120`),
    check('tour_availability_parties_check', sql`${t.partiesPerSlot} between 1 and 50`),
  ],
)

/**
 * A tour of a listing: its current state (common/tours/vocabulary.ts); every change is also a
 * tour_event. `uid` and `sequence` are the calendar invitation's (RFC 5545): each change mailed
 * raises the sequence, so calendars replace the event they hold.
 */
export const tour = pgTable(
  'tour',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    renterId: text('renter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    landlordId: text('landlord_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The listing's zone when booked: the times the invitation and the pages show. */
    timeZone: text('time_zone').notNull(),
    partySize: smallint('party_size').notNull(),
    note: text('note').notNull().default(''),
    state: text('state').notNull(),
    /** Why it was declined or cancelled. */
    reason: text('reason').notNull().default(''),
    /** A request not answered by then expires. */
    answerBy: timestamp('answer_by', { withTimezone: true }).notNull(),
    uid: text('uid').notNull(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tour_state_check', sql`${t.state} in (${sqlList(TOUR_STATES)})`),
    check('tour_party_check', sql`${t.partySize} between 1 and 10`),
    check('tour_note_check', sql`char_length(${t.note}) <= 500 and char_length(${t.reason}) <= 500`),
    check('tour_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('tour_uid_idx').on(t.uid),
    // One live tour of a home per renter: another time is a reschedule.
    uniqueIndex('tour_active_renter_listing_idx')
      .on(t.listingId, t.renterId)
      .where(sql`${t.state} in ('requested', 'confirmed')`),
    index('tour_renter_starts_idx').on(t.renterId, t.startsAt),
    index('tour_landlord_starts_idx').on(t.landlordId, t.startsAt),
    index('tour_listing_starts_idx').on(t.listingId, t.startsAt),
    index('tour_unanswered_idx')
      .on(t.answerBy)
      .where(sql`${t.state} = 'requested'`),
  ],
)

/**
 * How many parties hold a place at one start time of a listing, and how many it takes: the capacity
 * is the database's to keep (`booked <= capacity`), so concurrent requests for the last place cannot
 * both win. Kept in step with the live tours by the same transactions that move them.
 */
export const tourSlot = pgTable(
  'tour_slot',
  {
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    capacity: smallint('capacity').notNull(),
    booked: smallint('booked').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.startsAt] }),
    check('tour_slot_capacity_check', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
  ],
)

/**
 * The append-only history of a tour: who moved it, from which state to which, why, when, from where.
 * A trigger (migration 0030) refuses to change or delete a row, except when its tour itself is deleted.
 */
export const tourEvent = pgTable(
  'tour_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tourId: bigint('tour_id', { mode: 'number' })
      .notNull()
      .references(() => tour.id, { onDelete: 'cascade' }),
    /** Null when the site itself acted (an expiry); no foreign key, so the log outlives nothing it names. */
    actorId: text('actor_id'),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    reason: text('reason').notNull().default(''),
    /** The tour's start after this event (a reschedule's new time). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    check('tour_event_action_check', sql`${t.action} in (${sqlList(TOUR_ACTIONS)})`),
    index('tour_event_tour_idx').on(t.tourId, t.id),
  ],
)

// --- Rental applications ---

/**
 * A renter's reusable application ("My application"): what they tell every landlord they apply to,
 * kept as one document (common/applications/profile.ts). Applying copies it into the application, so
 * later edits change nothing already sent. Deleting it deletes nothing already sent either.
 */
export const renterApplication = pgTable('renter_application', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
})

/**
 * A listing's published application criteria, one row per version: a change is a new version, so an
 * application keeps the version it was judged by. The income multiple is in tenths (30 = 3.0 × rent).
 */
export const applicationCriteria = pgTable(
  'application_criteria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    incomeMultipleTenths: smallint('income_multiple_tenths'),
    petPolicy: text('pet_policy').notNull(),
    maxOccupants: smallint('max_occupants'),
    moveInFrom: date('move_in_from', { mode: 'string' }),
    moveInTo: date('move_in_to', { mode: 'string' }),
    otherRequirements: text('other_requirements').notNull().default(''),
    /** Whether the listing takes applications at all. */
    accepting: boolean('accepting').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('application_criteria_listing_version_idx').on(t.listingId, t.version),
    check('application_criteria_pet_check', sql`${t.petPolicy} in (${sqlList(PET_POLICIES)})`),
    check('application_criteria_income_check', sql`${t.incomeMultipleTenths} between 1 and 100`),
    check('application_criteria_occupants_check', sql`${t.maxOccupants} between 1 and 30`),
    check('application_criteria_text_check', sql`char_length(${t.otherRequirements}) <= 2000`),
  ],
)

/**
 * A rental application to one listing: its current state (common/applications/vocabulary.ts) and the
 * snapshot of the renter's reusable application as it was sent. Every change is an application_event.
 */
export const application = pgTable(
  'application',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    renterId: text('renter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    landlordId: text('landlord_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The criteria version it is judged by (null: the listing had published none). */
    criteriaId: bigint('criteria_id', { mode: 'number' }).references(() => applicationCriteria.id),
    state: text('state').notNull(),
    /** The reusable application as sent (null while a draft). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    moveInDate: date('move_in_date', { mode: 'string' }),
    leaseMonths: smallint('lease_months'),
    note: text('note').notNull().default(''),
    /** The monthly rent in cents when it was sent, the ratio's denominator. */
    rentCents: integer('rent_cents'),
    /** What the landlord asked for, while information is requested. */
    infoRequest: text('info_request').notNull().default(''),
    declineReasons: text('decline_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    conditions: text('conditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The landlord's words with a decision (the "other" reason or condition). */
    decisionText: text('decision_text').notNull().default(''),
    /** A conditional approval's deposit, in cents, within the state's limit. */
    depositCents: integer('deposit_cents'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** An open application not decided by then expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the applicant was told the home was taken by someone else: told once. */
    homeTakenToldAt: timestamp('home_taken_told_at', { withTimezone: true }),
    documentsDeletedAt: timestamp('documents_deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('application_state_check', sql`${t.state} in (${sqlList(APPLICATION_STATES)})`),
    check(
      'application_note_check',
      sql`char_length(${t.note}) <= 1000 and char_length(${t.infoRequest}) <= 2000 and char_length(${t.decisionText}) <= 2000`,
    ),
    check('application_lease_check', sql`${t.leaseMonths} between 1 and 60`),
    // One live application per renter and home: a second one is the first one, continued.
    uniqueIndex('application_live_renter_listing_idx')
      .on(t.listingId, t.renterId)
      .where(sql`${t.state} in ('draft', 'submitted', 'under_review', 'info_requested')`),
    index('application_listing_idx').on(t.listingId, t.submittedAt, t.id),
    index('application_landlord_state_idx').on(t.landlordId, t.state),
    index('application_renter_idx').on(t.renterId, t.updatedAt),
    index('application_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('submitted', 'under_review', 'info_requested')`),
  ],
)

/**
 * The append-only history of an application: who moved it, from which state to which, why, when, from
 * where. A trigger refuses to change or delete a row, except when its application itself is deleted.
 */
export const applicationEvent = pgTable(
  'application_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => application.id, { onDelete: 'cascade' }),
    /** Null when the site itself acted (an expiry, a deletion on schedule). */
    actorId: text('actor_id'),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    reason: text('reason').notNull().default(''),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    check('application_event_action_check', sql`${t.action} in (${sqlList(APPLICATION_ACTIONS)})`),
    index('application_event_application_idx').on(t.applicationId, t.id),
  ],
)

/**
 * A private file (an application's pay slip, ID, reference letter; later signed leases and inspection
 * photos): kept under DATA_DIR/private by its id, never on a public path, served only through a
 * short-lived link minted for one reader (server/documents/). Its bytes go when it is deleted; the row
 * stays with `deletedAt` so what an application carried can still be named.
 */
export const privateDocument = pgTable(
  'private_document',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('private_document_type_check', sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png')`),
    check('private_document_name_check', sql`char_length(${t.fileName}) between 1 and 200`),
    index('private_document_owner_idx').on(t.ownerId, t.id),
  ],
)

/**
 * A photo taken during a tenancy (an inspection's item, a maintenance request), kept private: the
 * bytes re-encoded without metadata under DATA_DIR/private/photos/<id>.webp, served only through a
 * link minted for one of the lease's parties. No foreign key to the lease or the uploader: a photo
 * that backs a signed record outlives an account's deletion, as the lease does (decision 036).
 */
export const tenancyPhoto = pgTable(
  'tenancy_photo',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' }).notNull(),
    uploaderId: text('uploader_id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Of the stored WebP file. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('tenancy_photo_lease_idx').on(t.leaseId, t.id), check('tenancy_photo_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`)],
)

/** Which documents an application carries: the landlord of the application may read these, and only these. */
export const applicationDocument = pgTable(
  'application_document',
  {
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => application.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => privateDocument.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.documentId] }), index('application_document_document_idx').on(t.documentId)],
)

/**
 * A co-applicant invited by e-mail: each adult applies with their own account. The invitation's token
 * is kept only as its SHA-256. Accepting links the co-applicant's account and their own snapshot.
 */
export const applicationInvite = pgTable(
  'application_invite',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => application.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('application_invite_token_idx').on(t.tokenHash),
    uniqueIndex('application_invite_email_idx').on(t.applicationId, t.email),
  ],
)

// --- Leases (decision 036) ---
// A lease outlives the accounts and listings it names: its rows hold the parties' names and e-mails
// and the premises as they were, and reference users and listings by id only, without foreign keys,
// so deleting an account or a listing never deletes or changes a lease. Triggers (migration 0036)
// keep every version, signer, consent, signature, seal and event append-only, and a lease in a final
// state unchangeable.

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/** The Markdown lease template administrators keep, one row per version (like the Terms of Use). */
export const leaseTemplate = pgTable(
  'lease_template',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The version's name, e.g. 2026-11-29. */
    label: text('label').notNull().unique(),
    title: text('title').notNull(),
    /** Markdown with named fields ({{rent}}, {{tenants}}, …: common/leases/template.ts). */
    body: text('body').notNull(),
    /** What changed from the version before. */
    summary: text('summary').notNull().default(''),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lease_template_published_idx').on(t.status, t.publishedAt),
    check('lease_template_status_check', sql`${t.status} in (${sqlList(CONTENT_STATUSES)})`),
  ],
)

/** A lease (or an amendment of a signed lease): its current state and, while a draft, its terms. */
export const lease = pgTable(
  'lease',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull().default('lease'),
    /** The signed lease an amendment changes. */
    amendsLeaseId: bigint('amends_lease_id', { mode: 'number' }),
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    /** The approved application it was made from; null when made for a tenant named by e-mail. */
    applicationId: bigint('application_id', { mode: 'number' }),
    landlordId: text('landlord_id').notNull(),
    state: text('state').notNull().default('draft'),
    /** The version being drafted or out for signature; 1 + the number of versions changed after sending. */
    version: integer('version').notNull().default(1),
    /** The terms as the landlord last saved them (common/leases/terms.ts); frozen into each version when sent. */
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    /** The premises and the landlord as they were when the lease was drafted. */
    premises: jsonb('premises').$type<Record<string, unknown>>().notNull(),
    /** An amendment's text: what it changes. */
    amendmentText: text('amendment_text'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A sent lease not fully signed by then expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('lease_state_check', sql`${t.state} in (${sqlList(LEASE_STATES)})`),
    check('lease_kind_check', sql`${t.kind} in (${sqlList(LEASE_KINDS)})`),
    check('lease_amends_check', sql`(${t.kind} = 'amendment') = (${t.amendsLeaseId} is not null)`),
    check('lease_version_check', sql`${t.version} between 1 and 1000`),
    index('lease_landlord_idx').on(t.landlordId, t.updatedAt),
    index('lease_listing_idx').on(t.listingId),
    index('lease_application_idx').on(t.applicationId),
    index('lease_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('sent', 'partially_signed')`),
  ],
)

/** A version of a lease as sent: the terms, the document and its PDF, and the SHA-256 every signer signs. */
export const leaseVersion = pgTable(
  'lease_version',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    version: integer('version').notNull(),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    /** The lease's text as blocks (common/leases/document.ts), which the PDF and the page are rendered from. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    templateId: bigint('template_id', { mode: 'number' }),
    templateVersion: integer('template_version'),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** The two terms the landlord's rent roll shows of every lease, kept beside the terms so it reads no document. */
    tenantNames: jsonb('tenant_names')
      .$type<string[]>()
      .generatedAlwaysAs(sql`jsonb_path_query_array(terms, '$.tenants[*].name')`),
    graceDays: integer('grace_days').generatedAlwaysAs(sql`(terms->>'graceDays')::int`),
  },
  (t) => [
    uniqueIndex('lease_version_lease_version_idx').on(t.leaseId, t.version),
    index('lease_version_sha256_idx').on(t.sha256),
    check('lease_version_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)

/** Who signs a version: the landlord, each tenant, the guarantor. A signer is known by e-mail until they sign in. */
export const leaseSigner = pgTable(
  'lease_signer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    version: integer('version').notNull(),
    role: text('role').notNull(),
    /** The order the document names them in. */
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** Lower-cased: the account that signs is the one with this (verified) address. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lease_signer_email_idx').on(t.leaseId, t.version, t.email),
    uniqueIndex('lease_signer_position_idx').on(t.leaseId, t.version, t.position),
    index('lease_signer_by_email_idx').on(t.email, t.leaseId),
    check('lease_signer_role_check', sql`${t.role} in (${sqlList(LEASE_ROLES)})`),
  ],
)

/** A signer's consent to sign electronically (common/leases/esign.ts), and its withdrawal: one row each. */
export const leaseConsent = pgTable(
  'lease_consent',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    email: text('email').notNull(),
    userId: text('user_id').notNull(),
    /** true: consent given; false: consent withdrawn. The latest row counts. */
    given: boolean('given').notNull(),
    disclosureVersion: text('disclosure_version').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('lease_consent_lease_idx').on(t.leaseId, t.email, t.id)],
)

/** A signature over one version's document: who, when, from where, signed in how, and the hash of what they saw. */
export const leaseSignature = pgTable(
  'lease_signature',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    version: integer('version').notNull(),
    signerId: bigint('signer_id', { mode: 'number' })
      .notNull()
      .references(() => leaseSigner.id),
    userId: text('user_id').notNull(),
    typedName: text('typed_name').notNull(),
    /** The drawn signature as an SVG path ('' when only typed). */
    drawing: text('drawing').notNull().default(''),
    documentSha256: text('document_sha256').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    signInMethod: text('sign_in_method').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lease_signature_signer_idx').on(t.signerId), index('lease_signature_lease_idx').on(t.leaseId, t.version)],
)

/** The signed lease sealed: the final PDF (document, signatures, certificate) and its SHA-256. */
export const leaseSeal = pgTable(
  'lease_seal',
  {
    leaseId: bigint('lease_id', { mode: 'number' })
      .primaryKey()
      .references(() => lease.id),
    version: integer('version').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    documentSha256: text('document_sha256').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lease_seal_sha256_idx').on(t.sha256)],
)

/** The append-only history of a lease: every step, by whom, from which state to which, why, from where. */
export const leaseEvent = pgTable(
  'lease_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    version: integer('version').notNull(),
    /** Null for the site's own steps (expiry). */
    actorId: text('actor_id'),
    /** The actor's name as it was, for the timeline and the certificate. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    reason: text('reason').notNull().default(''),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    check('lease_event_action_check', sql`${t.action} in (${sqlList(LEASE_ACTIONS)})`),
    index('lease_event_lease_idx').on(t.leaseId, t.id),
  ],
)

// ── Maintenance requests ────────────────────────────────────────────────────────────────────────────

/** A tenant's request for a repair in the home of a fully signed lease, and where it stands. */
export const maintenanceRequest = pgTable(
  'maintenance_request',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    landlordId: text('landlord_id').notNull(),
    /** The tenant who filed it. */
    tenantId: text('tenant_id').notNull(),
    category: text('category').notNull(),
    urgency: text('urgency').notNull(),
    title: text('title').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull().default(''),
    entryAllowed: boolean('entry_allowed').notNull(),
    entryNotes: text('entry_notes').notNull().default(''),
    /** The times that suit the tenant: [{ date, from, to }] on the wall clock of `time_zone`. */
    windows: jsonb('windows').$type<{ date: string; from: string; to: string }[]>().notNull().default([]),
    /** The listing's zone when filed: the windows and the visit are read in it. */
    timeZone: text('time_zone').notNull(),
    state: text('state').notNull().default('new'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** When the landlord was reminded of an emergency left unacknowledged (once). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('maintenance_request_state_check', sql`${t.state} in (${sqlList(MAINTENANCE_STATES)})`),
    check('maintenance_request_category_check', sql`${t.category} in (${sqlList(MAINTENANCE_CATEGORIES)})`),
    check('maintenance_request_urgency_check', sql`${t.urgency} in (${sqlList(MAINTENANCE_URGENCIES)})`),
    check('maintenance_request_scheduled_check', sql`(${t.state} <> 'scheduled') or (${t.scheduledFor} is not null)`),
    index('maintenance_request_landlord_idx').on(t.landlordId, t.state),
    index('maintenance_request_lease_idx').on(t.leaseId, t.createdAt),
    index('maintenance_request_unacknowledged_idx')
      .on(t.createdAt)
      .where(sql`${t.urgency} = 'emergency' and ${t.state} = 'new' and ${t.escalatedAt} is null`),
  ],
)

/** The append-only history of a request: every step, by whom, from which state to which, with its note. */
export const maintenanceEvent = pgTable(
  'maintenance_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => maintenanceRequest.id),
    /** Null for the site's own steps (the emergency reminder). */
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    note: text('note').notNull().default(''),
    /** The visit's time, for a scheduling step. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('maintenance_event_action_check', sql`${t.action} in (${sqlList(MAINTENANCE_ACTIONS)})`),
    index('maintenance_event_request_idx').on(t.requestId, t.id),
  ],
)

/** The photos of a request (kept by the documents area as tenancy photos of its lease), in the order added. */
export const maintenancePhoto = pgTable(
  'maintenance_photo',
  {
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => maintenanceRequest.id),
    photoId: bigint('photo_id', { mode: 'number' })
      .notNull()
      .references(() => tenancyPhoto.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.photoId] }), uniqueIndex('maintenance_photo_photo_idx').on(t.photoId)],
)

// ---------------------------------------------------------------------------------------------------
// Inspections (server/inspections/): the move-in and move-out checklists of a fully signed lease, room
// by room, item by item, with the parties' comments and signatures. Triggers (the inspections_rules
// migration) let the checklist change only while the inspection is open, and keep every comment,
// document, consent, signature and event append-only; a signed inspection is final.

/** One inspection of a lease: its kind, its state, and the revision its document and signatures name. */
export const inspection = pgTable(
  'inspection',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('open'),
    /** How many times the record was frozen for signature; signatures name the revision they signed. */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inspection_lease_kind_idx').on(t.leaseId, t.kind),
    check('inspection_kind_check', sql`${t.kind} in (${sqlList(INSPECTION_KINDS)})`),
    check('inspection_state_check', sql`${t.state} in (${sqlList(INSPECTION_STATES)})`),
  ],
)

export const inspectionRoom = pgTable(
  'inspection_room',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .notNull()
      .references(() => inspection.id),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_room_inspection_idx').on(t.inspectionId, t.position)],
)

/** One thing looked at in a room: its condition (null until recorded), notes, and who recorded it last. */
export const inspectionItem = pgTable(
  'inspection_item',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .notNull()
      .references(() => inspection.id),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => inspectionRoom.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    condition: text('condition'),
    notes: text('notes').notNull().default(''),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inspection_item_room_idx').on(t.roomId, t.position),
    index('inspection_item_inspection_idx').on(t.inspectionId),
    check('inspection_item_condition_check', sql`${t.condition} is null or ${t.condition} in (${sqlList(CONDITIONS)})`),
  ],
)

/** A party's short comment on an item: a thread per item, never changed. */
export const inspectionComment = pgTable(
  'inspection_comment',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .notNull()
      .references(() => inspection.id),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => inspectionItem.id),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_comment_item_idx').on(t.itemId, t.id), index('inspection_comment_inspection_idx').on(t.inspectionId)],
)

/** The record frozen for signature: the PDF every party signs, and its SHA-256. */
export const inspectionDocument = pgTable(
  'inspection_document',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .notNull()
      .references(() => inspection.id),
    revision: integer('revision').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inspection_document_revision_idx').on(t.inspectionId, t.revision),
    index('inspection_document_sha256_idx').on(t.sha256),
    check('inspection_document_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)

/** A party's consent to sign an inspection electronically (or its withdrawal), when they did not give it for the lease. */
export const inspectionConsent = pgTable(
  'inspection_consent',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .notNull()
      .references(() => inspection.id),
    email: text('email').notNull(),
    userId: text('user_id').notNull(),
    /** False: a withdrawal of the consent given before (the latest row is in force). */
    given: boolean('given').notNull().default(true),
    disclosureVersion: text('disclosure_version').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_consent_inspection_idx').on(t.inspectionId, t.email)],
)

/** A signature over one revision's document: who, when, from where, signed in how, and the hash they saw. */
export const inspectionSignature = pgTable(
  'inspection_signature',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .notNull()
      .references(() => inspection.id),
    revision: integer('revision').notNull(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    typedName: text('typed_name').notNull(),
    documentSha256: text('document_sha256').notNull(),
    /** 'lease': the consent the signer gave for the lease; 'inspection': one given for this inspection. */
    consentSource: text('consent_source').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    signInMethod: text('sign_in_method').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inspection_signature_signer_idx').on(t.inspectionId, t.revision, t.email),
    check('inspection_signature_role_check', sql`${t.role} in ('landlord', 'tenant')`),
    check('inspection_signature_consent_check', sql`${t.consentSource} in ('lease', 'inspection')`),
  ],
)

/**
 * The signed inspection sealed by its last signature: the document everyone signed with the certificate
 * of its signers and events appended (as the lease's seal), and the SHA-256 of the whole sealed file.
 */
export const inspectionSeal = pgTable(
  'inspection_seal',
  {
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .primaryKey()
      .references(() => inspection.id),
    revision: integer('revision').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    documentSha256: text('document_sha256').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('inspection_seal_sha256_idx').on(t.sha256), check('inspection_seal_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`)],
)

/** The append-only history of an inspection: every step, by whom, from which state to which, from where. */
export const inspectionEvent = pgTable(
  'inspection_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .notNull()
      .references(() => inspection.id),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    detail: text('detail').notNull().default(''),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    check('inspection_event_action_check', sql`${t.action} in (${sqlList(INSPECTION_ACTIONS)})`),
    index('inspection_event_inspection_idx').on(t.inspectionId, t.id),
  ],
)

/** A photo of an inspection item (a private tenancy photo), in the order added. */
export const inspectionPhoto = pgTable(
  'inspection_photo',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inspectionId: bigint('inspection_id', { mode: 'number' })
      .notNull()
      .references(() => inspection.id),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => inspectionItem.id, { onDelete: 'cascade' }),
    photoId: bigint('photo_id', { mode: 'number' })
      .notNull()
      .references(() => tenancyPhoto.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inspection_photo_photo_idx').on(t.photoId), index('inspection_photo_item_idx').on(t.itemId, t.id)],
)

// --- The rent ledger (server/ledger/) ---
// Double entry: every transaction of a lease is a set of entries that sum to zero, checked at commit;
// both tables are append-only and a correction is a reversing transaction (migration ledger_rules).
// Balances are sums of entries: nothing stored is ever updated.

/** One movement in a lease's books: a charge, a payment, a reversal of an earlier one. */
export const ledgerTransaction = pgTable(
  'ledger_transaction',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    kind: text('kind').notNull(),
    memo: text('memo').notNull().default(''),
    currency: text('currency').notNull().default('USD'),
    /** The day it counts from (a charge's posting day, a payment's paid day). */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    /** The day a charge is due (a waiver: its charge's); null for anything else. */
    dueOn: date('due_on', { mode: 'string' }),
    /** What makes a job's posting happen once: `rent:<lease>:2026-12`, `late:<charge>`, `payment:<payment>`. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The transaction a reversal undoes; each is reversed at most once. */
    reversesId: bigint('reverses_id', { mode: 'number' }).references((): AnyPgColumn => ledgerTransaction.id),
    /** The charge a waiver forgives (in part or whole); a charge may be waived several times, never beyond its amount. */
    waivesId: bigint('waives_id', { mode: 'number' }).references((): AnyPgColumn => ledgerTransaction.id),
    /** Why the landlord waived it (a waiver); empty for anything else. */
    reason: text('reason').notNull().default(''),
    /** Null for the site's own jobs. */
    actorId: text('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transaction_key_idx').on(t.idempotencyKey),
    uniqueIndex('ledger_transaction_reverses_idx').on(t.reversesId),
    index('ledger_transaction_lease_idx').on(t.leaseId, t.dueOn),
    check('ledger_transaction_kind_check', sql`${t.kind} in (${sqlList(LEDGER_KINDS)})`),
    check('ledger_transaction_currency_check', sql`${t.currency} = 'USD'`),
    check('ledger_transaction_reversal_check', sql`(${t.kind} = 'reversal') = (${t.reversesId} is not null)`),
    check('ledger_transaction_due_check', sql`(${t.kind} in (${sqlList(CHARGE_KINDS)}, 'waiver')) = (${t.dueOn} is not null)`),
    check('ledger_transaction_waiver_check', sql`(${t.kind} = 'waiver') = (${t.waivesId} is not null)`),
    index('ledger_transaction_waives_idx').on(t.waivesId),
  ],
)

/** One line of a transaction: an account and a signed amount in cents (debit positive). */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransaction.id),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    account: text('account').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entry_transaction_idx').on(t.transactionId),
    index('ledger_entry_lease_account_idx').on(t.leaseId, t.account),
    check('ledger_entry_account_check', sql`${t.account} in (${sqlList(LEDGER_ACCOUNTS)})`),
    check('ledger_entry_amount_check', sql`${t.amountCents} <> 0 and abs(${t.amountCents}) <= 100000000000`),
  ],
)

/**
 * The rent roll's projection of the tenant-receivable entries (decision 040): each with its landlord, the day it
 * takes effect and the day it is due (a reversal's is the reversed charge's), written by a trigger as the entry
 * is inserted. Derived from the books, never written by the application.
 */
export const ledgerReceivable = pgTable(
  'ledger_receivable',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => ledgerEntry.id),
    landlordId: text('landlord_id').notNull(),
    leaseId: bigint('lease_id', { mode: 'number' }).notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_receivable_effective_idx').on(t.landlordId, t.effectiveOn),
    index('ledger_receivable_due_idx').on(t.landlordId, t.dueOn),
    // Charges posted after the day they were due (a late fee, a charge added later): few, read by their effective day.
    index('ledger_receivable_backdated_idx')
      .on(t.landlordId, t.effectiveOn)
      .where(sql`${t.dueOn} < ${t.effectiveOn}`),
  ],
)

/**
 * The same entries as running sums per lease and month, kept by the same trigger (decision 040): for each month
 * from a lease's first entry's to its last's, the sums before the month starts and through its end of all its
 * entries by the day they take effect (`e_`), of its credits (`n_`: entries due on no day, such as payments) and of
 * its charges by the day they are due (`d_`). The rent roll reads one row per lease and only the days it needs.
 */
export const ledgerReceivableMonth = pgTable(
  'ledger_receivable_month',
  {
    leaseId: bigint('lease_id', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    landlordId: text('landlord_id').notNull(),
    eBefore: bigint('e_before', { mode: 'number' }).notNull(),
    eThrough: bigint('e_through', { mode: 'number' }).notNull(),
    nBefore: bigint('n_before', { mode: 'number' }).notNull(),
    nThrough: bigint('n_through', { mode: 'number' }).notNull(),
    dBefore: bigint('d_before', { mode: 'number' }).notNull(),
    dThrough: bigint('d_through', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leaseId, t.month] }), index('ledger_receivable_month_landlord_idx').on(t.landlordId, t.month)],
)

/** Each lease's months in `ledger_receivable_month` and its sums over all of them: what a later month reads. */
export const ledgerReceivableSpan = pgTable(
  'ledger_receivable_span',
  {
    leaseId: bigint('lease_id', { mode: 'number' }).primaryKey(),
    landlordId: text('landlord_id').notNull(),
    firstMonth: date('first_month', { mode: 'string' }).notNull(),
    lastMonth: date('last_month', { mode: 'string' }).notNull(),
    eTotal: bigint('e_total', { mode: 'number' }).notNull(),
    nTotal: bigint('n_total', { mode: 'number' }).notNull(),
    dTotal: bigint('d_total', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_receivable_span_landlord_idx').on(t.landlordId)],
)

/** A payment of rent as the parties tell it: recorded by the landlord, or reported by a tenant for the landlord to confirm. */
export const rentPayment = pgTable(
  'rent_payment',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    state: text('state').notNull(),
    method: text('method').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reference: text('reference').notNull().default(''),
    /** Who told it (the landlord recording, or the tenant reporting). */
    reportedBy: text('reported_by').notNull(),
    reportedByName: text('reported_by_name').notNull(),
    /** The ledger transaction a confirmed payment posted, and the reversal that undid it. */
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransaction.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rent_payment_lease_idx').on(t.leaseId, t.id),
    check('rent_payment_state_check', sql`${t.state} in (${sqlList(PAYMENT_STATES)})`),
    check('rent_payment_method_check', sql`${t.method} in (${sqlList(PAYMENT_METHODS)})`),
    check('rent_payment_amount_check', sql`${t.amountCents} between 1 and 100000000`),
    check('rent_payment_posted_check', sql`(${t.state} in ('confirmed', 'reversed')) = (${t.transactionId} is not null)`),
  ],
)

/** The append-only history of a payment: each step, by whom, why. */
export const rentPaymentEvent = pgTable(
  'rent_payment_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => rentPayment.id),
    leaseId: bigint('lease_id', { mode: 'number' }).notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('rent_payment_event_payment_idx').on(t.paymentId, t.id),
    check('rent_payment_event_action_check', sql`${t.action} in (${sqlList(PAYMENT_ACTIONS)})`),
  ],
)

/** The receipt of a confirmed payment, rendered once and kept with its SHA-256. */
export const rentReceipt = pgTable(
  'rent_receipt',
  {
    paymentId: bigint('payment_id', { mode: 'number' })
      .primaryKey()
      .references(() => rentPayment.id),
    leaseId: bigint('lease_id', { mode: 'number' }).notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('rent_receipt_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`)],
)

/** A reminder sent once: its key (`due_soon:<charge>`, `late:<charge>`) is taken before the mail goes. */
export const ledgerNotice = pgTable(
  'ledger_notice',
  {
    key: text('key').primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('ledger_notice_kind_check', sql`${t.kind} in (${sqlList(NOTICE_KINDS)})`)],
)

// ---------------------------------------------------------------------------------------------------
// The deposit's return (server/deposits/): the end of a fully signed lease's tenancy, the deductions the
// landlord itemises while drafting, and the statement once sent: its PDF kept with its SHA-256. Triggers
// (the deposits_rules migration) refuse any change to a sent statement and its deductions.

/** A lease's deposit return: the day the tenancy ended, the deadline it set, and the statement once sent. */
export const depositReturn = pgTable(
  'deposit_return',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => lease.id),
    state: text('state').notNull().default('drafting'),
    endedOn: date('ended_on', { mode: 'string' }).notNull(),
    /** The last day of the state's deadline; null where our table does not know the state's. */
    dueOn: date('due_on', { mode: 'string' }),
    recordedBy: text('recorded_by').notNull(),
    /** Set once, when sent: what was held, the refund and how it was paid, whether it was late, the PDF. */
    heldCents: integer('held_cents'),
    refundCents: integer('refund_cents'),
    refundMethod: text('refund_method'),
    refundPaidOn: date('refund_paid_on', { mode: 'string' }),
    refundReference: text('refund_reference'),
    sentLate: boolean('sent_late'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: text('sent_by'),
    pdf: bytea('pdf'),
    sha256: text('sha256'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_return_lease_idx').on(t.leaseId),
    index('deposit_return_due_idx').on(t.state, t.dueOn),
    check('deposit_return_state_check', sql`${t.state} in (${sqlList(DEPOSIT_RETURN_STATES)})`),
    check('deposit_return_refund_method_check', sql`${t.refundMethod} is null or ${t.refundMethod} in (${sqlList(PAYMENT_METHODS)})`),
    check(
      'deposit_return_sent_check',
      sql`${t.state} = 'drafting' or (${t.sentAt} is not null and ${t.pdf} is not null and ${t.sha256} ~ '^[0-9a-f]{64}$' and ${t.heldCents} >= 0 and ${t.refundCents} >= 0)`,
    ),
  ],
)

/** One deduction from the deposit: how much, for what, why, and the inspection items that show it. */
export const depositDeduction = pgTable(
  'deposit_deduction',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: bigint('return_id', { mode: 'number' })
      .notNull()
      .references(() => depositReturn.id),
    category: text('category').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** Ids of inspection items cited as evidence. */
    evidenceItemIds: jsonb('evidence_item_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('deposit_deduction_return_idx').on(t.returnId, t.id),
    check('deposit_deduction_category_check', sql`${t.category} in (${sqlList(DEDUCTION_CATEGORIES)})`),
    check('deposit_deduction_amount_check', sql`${t.amountCents} > 0`),
  ],
)

/** A reminder to the landlord sent once: its key (`<return id>:<days before>`) is taken before the mail goes. */
export const depositNotice = pgTable('deposit_notice', {
  key: text('key').primaryKey(),
  returnId: bigint('return_id', { mode: 'number' })
    .notNull()
    .references(() => depositReturn.id),
  createdAt: createdAt(),
})

// --- Short-term stays ---

/** A range of dates as PostgreSQL writes it, half-open: `[2026-12-01,2026-12-05)`. */
const daterange = customType<{ data: string }>({ dataType: () => 'daterange' })

/**
 * How a short-term listing is booked (common/stays): its rules beyond the nightly price and minimum
 * nights the listing itself carries. A listing without a row books on the defaults.
 * `ical_export_token` is the secret of the calendar's export address; null when the host revoked it.
 */
export const stayRules = pgTable(
  'stay_rules',
  {
    listingId: bigint('listing_id', { mode: 'number' })
      .primaryKey()
      .references(() => listing.id, { onDelete: 'cascade' }),
    instantBook: boolean('instant_book').notNull(),
    maxNights: smallint('max_nights').notNull(),
    maxGuests: smallint('max_guests').notNull(),
    /** Whole days between booking and check-in (0: same day). */
    advanceNoticeDays: smallint('advance_notice_days').notNull(),
    /** Nights kept free after each stay, for cleaning. */
    preparationDays: smallint('preparation_days').notNull(),
    /** How far ahead a check-out may be, in days from today. */
    bookingWindowDays: smallint('booking_window_days').notNull(),
    /** Wall-clock times "HH:MM" in the listing's zone. */
    checkInTime: text('check_in_time').notNull(),
    checkOutTime: text('check_out_time').notNull(),
    cleaningFeeCents: integer('cleaning_fee_cents').notNull(),
    /** Friday and Saturday nights' price; null when they cost the nightly price. */
    weekendNightlyCents: integer('weekend_nightly_cents'),
    /** Off the nights' price for a stay of 7 nights or more. */
    weeklyDiscountPercent: smallint('weekly_discount_percent').notNull(),
    cancellationPolicy: text('cancellation_policy').notNull(),
    /** What the guest gets once the booking is confirmed, not before. */
    checkInDetails: text('check_in_details').notNull().default(''),
    icalExportToken: text('ical_export_token'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('stay_rules_nights_check', sql`${t.maxNights} between 1 and 365`),
    check('stay_rules_guests_check', sql`${t.maxGuests} between 1 and 50`),
    check('stay_rules_notice_check', sql`${t.advanceNoticeDays} between 0 and 30`),
    check('stay_rules_preparation_check', sql`${t.preparationDays} between 0 and 7`),
    check('stay_rules_window_check', sql`${t.bookingWindowDays} between 1 and 730`),
    check(
      'stay_rules_times_check',
      sql`${t.checkInTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.checkOutTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check('stay_rules_money_check', sql`${t.cleaningFeeCents} >= 0 and (${t.weekendNightlyCents} is null or ${t.weekendNightlyCents} > 0)`),
    check('stay_rules_discount_check', sql`${t.weeklyDiscountPercent} between 0 and 90`),
    check('stay_rules_policy_check', sql`${t.cancellationPolicy} in (${sqlList(CANCELLATION_POLICIES)})`),
    uniqueIndex('stay_rules_ical_token_idx').on(t.icalExportToken),
  ],
)

/**
 * A booking of a short-term listing: [check_in, check_out) are dates in the listing's zone (its
 * nights), its price as quoted when it was made, and its current state (common/stays/vocabulary.ts);
 * every change is also a stay_booking_event. While it holds nights, a stay_hold row keeps them.
 */
export const stayBooking = pgTable(
  'stay_booking',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    guestId: text('guest_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    hostId: text('host_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    guests: smallint('guests').notNull(),
    /** The listing's zone when booked: the nights, the check-in time and every deadline are read in it. */
    timeZone: text('time_zone').notNull(),
    /** The listing's check-in and check-out times ("HH:MM", its wall clock) when booked: later changes to its rules do not move them. */
    checkInTime: text('check_in_time').notNull(),
    checkOutTime: text('check_out_time').notNull(),
    /** The guest's own zone as their browser gave it when asking; null when it gave none (deadlines then read in the listing's zone and UTC). */
    guestTimeZone: text('guest_time_zone'),
    state: text('state').notNull(),
    instant: boolean('instant').notNull(),
    /** The price as quoted (common/stays): nights, their prices, the discount, the cleaning fee. */
    quote: jsonb('quote').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    cancellationPolicy: text('cancellation_policy').notNull(),
    /** What the policy gave back on a cancellation; recorded, not paid out. */
    refundCents: integer('refund_cents'),
    /** The policy's line the refund came from, as the booking's page shows it. */
    refundNote: text('refund_note').notNull().default(''),
    message: text('message').notNull().default(''),
    /** Why it was declined or cancelled. */
    reason: text('reason').notNull().default(''),
    /** A request not answered by then expires. */
    answerBy: timestamp('answer_by', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('stay_booking_state_check', sql`${t.state} in (${sqlList(BOOKING_STATES)})`),
    check('stay_booking_dates_check', sql`${t.checkOut} > ${t.checkIn}`),
    check('stay_booking_guests_check', sql`${t.guests} between 1 and 50`),
    check(
      'stay_booking_money_check',
      sql`${t.totalCents} >= 0 and (${t.refundCents} is null or ${t.refundCents} between 0 and ${t.totalCents})`,
    ),
    check('stay_booking_text_check', sql`char_length(${t.message}) <= 1000 and char_length(${t.reason}) <= 500`),
    check('stay_booking_policy_check', sql`${t.cancellationPolicy} in (${sqlList(CANCELLATION_POLICIES)})`),
    check(
      'stay_booking_times_check',
      sql`${t.checkInTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.checkOutTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    index('stay_booking_guest_idx').on(t.guestId, t.checkIn),
    index('stay_booking_host_idx').on(t.hostId, t.checkIn),
    index('stay_booking_listing_idx').on(t.listingId, t.checkIn),
    index('stay_booking_unanswered_idx')
      .on(t.answerBy)
      .where(sql`${t.state} = 'requested'`),
  ],
)

/** The append-only history of a booking (a trigger refuses to change or delete a row while its booking exists). */
export const stayBookingEvent = pgTable(
  'stay_booking_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => stayBooking.id, { onDelete: 'cascade' }),
    /** Null when the site itself acted (an expiry, a completion). */
    actorId: text('actor_id'),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    reason: text('reason').notNull().default(''),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    check('stay_booking_event_action_check', sql`${t.action} in (${sqlList(BOOKING_ACTIONS)})`),
    index('stay_booking_event_booking_idx').on(t.bookingId, t.id),
  ],
)

/**
 * A review after a completed stay (decision 043), one per side of a booking: the guest's of the home
 * (five categories) or the host's of the guest (three). Hidden until `published_at`: both publish
 * together when the second is in, or when the window ends at `publish_by`. Never deleted and never
 * edited (a trigger, migration stay_reviews_rules): only set once are its publication, the host's one
 * public answer (of the guest's review) and an administrator's removal for breaking a published rule.
 */
export const stayReview = pgTable(
  'stay_review',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => stayBooking.id, { onDelete: 'cascade' }),
    /** The booking's listing, so a listing's reviews are one index away. */
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    /** Who wrote it: 'guest' (of the home) or 'host' (of the guest). */
    side: text('side').notNull(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    cleanliness: smallint('cleanliness').notNull(),
    communication: smallint('communication').notNull(),
    /** The guest's alone. */
    accuracy: smallint('accuracy'),
    location: smallint('location'),
    value: smallint('value'),
    /** The host's alone. */
    houseRules: smallint('house_rules'),
    text: text('text').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The end of the review window: published then at the latest. */
    publishBy: timestamp('publish_by', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by').references(() => user.id, { onDelete: 'set null' }),
    /** The published rule it broke (common/stays/reviews.ts), and the administrator's note. */
    removalRule: text('removal_rule'),
    removalNote: text('removal_note'),
  },
  (t) => [
    uniqueIndex('stay_review_side_idx').on(t.bookingId, t.side),
    check('stay_review_side_check', sql`${t.side} in (${sqlList(REVIEW_SIDES)})`),
    check(
      'stay_review_stars_check',
      sql`${t.cleanliness} between 1 and 5 and ${t.communication} between 1 and 5 and case when ${t.side} = 'guest' then ${t.houseRules} is null and ${t.accuracy} is not null and ${t.location} is not null and ${t.value} is not null and ${t.accuracy} between 1 and 5 and ${t.location} between 1 and 5 and ${t.value} between 1 and 5 else ${t.accuracy} is null and ${t.location} is null and ${t.value} is null and ${t.houseRules} is not null and ${t.houseRules} between 1 and 5 end`,
    ),
    check(
      'stay_review_text_check',
      sql`char_length(${t.text}) between 1 and ${sql.raw(String(MAX_REVIEW_TEXT))} and (${t.answer} is null or char_length(${t.answer}) between 1 and ${sql.raw(String(MAX_REVIEW_ANSWER))})`,
    ),
    check(
      'stay_review_answer_check',
      sql`(${t.answer} is null) = (${t.answeredAt} is null) and (${t.answer} is null or (${t.side} = 'guest' and ${t.publishedAt} is not null))`,
    ),
    check(
      'stay_review_removal_check',
      sql`(${t.removedAt} is null) = (${t.removalRule} is null) and (${t.removalRule} is null or (${t.removalRule} in (${sqlList(REVIEW_RULE_KEYS)}) and ${t.removalNote} is not null and char_length(${t.removalNote}) <= ${sql.raw(String(MAX_REMOVAL_NOTE))}))`,
    ),
    // The listing's page reads its published reviews, newest first.
    index('stay_review_listing_idx')
      .on(t.listingId, t.publishedAt)
      .where(sql`${t.publishedAt} is not null`),
    // The publishing sweep reads the hidden reviews whose window has ended.
    index('stay_review_hidden_idx')
      .on(t.publishBy)
      .where(sql`${t.publishedAt} is null`),
  ],
)

/** A calendar of another platform the host imports into a listing's (fetched every 15 minutes). */
export const stayCalendarFeed = pgTable(
  'stay_calendar_feed',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    /** When its events were last read in whole; the holds of that import stand until the next good one. */
    lastImportedAt: timestamp('last_imported_at', { withTimezone: true }),
    /** Why the last fetch failed, in words for the host; empty after a good one. */
    lastError: text('last_error').notNull().default(''),
    /** The feed's events that collide with bookings or blocks here: [{ uid, start, end, summary }]. */
    conflicts: jsonb('conflicts').$type<{ uid: string; start: string; end: string; summary: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stay_calendar_feed_listing_url_idx').on(t.listingId, t.url),
    check('stay_calendar_feed_name_check', sql`char_length(${t.name}) between 1 and 80`),
    check('stay_calendar_feed_url_check', sql`char_length(${t.url}) <= 2000`),
  ],
)

/**
 * The nights taken on a listing's calendar, whatever takes them: a booking here (its nights and the
 * preparation days after), the host's block, an imported calendar's event. No two rows of one
 * listing overlap: an exclusion constraint (migration stays_rules) keeps it, so two requests for the
 * same night cannot both hold it, however they race.
 */
export const stayHold = pgTable(
  'stay_hold',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    nights: daterange('nights').notNull(),
    kind: text('kind').notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }).references(() => stayBooking.id, { onDelete: 'cascade' }),
    feedId: bigint('feed_id', { mode: 'number' }).references(() => stayCalendarFeed.id, { onDelete: 'cascade' }),
    /** The imported event's UID, or the host's note on a block. */
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('stay_hold_kind_check', sql`${t.kind} in (${sqlList(HOLD_KINDS)})`),
    check(
      'stay_hold_owner_check',
      sql`(${t.kind} = 'booking') = (${t.bookingId} is not null) and (${t.kind} = 'import') = (${t.feedId} is not null)`,
    ),
    check(
      'stay_hold_bounded_check',
      sql`not isempty(${t.nights}) and lower_inc(${t.nights}) and not upper_inc(${t.nights}) and not lower_inf(${t.nights}) and not upper_inf(${t.nights})`,
    ),
    uniqueIndex('stay_hold_booking_idx').on(t.bookingId),
    index('stay_hold_feed_idx').on(t.feedId),
  ],
)

/**
 * A renter's saved search: the search's own query string (`query`, as /properties has it), read back
 * through the page's parser each time, so it means tomorrow what it means today; how often to hear
 * of new homes; and, optionally, the Cooper Index condition (at least `belowIndexPercent` below the
 * typical rent of the home's city and bedrooms, and below the index's band).
 */
export const savedSearch = pgTable(
  'saved_search',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    frequency: text('frequency').notNull(),
    belowIndexPercent: smallint('below_index_percent'),
    isPaused: boolean('is_paused').notNull().default(false),
    /** When its renter last opened it: its homes announced since are "new". */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_search_user_idx').on(t.userId),
    check('saved_search_name_check', sql`char_length(${t.name}) between 1 and 80`),
    check('saved_search_query_check', sql`char_length(${t.query}) <= 2000`),
    check('saved_search_frequency_check', sql`${t.frequency} in (${sqlList(ALERT_FREQUENCIES)})`),
    check(
      'saved_search_below_index_check',
      sql`${t.belowIndexPercent} is null or ${t.belowIndexPercent} between ${sql.raw(String(BELOW_INDEX_PERCENT.min))} and ${sql.raw(String(BELOW_INDEX_PERCENT.max))}`,
    ),
  ],
)

/**
 * Every saved search written or deleted, in order, by a trigger (migration saved_search_rules): what
 * the matcher of each instance reads to keep its index of saved searches as the database has them.
 */
export const savedSearchChange = pgTable('saved_search_change', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  savedSearchId: bigint('saved_search_id', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
})

/**
 * What happened to a listing that may interest renters, recorded by the listing's trigger (migration
 * saved_search_rules) in the write's own transaction, whatever made it: published, its all-in price
 * lowered while published, leased, withdrawn. One alert job works each (`queuedAt` once queued,
 * `processedAt` once worked).
 * No foreign key: a deleted listing's withdrawal is news too, told with the title kept here.
 */
export const listingAlertChange = pgTable(
  'listing_alert_change',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    fromCents: integer('from_cents'),
    toCents: integer('to_cents'),
    title: text('title').notNull(),
    ownerId: text('owner_id').notNull(),
    /**
     * A deleted listing's savers (the e-mails its saved_listing rows had), kept by the delete's trigger
     * before the cascade removes them, so they hear it was withdrawn. Null for every other change.
     */
    saverEmails: text('saver_emails').array(),
    createdAt: createdAt(),
    /** When its alert job was queued (claimed by one instance, so each change is queued once). */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('listing_alert_change_unqueued_idx')
      .on(t.id)
      .where(sql`${t.queuedAt} is null`),
    check('listing_alert_change_kind_check', sql`${t.kind} in (${sqlList(LISTING_ALERT_CHANGES)})`),
  ],
)

/**
 * One renter's news of one listing change: one per person and change, however many of their saved
 * searches match (`savedSearchIds`), so one e-mail and one notification tell it. `belowIndex` is the
 * Cooper Index comparison that made a below-index search match.
 */
export const alert = pgTable(
  'alert',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    changeId: bigint('change_id', { mode: 'number' })
      .notNull()
      .references(() => listingAlertChange.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    savedSearchIds: bigint('saved_search_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    belowIndex: jsonb('below_index').$type<BelowIndex>(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its instant e-mail was sent; null when none was due or not yet. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_user_change_idx').on(t.userId, t.changeId),
    index('alert_user_created_idx').on(t.userId, t.createdAt),
    // The cascade from a deleted change finds its alerts by this.
    index('alert_change_idx').on(t.changeId),
    index('alert_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('alert_kind_check', sql`${t.kind} in (${sqlList(ALERT_KINDS)})`),
  ],
)

/**
 * A saved search's homes: each listing it announced and the alert that told it. A listing is
 * announced as new once per saved search (a partial unique index); a lower price later is another
 * row. `digestedAt` once a digest has carried it.
 */
export const savedSearchHit = pgTable(
  'saved_search_hit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    savedSearchId: bigint('saved_search_id', { mode: 'number' })
      .notNull()
      .references(() => savedSearch.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alert.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_search_hit_new_idx')
      .on(t.savedSearchId, t.listingId)
      .where(sql`${t.kind} = 'new-match'`),
    uniqueIndex('saved_search_hit_alert_idx').on(t.savedSearchId, t.alertId),
    // The cascade from a deleted alert (a person or a change deleted) finds its hits by this.
    index('saved_search_hit_alert_id_idx').on(t.alertId),
    index('saved_search_hit_search_created_idx').on(t.savedSearchId, t.createdAt),
    index('saved_search_hit_undigested_idx')
      .on(t.savedSearchId)
      .where(sql`${t.digestedAt} is null`),
    check('saved_search_hit_kind_check', sql`${t.kind} in ('new-match', 'match-price-drop')`),
  ],
)

/**
 * A renter's alert settings: the time zone and hour their digests go out at, how often they hear of
 * the homes they saved, when their address last bounced (alerts by e-mail pause until they confirm
 * it again), and when each digest last went.
 */
export const alertPreference = pgTable(
  'alert_preference',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    digestHour: smallint('digest_hour').notNull().default(DEFAULT_DIGEST_HOUR),
    savedHomesFrequency: text('saved_homes_frequency').notNull().default('instant'),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    lastDailyDigestAt: timestamp('last_daily_digest_at', { withTimezone: true }),
    lastWeeklyDigestAt: timestamp('last_weekly_digest_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('alert_preference_digest_hour_check', sql`${t.digestHour} between 0 and 23`),
    check('alert_preference_saved_homes_check', sql`${t.savedHomesFrequency} in (${sqlList(ALERT_FREQUENCIES)})`),
  ],
)

// --- Moderation: listings and stay reviews reported by people, and what administrators did ---

/** A person's report of a published listing: once per person and listing. */
export const listingReport = pgTable(
  'listing_report',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolution: text('resolution'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('listing_report_once_idx').on(t.reporterId, t.listingId),
    index('listing_report_listing_idx').on(t.listingId),
    index('listing_report_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    check('listing_report_reason_check', sql`${t.reason} in (${sqlList(LISTING_REPORT_REASON_VALUES)})`),
    check(
      'listing_report_text_check',
      sql`char_length(${t.text}) <= ${sql.raw(String(REPORT_TEXT_MAX))} and (${t.reason} <> 'other' or char_length(${t.text}) > 0)`,
    ),
    check(
      'listing_report_resolution_check',
      sql`(${t.resolution} is null) = (${t.resolvedAt} is null) and (${t.resolution} is null or ${t.resolution} in (${sqlList(LISTING_REPORT_RESOLUTIONS)})) and (${t.resolutionNote} is null or char_length(${t.resolutionNote}) <= ${sql.raw(String(ADMIN_REASON_MAX))})`,
    ),
  ],
)

/** A person's report of a published stay review: once per person and review. */
export const reviewReport = pgTable(
  'review_report',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reviewId: bigint('review_id', { mode: 'number' })
      .notNull()
      .references(() => stayReview.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolution: text('resolution'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('review_report_once_idx').on(t.reporterId, t.reviewId),
    index('review_report_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    check('review_report_text_check', sql`char_length(${t.text}) between 1 and ${sql.raw(String(REPORT_TEXT_MAX))}`),
    check(
      'review_report_resolution_check',
      sql`(${t.resolution} is null) = (${t.resolvedAt} is null) and (${t.resolution} is null or ${t.resolution} in (${sqlList(REVIEW_REPORT_RESOLUTIONS)})) and (${t.resolutionNote} is null or char_length(${t.resolutionNote}) <= ${sql.raw(String(ADMIN_REASON_MAX))})`,
    ),
  ],
)

// --- The operator console ---

/**
 * The administrators' audit log: every action taken in the operator console, who took it (their id
 * and their name at the time), on whom or what, why, when and from which address. Append-only: a
 * trigger (migration admin_audit_append_only) refuses UPDATE, DELETE and TRUNCATE. The ids are text
 * without foreign keys, so deleting an account leaves its history in place.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: text('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull().default(''),
    reason: text('reason').notNull().default(''),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt, t.id),
    index('admin_audit_admin_idx').on(t.adminId, t.createdAt, t.id),
    index('admin_audit_target_idx').on(t.targetKind, t.targetId),
  ],
)
