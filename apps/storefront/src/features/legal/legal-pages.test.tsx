import { SITE_INFO } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { COMPANY, SUPPORT_EMAIL } from '../site/company.ts';

setupShopApi();

async function renderPage(path: string, title: string) {
  renderApp(path);
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  const main = screen.getByRole('main');
  // Waits for the site name from the site information, so the texts below carry it.
  await waitFor(() => expect(main).toHaveTextContent(SITE_INFO.site_name));
  return { heading, main, text: () => (main.textContent ?? '').replace(/\s+/g, ' ') };
}

describe('the legal pages', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  beforeEach(resetShop);
  afterEach(resetShop);

  it('states every figure of the spec in the Terms of Service', async () => {
    const { text } = await renderPage('/terms-of-service', 'Terms of Service');

    for (const figure of [
      'Last updated: October 24, 2024',
      'law of England and Wales',
      'within 14 days',
      'within 48 hours',
      'at least 16 years old',
      'All sales of digital products are final, except as set out in this section',
    ]) {
      expect(text()).toContain(figure);
    }
  });

  it('states every figure of the spec in the Privacy Policy', async () => {
    const { text } = await renderPage('/privacy-policy', 'Privacy Policy');

    for (const figure of [
      'Last updated: October 24, 2024',
      'law of England and Wales',
      'kept for 7 years',
      'kept for 24-36 months',
      'under 16',
    ]) {
      expect(text()).toContain(figure);
    }
  });

  it.each([
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
  ])('%s names the company, its owner, address and support email, and the site', async (path, title) => {
    const { main, text } = await renderPage(path, title);

    for (const fact of [COMPANY.businessName, COMPANY.owner, ...COMPANY.address, SITE_INFO.site_name]) expect(text()).toContain(fact);
    expect(within(main).getAllByRole('link', { name: SUPPORT_EMAIL })[0]).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });

  it.each([
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
  ])('%s has contents that lead to each section, and its own tab title', async (path, title) => {
    const { main } = await renderPage(path, title);

    const contents = within(within(main).getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    const sections = within(main).getAllByRole('heading', { level: 2 });
    expect(contents.length).toBe(sections.length);
    for (const link of contents) {
      const target = document.getElementById((link.getAttribute('href') ?? '').slice(1));
      expect(target?.tagName).toBe('SECTION');
    }
    await waitFor(() => expect(document.title).toBe(`${title} — ${SITE_INFO.site_name}`));
  });
});
