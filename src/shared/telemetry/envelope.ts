import type { SeverityLevel } from './limits';

export type EnvelopeKind = 'Event' | 'PageView' | 'Exception' | 'Trace' | 'RemoteDependency';

export interface ExceptionDetails {
  typeName: string;
  message: string;
  stack?: string;
  hasFullStack: boolean;
}

export type EnvelopeData =
  | {
      baseType: 'EventData';
      baseData: { name: string; properties?: Record<string, string>; measurements?: Record<string, number> };
    }
  | {
      baseType: 'PageviewData';
      /** `duration`: the page's load time as a time span (`d.hh:mm:ss.fff`), when one was measured. */
      baseData: { name: string; url: string; duration?: string; properties?: Record<string, string> };
    }
  | {
      baseType: 'RemoteDependencyData';
      baseData: {
        id: string;
        /** The method and the route template (`GET /api/Search/Listings`), never a path's values. */
        name: string;
        type: 'Ajax';
        target: string;
        duration: string;
        resultCode: string;
        success: boolean;
      };
    }
  | {
      baseType: 'ExceptionData';
      baseData: { exceptions: ExceptionDetails[]; severityLevel: SeverityLevel; properties?: Record<string, string> };
    }
  | {
      baseType: 'MessageData';
      baseData: { message: string; severityLevel: SeverityLevel; properties?: Record<string, string> };
    };

/** One telemetry item as the ingestion endpoint receives it (a JSON array of these). */
export interface TelemetryEnvelope {
  name: EnvelopeKind;
  time: string;
  sampleRate: number;
  tags: Record<string, string>;
  data: EnvelopeData;
}

/** The ingestion's answer: how many items it took, and why it refused the others. */
export interface IngestionResponse {
  itemsReceived?: number;
  itemsAccepted?: number;
  errors?: { index: number; statusCode: number; message?: string }[];
}
