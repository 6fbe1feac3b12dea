// Steps of the landlord's journey that several specs take the same way.
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { APP_URL } from './environment.ts'
import { expect, visit, type Account } from './fixtures.ts'

/** Chooses the Landlord role on the profile, as a person does. */
export async function becomeLandlord(page: Page) {
  await visit(page, '/userprofile')
  await page
    .getByRole('group', { name: 'Role' })
    .getByRole('radio', { name: /Landlord/ })
    .check()
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('heading', { name: 'My listings' })).toBeVisible()
}

/** The form's price step: $1,850 a month, the same deposit and a $75 parking fee ($1,925 all-in). */
export async function fillPriceStep(page: Page) {
  await page.getByLabel('Monthly rent ($)').fill('1850')
  await page.getByLabel('Security deposit ($)').fill('1850')
  await page.getByRole('button', { name: 'Add a fee' }).click()
  await page.getByLabel('Fee 1 name').fill('Parking')
  await page.getByLabel('Fee 1 per month ($)').fill('75')
  await page.getByRole('button', { name: 'Next: Location' }).click()
}

/** A form post as the page's own no-JavaScript form sends it. */
export function postForm(api: APIRequestContext, path: string, form: Record<string, string>) {
  return api.post(path, { headers: { Origin: APP_URL }, form, maxRedirects: 0 })
}

/** Photos as a phone would take them: JPEGs of the colours given, each its own file. */
export function photoFiles(named: { name: string; background: { r: number; g: number; b: number } }[]) {
  return Promise.all(
    named.map(async ({ name, background }) => ({
      name,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1600, height: 1067, channels: 3, background } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    })),
  )
}

/** The listing form's fields, complete and valid, as its page sends them. */
function listingFields(title: string): Record<string, string> {
  return {
    title,
    type: 'apartment',
    description: 'Two rooms over the square, with morning light and a short walk to the train.',
    offersLease: 'on',
    monthlyRent: '1500',
    minTermMonths: '12',
    deposit: '1500',
    street: '12 Market Street',
    zip: '19801',
    bedrooms: '2',
    bathrooms: '1',
    interiorSqft: '850',
    availableFrom: new Date().toISOString().slice(0, 10),
  }
}

type Draft = { id: number; path: string; fields: Record<string, string> }

/** Saves a new listing's form as a draft; the answer opens its edit page on the photos step. */
async function saveDraft(api: APIRequestContext, title: string, extra: Record<string, string> = {}): Promise<Draft> {
  const fields = { ...listingFields(title), ...extra }
  const saved = await postForm(api, '/properties/new', { ...fields, intent: 'save' })
  expect(saved.status(), await saved.text()).toBe(302)
  const location = saved.headers().location ?? ''
  const [, path, id] = /^(\/properties\/[a-z0-9-]+-(\d+))\/edit\?step=photos$/.exec(location) ?? []
  expect(path, `the draft's photos step (${location})`).toBeTruthy()
  return { id: Number(id), path: path!, fields }
}

/**
 * The photo every listing made here carries: publishing needs one, and these listings are the setting of
 * other journeys, not photo tests (journey.spec.ts and landlord.spec.ts upload a phone's photos through
 * the page). 800 pixels wide, it is made into two widths instead of four: a fifth of the server's work
 * a photo, and the suite makes dozens of these listings.
 */
let setupPhoto: Promise<{ name: string; mimeType: string; buffer: Buffer }> | undefined
function listingPhoto() {
  setupPhoto ??= sharp({ create: { width: 800, height: 533, channels: 3, background: { r: 196, g: 120, b: 74 } } })
    .jpeg({ quality: 85 })
    .toBuffer()
    .then((buffer) => ({ name: 'front.jpg', mimeType: 'image/jpeg', buffer }))
  return setupPhoto
}

/** Uploads a photo as the photo manager does (multipart, answered in JSON). */
async function uploadPhoto(api: APIRequestContext, listingId: number) {
  const photo = await listingPhoto()
  const uploaded = await api.post(`/api/properties/${listingId}/photos`, {
    headers: { Origin: APP_URL, Accept: 'application/json' },
    multipart: { photo, altText: 'The front of the building from the square' },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(201)
}

/** Waits, as the photo manager does, until the background job has made the listing's photos ready. */
async function waitForReadyPhotos(api: APIRequestContext, listingId: number) {
  await expect
    .poll(
      async () => {
        const answer = (await (await api.get(`/api/properties/${listingId}/photos`)).json()) as { photos: { status: string }[] }
        return answer.photos.map((photo) => photo.status)
      },
      { message: `the photos of listing ${listingId} are processed`, timeout: 30_000, intervals: [250] },
    )
    .toEqual(['ready'])
}

/**
 * Makes the account a landlord and publishes listings through the site's own forms, as a person
 * would: each draft saved, a photo uploaded to it, and once the photos are processed, each published
 * from its form in turn (so the last is the most recently changed). Returns their addresses.
 */
export async function publishListings(
  api: APIRequestContext,
  account: Account,
  titles: string[],
  extra: Record<string, string> = {},
): Promise<string[]> {
  const role = await postForm(api, '/userprofile', { intent: 'save-profile', name: account.name, role: 'landlord', bio: '', phone: '' })
  expect(role.status()).toBe(302)
  const drafts: Draft[] = []
  for (const title of titles) {
    const draft = await saveDraft(api, title, extra)
    await uploadPhoto(api, draft.id)
    drafts.push(draft)
  }
  // The photos are processed in the background meanwhile: one wait covers them all.
  for (const draft of drafts) await waitForReadyPhotos(api, draft.id)
  for (const draft of drafts) {
    const published = await postForm(api, `${draft.path}/edit`, { ...draft.fields, intent: 'publish' })
    expect(published.status(), await published.text()).toBe(302)
    expect(published.headers().location).toBe('/my-listings')
  }
  return drafts.map((draft) => draft.path)
}

/**
 * Makes the account a landlord and publishes a listing with a photo through the site's own forms;
 * returns its address. `extra` adds or replaces fields of the form (a nightly price, say).
 */
export async function publishListing(
  api: APIRequestContext,
  account: Account,
  title: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const [path] = await publishListings(api, account, [title], extra)
  return path!
}
