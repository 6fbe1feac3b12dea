// Where route actions and loaders meet the domain's AppError, so no route translates errors by hand:
// an action answers a refusal as a FormAnswer with the error's status (the form shows it); a loader
// throws it as an error response that the route's error boundary shows inside the frame.
import { data } from 'react-router'
import type { FormAnswer } from '#common/forms.ts'
import { isAppError, type AppError } from '#server/errors.server.ts'

/** What a form is told when it names an intent or button the action does not know (a stale or tampered page). */
export const UNKNOWN_FORM = 'This form is not one we know. Reload the page and try again.'

/** An AppError as a form's answer: its field errors and its sentence for the whole form. */
export function answerOf(error: AppError): FormAnswer {
  return { ok: false, fieldErrors: error.fieldErrors ?? {}, formError: error.message }
}

/**
 * An action's answer to a refused form, with its HTTP status: an AppError's (or a failed parseForm's,
 * 400) FormAnswer and what the page needs to show the form again (`extra`: which form, the values typed).
 */
export function refusalOf<Extra extends object = object>(refusal: AppError | FormAnswer, extra?: Extra) {
  const [answer, status] = isAppError(refusal) ? [answerOf(refusal), refusal.status] : [refusal, 400 as const]
  return data<FormAnswer & Extra>({ ...(extra as Extra), ...answer }, { status })
}

/** Runs a loader's work; an AppError is thrown as an error response with its status and sentence. */
export async function withPageErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status })
    throw error
  }
}
