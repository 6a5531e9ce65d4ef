import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { COMPANY, SUPPORT_EMAIL } from './company.ts';
import { SiteFooter } from './site-footer.tsx';

async function renderFooter() {
  await renderWithRouter(<SiteFooter siteName="Acme Keys" logoUrl={null} />);
  return screen.getByRole('contentinfo');
}

describe('SiteFooter', () => {
  it('states the copyright with the current year and the site name', async () => {
    const footer = await renderFooter();

    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Acme Keys`);
  });

  it('has the quick links', async () => {
    const footer = await renderFooter();
    const quickLinks = within(within(footer).getByRole('region', { name: 'Quick Links' }));

    expect(quickLinks.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(quickLinks.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/products');
    expect(quickLinks.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    expect(quickLinks.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(quickLinks.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });

  it('has the support block with the e-mail, payment, delivery and service hours', async () => {
    const footer = await renderFooter();
    const support = within(footer).getByRole('region', { name: 'Support' });

    expect(within(support).getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    for (const text of [
      'Payment: PayPal',
      'CoinGate: Coming Soon',
      'Delivery: Instant Digital Download',
      'Support: 24/7 Customer Service',
    ]) {
      expect(support.textContent).toContain(text);
    }
  });

  it('names the business, its owner and its address', async () => {
    const footer = await renderFooter();

    expect(footer.textContent).toContain(COMPANY.businessName);
    expect(footer.textContent).toContain(`Owner: ${COMPANY.owner}`);
    for (const line of COMPANY.address) expect(footer.textContent).toContain(line);
  });

  it('links to the terms and privacy pages on the bottom line too', async () => {
    const footer = await renderFooter();

    expect(within(footer).getAllByRole('link', { name: 'Terms of Service' })).toHaveLength(2);
    expect(within(footer).getAllByRole('link', { name: 'Privacy Policy' })).toHaveLength(2);
  });
});
