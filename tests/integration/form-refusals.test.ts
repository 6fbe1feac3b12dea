// Every page form that refuses its input answers in one shape, whatever the page: a FormAnswer
// ({ ok: false, fieldErrors, formError? }) with the refusal's status, beside what the page needs to
// show the form again. A page that answered its own way (`message`, `errors`, a `_` field, one string
// per field) fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as adminContentEditAction } from '#app/routes/admin-content-edit.tsx'
import { action as adminContentRevisionsAction } from '#app/routes/admin-content-revisions.tsx'
import { action as adminCooperAction } from '#app/routes/admin-cooper.tsx'
import { action as applicationNewAction } from '#app/routes/application-new.tsx'
import { action as applicationAction } from '#app/routes/application.tsx'
import { action as chatReportsAction } from '#app/routes/chat-reports.tsx'
import { action as chatAction } from '#app/routes/chat.tsx'
import { action as forgotPasswordAction } from '#app/routes/forgot-password.tsx'
import { action as knowledgeArticleAction } from '#app/routes/knowledge-article.tsx'
import { action as loginAction } from '#app/routes/login.tsx'
import { action as myApplicationAction } from '#app/routes/my-application.tsx'
import { action as propertiesAction } from '#app/routes/properties.tsx'
import { action as propertyNewAction } from '#app/routes/property-new.tsx'
import { action as registerAction } from '#app/routes/register.tsx'
import { action as resetPasswordAction } from '#app/routes/reset-password.tsx'
import { action as searchAction } from '#app/routes/search.tsx'
import { action as searchesAction } from '#app/routes/searches.tsx'
import { action as userProfileAction } from '#app/routes/userprofile.tsx'
import { establishedUser } from '#tests/support/chat.ts'
import { createTestServices, type TestServices } from '#tests/support/test-services.ts'
import type { TestUser } from '#tests/support/users.ts'
import { callRoute, postForm } from './accounts-helpers.ts'

/** What a page may add beside the FormAnswer to show its form again. */
const PAGE_KEYS = new Set([
  'values',
  'intent',
  'step',
  'messageId',
  'reportId',
  'userId',
  'unverifiedEmail',
  'resent',
  'baseVersion',
  'theirs',
  'listingId',
])

/** Fails unless the answer is a FormAnswer (plus the page's own keys), with the status given. */
function expectFormAnswer(result: { status: number; data: unknown }, status: number) {
  expect(result.status).toBe(status)
  const answer = result.data as Record<string, unknown>
  expect(answer.ok).toBe(false)
  const fieldErrors = answer.fieldErrors as Record<string, unknown>
  expect(fieldErrors).toBeTypeOf('object')
  for (const [field, messages] of Object.entries(fieldErrors)) {
    expect(field).not.toBe('_')
    expect(Array.isArray(messages), `${field} holds a list of messages`).toBe(true)
    for (const message of messages as unknown[]) expect(message).toBeTypeOf('string')
  }
  if ('formError' in answer) expect(answer.formError).toBeTypeOf('string')
  const others = Object.keys(answer).filter((key) => !['ok', 'fieldErrors', 'formError'].includes(key) && !PAGE_KEYS.has(key))
  expect(others, 'keys beside the FormAnswer').toEqual([])
  const shown = Object.values(fieldErrors).flat().length + (answer.formError ? 1 : 0)
  expect(shown, 'something says what is wrong').toBeGreaterThan(0)
  return answer as { ok: false; fieldErrors: Record<string, string[]>; formError?: string }
}

