import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows its heading, its text and where to go', () => {
    render(
      <EmptyState
        title="Nessun preferito"
        text="Salva le case che ti piacciono."
        actions={<a href="/ricerca">Cerca casa</a>}
        data-testid="empty"
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Nessun preferito' })).toBeTruthy();
    expect(screen.getByText('Salva le case che ti piacciono.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerca casa' }).getAttribute('href')).toBe('/ricerca');
    expect(screen.getByTestId('empty').tagName).toBe('SECTION');
  });

  it('leaves out the heading and the actions it is not given', () => {
    render(<EmptyState text="Annuncio eliminato." />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
