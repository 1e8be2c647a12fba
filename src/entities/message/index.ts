export {
  MESSAGES_KEY,
  UNREAD_KEY,
  THREADS_KEY,
  threadKey,
  unreadQueryOptions,
  threadsQueryOptions,
  threadQueryOptions,
  markThreadRead,
  sendMessage,
  withSentMessage,
  SendMessageError,
  type SendFailure,
  type SentMessage,
  type MessageThread,
  type ThreadMessage,
  type ThreadMessages,
} from './api/message-api';
export { useUnreadCount } from './model/use-unread-count';
