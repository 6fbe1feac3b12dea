// The e-mail that tells someone a direct message has waited unread for a while. Pure, so its wording
// is tested without a mailer.

export type UnreadNotice = { conversationId: number; senderName: string; unread: number; latestBody: string; listingTitle: string | null }

const PREVIEW_LENGTH = 200

export function unreadMessageEmail({ publicUrl, notice }: { publicUrl: string; notice: UnreadNotice }) {
  const { senderName, unread, listingTitle } = notice
  const isOne = unread === 1
  const subject = isOne ? `${senderName} sent you a message on Cooper Home` : `${unread} unread messages from ${senderName} on Cooper Home`
  const preview = notice.latestBody.length > PREVIEW_LENGTH ? `${notice.latestBody.slice(0, PREVIEW_LENGTH)}…` : notice.latestBody
  const text = [
    'Hello,',
    '',
    `${senderName} wrote to you${listingTitle ? ` about "${listingTitle}"` : ''} and ${isOne ? 'the message is' : `${unread} messages are`} still unread:`,
    '',
    ...preview.split('\n').map((line) => `> ${line}`),
    '',
    'Read and reply here:',
    `${publicUrl}/chat/${notice.conversationId}`,
    '',
    `We send at most one of these e-mails an hour for each conversation. You can turn them off in your profile: ${publicUrl}/userprofile`,
    '',
    'Cooper Home',
  ].join('\n')
  return { subject, text }
}
