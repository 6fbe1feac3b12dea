// better-auth for Cooper Home: e-mail + password with verification and reset by e-mail, optional
// OpenID Connect sign-in, sessions in httpOnly SameSite=Lax cookies, rate limits in the database.
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins'
import { siteConfig } from '#app/site-config.ts'
import type { Config } from '#server/config.server.ts'
import type { Database } from '#server/db/client.server.ts'
import * as schema from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { normalizeEmail } from './email.ts'
import {
  COMMON_PASSWORD_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isCommonPassword,
} from './password-policy.server.ts'
import { createProfile } from './profile.server.ts'
import {
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_FAILURE_WINDOW_MS,
  countRecentSignInFailures,
  recordSignInFailure,
} from './sign-in-failures.server.ts'

export const OIDC_PROVIDER_ID = 'oidc'

export type AuthOptions = {
  config: Pick<Config, 'publicUrl' | 'oidc' | 'RATE_LIMIT'> & { secret: string }
  database: Database
  mailer: Mailer
  logger: Logger
}

export function createAuth({ config, database, mailer, logger }: AuthOptions) {
  const { db } = database
  const sendMail = (mail: Parameters<Mailer['send']>[0]) =>
    mailer.send(mail).catch((error: unknown) => logger.error({ err: error, to: mail.to }, 'mail failed'))

  return betterAuth({
    appName: siteConfig.name,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.secret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    user: {
      additionalFields: {
        termsVersion: { type: 'string', required: false, input: true, fieldName: 'termsVersion' },
      },
      deleteUser: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await sendMail({
          to: user.email,
          subject: 'Reset your Cooper Home password',
          text:
            `Hello ${user.name || user.email},\n\n` +
            `Someone asked to reset the password of your Cooper Home account. ` +
            `To choose a new password, open this link within one hour:\n\n${url}\n\n` +
            `If it was not you, ignore this message: your password stays as it is.\n`,
        })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await sendMail({
          to: user.email,
          subject: 'Confirm your e-mail address for Cooper Home',
          text:
            `Welcome to Cooper Home, ${user.name || user.email}!\n\n` +
            `Confirm your e-mail address to finish creating your account:\n\n${url}\n\n` +
            `If you did not sign up, ignore this message.\n`,
        })
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: [OIDC_PROVIDER_ID] },
    },
    rateLimit: {
      enabled: config.RATE_LIMIT,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 15 * 60, max: 30 },
        '/sign-up/email': { window: 60 * 60, max: 20 },
        '/request-password-reset': { window: 15 * 60, max: 5 },
        '/send-verification-email': { window: 15 * 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: 'cooper',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return { data: { ...user, email: normalizeEmail(user.email) } }
          },
          async after(user) {
            await createProfile(db, { email: user.email, userId: user.id, img: user.image ?? null })
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>
        if (ctx.path === '/sign-up/email') {
          if (body.termsVersion !== siteConfig.termsVersion) {
            throw new APIError('BAD_REQUEST', {
              code: 'TERMS_NOT_ACCEPTED',
              message: 'Accept the Terms of Use to create an account.',
            })
          }
        }
        const newPassword =
          ctx.path === '/sign-up/email'
            ? body.password
            : ctx.path === '/reset-password' || ctx.path === '/change-password'
              ? body.newPassword
              : undefined
        if (typeof newPassword === 'string' && isCommonPassword(newPassword)) {
          throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD_MESSAGE })
        }
        if (ctx.path === '/sign-in/email' && config.RATE_LIMIT && typeof body.email === 'string') {
          const failures = await countRecentSignInFailures(db, normalizeEmail(body.email))
          if (failures >= SIGN_IN_FAILURE_LIMIT) {
            throw new APIError('TOO_MANY_REQUESTS', {
              code: 'TOO_MANY_SIGN_IN_FAILURES',
              message: `Too many failed sign-ins for this e-mail. Try again in ${SIGN_IN_FAILURE_WINDOW_MS / 60_000} minutes or reset your password.`,
            })
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return
        const body = (ctx.body ?? {}) as Record<string, unknown>
        const returned = ctx.context.returned
        if (
          returned instanceof APIError &&
          returned.statusCode === 401 &&
          typeof body.email === 'string'
        ) {
          await recordSignInFailure(db, normalizeEmail(body.email))
        }
      }),
    },
    trustedOrigins: [config.publicUrl],
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                name: config.oidc.name,
                discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  })
}

export type Auth = ReturnType<typeof createAuth>
