// Calls to the site's JSON API (/api) through the real HTTP app, as a page's script or an API client
// makes them: from the site's origin, with a session cookie and a JSON body when given.
import { TEST_ORIGIN, type TestServices } from './test-services.ts'

export type ApiCall = { cookie?: string; body?: unknown }

export async function callApi(t: TestServices, method: string, pathname: string, { cookie, body }: ApiCall = {}) {
  const headers = new Headers({ Origin: TEST_ORIGIN })
  if (cookie) headers.set('Cookie', cookie)
  if (body !== undefined) headers.set('Content-Type', 'application/json')
  const response = await t.app.request(
    new Request(`${TEST_ORIGIN}/api${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  )
  const text = await response.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the API answers; each test asserts the shape it reads.
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any }
}
