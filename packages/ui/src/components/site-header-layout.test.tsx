import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SiteHeaderLayout } from './site-header-layout.tsx';

function Header() {
  const [open, setOpen] = useState(false);
  return (
    <SiteHeaderLayout
      brand={<a href="#top">Shop</a>}
      nav={<a href="#products">Products</a>}
      actions={<a href="#cart" aria-label="Cart" />}
      menuOpen={open}
      onMenuOpenChange={setOpen}
    />
  );
}

describe('SiteHeaderLayout', () => {
  it('has a menu button that controls the navigation', () => {
    render(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu when a link in it is chosen', () => {
    render(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);

    fireEvent.click(screen.getByRole('link', { name: 'Products' }));

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu on Escape and gives the focus back to the button', () => {
    render(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);

    fireEvent.keyDown(screen.getByRole('link', { name: 'Products' }), { key: 'Escape' });

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('has no menu button when there is no navigation', () => {
    render(<SiteHeaderLayout brand={<span>Shop</span>} />);

    expect(screen.queryByRole('button')).toBeNull();
  });
});
