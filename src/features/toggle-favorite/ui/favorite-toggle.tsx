import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { useSessionView } from '@/entities/session';
import type { SearchListing } from '@/entities/listing';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { favoritesQueryKey, favoritesQueryOptions, setFavorite, type FavoritesAnswer } from '../api/favorites-api';
import { useFavoritesHolder } from '../model/favorites-holder';
import { isFavorite, withFavorite } from '../model/toggle';
import styles from './favorite-toggle.module.css';

export interface FavoriteToggleProps {
  propertyId: number;
  /** The listing's data, so a new favourite shows in the favourites list at once. */
  listing?: SearchListing;
  /** `overlay`: a round heart over a card's cover; `inline`: a heart with its label (a listing's page). */
  variant?: 'overlay' | 'inline';
  className?: string;
}

/**
 * The visitor's favourites as the toggles read them. A visitor who is not logged in is asked
 * for them only once this browser has saved one (no session is opened for nothing), and only
 * after the page has hydrated, so the server's HTML and the first render agree.
 */
export function useFavorites() {
  const session = useSessionView();
  const holder = useFavoritesHolder();
  const query = useQuery({ ...favoritesQueryOptions(session), enabled: session.isLoggedIn || holder });
  return { query, session };
}

/** The heart of a listing: saves it among the favourites, with or without an account. */
export function FavoriteToggle({ propertyId, listing, variant = 'overlay', className }: FavoriteToggleProps) {
  const { t } = useTranslation('favorites');
  const queryClient = useQueryClient();
  const { query, session } = useFavorites();
  const key = favoritesQueryKey(session);
  const [failed, setFailed] = useState<'save' | 'remove' | null>(null);

  const mutation = useMutation({
    mutationFn: (saved: boolean) => setFavorite(propertyId, saved, session),
    // The heart answers at once; the list follows the server once it has answered.
    onMutate: async (saved) => {
      setFailed(null);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<FavoritesAnswer>(key);
      queryClient.setQueryData<FavoritesAnswer>(key, (current) => withFavorite(current, propertyId, saved, listing));
      return { previous };
    },
    onError: (_error, saved, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      else queryClient.removeQueries({ queryKey: key, exact: true });
      setFailed(saved ? 'save' : 'remove');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(null), 5000);
    return () => clearTimeout(timer);
  }, [failed]);

  const saved = isFavorite(query.data, propertyId);
  const label = saved ? t('remove') : t('save');
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Over a card, the click is the heart's, not the card link's.
    event.stopPropagation();
    mutation.mutate(!saved);
  };

  return (
    <span className={cx(styles.wrapper, className)}>
      <button
        type="button"
        className={cx(styles.toggle, styles[variant], saved && styles.saved)}
        aria-pressed={saved}
        aria-label={variant === 'overlay' ? label : undefined}
        title={variant === 'overlay' ? label : undefined}
        onClick={onClick}
        data-testid="favorite-toggle"
      >
        {/* Drawn by the stylesheet (a mask): a results page shows twenty of these, and an inline SVG each was 5 KB of its HTML. */}
        <span className={styles.heart} aria-hidden="true" />
        {variant === 'inline' ? <span>{label}</span> : null}
      </button>
      <span className={cx(styles.message, failed && styles.visible)} role="status">
        {failed ? t(failed === 'save' ? 'saveFailed' : 'removeFailed') : ''}
      </span>
    </span>
  );
}
