import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarIcon } from './icons.tsx';
import { StarRating, ratingFigure, shownStars } from './star-rating.tsx';

/** What each drawn star looks like, read from its SVG: filled whole, its left half filled, or an outline only. */
function drawnStars(rating: number): string[] {
  render(<StarRating rating={rating} />);
  const stars = screen.getByRole('img', { name: /^Rated / }).querySelectorAll('svg');
  return Array.from(stars, (star) => {
    if (star.getAttribute('fill') === 'currentColor') return 'full';
    const paths = Array.from(star.querySelectorAll('path'));
    return paths.some((path) => path.getAttribute('fill') === 'currentColor') ? 'half' : 'empty';
  });
}

describe('star rating', () => {
  it('rounds to the nearest half within 0 to 5, and never to a default', () => {
    expect(shownStars(4.7)).toBe(4.5);
    expect(shownStars(4.8)).toBe(5);
    expect(shownStars(4.2)).toBe(4);
    expect(shownStars(4.3)).toBe(4.5);
    expect(shownStars(1)).toBe(1);
    expect(shownStars(Number.NaN)).toBe(0);
    expect(shownStars(7)).toBe(5);
    expect(shownStars(-1)).toBe(0);
  });

  it.each([
    [4.7, ['full', 'full', 'full', 'full', 'half']],
    [4.3, ['full', 'full', 'full', 'full', 'half']],
    [4.2, ['full', 'full', 'full', 'full', 'empty']],
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
    [5, ['full', 'full', 'full', 'full', 'full']],
  ])('draws %s as %j', (rating, stars) => {
    expect(drawnStars(rating)).toEqual(stars);
  });

  it('names the exact rating for screen readers, not the rounded stars', () => {
    render(<StarRating rating={4.7} />);
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeInTheDocument();
    expect(ratingFigure(4)).toBe('4');
    expect(ratingFigure(3.5)).toBe('3.5');
    expect(ratingFigure(Number.NaN)).toBe('0');
  });

  it('draws a half star as the whole outline with its left half filled, and no other star as half', () => {
    const { container } = render(
      <>
        <StarIcon filled="half" />
        <StarIcon filled />
        <StarIcon />
      </>,
    );
    const [half, full, empty] = Array.from(container.querySelectorAll('svg'));
    expect(half?.getAttribute('fill')).toBe('none');
    expect(half?.querySelectorAll('path')).toHaveLength(2);
    expect(half?.querySelector('path[fill="currentColor"]')?.getAttribute('d')).toMatch(/^M12 3L.*z$/);
    expect(full?.querySelectorAll('path')).toHaveLength(1);
    expect(empty?.querySelectorAll('path')).toHaveLength(1);
  });
});
