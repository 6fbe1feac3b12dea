// What the landlord's form does when it is posted, for both /properties/new and the edit page:
// fee rows and the ZIP look-up without JavaScript, coordinates from the ZIP centroid when the pin
// was not placed, then a save (and a publish) through the listing domain functions, answered with
// the form again or a redirect and a toast. A new listing's draft opens on its photos step, and a
// publish refused for want of a ready photo keeps the save.
import { data } from 'react-router'
import { listingPath, photosStepPath } from '#common/listings/listing-url.ts'
import { MY_LISTINGS_PATH } from '#app/components/listings/my-listings.tsx'
import type { Db } from '#server/db/client.server.ts'
import type { FormAnswer } from '#common/forms.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { readFormDataWithLimit } from '#server/media/index.server.ts'
import { formErrorsOf, validateListingForm, valuesOfFormData, type ListingFormValues } from '#common/listings/listing-form.ts'
import type { ListingDetail } from '#common/listings/types.ts'
import type { Services } from '#server/services.server.ts'
import { createListing, LISTING_NOTICE_JOB, placeByZip, publishListing, updateListing, ZIP_PATTERN } from '#server/listings/index.server.ts'

type SaveIntent = 'save' | 'preview' | 'publish'

/** The form shown again: refused (with why), or redrawn after a fee row or a ZIP look-up without JavaScript. */
export type ListingFormAnswer = FormAnswer & { values: ListingFormValues }

export type ListingFormOutcome =
  | { kind: 'refused'; refusal: AppError | FormAnswer; values: ListingFormValues }
  | { kind: 'redrawn'; answer: ListingFormAnswer }
  | { kind: 'saved'; intent: SaveIntent; listing: ListingDetail }
  /** Saved as a draft, but publishing was refused (no ready photo yet): the form says why. */
  | { kind: 'unpublished'; listing: ListingDetail; refusal: AppError; values: ListingFormValues }

/** A domain refusal with its field errors keyed by the form's fields instead of the listing schema's paths. */
const onTheForm = (error: AppError) => new AppError(error.code, error.message, formErrorsOf(error.fieldErrors ?? {}))

export async function submitListingForm(
  db: Db,
  { viewerId, listingId, formData }: { viewerId: string; listingId?: number; formData: FormData },
): Promise<ListingFormOutcome> {
  const values = valuesOfFormData(formData)
  const rawIntent = formData.get('intent')
  const [intent, argument] = typeof rawIntent === 'string' ? rawIntent.split(':') : ['']

  switch (intent) {
    case 'add-fee':
      values.fees.push({ name: '', amount: '' })
      return { kind: 'redrawn', answer: { ok: false, values, fieldErrors: {} } }
    case 'remove-fee':
      values.fees.splice(Number(argument), 1)
      return { kind: 'redrawn', answer: { ok: false, values, fieldErrors: {} } }
    case 'lookup-zip': {
      const fieldErrors = ZIP_PATTERN.test(values.zip.trim())
        ? placeByZip(values, { movePin: true })
        : { zip: ['Enter a five-digit ZIP code, like 19801.'] }
      return { kind: 'redrawn', answer: { ok: false, values, fieldErrors } }
    }
    case 'save':
    case 'preview':
    case 'publish':
      break
    default:
      return { kind: 'refused', refusal: new AppError('invalid', 'This button is not one we know. Reload the page and try again.'), values }
  }

  const zipErrors = placeByZip(values, { movePin: false })
  const { input, fieldErrors } = validateListingForm(values)
  const allErrors = { ...fieldErrors, ...zipErrors }
  // With the ZIP at fault the coordinates are too; one message on the ZIP says it.
  if (allErrors.zip) {
    delete allErrors.latitude
    delete allErrors.longitude
  }
  if (Object.keys(allErrors).length > 0) return { kind: 'refused', refusal: { ok: false, fieldErrors: allErrors }, values }

  try {
    const saved =
      listingId === undefined
        ? await createListing(db, { viewerId, input })
        : await updateListing(db, { viewerId, listingId, changes: input })
    if (intent !== 'publish') return { kind: 'saved', intent, listing: saved }
    return await publishSaved(db, { viewerId, saved, values })
  } catch (error) {
    // Invalid, or not allowed to list (e.g. the Terms of Use in force are not accepted yet): the form stays, with why.
    if (isAppError(error) && (error.code === 'invalid' || error.code === 'forbidden'))
      return { kind: 'refused', refusal: onTheForm(error), values }
    throw error
  }
}

