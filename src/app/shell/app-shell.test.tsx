import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api';
import { HOME_TYPE, HOME_TYPES } from '@/shared/lib/home-type';
import { SEVERITY, createNoopTelemetry, setTelemetryClient } from '@/shared/telemetry';
import { FOOTER_MENUS, HEADER_MENUS, headerMenuTypeFor, type MenuItem } from '../config/menus';
import { checkCvFile, fileType, sizeParts, submitCareersApplication } from '../model/careers-application';
import { createAppRouter } from '../router';
import { footerSeoMode } from './app-shell';
import { AppErrorBoundary } from './error/app-error-boundary';

const { UNDEFINED, SELLER, BUYER, LANDLORD, RENTER } = HOME_TYPE;
const targets = (items: readonly MenuItem[]) => items.map((item) => (item.kind === 'link' ? item.to : item.kind === 'action' ? item.action : item.href));

describe('header menus (spec section 2)', () => {
  it('list the entries of each menu type with their targets', () => {
    expect(targets(HEADER_MENUS.BUYER_RENTER)).toEqual(['/comefunziona', '/chisiamo', '/valutocasa']);
    expect(targets(HEADER_MENUS.BUYER)).toEqual(['/comprocasa', '/comefunziona/comprocasa', '/chisiamo', '/agenzie/comprocasa', 'freeValuation']);
    expect(targets(HEADER_MENUS.RENTER)).toEqual(['/trovocasa', '/comefunziona/trovocasa', '/chisiamo', '/faq/trovocasa']);
    expect(targets(HEADER_MENUS.SELLER)).toEqual(['/comefunziona/vendocasa', '/chisiamo', '/agenzie/vendocasa', 'freeValuation', '/annuncio/vendocasa']);
    expect(targets(HEADER_MENUS.LANDLORD)).toEqual(['/comefunziona/affittocasa', '/chisiamo', '/faq/affittocasa', '/annuncio/affittocasa']);
    expect(targets(HEADER_MENUS.SELLER_LANDLORD)).toEqual(['/comefunziona', '/valutocasa', '/annuncio/vendocasa', '/annuncio/affittocasa']);
  });

  it('pick the menu from the visitor type and the page', () => {
    expect(headerMenuTypeFor(UNDEFINED)).toBe('BUYER_RENTER');
    expect(headerMenuTypeFor(BUYER, [BUYER, RENTER])).toBe('BUYER');
    expect(headerMenuTypeFor(RENTER, [BUYER, RENTER])).toBe('RENTER');
    expect(headerMenuTypeFor(SELLER, [SELLER])).toBe('SELLER');
    expect(headerMenuTypeFor(LANDLORD, HOME_TYPES)).toBe('LANDLORD');
    // A page for owners of both kinds (edit a listing by id) offers both create entries.
    expect(headerMenuTypeFor(SELLER, [SELLER, LANDLORD])).toBe('SELLER_LANDLORD');
    expect(headerMenuTypeFor(LANDLORD, [SELLER, LANDLORD])).toBe('SELLER_LANDLORD');
  });
});

describe('footer menus', () => {
  const router = createAppRouter({ queryClient: new QueryClient(), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const fullPaths = new Set(Object.values(router.routesById as unknown as Record<string, AnyRoute>).map((route) => route.fullPath.replace(/\/$/, '') || '/'));

  it('have two columns for every type, the shared one with contact, reviews, house of music and the blog', () => {
    for (const type of HOME_TYPES) {
      const columns = FOOTER_MENUS[type];
      expect(columns).toHaveLength(2);
      expect(targets(columns[1].items)).toEqual(expect.arrayContaining(['/chisiamo', '/diconodinoi', '/contatti', '/houseofmusic', 'blog']));
    }
  });

  it('give the undefined type the four entry links', () => {
    expect(targets(FOOTER_MENUS[UNDEFINED][0].items)).toEqual(['/vendocasa', '/comprocasa', '/affittocasa', '/trovocasa']);
  });

  it('link only to routes of the table', () => {
    for (const type of HOME_TYPES) {
      for (const column of FOOTER_MENUS[type]) {
        for (const item of column.items) if (item.kind === 'link') expect(fullPaths.has(item.to), `${type} ${item.to}`).toBe(true);
      }
    }
  });
});

describe('SEO footer mode', () => {
  it('hides the links for the source "costruzioni", in any case, and keeps the page mode otherwise', () => {
    expect(footerSeoMode('default', 'costruzioni')).toBe('hidden');
    expect(footerSeoMode('expanded', 'Costruzioni')).toBe('hidden');
    expect(footerSeoMode('expanded', 'newsletter')).toBe('expanded');
    expect(footerSeoMode(undefined, null)).toBe('default');
  });
});

describe('the error boundary', () => {
  afterEach(() => {
    setTelemetryClient(createNoopTelemetry());
    vi.restoreAllMocks();
  });

  it('shows the fallback and reports the render error to telemetry with severity Error', () => {
    const trackException = vi.fn();
    setTelemetryClient({ ...createNoopTelemetry(), active: true, trackException });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('render failed');
    };
    render(
      <AppErrorBoundary fallback={() => <p>Qualcosa non ha funzionato</p>}>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Qualcosa non ha funzionato')).toBeTruthy();
    expect(trackException).toHaveBeenCalledTimes(1);
    const [error, severity] = trackException.mock.calls[0];
    expect((error as Error).message).toBe('render failed');
    expect(severity).toBe(SEVERITY.Error);
  });
});

describe('the careers application', () => {
  const limits = { MaxCvBytes: 1024 * 1024, AcceptedTypes: ['application/pdf', 'application/msword'] };
  const pdf = (size: number) => new File([new Uint8Array(size)], 'cv.pdf', { type: 'application/pdf' });

  it('refuses a wrong type or a file too large before sending', () => {
    expect(checkCvFile(new File(['x'], 'foto.png', { type: 'image/png' }), limits)).toBe('invalidType');
    expect(checkCvFile(pdf(limits.MaxCvBytes + 1), limits)).toBe('tooLarge');
    expect(checkCvFile(pdf(1000), limits)).toBeNull();
  });

  it('reads the type from the extension when the browser gives none', () => {
    expect(fileType(new File(['x'], 'CV.DOC'))).toBe('application/msword');
    expect(fileType(new File(['x'], 'cv'))).toBe('');
  });

  it('states the size limit as people read it', () => {
    expect(sizeParts(5 * 1024 * 1024)).toEqual({ unit: 'mb', value: '5' });
    expect(sizeParts(800 * 1024)).toEqual({ unit: 'kb', value: '800' });
  });

  it('maps the answers of the API to the four outcomes', async () => {
    const send = async (answer: () => Promise<Response>) => {
      const client = createApiClient({ baseUrl: 'http://rexer.test', fetch: answer as typeof fetch });
      return submitCareersApplication(client, { name: 'Laura Esposito', email: 'laura@example.com', message: '', cv: pdf(10) });
    };
    const status = (code: number) => async () => new Response(code === 201 ? '{}' : '{"ExceptionType":1}', { status: code, headers: { 'Content-Type': 'application/json' } });
    expect(await send(status(201))).toBe('ok');
    expect(await send(status(413))).toBe('tooLarge');
    expect(await send(status(415))).toBe('invalidType');
    expect(await send(status(500))).toBe('failed');
    expect(
      await send(async () => {
        throw new TypeError('network down');
      }),
    ).toBe('failed');
  });
});
