import { TWO_FACTOR_SECRET, aTwoFactorSetup, aTwoFactorStatus, someRecoveryCodes } from '@store/api-fake';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { groupSecret, secondFactorOf } from './security-page.tsx';

const api = setupAdminApi();

beforeEach(() => {
  signInAsAdmin(api);
});

describe('the security screen', { timeout: 30_000 }, () => {
  it('sets up two-factor sign-in: the password, the QR code, the key to type, a code to confirm, then the recovery codes once', async () => {
    let enabled = false;
    api.on('twoFactorStatus', () =>
      aTwoFactorStatus(enabled ? { enabled: true, enabled_at: '2026-11-28T10:00:00.000Z', recovery_codes_left: 10 } : {}),
    );
    api.on('twoFactorSetup', aTwoFactorSetup());
    api.on('twoFactorEnable', () => {
      enabled = true;
      return someRecoveryCodes();
    });
    renderApp('/admin/security');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in is off' })).toBeInTheDocument();
    // A session left open is not enough: the password first.
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(api.calls('twoFactorSetup')).toHaveLength(0);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(api.calls('twoFactorSetup')[0]?.body).toEqual({ password: 'secret1' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByLabelText('Secret key')).toHaveTextContent(groupSecret(TWO_FACTOR_SECRET));
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code your app shows')).toBeInTheDocument();
    expect(api.calls('twoFactorEnable')).toHaveLength(0);

    await user.type(screen.getByLabelText('Code from your app'), '654 321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(someRecoveryCodes().recovery_codes);
    expect(api.calls('twoFactorEnable')[0]?.body).toEqual({ password: 'secret1', code: '654321' });
    expect(screen.getByText('Save them now: they are shown only once')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in is on' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText(/Recovery codes left: 10 of 10/)).toBeInTheDocument();
  });

  it("shows the server's reason when the code is refused, and keeps the setup", async () => {
    api.on('twoFactorStatus', aTwoFactorStatus());
    api.on('twoFactorSetup', aTwoFactorSetup());
    api.on(
      'twoFactorEnable',
      api.error(
        400,
        'That code is not right. Check that your phone shows the right time and enter the code it shows now.',
        'invalid_two_factor_code',
      ),
    );
    renderApp('/admin/security');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    expect(await screen.findByText(/That code is not right\. Check that your phone shows the right time/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
  });

  it("shows the server's reason when the password is wrong, and starts no setup", async () => {
    api.on('twoFactorStatus', aTwoFactorStatus());
    api.on('twoFactorSetup', api.error(400, 'The password is not correct', 'invalid_current_password'));
    renderApp('/admin/security');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    expect(await screen.findByText(/The password is not correct/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code to scan with your authenticator app' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });

  it('makes new recovery codes with the password and a code, and turns two-factor sign-in off with the password and a recovery code', async () => {
    api.on('twoFactorStatus', aTwoFactorStatus({ enabled: true, enabled_at: '2026-11-28T10:00:00.000Z', recovery_codes_left: 2 }));
    api.on('twoFactorRecoveryCodes', someRecoveryCodes());
    api.on('twoFactorDisable', { message: 'Two-factor sign-in is off. Your password alone signs you in now.' });
    renderApp('/admin/security');
    const user = userEvent.setup();

    expect(await screen.findByText('Few recovery codes are left: make new ones.')).toBeInTheDocument();
    const disableForm = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await user.type(within(disableForm).getByLabelText('Password'), 'secret1');
    await user.type(within(disableForm).getByLabelText('Code from your app or a recovery code'), 'abcde-fghij');
    await user.click(within(disableForm).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Two-factor sign-in is off. Your password alone signs you in now.')).toBeInTheDocument();
    expect(api.calls('twoFactorDisable')[0]?.body).toEqual({ password: 'secret1', recovery_code: 'abcde-fghij' });

    const codesForm = screen.getByRole('form', { name: 'New recovery codes' });
    await user.type(within(codesForm).getByLabelText('Code from your app or a recovery code'), '123456');
    // Not without the password.
    expect(within(codesForm).getByRole('button', { name: 'Make new recovery codes' })).toBeDisabled();
    await user.type(within(codesForm).getByLabelText('Password'), 'secret1');
    await user.click(within(codesForm).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(api.calls('twoFactorRecoveryCodes')[0]?.body).toEqual({ password: 'secret1', code: '123456' });
  });

  it('offers no way to turn it off while the store requires it', async () => {
    api.on(
      'twoFactorStatus',
      aTwoFactorStatus({ enabled: true, enabled_at: '2026-11-28T10:00:00.000Z', recovery_codes_left: 10, required: true }),
    );
    renderApp('/admin/security');

    expect(
      await screen.findByText('The store requires two-factor sign-in for every admin account, so it cannot be turned off.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Turn off two-factor sign-in' })).not.toBeInTheDocument();
  });

  it('is the one screen an admin without it sees while the store requires it', async () => {
    api.on('twoFactorStatus', aTwoFactorStatus({ required: true }));
    const { router } = renderApp('/admin/orders');

    expect(await screen.findByText('Required by the store')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security');
    expect(api.calls('adminListOrders')).toHaveLength(0);
  });
});

describe('a typed second factor', () => {
  it('is a code when it is six digits, spaces aside, and a recovery code otherwise', () => {
    expect(secondFactorOf(' 123 456 ')).toEqual({ code: '123456' });
    expect(secondFactorOf(' abcde-fghij ')).toEqual({ recovery_code: 'abcde-fghij' });
    expect(secondFactorOf('1234567')).toEqual({ recovery_code: '1234567' });
  });
});