/** Publishes the listing just saved; a refusal leaves it a draft, with everything the form sent kept. */
async function publishSaved(
  db: Db,
  { viewerId, saved, values }: { viewerId: string; saved: ListingDetail; values: ListingFormValues },
): Promise<ListingFormOutcome> {
  try {
    return { kind: 'saved', intent: 'publish', listing: await publishListing(db, { viewerId, listingId: saved.id }) }
  } catch (error) {
    if (!isAppError(error) || error.code !== 'invalid') throw error
    return { kind: 'unpublished', listing: saved, refusal: onTheForm(error), values }
  }
}

const HELD_MESSAGE = 'Saved, and held for review: the listing is out of search until an administrator looks. The reason is above the form.'

/** Queues the owner's e-mail when this post put the listing on hold (publishing or editing text with payment words). */
export async function queueHoldNotice(services: Services, outcome: ListingFormOutcome, statusBefore: string) {
  if (outcome.kind !== 'saved' || outcome.listing.status !== 'held' || statusBefore === 'held') return
  await services.jobs
    .send(LISTING_NOTICE_JOB, { listingId: outcome.listing.id, kind: 'held', reason: '' })
    .catch((error: unknown) =>
      services.logger.warn({ err: error, listingId: outcome.listing.id }, 'listing hold notice could not be queued'),
    )
}

const NEW_DRAFT_SAVED = 'Your draft is saved. Add photos, then publish.'

const TOO_LONG = 'This listing is far longer than any listing can be. Shorten the text and try again.'

/** Over this, a form post is refused unread: the longest valid listing is a small fraction of it. */
export const LISTING_FORM_MAX_BYTES = 4 * 1024 * 1024

/** The page's answer to a posted form: the form again (400 when refused) or a redirect with a toast. */
export async function answerListingForm(outcome: ListingFormOutcome, { isNew }: { isNew: boolean }) {
  if (outcome.kind === 'refused') return refusalOf(outcome.refusal, { values: outcome.values })
  if (outcome.kind === 'redrawn') return data(outcome.answer, { status: 200 })
  const saved = outcome.listing
  const path = listingPath(saved)
  if (outcome.kind === 'unpublished') {
    // The edit page shows the form again with why; a new listing exists now, so its form is the edit page's.
    if (!isNew) return refusalOf(outcome.refusal, { values: outcome.values })
    return redirectWithToast(photosStepPath(path), {
      type: 'error',
      message: `Your draft is saved but not published. ${outcome.refusal.message}`,
    })
  }
  if (saved.status === 'held') {
    return redirectWithToast(`${path}/edit`, { type: 'error', message: HELD_MESSAGE })
  }
  switch (outcome.intent) {
    case 'publish':
      return redirectWithToast(MY_LISTINGS_PATH, {
        type: 'success',
        message: `“${saved.title}” is published: renters can find it now.`,
      })
    case 'preview':
      return redirectWithToast(path, {
        type: 'info',
        message:
          saved.status === 'draft'
            ? 'Saved. This is your draft as renters will see it once you publish it.'
            : 'Saved. This is your listing as renters see it.',
      })
    case 'save':
      // A new listing's last step, photos, needs the saved listing: its edit page opens on it.
      if (isNew) return redirectWithToast(photosStepPath(path), { type: 'success', message: NEW_DRAFT_SAVED })
      return redirectWithToast(`${path}/edit`, {
        type: 'success',
        message: saved.status === 'draft' ? 'Your draft is saved.' : 'Your changes are saved.',
      })
  }
}

/** The form's fields of a post, or the answer to one that is too large or unreadable. */
export async function readListingForm(request: Request, values: ListingFormValues) {
  try {
    return { formData: await readFormDataWithLimit(request, LISTING_FORM_MAX_BYTES, { message: TOO_LONG }) }
  } catch (error) {
    const refusal = isAppError(error) ? error : new AppError('invalid', 'The form could not be read. Reload the page and try again.')
    return { refusal: refusalOf(refusal, { values }) }
  }
}
