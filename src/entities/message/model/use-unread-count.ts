import { useQuery } from '@tanstack/react-query';
import { useLiveRefetchInterval } from '@/shared/api';
import { unreadQueryOptions } from '../api/message-api';

/**
 * The messages of other people the user has not read, across their threads: kept fresh by the
 * live events, read every 30 s while the stream is closed. `enabled`: someone is logged in.
 * Undefined until known.
 */
export function useUnreadCount(enabled: boolean): number | undefined {
  const refetchInterval = useLiveRefetchInterval();
  const query = useQuery({ ...unreadQueryOptions(), enabled, refetchInterval });
  return enabled ? query.data : undefined;
}
