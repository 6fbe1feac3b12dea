// Demo data for a fresh database: a deterministic, believable site for a newcomer — demo accounts
// (an administrator, landlords, a renter), knowledge-base articles, a few messages, Community room
// talk, listings and years of past lettings (for the Cooper Index, computed once at the end). It runs
// once: markers in the setting table keep later starts from adding anything.
import { eq, sql } from 'drizzle-orm'
import { siteConfig } from '#common/site-config.ts'
import type { Auth } from '#server/accounts/index.server.ts'
import type { Database } from '#server/db/client.server.ts'
import { account, conversation, message, profile, room, roomMessage, setting, user } from '#server/db/schema.ts'
import { COMMUNITY_ROOM } from '#server/messages/index.server.ts'
import { recomputeCooperIndex } from '#server/cooper-index/index.server.ts'
import type { Logger } from '#server/logger.server.ts'
import { seedDemoApplications, seedDemoLease } from './applications.server.ts'
import { seedArticles } from './articles.server.ts'
import { seedContent } from './content.server.ts'
import { seedDemoHistory } from './history.server.ts'
import { seedDemoListings } from './listings.server.ts'
import { seedDemoSavedSearches } from './saved-searches.server.ts'
import { seedDemoStays } from './stays.server.ts'
import { seedDemoStayReviews } from './stay-reviews.server.ts'

/** The password of every demo account (documented in the README; disable with SEED_DEMO_DATA=false). */
export const DEMO_PASSWORD = 'cooper-demo-home'

export const demoAccounts = [
  { id: 'demo-admin', name: 'Dana Whitfield', email: 'admin@cooperhome.example', role: '', isAdministrator: true },
  { id: 'demo-landlord-1', name: 'Maria Delgado', email: 'maria.delgado@cooperhome.example', role: 'landlord', isAdministrator: false },
  { id: 'demo-landlord-2', name: 'James Okafor', email: 'james.okafor@cooperhome.example', role: 'landlord', isAdministrator: false },
  { id: 'demo-renter', name: 'Alex Morgan', email: 'alex.morgan@cooperhome.example', role: 'renter', isAdministrator: false },
] as const

const communityHistory: [author: string, body: string, at: Date][] = [
  [
    'demo-admin',
    'Welcome to the Community room! Ask about neighborhoods, leases and moving; landlords and renters both read along.',
    new Date('2025-01-13T09:00:00Z'),
  ],
  [
    'demo-renter',
    'Hi all. Moving to Wilmington in March for work. Is Trolley Square walkable enough to skip a car?',
    new Date('2025-01-13T18:22:00Z'),
  ],
  [
    'demo-landlord-1',
    'Mostly, yes: groceries, cafés and the bus on Delaware Avenue are all close. Street parking is tight in the evenings, though.',
    new Date('2025-01-13T18:40:00Z'),
  ],
  [
    'demo-landlord-2',
    'Worth checking whether water and trash are included. Every listing here shows its all-in monthly cost, so compare that number rather than the rent.',
    new Date('2025-01-14T08:05:00Z'),
  ],
  ['demo-renter', 'Good tip, thanks. Is a 12-month lease the norm, or do landlords take 6?', new Date('2025-01-14T12:31:00Z')],
  [
    'demo-landlord-1',
    'Twelve is the norm for apartments. Some of us offer 6 months for a little more per month; the minimum term is on each listing.',
    new Date('2025-01-14T13:02:00Z'),
  ],
  [
    'demo-admin',
    'A reminder: never pay a deposit before you have seen the home and signed a lease. Report any message that asks you to.',
    new Date('2025-01-15T10:15:00Z'),
  ],
]

const SEED_MARKER = 'demo_seeded'
const seededAt = new Date('2025-01-15T15:00:00Z')

