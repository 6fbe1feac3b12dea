// The hostile suite's handle on one running site: requests as a browser page of the site would send
// them (its Origin, a session cookie), accounts made through the site, listings made through the
// landlord's form, and the running tally of answers that the tests assert on.
import { expect, inject } from 'vitest'
import { solidImage } from '#tests/support/images.ts'
import { createLiveAccount, mailFolderReader, type LiveAccount } from '#tests/support/live-accounts.ts'
import { cookieHeader } from '#tests/support/users.ts'
import { ADMIN, type SiteInfo } from './site-info.ts'

export type { LiveAccount }

/** The running sites (PGlite, then PostgreSQL), started by the project's global set-up. */
export function hostileSites(): SiteInfo[] {
  return inject('hostileSites')
}

export type SendOptions = {
  method?: string
  cookie?: string
  /** Sent urlencoded, as an HTML form posts. */
  form?: Record<string, string | string[]> | URLSearchParams
  json?: unknown
  multipart?: FormData
  body?: BodyInit
  headers?: Record<string, string>
  /** The Origin header; the site's own unless given (null sends none). */
  origin?: string | null
}

let counter = 0
/** An address no other test uses. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`
}

export function formBody(form: Record<string, string | string[]> | URLSearchParams): URLSearchParams {
  if (form instanceof URLSearchParams) return form
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(form)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one)
  }
  return params
}

export class Site {
  readonly database: SiteInfo['database']
  readonly origin: string
  readonly pid: number
  readonly dataDir: string
  readonly mail: ReturnType<typeof mailFolderReader>

  constructor(info: SiteInfo) {
    this.database = info.database
    this.origin = info.origin
    this.pid = info.pid
    this.dataDir = info.dataDir
    this.mail = mailFolderReader(info.dataDir)
  }

  url(path: string) {
    return `${this.origin}${path}`
  }

  /** One request, redirects not followed (a test reads the Location itself). */
  send(path: string, options: SendOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers }
    const origin = options.origin === undefined ? this.origin : options.origin
    if (origin !== null) headers.origin = origin
    if (options.cookie) headers.cookie = options.cookie
    let body: BodyInit | undefined = options.body
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = formBody(options.form)
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    } else if (options.multipart) body = options.multipart
    const method = options.method ?? (body === undefined ? 'GET' : 'POST')
    return fetch(this.url(path), { method, headers, body, redirect: 'manual' })
  }

  /** A new confirmed account, signed in, made through the site's sign-up and the mailed link. */
  account(name: string, prefix = 'hostile'): Promise<LiveAccount> {
    return createLiveAccount(this.origin, this.mail, { email: uniqueEmail(prefix), name })
  }

  /** A session cookie for an e-mail and password, from better-auth's sign-in. */
  async signIn(email: string, password: string): Promise<string> {
    const response = await this.send('/api/auth/sign-in/email', { json: { email, password } })
    expect(response.status, `sign-in of ${email}`).toBe(200)
    return cookieHeader(response)
  }

  /** The administrator made before the server started. */
  async admin(): Promise<LiveAccount> {
    return { id: 'hostile-admin', email: ADMIN.email, cookie: await this.signIn(ADMIN.email, ADMIN.password) }
  }

  /** Saves the profile form (name, role, bio, phone) as its page does. */
  saveProfile(cookie: string, values: { name: string; role?: string; bio?: string; phone?: string }, { data = true } = {}) {
    return this.send(data ? '/userprofile.data' : '/userprofile', {
      cookie,
      form: { intent: 'save-profile', role: '', bio: '', phone: '', ...values },
    })
  }

  /** A new account with the landlord role. */
  async landlord(name: string): Promise<LiveAccount> {
    const landlord = await this.account(name, 'landlord')
    const saved = await this.saveProfile(landlord.cookie, { name, role: 'landlord' })
    expect(saved.status, 'the landlord role is saved').toBeLessThan(400)
    return landlord
  }

  /** Creates a listing through the landlord's form, adds the photo publishing needs and publishes it; its id and path. */
  async createListing(cookie: string, overrides: Partial<Record<ListingField, string | string[]>> = {}) {
    const response = await this.send('/properties/new', { cookie, form: { ...listingForm(overrides), intent: 'save' } })
    expect(response.status, `the listing form is saved (${await peek(response)})`).toBe(302)
    const location = new URL(response.headers.get('location')!, this.origin)
    const slug = /^\/properties\/([^/]+)\/edit$/.exec(location.pathname)?.[1]
    if (!slug) throw new Error(`Unexpected redirect after saving a listing: ${location}`)
    const id = Number(/(\d+)$/.exec(slug)![1])
    await this.addReadyPhoto(cookie, id)
    const published = await this.send(`/properties/${slug}/manage`, { cookie, form: { intent: 'publish' } })
    expect(published.status, 'the listing is published').toBe(302)
    // A refusal would have sent the owner to the form's photos step instead.
    expect(published.headers.get('location')).toBe('/userprofile#my-listings')
    return { id, slug, path: `/properties/${slug}` }
  }

  /** Uploads a photo to a listing as its photo manager does, and waits until the site has processed it. */
  async addReadyPhoto(cookie: string, listingId: number) {
    const form = new FormData()
    const jpeg = await solidImage(800, 533).jpeg().toBuffer()
    form.append('photo', new File([new Uint8Array(jpeg)], 'front.jpg', { type: 'image/jpeg' }))
    form.append('altText', 'The front of the house')
    const path = `/api/properties/${listingId}/photos`
    const uploaded = await this.send(path, { cookie, multipart: form, headers: { accept: 'application/json' } })
    expect(uploaded.status, 'the photo is uploaded').toBe(201)
    // Polled by hand: the suites make their listings before their tests, where expect.poll cannot run.
    const deadline = Date.now() + 30_000
    for (;;) {
      const { photos } = (await (await this.send(path, { cookie })).json()) as { photos: { status: string }[] }
      if (photos.every((photo) => photo.status === 'ready')) return
      if (Date.now() > deadline) throw new Error(`the photo of listing ${listingId} is still ${photos[0]?.status} after 30 s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

const peek = async (response: Response) => (response.status === 302 ? '' : (await response.clone().text()).slice(0, 300))

export type ListingField =
  | 'title'
  | 'type'
  | 'description'
  | 'offersLease'
  | 'offersShortTerm'
  | 'nightlyPrice'
  | 'minNights'
  | 'monthlyRent'
  | 'minTermMonths'
  | 'deposit'
  | 'feeName'
  | 'feeAmount'
  | 'street'
  | 'unit'
  | 'city'
  | 'state'
  | 'zip'
  | 'neighborhood'
  | 'bedrooms'
  | 'bathrooms'
  | 'interiorSqft'
  | 'yearBuilt'
  | 'allowsCats'
  | 'petPolicy'
  | 'availableFrom'

/** The landlord's form filled in as a person would (the pin is placed from the ZIP). */
export function listingForm(overrides: Partial<Record<ListingField, string | string[]>> = {}): Record<string, string | string[]> {
  return {
    title: 'Bright two-bedroom near the river',
    type: 'apartment',
    description: 'A quiet home with tall windows.',
    offersLease: 'on',
    monthlyRent: '1850',
    minTermMonths: '12',
    deposit: '1850',
    feeName: ['Parking'],
    feeAmount: ['75'],
    street: '12 Market Street',
    unit: '3B',
    city: 'Wilmington',
    state: 'DE',
    zip: '19801',
    neighborhood: 'Downtown',
    bedrooms: '2',
    bathrooms: '1',
    interiorSqft: '900',
    yearBuilt: '1925',
    allowsCats: 'on',
    petPolicy: 'One cat welcome.',
    availableFrom: '2026-01-01',
    ...overrides,
  }
}

/**
 * Runs `work` over `items` with at most `concurrency` at a time (the server has two cores; a few
 * requests in flight keep both busy without queueing behind one another).
 */
export async function eachLimited<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++
      await work(items[index]!, index)
    }
  })
  await Promise.all(workers)
}

/**
 * Writes every value through `write`, which answers whether the site stored it or refused it (a
 * 4xx with a field error). A refused pack is split in two and each half written again, so one
 * string the field cannot take does not keep the others out; a single refused string is fine.
 * Returns the values stored.
 */
export async function writeSplitting(
  values: readonly string[],
  split: (value: string) => string[] | null,
  write: (value: string) => Promise<'stored' | 'refused'>,
  concurrency = 3,
): Promise<{ stored: string[]; refused: string[] }> {
  const stored: string[] = []
  const refused: string[] = []
  let queue = [...values]
  while (queue.length > 0) {
    const again: string[] = []
    await eachLimited(queue, concurrency, async (value) => {
      if ((await write(value)) === 'stored') return void stored.push(value)
      const halves = split(value)
      if (halves) again.push(...halves)
      else refused.push(value)
    })
    queue = again
  }
  return { stored, refused }
}
