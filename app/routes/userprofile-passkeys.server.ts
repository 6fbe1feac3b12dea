// The passkey forms of /userprofile (#passkeys): a new name, and removal. Adding one is the browser's
// ceremony against /api/auth (app/components/profile/passkeys-section.tsx); signing in with one is /login's.
import { INTENTS, textFields } from '#app/components/profile/profile-forms.ts'
import { parseForm } from '#common/forms.ts'
import { removePasskeySchema, renamePasskeySchema } from '#common/accounts/passkey-forms.ts'
import { removePasskey, renamePasskey } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import type { Submission } from './userprofile.server.ts'

const PASSKEYS_SECTION = '/userprofile#passkeys'

export async function renameOwnPasskey({ services, actor, formData }: Submission) {
  const values = textFields(formData, ['passkeyId', 'name'])
  const parsed = parseForm(renamePasskeySchema, values)
  if (!parsed.ok) return refusalOf(parsed, { intent: INTENTS.passkeyRename, values })
  try {
    await renamePasskey(services, actor, parsed.data)
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf(error, { intent: INTENTS.passkeyRename, values })
  }
  return redirectWithToast(PASSKEYS_SECTION, { type: 'success', message: `The passkey is now called “${parsed.data.name}”.` })
}

/** Only the person's own passkey goes; another's id is refused and nothing changes. The account is mailed. */
export async function removeOwnPasskey({ services, actor, formData }: Submission) {
  const parsed = parseForm(removePasskeySchema, textFields(formData, ['passkeyId']))
  if (!parsed.ok) return refusalOf(new AppError('invalid', 'Choose a passkey to remove.'), { intent: INTENTS.passkeyRemove })
  try {
    await removePasskey(services, actor, parsed.data)
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf(error, { intent: INTENTS.passkeyRemove })
  }
  return redirectWithToast(PASSKEYS_SECTION, {
    type: 'success',
    message: 'The passkey is removed. It can no longer sign in to your account; we sent you an e-mail about it.',
  })
}
