import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoGallery, type GalleryImage } from './photo-gallery';

const IMAGES: GalleryImage[] = Array.from({ length: 4 }, (_, i) => ({
  url: `/media/${i + 1}.jpg`,
  thumbnailUrl: `/media/${i + 1}-t.jpg`,
  width: 1200,
  height: 800,
  alt: `Foto ${i + 1} di 4`,
}));
const LABELS = {
  region: 'Foto',
  previous: 'Foto precedente',
  next: 'Foto successiva',
  fullScreen: 'Schermo intero',
  close: 'Chiudi',
  counter: (position: number, total: number) => `${position} / ${total}`,
  thumbnail: (position: number) => `Mostra la foto ${position}`,
  empty: 'Nessuna foto',
};

const counter = () => screen.getAllByTestId('gallery-counter')[0].textContent;

describe('PhotoGallery', () => {
  it('turns with the arrow keys, wrapping around, and jumps with Home and End', () => {
    render(<PhotoGallery images={IMAGES} labels={LABELS} />);
    const gallery = screen.getByRole('region', { name: 'Foto' });
    expect(counter()).toBe('1 / 4');
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 4');
    expect(within(gallery).getByRole('img', { name: 'Foto 3 di 4' }).getAttribute('src')).toBe('/media/3.jpg');
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
    expect(counter()).toBe('2 / 4');
    fireEvent.keyDown(gallery, { key: 'Home' });
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
    expect(counter()).toBe('4 / 4');
    fireEvent.keyDown(gallery, { key: 'End' });
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(counter()).toBe('1 / 4');
  });

  it('gives every picture its size, so nothing moves while it loads', () => {
    render(<PhotoGallery images={IMAGES} labels={LABELS} />);
    for (const img of screen.getByTestId('photo-gallery').querySelectorAll('img')) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
  });

  it('shows a picture from its thumbnail and marks it current', () => {
    render(<PhotoGallery images={IMAGES} labels={LABELS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mostra la foto 4' }));
    expect(counter()).toBe('4 / 4');
    expect(screen.getByRole('button', { name: 'Mostra la foto 4' }).getAttribute('aria-current')).toBe('true');
  });

  it('turns on a swipe of a finger, not on a tap', () => {
    render(<PhotoGallery images={IMAGES} labels={LABELS} />);
    const stage = screen.getByRole('img', { name: 'Foto 1 di 4' }).closest('div') as HTMLElement;
    fireEvent.pointerDown(stage, { pointerType: 'touch', pointerId: 1, clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', pointerId: 1, clientX: 200, clientY: 110 });
    expect(counter()).toBe('2 / 4');
    fireEvent.pointerDown(stage, { pointerType: 'touch', pointerId: 2, clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', pointerId: 2, clientX: 310, clientY: 100 });
    expect(counter()).toBe('2 / 4');
  });

  it('opens full screen (its code loaded then), turns there with the arrows, and closes with Esc giving focus back', async () => {
    render(<PhotoGallery images={IMAGES} labels={LABELS} />);
    const open = screen.getByRole('button', { name: 'Schermo intero' });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Foto' });
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByText('2 / 4')).toBeTruthy();
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/2.jpg');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page keeps the picture reached in full screen.
    expect(counter()).toBe('2 / 4');
    expect(document.activeElement).toBe(open);
  });

  it('says so when there is no photo', () => {
    render(<PhotoGallery images={[]} labels={LABELS} />);
    expect(screen.getByText('Nessuna foto')).toBeTruthy();
  });
});
