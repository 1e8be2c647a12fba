import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, createStaticI18n } from '@/shared/i18n';
import { SEVERITY, createNoopTelemetry, getTelemetryClient, setTelemetryClient } from '@/shared/telemetry';
import common from '../../../../locales/it/common.json';
import { AppErrorBoundary } from './app-error-boundary';
import { ShellErrorFallback } from './shell-error-fallback';

const i18n = createStaticI18n({ common });

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('render failed');
  return <p>contenuto della pagina</p>;
}

describe('AppErrorBoundary', () => {
  beforeEach(() => {
    shouldThrow = true;
    // React logs the caught error; the test asserts on the report instead.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    setTelemetryClient(createNoopTelemetry());
    vi.restoreAllMocks();
  });

  it('shows its children while nothing throws, and reports nothing', () => {
    shouldThrow = false;
    const trackException = vi.spyOn(getTelemetryClient(), 'trackException');
    render(
      <AppErrorBoundary fallback={() => <p>errore</p>}>
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('contenuto della pagina')).toBeTruthy();
    expect(screen.queryByText('errore')).toBeNull();
    expect(trackException).not.toHaveBeenCalled();
  });

  it('shows the shell fallback when a child throws during render, and reports the error to telemetry with severity Error', () => {
    const trackException = vi.fn();
    setTelemetryClient({ ...createNoopTelemetry(), active: true, trackException });
    render(
      <I18nProvider i18n={i18n}>
        <AppErrorBoundary fallback={() => <ShellErrorFallback />}>
          <Fragile />
        </AppErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Qualcosa non ha funzionato' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Torna alla pagina iniziale' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('contenuto della pagina')).toBeNull();

    expect(trackException).toHaveBeenCalledTimes(1);
    const [error, severity, properties] = trackException.mock.calls[0];
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('render failed');
    expect(severity).toBe(SEVERITY.Error);
    expect(properties).toMatchObject({ source: 'boundary' });
    expect((properties as { componentStack: string }).componentStack).toContain('Fragile');
  });

  it('sends the error to a given report function instead of telemetry', () => {
    const trackException = vi.fn();
    setTelemetryClient({ ...createNoopTelemetry(), active: true, trackException });
    const report = vi.fn();
    render(
      <AppErrorBoundary fallback={() => <p>errore</p>} report={report}>
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('errore')).toBeTruthy();
    expect(report).toHaveBeenCalledTimes(1);
    expect((report.mock.calls[0][0] as Error).message).toBe('render failed');
    expect(trackException).not.toHaveBeenCalled();
  });

  it('shows the children again after the fallback resets it', () => {
    function Page() {
      const [, rerender] = useState(0);
      return (
        <AppErrorBoundary
          fallback={(reset) => (
            <button
              type="button"
              onClick={() => {
                shouldThrow = false;
                reset();
                rerender((count) => count + 1);
              }}
            >
              riprova
            </button>
          )}
        >
          <Fragile />
        </AppErrorBoundary>
      );
    }
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'riprova' }));
    expect(screen.getByText('contenuto della pagina')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'riprova' })).toBeNull();
  });
});
