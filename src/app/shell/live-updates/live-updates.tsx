import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { MESSAGES_KEY, unreadQueryOptions } from '@/entities/message';
import { useSessionView } from '@/entities/session';
import { liveEvents, type LiveEventsClient } from '@/shared/api';

/** Every visit query's key starts with this (the appointments pages). */
export const APPOINTMENTS_KEY = ['appointments'] as const;

/**
 * Keeps the logged-in user's messages and visits fresh: opens the live stream while someone is
 * logged in (in the browser only: effects never run on the server), refreshes the queries an
 * event concerns, and all of them when the stream (re)opens, since the server keeps no event
 * for a client that was away. A logout or another user closes it and drops what was read.
 */
export function LiveUpdates({ client = liveEvents }: { client?: LiveEventsClient }) {
  const view = useSessionView();
  const queryClient = useQueryClient();
  const user = view.isLoggedIn ? (view.username ?? '') : null;
  const lastUser = useRef<string | null>(null);

  useEffect(() => {
    // What one user read is never shown to the next (nor after the logout).
    if (lastUser.current !== null && lastUser.current !== user) {
      queryClient.removeQueries({ queryKey: MESSAGES_KEY });
      queryClient.removeQueries({ queryKey: APPOINTMENTS_KEY });
    }
    lastUser.current = user;
    if (user === null) return;
    client.start({
      event: (event) =>
        void queryClient.invalidateQueries({ queryKey: event.type === 'message' ? MESSAGES_KEY : APPOINTMENTS_KEY }),
      open: () => {
        void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
        void queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY });
      },
      // A call through the API client renews an expired session token before the stream opens again.
      beforeReopen: () => queryClient.fetchQuery({ ...unreadQueryOptions(), staleTime: 0 }),
    });
    return () => client.stop();
  }, [client, queryClient, user]);

  return null;
}
