// better-auth for Cooper Home: e-mail + password with verification and reset by e-mail, optional
// OpenID Connect sign-in, sessions in httpOnly SameSite=Lax cookies, rate limits in the database.
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins'
import { siteConfig } from '#app/site-config.ts'
import { VERIFICATION_LINK_HOURS } from '#app/utils/auth-schemas.ts'
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
import { createProfile, findUserIdByEmail } from './profile.server.ts'
import {
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_FAILURE_WINDOW_MS,
  clearSignInFailures,
  countRecentSignInFailures,
  recordSignInFailure,
} from './sign-in-failures.server.ts'

export const OIDC_PROVIDER_ID = 'oidc'

export const EMAIL_TAKEN_MESSAGE = 'An account with this e-mail already exists. Log in or reset your password.'

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
    // better-auth's own messages go to the app's log instead of the console. At 'info', it does not
    // also print every refused request (a wrong password, a taken e-mail) to the console.
    logger: {
      level: 'info',
      log(level, message, ...args) {
        const [first] = args
        const details = first instanceof Error ? { err: first } : args.length > 0 ? { details: args } : {}
        logger[level](details, `auth: ${message}`)
      },
    },
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
      // The owner proved control of the mailbox, so earlier failed sign-ins stop blocking them.
      async onPasswordReset({ user }) {
        await clearSignInFailures(db, normalizeEmail(user.email))
      },
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
      expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await sendMail({
          to: user.email,
          subject: 'Confirm your e-mail address for Cooper Home',
          text:
            `Welcome to Cooper Home, ${user.name || user.email}!\n\n` +
            `Confirm your e-mail address to finish creating your account. ` +
            `The link works for ${VERIFICATION_LINK_HOURS} hours:\n\n${url}\n\n` +
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
            // E-mail sign-ups are refused without the current terms (hooks below); an account made
            // through single sign-on accepts them with the notice beside its button.
            const termsVersion = (user as { termsVersion?: string | null }).termsVersion ?? siteConfig.termsVersion
            return { data: { ...user, email: normalizeEmail(user.email), termsVersion } }
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
        // With verification required, better-auth answers a taken e-mail with a made-up success;
        // people signing up need to know to log in instead.
        if (ctx.path === '/sign-up/email' && typeof body.email === 'string') {
          if (await findUserIdByEmail(db, body.email)) {
            throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: EMAIL_TAKEN_MESSAGE })
          }
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
        if (typeof body.email !== 'string') return
        const returned = ctx.context.returned
        if (isAPIError(returned)) {
          if (returned.statusCode === 401) await recordSignInFailure(db, normalizeEmail(body.email))
        } else if (returned) {
          await clearSignInFailures(db, normalizeEmail(body.email))
        }
      }),
    },
    trustedOrigins: [config.publicUrl],
    // Where a failed single sign-on lands: our login page, which explains it inside the frame.
    onAPIError: { errorURL: `${config.publicUrl}/login?error=oidc` },
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
