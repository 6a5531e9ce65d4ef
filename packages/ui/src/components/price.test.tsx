import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from './price.tsx';

describe('price', () => {
  it('shows whole dollars without decimals and keeps cents that are charged', () => {
    render(
      <>
        <Price amount={149} />
        <Price amount={19.99} />
        <Price amount={149} cents />
      </>,
    );
    expect(screen.getByText('$149')).toBeInTheDocument();
    expect(screen.getByText('$19.99')).toBeInTheDocument();
    expect(screen.getByText('$149.00')).toBeInTheDocument();
  });
});
