// The "Messages" section of /userprofile: read receipts and e-mails about unread messages.
import { Form, useNavigation } from 'react-router'
import { Button, ProfileSection } from '#app/components/profile/fields.tsx'

export const MESSAGE_SETTINGS_INTENT = 'save-message-settings'

export type MessageSettingsView = { sendReadReceipts: boolean; emailUnreadMessages: boolean }

/** A ticked checkbox of a submitted form. */
export const isTicked = (formData: FormData, name: string) => formData.get(name) === 'on'

export function MessageSettings({ settings }: { settings: MessageSettingsView }) {
  const navigation = useNavigation()
  const isSaving = navigation.state !== 'idle' && navigation.formData?.get('intent') === MESSAGE_SETTINGS_INTENT
  return (
    <ProfileSection id="messages" title="Messages" description="How messaging works for you in the chat.">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value={MESSAGE_SETTINGS_INTENT} />
        <div className="flex gap-3">
          <input
            id="send-read-receipts"
            type="checkbox"
            name="sendReadReceipts"
            defaultChecked={settings.sendReadReceipts}
            aria-describedby="send-read-receipts-hint"
            className="mt-1 size-4 accent-brand-700"
          />
          <div>
            <label htmlFor="send-read-receipts" className="font-semibold text-ink">
              Send read receipts
            </label>
            <p id="send-read-receipts-hint" className="text-sm text-ink-soft">
              The people you talk with see “Read” once you have read their messages.
            </p>
          </div>
        </div>
        <div className="flex gap-3">
          <input
            id="email-unread-messages"
            type="checkbox"
            name="emailUnreadMessages"
            defaultChecked={settings.emailUnreadMessages}
            aria-describedby="email-unread-messages-hint"
            className="mt-1 size-4 accent-brand-700"
          />
          <div>
            <label htmlFor="email-unread-messages" className="font-semibold text-ink">
              E-mail me about unread messages
            </label>
            <p id="email-unread-messages-hint" className="text-sm text-ink-soft">
              One e-mail when a message is still unread after 15 minutes, at most one an hour per conversation.
            </p>
          </div>
        </div>
        <Button disabled={isSaving}>{isSaving ? 'Saving…' : 'Save message settings'}</Button>
      </Form>
    </ProfileSection>
  )
}
