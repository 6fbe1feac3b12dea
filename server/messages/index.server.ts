// The public surface of server/messages/: everything outside this folder uses the area through these
// names. Writes that others hear of go through the front doors of chat-writes.server.ts, which
// commit and then tell the live sockets.
export { findOtherParticipant, hasBlocked, mutedUntil } from './access.server.ts'
export { blockUser, unblockUser } from './blocks.server.ts'
export {
  deleteDirectMessage,
  deleteRoomMessage,
  editDirectMessage,
  editRoomMessage,
  markConversationRead,
  postRoomMessage,
  resolveReport,
  sendDirectMessage,
} from './chat-writes.server.ts'
export { findConversation, listConversations, readThread } from './direct-read.server.ts'
export { findListingCard } from './listing-card.server.ts'
export { listActiveMutes, muteUser, unmuteUser } from './mutes.server.ts'
export { openConversation } from './open-conversation.server.ts'
export { countOpenReports, listOpenReports, listResolvedReports, type ReportOutcome, reportMessage } from './reports.server.ts'
export { COMMUNITY_ROOM, readRoom } from './room.server.ts'
export { findMessageSettings, saveMessageSettings } from './settings.server.ts'
export { sendUnreadNotices, UNREAD_NOTICES_CRON, UNREAD_NOTICES_JOB } from './unread-notices.server.ts'