describe('refused forms', () => {
  let t: TestServices
  let member: TestUser
  let admin: TestUser

  beforeAll(async () => {
    t = await createTestServices()
    member = await establishedUser(t, { name: 'Morgan Member' })
    admin = await establishedUser(t, { name: 'Dana Admin', isAdministrator: true })
  }, 120_000)

  afterAll(async () => {
    await t?.close()
  })

  const run = (action: unknown, path: string, fields: Record<string, string>, cookie?: string, params: Record<string, string> = {}) =>
    callRoute(t, action as never, postForm(path, fields, { cookie }), params)

  it('answer with field errors as lists of messages and the whole-form sentence as formError, on the account pages', async () => {
    const login = expectFormAnswer(await run(loginAction, '/login', { email: '', password: '' }), 400)
    expect(login.fieldErrors.email).toEqual(['Enter your e-mail address.'])
    const wrong = expectFormAnswer(await run(loginAction, '/login', { email: 'nobody@example.com', password: 'not the password' }), 400)
    expect(wrong.formError).toMatch(/./)
    expectFormAnswer(await run(registerAction, '/register', {}), 400)
    expectFormAnswer(await run(forgotPasswordAction, '/forgot-password', { email: 'nope' }), 400)
    expectFormAnswer(await run(resetPasswordAction, '/reset-password', { token: 'some-token', newPassword: 'short' }), 400)
  })

  it('answer in the same shape on the saved searches’ forms', async () => {
    const saved = expectFormAnswer(
      await run(propertiesAction, '/properties?beds=2', { intent: 'save-search', name: '', frequency: 'hourly' }, member.cookie),
      400,
    )
    expect(saved.fieldErrors.frequency).toEqual(['Choose how often to hear of new homes.'])
    const unreadable = expectFormAnswer(
      await run(propertiesAction, '/properties?minPrice=900&maxPrice=100', { intent: 'save-search', frequency: 'daily' }, member.cookie),
      400,
    )
    expect(unreadable.formError).toBe('This search cannot be saved: Maximum price must be at least the minimum price.')
    expectFormAnswer(await run(searchesAction, '/searches', { intent: 'no-such-form' }, member.cookie), 400)
    expectFormAnswer(await run(searchesAction, '/searches', { intent: 'alert-settings', timeZone: 'Nowhere/At_All' }, member.cookie), 400)
    expectFormAnswer(await run(searchesAction, '/searches', { intent: 'pause', id: '999999' }, member.cookie), 404)
    expectFormAnswer(await run(searchAction, '/searches/999999', { intent: 'settings', name: '' }, member.cookie, { id: '999999' }), 400)
  })

  it('answer in the same shape on the profile, listing, chat, knowledge and administrators’ pages', async () => {
    const profile = expectFormAnswer(await run(userProfileAction, '/userprofile', { intent: 'no-such-form' }, member.cookie), 400)
    expect(profile.formError).toMatch(/not one we know/)
    expectFormAnswer(await run(userProfileAction, '/userprofile', { intent: 'profile', name: '' }, member.cookie), 400)

    // A member who is not a landlord: the form stays, saying why, with the refusal's own status.
    const listing = expectFormAnswer(await run(propertyNewAction, '/properties/new', { intent: 'save' }, member.cookie), 403)
    expect(listing.formError).toMatch(/Only landlords can list homes/)
    const bad = expectFormAnswer(await run(propertyNewAction, '/properties/new', { intent: 'save', title: '' }, admin.cookie), 400)
    expect(Object.keys(bad.fieldErrors).length).toBeGreaterThan(0)

    expectFormAnswer(await run(chatAction, '/chat', { intent: 'no-such-form' }, member.cookie), 400)
    expectFormAnswer(await run(chatReportsAction, '/chat/reports', { intent: 'no-such-form' }, admin.cookie), 400)
    expectFormAnswer(
      await run(knowledgeArticleAction, '/knowledge/any', { intent: 'vote', helpful: 'perhaps' }, undefined, { slug: 'any' }),
      400,
    )

    const content = expectFormAnswer(
      await run(adminContentEditAction, '/admin/content/articles/new', { intent: 'save', title: '' }, admin.cookie, {
        kind: 'articles',
        id: 'new',
      }),
      400,
    )
    expect(content.formError).toBe('Some fields need attention.')
    expectFormAnswer(
      await run(adminContentRevisionsAction, '/admin/content/articles/1/revisions', { intent: 'nothing' }, admin.cookie, {
        kind: 'articles',
        id: '1',
      }),
      400,
    )
    expectFormAnswer(await run(adminCooperAction, '/admin/cooper', { intent: 'no-such-form' }, admin.cookie), 400)
  })

  it('answer in the same shape on the application pages', async () => {
    const mine = expectFormAnswer(await run(myApplicationAction, '/userprofile/application', { intent: 'save' }, member.cookie), 400)
    expect(Object.keys(mine.fieldErrors)).toContain('addresses.0.street')
    expectFormAnswer(await run(myApplicationAction, '/userprofile/application', { intent: 'no-such-form' }, member.cookie), 400)
    expectFormAnswer(await run(myApplicationAction, '/userprofile/application', { intent: 'delete-all' }, member.cookie), 400)
    const apply = expectFormAnswer(
      await run(applicationNewAction, '/applications/new?listing=1', { moveInDate: '2027-01-01', leaseMonths: '0' }, member.cookie),
      400,
    )
    expect(apply.fieldErrors.leaseMonths).toHaveLength(1)
    expectFormAnswer(await run(applicationAction, '/applications/1', { intent: 'no-such-form' }, member.cookie, { id: '1' }), 400)
    expectFormAnswer(await run(applicationAction, '/applications/1', { intent: 'declined' }, member.cookie, { id: '1' }), 400)
    const removal = { intent: 'remove_co_applicant', inviteId: 'not a number' }
    expectFormAnswer(await run(applicationAction, '/applications/1', removal, member.cookie, { id: '1' }), 400)
  })
})
