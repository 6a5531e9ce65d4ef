import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating, filledStars } from './star-rating.tsx';

describe('star rating', () => {
  it('fills the floor of the rating within 0 to 5, and never a default', () => {
    expect(filledStars(4.8)).toBe(4);
    expect(filledStars(1)).toBe(1);
    expect(filledStars(Number.NaN)).toBe(0);
    expect(filledStars(7)).toBe(5);
    expect(filledStars(-1)).toBe(0);
  });

  it('names the rating for screen readers', () => {
    render(<StarRating rating={3.5} />);
    expect(screen.getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
  });
});
