// The accessibility check every page of the end-to-end suite passes: axe-core's WCAG 2.1 A and AA rules
// on the page as the browser shows it. A test that runs at one size only (@any-size runs at the desktop
// size) checks each page at both sizes, so every page a journey visits is checked as a phone shows it too.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { VIEWPORTS } from './environment.ts'
import { expect, test } from './fixtures.ts'

/**
 * Fails with each violated rule, its help text and the elements at fault. axe runs inside the page in one
 * pass (legacy mode: no second blank page to merge the results of frames, which our pages do not have) and
 * returns the elements of violations only; on two cores that takes a third of the time of the default run.
 */
async function violationsOf(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
  return results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    elements: violation.nodes.map((node) => node.target.join(' ')),
  }))
}

/** The page as it is now; in a test that runs at one size only, then at the other size too, and back. */
export async function expectNoAxeViolations(page: Page) {
  expect(await violationsOf(page), 'axe-core violations').toEqual([])
  if (!test.info().tags.includes('@any-size')) return
  const size = page.viewportSize()
  if (!size) return
  const other = size.width === VIEWPORTS.desktop.width ? VIEWPORTS.mobile : VIEWPORTS.desktop
  await page.setViewportSize(other)
  // Two frames: the layout of the new size, and what the page's own code changes on hearing of it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(await violationsOf(page), `axe-core violations at ${other.width}×${other.height}`).toEqual([])
  await page.setViewportSize(size)
}
