// The "Messages" section of /userprofile: read receipts and e-mails about unread messages.
import { Form, useNavigation } from 'react-router'
import { ProfileSection } from '#app/components/profile/fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'

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
        <Checkbox
          label="Send read receipts"
          name="sendReadReceipts"
          id="send-read-receipts"
          defaultChecked={settings.sendReadReceipts}
          hint="The people you talk with see “Read” once you have read their messages."
        />
        <Checkbox
          label="E-mail me about unread messages"
          name="emailUnreadMessages"
          id="email-unread-messages"
          defaultChecked={settings.emailUnreadMessages}
          hint="One e-mail when a message is still unread after 15 minutes, at most one an hour per conversation."
        />
        <Button disabled={isSaving}>{isSaving ? 'Saving…' : 'Save message settings'}</Button>
      </Form>
    </ProfileSection>
  )
}