export async function seedDemoData({ database, auth, logger }: { database: Database; auth: Auth; logger: Logger }) {
  const { db } = database
  const [marker] = await db.select().from(setting).where(eq(setting.key, SEED_MARKER))
  if (marker) {
    // A site seeded before the FAQ and the terms were stored gets them once (only into empty tables).
    await seedContent(db)
    await seedListingsOnce(db, logger)
    return
  }

  // Hash outside the transaction: PGlite serialises transactions, so slow work inside one stalls all.
  const context = await auth.$context
  const passwordHash = await context.password.hash(DEMO_PASSWORD)

  const created = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(setting)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning()
    if (!claimed) return false
    const [anyUser] = await tx.select({ id: user.id }).from(user).limit(1)
    // A database that already has real accounts gets no demo accounts.
    if (!anyUser) {
      for (const demo of demoAccounts) {
        await tx.insert(user).values({
          id: demo.id,
          name: demo.name,
          email: demo.email,
          emailVerified: true,
          termsVersion: siteConfig.termsVersion,
          createdAt: seededAt,
          updatedAt: seededAt,
        })
        await tx.insert(account).values({
          id: `${demo.id}-credential`,
          accountId: demo.id,
          providerId: 'credential',
          userId: demo.id,
          password: passwordHash,
          createdAt: seededAt,
          updatedAt: seededAt,
        })
        await tx.insert(profile).values({
          email: demo.email,
          userId: demo.id,
          role: demo.role,
          isAdministrator: demo.isAdministrator,
        })
      }
      // Two conversations the demo renter has not read yet (the navigation's badge shows 2).
      const demoMessages = [
        {
          senderId: 'demo-landlord-1',
          recipientId: 'demo-renter',
          fromEmail: 'maria.delgado@cooperhome.example',
          toEmail: 'alex.morgan@cooperhome.example',
          body: 'Hi Alex, the two-bedroom on Market Street is still available. Would Saturday at 11 work for a viewing?',
          createdAt: new Date('2025-01-16T14:05:00Z'),
        },
        {
          senderId: 'demo-landlord-2',
          recipientId: 'demo-renter',
          fromEmail: 'james.okafor@cooperhome.example',
          toEmail: 'alex.morgan@cooperhome.example',
          body: 'Thanks for your interest in the Newark townhouse. Pets are welcome; the pet deposit is $300.',
          createdAt: new Date('2025-01-17T09:40:00Z'),
        },
      ]
      for (const [i, demo] of demoMessages.entries()) {
        const [low, high] = [demo.senderId, demo.recipientId].sort()
        const [started] = await tx
          .insert(conversation)
          .values({
            userLowId: low!,
            userHighId: high!,
            startedBy: demo.senderId,
            lastSeq: 1,
            lastMessageAt: demo.createdAt,
            createdAt: demo.createdAt,
          })
          .returning({ id: conversation.id })
        await tx.insert(message).values({ ...demo, conversationId: started!.id, seq: 1, clientTxnId: `demo-${i + 1}` })
      }
      // A few days of talk in the Community room.
      for (const [i, [authorId, body, createdAt]] of communityHistory.entries()) {
        await tx
          .insert(roomMessage)
          .values({ roomId: COMMUNITY_ROOM, seq: i + 1, authorId, body, clientTxnId: `demo-room-${i + 1}`, createdAt })
      }
      await tx.update(room).set({ lastSeq: communityHistory.length }).where(eq(room.id, COMMUNITY_ROOM))
    }
    return true
  })
  await seedArticles(db)
  await seedContent(db)
  if (created) logger.info({ accounts: demoAccounts.length }, 'demo data created')
  await seedListingsOnce(db, logger)
}

async function seedListingsOnce(db: Database['db'], logger: Logger) {
  const listings = await seedDemoListings(db)
  if (listings > 0) logger.info({ listings }, 'demo listings created')
  const withCriteria = await seedDemoApplications(db)
  if (withCriteria > 0) logger.info({ listings: withCriteria }, 'demo application criteria created')
  try {
    if (await seedDemoLease(db)) logger.info('demo lease sent for signature')
  } catch (error) {
    logger.warn({ err: error }, 'the demo lease could not be sent')
  }
  if (await seedDemoStays(db)) logger.info('demo short-stay rules and blocks created')
  const stays = await seedDemoStayReviews(db)
  if (stays > 0) logger.info({ stays }, 'demo stays with reviews created')
  const searches = await seedDemoSavedSearches(db)
  if (searches > 0) logger.info({ searches }, 'demo saved searches created')
  const past = await seedDemoHistory(db)
  if (past > 0) logger.info({ listings: past }, 'demo lettings history created')
  if (listings > 0 || past > 0) await setAsideSeededNews(db)
  await computeIndexOnce(db, logger)
}

/**
 * The demo's homes are the site's starting state, not news: the changes their load recorded (each one
 * published, migration 0065) are marked worked, so nobody is alerted of homes that were always there.
 * Only the changes of the demo's own accounts' homes, so nothing a person did is set aside.
 */
async function setAsideSeededNews(db: Database['db']) {
  await db.execute(sql`
    update listing_alert_change set queued_at = coalesce(queued_at, now()), processed_at = now()
    where processed_at is null and owner_id like 'demo-%'`)
}

/**
 * A fresh demo site shows the Cooper Index at once: when no run is current yet (and the demo data is
 * there), it is computed now rather than at the first nightly run.
 */
async function computeIndexOnce(db: Database['db'], logger: Logger) {
  const { rows } = await db.execute<{ current: boolean; demo: boolean }>(sql`
    select exists (select 1 from cooper_index_current) as current,
           exists (select 1 from setting where key = 'demo_history_seeded') as demo`)
  if (rows[0]?.current || !rows[0]?.demo) return
  try {
    const summary = await recomputeCooperIndex({ db, logger })
    logger.info(summary, 'the Cooper Index was computed from the demo data')
  } catch {
    // The recompute has logged why; the site starts anyway and the nightly run tries again.
  }
}
