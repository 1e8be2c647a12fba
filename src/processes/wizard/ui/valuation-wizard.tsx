import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ComponentProps } from 'react';
import type { PickedLocation } from '@/features/pick-location';
import { ValuationStartPage, valuationAgencyQueryOptions } from '@/pages/valuation-wizard';
import { useTranslation } from '@/shared/i18n';
import { inspectOptions } from '@/shared/lib/inspect';
import { Spinner } from '@/shared/ui/spinner';
import {
  clearStoredValuation,
  newStoredValuation,
  readStoredValuation,
  subscribeStoredValuation,
  writeStoredValuation,
  type StoredValuation,
} from '../model/valuation/stored-valuation';
import styles from './valuation-wizard.module.css';

// The machine, its calls and the step views load when the visitor starts, never with the landing;
// with them the inspector's options (`?inspect`), which its actor is created with.
const ValuationWizardRunner = lazy(() =>
  Promise.all([import('./wizard-runner'), inspectOptions()]).then(([{ default: Runner }, { inspect }]) => ({
    default: (props: Omit<ComponentProps<typeof Runner>, 'inspect'>) => <Runner {...props} inspect={inspect} />,
  })),
);

/** The address as it is mailed back and shown: 'Via Roma 1, Bologna'. */
export function addressLabel(location: Pick<PickedLocation, 'street' | 'streetNumber' | 'municipalityName'>): string {
  return `${location.street} ${location.streetNumber}, ${location.municipalityName}`;
}

export interface ValuationWizardProps {
  /** /valutocasa/citta/{city}: the town's slug. */
  citySlug?: string;
  /** /valutocasa?agenzia={slug}: asked from the agency's page, the valuation goes through it (an unknown one is ignored). */
  agencySlug?: string;
}

/**
 * /valutocasa: the landing with the address, then the valuation wizard on the same address.
 * A valuation in progress lives in the tab (sessionStorage): a reload comes back to its step;
 * after "Esci" the landing offers to resume it.
 */
export function ValuationWizard({ citySlug, agencySlug }: ValuationWizardProps) {
  const { t } = useTranslation('valuation-wizard');
  const agency =
    useQuery({ ...valuationAgencyQueryOptions(agencySlug ?? ''), enabled: Boolean(agencySlug) }).data ?? null;
  const stored = useSyncExternalStore(subscribeStoredValuation, readStoredValuation, () => null);
  // The valuation the runner started with: it stays on screen until the visitor leaves the
  // page, even when the storage is emptied at the end (the thank-you shows the result's link).
  const [running, setRunning] = useState<StoredValuation | null>(null);
  // Started (or resumed) with a button of this page, not found active by a page load.
  const [openedHere, setOpenedHere] = useState(false);
  if (running === null && stored?.active) setRunning(stored);

  if (running) {
    return (
      <Suspense
        fallback={
          <div className={styles.loading}>
            <Spinner label={t('frame.title')} size="large" />
          </div>
        }
      >
        <ValuationWizardRunner initial={running} openedHere={openedHere} />
      </Suspense>
    );
  }
  return (
    <ValuationStartPage
      citySlug={citySlug}
      agencyName={agency?.name ?? null}
      inProgress={stored ? { address: stored.address.label } : null}
      onStart={(location) => {
        setOpenedHere(true);
        const { municipalityName, ...locality } = location;
        writeStoredValuation(
          newStoredValuation(
            { ...locality, showAddress: false },
            { municipalityName, label: addressLabel(location) },
            Date.now(),
            agency,
          ),
        );
      }}
      onResume={() => {
        setOpenedHere(true);
        // Resumed from an agency's page: the valuation goes through that agency.
        if (stored) writeStoredValuation({ ...stored, active: true, agency: agency ?? stored.agency ?? null });
      }}
      onRestart={() => clearStoredValuation()}
    />
  );
}
