import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SEVERITY, trackException } from '@/shared/telemetry';

export interface AppErrorBoundaryProps {
  children: ReactNode;
  /** What shows once a child has thrown. */
  fallback: (reset: () => void) => ReactNode;
  /** Where the caught error goes; telemetry with severity Error by default. */
  report?: (error: unknown, info: ErrorInfo) => void;
}

interface State {
  error: unknown;
  hasError: boolean;
}

const reportToTelemetry = (error: unknown, info: ErrorInfo) =>
  trackException(error, SEVERITY.Error, { source: 'boundary', componentStack: info.componentStack ?? '' });

/**
 * The render-error boundary of docs/spec.md §4: it starts with no error, switches to the
 * error state when a child throws, reports the error and renders the fallback.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    (this.props.report ?? reportToTelemetry)(error, info);
  }

  reset = () => this.setState({ error: undefined, hasError: false });

  render() {
    return this.state.hasError ? this.props.fallback(this.reset) : this.props.children;
  }
}
