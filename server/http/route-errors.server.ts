// Where route actions and loaders meet the domain's AppError, so no route translates errors by hand:
// an action answers a refusal as FormFailure data with the error's status (the form shows it); a
// loader throws it as an error response that the route's error boundary shows inside the frame.
import { data } from 'react-router'
import type { FormFailure } from '#common/forms.ts'
import { isAppError, type AppError } from '#server/errors.server.ts'

/** An AppError as an action's answer: its sentence and field errors, with its HTTP status. */
export function refusalOf<Extra extends object = object>(error: AppError, extra?: Extra) {
  return data<FormFailure & Extra>(
    { message: error.message, fieldErrors: error.fieldErrors ?? {}, ...(extra as Extra) },
    { status: error.status },
  )
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
