// The unread badge and the title's "(N)" follow the socket: a message arriving elsewhere shows on an
// open page without a reload, and reading it, or its sender deleting it, clears them.
import { request as playwrightRequest } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { expect, test, visit } from './fixtures.ts'

test('a new direct message badges the open page live, and reading it clears the badge @any-size', async ({
  page,
  signedInAccount,
  createAccount,
  extraHTTPHeaders,
}) => {
  void signedInAccount
  await visit(page, '/')
  const badge = page.locator('nav [data-unread-badge]')
  await expect(badge).toHaveCount(0)
  await expect(page).not.toHaveTitle(/^\(/)
  const me = (await (await page.context().request.get('/api/auth/get-session')).json()) as { user: { id: string } }

  // Someone else writes, from another client.
  const sender = await createAccount({ name: 'Lee Landlord' })
  const api = await playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { ...extraHTTPHeaders, Origin: APP_URL } })
  try {
    const signIn = await api.post('/api/auth/sign-in/email', { data: { email: sender.email, password: sender.password } })
    expect(signIn.status()).toBe(200)
    const opened = await api.post('/api/chat/conversations', { data: { otherUserId: me.user.id } })
    expect(opened.status()).toBe(201)
    const { conversationId } = (await opened.json()) as { conversationId: number }
    const sent = await api.post(`/api/chat/conversations/${conversationId}/messages`, {
      data: { body: 'Is Saturday fine for a viewing?', clientTxnId: `e2e-${Date.now()}` },
    })
    expect(sent.status()).toBe(201)

    await expect(badge).toHaveText('1')
    await expect(page).toHaveTitle(/^\(1\) /)

    // Reading it (here through the API, as the chat page does) drops the badge in this tab too.
    const read = await page
      .context()
      .request.post(`/api/chat/conversations/${conversationId}/read`, { headers: { Origin: APP_URL }, data: {} })
    expect(await read.json()).toEqual({ unread: 0 })
    await expect(badge).toHaveCount(0)
    await expect(page).not.toHaveTitle(/^\(/)
  } finally {
    await api.dispose()
  }
})

test('an unread message its sender deletes leaves the badge live @any-size', async ({
  page,
  signedInAccount,
  createAccount,
  extraHTTPHeaders,
}) => {
  void signedInAccount
  await visit(page, '/')
  const badge = page.locator('nav [data-unread-badge]')
  const me = (await (await page.context().request.get('/api/auth/get-session')).json()) as { user: { id: string } }

  const sender = await createAccount({ name: 'Hasty Sender' })
  const api = await playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { ...extraHTTPHeaders, Origin: APP_URL } })
  try {
    expect((await api.post('/api/auth/sign-in/email', { data: { email: sender.email, password: sender.password } })).status()).toBe(200)
    const opened = await api.post('/api/chat/conversations', { data: { otherUserId: me.user.id } })
    const { conversationId } = (await opened.json()) as { conversationId: number }
    const send = async (body: string) => {
      const sent = await api.post(`/api/chat/conversations/${conversationId}/messages`, {
        data: { body, clientTxnId: `e2e-${Date.now()}-${body.length}` },
      })
      expect(sent.status()).toBe(201)
      return ((await sent.json()) as { message: { id: number } }).message.id
    }
    await send('Viewing at 5 on Saturday?')
    const regretted = await send('Oops, wrong person')
    await expect(badge).toHaveText('2')
    await expect(page).toHaveTitle(/^\(2\) /)

    expect((await api.delete(`/api/chat/messages/${regretted}`)).status()).toBe(204)
    await expect(badge).toHaveText('1')
    await expect(page).toHaveTitle(/^\(1\) /)
  } finally {
    await api.dispose()
  }
})
