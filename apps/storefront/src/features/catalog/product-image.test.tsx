import { aProduct } from '@store/api-fake';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductImage } from './product-image.tsx';


/** The `srcset` candidates of a source: each address and its width descriptor. */
const candidates = (source: Element) => (source.getAttribute('srcset') ?? '').split(', ');

describe('a product image', () => {
  it('offers an uploaded image as AVIF, then WebP, at every variant width, with the original as the fallback', () => {
    const { container } = render(<ProductImage src="/uploads/abc.png" alt="A picture" sizes="(min-width: 1024px) 400px, 100vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const source of sources) {
      const format = source.getAttribute('type')!.slice('image/'.length);
      expect(candidates(source)).toEqual([320, 640, 960, 1280].map((width) => `/uploads/abc.png/${width}.${format} ${width}w`));
      expect(source.getAttribute('sizes')).toBe('(min-width: 1024px) 400px, 100vw');
    }
    const image = container.querySelector('picture > img')!;
    expect(image.getAttribute('src')).toBe(`/uploads/abc.png`);
    expect(image.getAttribute('width')).toBe('800');
    expect(image.getAttribute('height')).toBe('600');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
  });

  it('shows an image from elsewhere as it is: no variants exist for it', () => {
    const { container } = render(<ProductImage src="https://cdn.example.com/box.jpg" alt="Box" />);
    expect(container.querySelectorAll('source')).toHaveLength(0);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/box.jpg');
  });

  it('loads at once when it is above the fold', () => {
    const { container } = render(<ProductImage src="/uploads/abc.png" alt="" eager />);
    expect(container.querySelector('img')?.getAttribute('loading')).toBe('eager');
  });

  it("on a card, tells the browser the card's width at each screen width", async () => {
    await renderWithRouter(<ProductCard product={aProduct({ images: ['/uploads/card.jpg'], image: '/uploads/card.jpg' })} />);
    const sizes = [...document.querySelectorAll('source')].map((source) => source.getAttribute('sizes'));
    expect(sizes).toEqual(Array(2).fill('(min-width: 1024px) 400px, (min-width: 480px) 50vw, 100vw'));
  });
});
