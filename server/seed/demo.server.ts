// Demo data for a fresh database: a deterministic, believable site for a newcomer — demo accounts
// (an administrator, landlords, a renter), knowledge-base articles, a few messages and listings. It runs once:
// a marker in the setting table keeps later starts from adding anything.
import { eq } from 'drizzle-orm'
import { siteConfig } from '#app/site-config.ts'
import type { Auth } from '#server/accounts/auth.server.ts'
import type { Database } from '#server/db/client.server.ts'
import { account, conversation, message, profile, setting, user } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import { seedArticles } from './articles.server.ts'
import { seedDemoListings } from './listings.server.ts'

/** The password of every demo account (documented in the README; disable with SEED_DEMO_DATA=false). */
export const DEMO_PASSWORD = 'cooper-demo-home'

export const demoAccounts = [
  { id: 'demo-admin', name: 'Dana Whitfield', email: 'admin@cooperhome.example', role: '', isAdministrator: true },
  { id: 'demo-landlord-1', name: 'Maria Delgado', email: 'maria.delgado@cooperhome.example', role: 'landlord', isAdministrator: false },
  { id: 'demo-landlord-2', name: 'James Okafor', email: 'james.okafor@cooperhome.example', role: 'landlord', isAdministrator: false },
  { id: 'demo-renter', name: 'Alex Morgan', email: 'alex.morgan@cooperhome.example', role: 'renter', isAdministrator: false },
] as const

const SEED_MARKER = 'demo_seeded'
const seededAt = new Date('2025-01-15T15:00:00Z')

export async function seedDemoData({ database, auth, logger }: { database: Database; auth: Auth; logger: Logger }) {
  const { db } = database
  const [marker] = await db.select().from(setting).where(eq(setting.key, SEED_MARKER))
  if (marker) {
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
          .values({ userLowId: low!, userHighId: high!, startedBy: demo.senderId, lastSeq: 1, lastMessageAt: demo.createdAt, createdAt: demo.createdAt })
          .returning({ id: conversation.id })
        await tx.insert(message).values({ ...demo, conversationId: started!.id, seq: 1, clientTxnId: `demo-${i + 1}` })
      }
    }
    return true
  })
  await seedArticles(db)
  if (created) logger.info({ accounts: demoAccounts.length }, 'demo data created')
  await seedListingsOnce(db, logger)
}

async function seedListingsOnce(db: Database['db'], logger: Logger) {
  const listings = await seedDemoListings(db)
  if (listings > 0) logger.info({ listings }, 'demo listings created')
}
