// The public surface of server/messages/: everything outside this folder uses the area through these names.
export {
  announceDirectDeleted,
  announceDirectEdited,
  announceDirectMessage,
  announceRead,
  announceReportOutcome,
  announceRoomDeleted,
  announceRoomEdited,
  announceRoomMessage,
} from './chat-news.server.ts'
export {
  chatAction,
  type ChatFailure,
  type ChatPageData,
  type ChatViewer,
  type DirectThread,
  type ListingCard,
  loadChatPage,
  type RoomThread,
} from './chat-page.server.ts'
export {
  blockUser,
  type ConversationSummary,
  deleteDirectMessage,
  type DirectMessage,
  editDirectMessage,
  listConversations,
  markConversationRead,
  openConversation,
  readThread,
  sendDirectMessage,
  unblockUser,
} from './conversations.server.ts'
export { findOtherParticipant } from './participants.server.ts'
export { loadReportsPage, reportsAction, type ReportsFailure } from './reports-page.server.ts'
export { listOpenReports, type OpenReport, reportMessage, resolveReport } from './reports.server.ts'
export {
  type ActiveMute,
  COMMUNITY_ROOM,
  deleteRoomMessage,
  editRoomMessage,
  listActiveMutes,
  muteUser,
  postRoomMessage,
  readRoom,
  type RoomMessage,
  unmuteUser,
} from './room.server.ts'
export { findMessageSettings, saveMessageSettings } from './settings.server.ts'
export { sendUnreadNotices, UNREAD_NOTICES_CRON, UNREAD_NOTICES_JOB } from './unread-notices.server.ts'
