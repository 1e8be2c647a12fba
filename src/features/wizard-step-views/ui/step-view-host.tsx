import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { StepId } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { Spinner } from '@/shared/ui/spinner';
import type { StepViewProps, StepViewRegistry } from '../model/step-view';
import styles from './wizard-frame.module.css';

type AnyStepView = ComponentType<StepViewProps>;

/** The views of a wizard as lazy components, by step id. */
export type LazyStepViews = { [K in StepId]?: LazyExoticComponent<AnyStepView> };

/**
 * Makes the registry's loaders lazy components, once: call it at module level
 * (`const VIEWS = lazyStepViews({ ...SHARED_STEP_VIEWS, ...MY_VIEWS })`), so a view is never
 * recreated by a render (which would lose what the user typed).
 */
export function lazyStepViews(registry: StepViewRegistry): LazyStepViews {
  const views: LazyStepViews = {};
  for (const [step, load] of Object.entries(registry) as Array<[StepId, () => Promise<{ default: unknown }>]>) {
    views[step] = lazy(load as () => Promise<{ default: AnyStepView }>);
  }
  return views;
}

export interface StepViewHostProps<K extends StepId = StepId> extends StepViewProps<K> {
  views: LazyStepViews;
}

/**
 * Renders the view of `step` (loaded on demand, a spinner meanwhile). A step without a view is
 * a programming error of the page: it throws, and the route's error page shows.
 */
export function StepViewHost<K extends StepId>({ views, ...props }: StepViewHostProps<K>) {
  const { t } = useTranslation('wizard');
  if (!views[props.step]) throw new Error(`No view for the wizard step "${props.step}"`);
  const View = views[props.step] as LazyExoticComponent<AnyStepView>;
  return (
    <Suspense
      fallback={
        <div className={styles.loading}>
          <Spinner label={t('frame.loading')} size="large" />
        </div>
      }
    >
      <View {...(props as unknown as StepViewProps)} />
    </Suspense>
  );
}
