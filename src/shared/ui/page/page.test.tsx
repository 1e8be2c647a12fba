import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModeNav, Page } from './page';

async function renderAt(path: string) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = () => (
    <Page
      title="Domande frequenti"
      intro="Le risposte alle domande di chi vende."
      nav={
        <ModeNav
          label="Per argomento"
          current="vendocasa"
          items={[
            { key: 'general', to: '/faq', label: 'Panoramica' },
            { key: 'vendocasa', to: '/faq/vendocasa', label: 'Vendo casa' },
          ]}
        />
      }
    >
      <p>Contenuto</p>
    </Page>
  );
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/faq', component: page }),
    createRoute({ getParentRoute: () => root, path: '/faq/vendocasa', component: page }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
}

describe('Page', () => {
  it('gives every content page its h1, intro and content in one container', async () => {
    await renderAt('/faq/vendocasa');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Domande frequenti');
    expect(screen.getByText('Le risposte alle domande di chi vende.')).toBeTruthy();
    expect(screen.getByText('Contenuto')).toBeTruthy();
  });

  it("marks one tab of the mode navigation, the page's own, on a mode's page", async () => {
    await renderAt('/faq/vendocasa');
    const nav = screen.getByRole('navigation', { name: 'Per argomento' });
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Vendo casa');
    // The router's own marker agrees: the general tab is not active under /faq/vendocasa.
    expect(nav.querySelectorAll('[data-status="active"]')).toHaveLength(1);
  });
});
