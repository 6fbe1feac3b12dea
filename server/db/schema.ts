// The one Drizzle schema of Cooper Home. Every change here ships with a drizzle-kit migration
// (`npm run db:generate`), applied on start and in tests on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

// --- better-auth tables (names and fields as better-auth expects them) ---

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  // Always stored lower-cased (see server/accounts/email.ts).
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // The version of the Terms of Use the user accepted when signing up.
  termsVersion: text('terms_version'),
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

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

// --- Cooper Home ---

export const ROLES = ['renter', 'landlord'] as const

// The stored user profile of spec §3, keyed by the lower-cased e-mail address.
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('profile_user_id_idx').on(t.userId)],
)

// The stored list record of spec §3 (a renter's saved homes), keyed by the lower-cased e-mail.
export const list = pgTable('list', {
  email: text('email')
    .primaryKey()
    .references(() => profile.email, { onDelete: 'cascade', onUpdate: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

// Failed sign-ins per e-mail, so the limit holds across instances and restarts.
export const signInFailure = pgTable(
  'sign_in_failure',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_failure_email_idx').on(t.email, t.createdAt)],
)

// A direct message (spec §3's message record). The unread badge counts rows addressed to the
// user's e-mail with read = false.
export const message = pgTable(
  'message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromEmail: text('from_email').notNull(),
    toEmail: text('to_email').notNull(),
    body: text('body').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_unread_idx')
      .on(t.toEmail)
      .where(sql`${t.read} = false`),
  ],
)

// Knowledge-base articles; the footer's "recent posts" are the newest of them.
export const article = pgTable(
  'article',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('article_published_at_idx').on(t.publishedAt)],
)

// Site-wide settings shared by every instance (e.g. the generated auth secret when none is set).
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
