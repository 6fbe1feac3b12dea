// What the specs with two parties (a renter and a landlord, each in a browser of their own) share:
// the other party's browser, signed in, and the check every page of theirs passes.
import type { Browser, Page } from '@playwright/test'
import { APP_URL } from './environment.ts'
import { dismissToasts, expect, type Account } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'

const SHOTS = process.env.E2E_SCREENSHOTS

/** Checks the page with axe and, when E2E_SCREENSHOTS names a folder, keeps a screenshot of it. */
export async function look(page: Page, name: string, layout: string) {
  await dismissToasts(page)
  await expectNoAxeViolations(page)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${layout}-${name}.png`, fullPage: true })
}

/** Another person in a browser of their own at the same size as `page` (or the `viewport` given), signed in. */
export async function browserFor(
  browser: Browser,
  account: Account,
  page: Page,
  extraHTTPHeaders: Record<string, string> | undefined,
  viewport = page.viewportSize(),
) {
  const context = await browser.newContext({ baseURL: APP_URL, extraHTTPHeaders, viewport })
  const signedIn = await context.request.post('/api/auth/sign-in/email', {
    headers: { Origin: APP_URL },
    data: { email: account.email, password: account.password },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  return context.newPage()
}

/** A complete reusable application saved through the API, as the form would save it. */
export async function saveProfile(page: Page, legalName: string) {
  const year = new Date().getUTCFullYear()
  const saved = await page.context().request.put('/api/me/application', {
    headers: { Origin: APP_URL },
    data: {
      legalName,
      email: 'someone@example.com',
      phone: '555-0100',
      addresses: [
        {
          street: '12 Elm Street',
          city: 'Wilmington',
          state: 'DE',
          postalCode: '19801',
          from: `${year - 5}-01`,
          to: '',
          monthlyRentCents: 140_000,
          landlordName: 'Pat Prior',
          landlordPhone: '',
          landlordEmail: '',
        },
      ],
      employment: [
        { employer: 'Acme', position: 'Nurse', from: `${year - 4}-03`, monthlyIncomeCents: 500_000, contactName: '', contactPhone: '' },
      ],
      otherIncome: [],
      occupants: [],
      pets: [],
      vehicles: [],
      emergencyContact: { name: 'Dana Rivera', phone: '555-0102', relationship: 'Sister' },
      documentIds: [],
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
}
