import { SITE_INFO, setupFakeApi } from '@store/api-fake';
import { createQueryClient } from '@store/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ShellProvider, type ShellBinding } from '../binding.tsx';
import { createAppApi, createAppSession } from '../session/app-session.ts';
import { usePageTitle, useSiteTitle } from './use-page-title.ts';

setupFakeApi({ defaults: { siteInfo: { ...SITE_INFO, site_name: 'Acme Keys' } } });

function binding(): ShellBinding {
  const client = createAppApi('');
  return {
    api: client,
    apiBase: window.location.origin,
    session: createAppSession(client),
    pageTitle: (title, site) => (title ? `${title} | ${site}` : site),
    homeLinks: { notFound: 'Back to home', error: 'Go home' },
  };
}

function Screen({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

let hide: () => void = () => {};
function Root() {
  useSiteTitle();
  const [shown, setShown] = useState(true);
  hide = () => setShown(false);
  return shown ? <Screen title="Login" /> : null;
}

describe('the page title', () => {
  it("shows the screen's title over the root's, and the site's alone once the screen goes", async () => {
    render(
      <ShellProvider binding={binding()}>
        <QueryClientProvider client={createQueryClient()}>
          <Root />
        </QueryClientProvider>
      </ShellProvider>,
    );

    await waitFor(() => expect(document.title).toBe('Login | Acme Keys'));
    hide();
    await waitFor(() => expect(document.title).toBe('Acme Keys'));
  });
});
