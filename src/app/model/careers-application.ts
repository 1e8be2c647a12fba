import type { ApiClient } from '@/shared/api';

export type CareersOutcome = 'ok' | 'failed' | 'tooLarge' | 'invalidType';

export interface CareersLimits {
  MaxCvBytes: number;
  /** MIME types, as the config lists them. */
  AcceptedTypes: readonly string[];
}

export interface CareersApplication {
  name: string;
  email: string;
  message: string;
  cv: File;
}

const EXTENSION_BY_TYPE: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** The file extensions of the accepted types, for the help text ("PDF, DOC, DOCX"). */
export function acceptedExtensions(types: readonly string[]): string[] {
  return types.map((type) => EXTENSION_BY_TYPE[type] ?? type.split('/').pop() ?? type);
}

/** The MIME type of a file; from its extension when the browser gives none. */
export function fileType(file: File): string {
  if (file.type) return file.type.toLowerCase();
  const extension = file.name.split('.').pop()?.toLowerCase();
  return Object.entries(EXTENSION_BY_TYPE).find(([, ext]) => ext === extension)?.[0] ?? '';
}

/** The outcome a file gets before any upload: too large, wrong type, or null when it may go. */
export function checkCvFile(file: File, limits: CareersLimits): 'tooLarge' | 'invalidType' | null {
  if (!limits.AcceptedTypes.includes(fileType(file))) return 'invalidType';
  if (file.size > limits.MaxCvBytes) return 'tooLarge';
  return null;
}

/** Posts the application as multipart form data and maps the answer to one of the four outcomes. */
export async function submitCareersApplication(
  client: ApiClient,
  application: CareersApplication,
): Promise<CareersOutcome> {
  try {
    const { response } = await client.POST('/api/Careers/Apply', {
      // The schema types the binary part as a string; the serializer sends the real File.
      body: { Name: application.name, Email: application.email, Message: application.message || undefined, Cv: '' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('Name', application.name);
        form.append('Email', application.email);
        if (application.message) form.append('Message', application.message);
        form.append('Cv', application.cv, application.cv.name);
        return form;
      },
    });
    if (response.status === 201 || response.ok) return 'ok';
    if (response.status === 413) return 'tooLarge';
    if (response.status === 415) return 'invalidType';
    return 'failed';
  } catch {
    return 'failed';
  }
}

/** "5 MB", "800 KB": the size limit as the message shows it. */
export function sizeParts(bytes: number): { unit: 'kb' | 'mb'; value: string } {
  const format = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return { unit: 'mb', value: format.format(bytes / (1024 * 1024)) };
  return { unit: 'kb', value: format.format(Math.max(1, Math.round(bytes / 1024))) };
}
