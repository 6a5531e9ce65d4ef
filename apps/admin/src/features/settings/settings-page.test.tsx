import { deferred, type Answer } from '@store/api-fake';
import { COLOR_PRESETS, DEFAULT_SITE_SETTINGS, SECRET_MASK, type SiteSettings } from '@store/contracts';
import { vars } from '@store/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

beforeEach(() => {
  signInAsAdmin(api);
});

const SETTINGS: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  site_name: 'Acme Keys',
  smtp_host: 'smtp.example.com',
  smtp_username: 'mailer',
  smtp_password: SECRET_MASK,
  coingate_api_key: SECRET_MASK,
  smtp_from_email: 'shop@example.com',
};

/** A fake settings API that stores what is saved and answers it, as the server does (a test's own answers come after). */
function fakeSettings(initial: SiteSettings = SETTINGS) {
  let current = initial;
  api.on('adminGetSettings', () => current);
  api.on('adminUpdateSettings', ({ body }) => {
    current = { ...current, ...body };
    return current;
  });
}

/** `var(--x)` to the property name `--x` of an inline style. */
const property = (cssVar: string) => cssVar.slice('var('.length, -1);

async function openSettings() {
  const view = renderApp('/admin/settings');
  await screen.findByRole('form', { name: 'Site settings' });
  return view;
}

const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });

describe('the settings screen', { timeout: 30_000 }, () => {
  it('loads the settings, with stored secrets masked in password fields', async () => {
    fakeSettings();
    await openSettings();

    expect(screen.getByLabelText('Site name')).toHaveValue('Acme Keys');
    const password = screen.getByLabelText('SMTP password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue(SECRET_MASK);
    expect(screen.getByLabelText('CoinGate API key')).toHaveValue(SECRET_MASK);
    expect(screen.getByLabelText('PayPal client secret')).toHaveValue('');
    expect(screen.getByLabelText('SMTP port')).toHaveValue(587);
    expect(screen.getByLabelText('From email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Use TLS/SSL')).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Inter' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Light/ })).toBeDisabled();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    for (const font of ['Inter', 'Roboto', 'Poppins', 'Montserrat', 'Open Sans', 'Nunito']) expect(screen.getByRole('radio', { name: font })).toBeInTheDocument();
  });

  it('toasts when the settings cannot be loaded', async () => {
    api.on('adminGetSettings', api.error(403, 'Admins only', 'forbidden'));

    renderApp('/admin/settings');

    expect(await screen.findByText('Error loading settings: Admins only')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The settings could not be loaded' })).toBeInTheDocument();
  });

  it('sets both colours to the exact hex values of a preset', async () => {
    fakeSettings();
    const user = userEvent.setup();
    await openSettings();

    for (const preset of COLOR_PRESETS) {
      await user.click(screen.getByRole('button', { name: `${preset.name} preset` }));
      expect(screen.getByLabelText('Primary colour (hex)')).toHaveValue(preset.primary);
      expect(screen.getByLabelText('Secondary colour (hex)')).toHaveValue(preset.secondary);
      expect(screen.getByLabelText('Primary colour picker')).toHaveValue(preset.primary);
      expect(screen.getByRole('button', { name: `${preset.name} preset` })).toHaveAttribute('aria-pressed', 'true');
    }
    expect(COLOR_PRESETS.map((preset) => [preset.primary, preset.secondary])).toEqual([
      ['#0ea5e9', '#22c55e'],
      ['#10b981', '#3b82f6'],
      ['#8b5cf6', '#f59e0b'],
      ['#ef4444', '#06b6d4'],
      ['#f97316', '#84cc16'],
      ['#ec4899', '#14b8a6'],
    ]);
  });

  it('keeps the hex text and the colour picker in step', async () => {
    fakeSettings();
    const user = userEvent.setup();
    await openSettings();
    const hex = screen.getByLabelText('Secondary colour (hex)');
    const picker = screen.getByLabelText('Secondary colour picker');

    await user.clear(hex);
    await user.type(hex, '#ABCDEF');
    expect(picker).toHaveValue('#abcdef');

    fireEvent.input(picker, { target: { value: '#123456' } });
    expect(hex).toHaveValue('#123456');

    // Incomplete text: the picker keeps the saved colour, and leaving the field says what is wrong.
    await user.clear(hex);
    await user.type(hex, '#12');
    expect(picker).toHaveValue(SETTINGS.secondary_color);
    await user.tab();
    expect(screen.getByText('Enter a colour as #rrggbb')).toBeInTheDocument();

    // Without the hash or in short form, it is completed when the field is left.
    await user.clear(hex);
    await user.type(hex, 'f0a');
    await user.tab();
    expect(hex).toHaveValue('#ff00aa');
    expect(screen.queryByText('Enter a colour as #rrggbb')).not.toBeInTheDocument();
  });

  it('sends a masked secret back unchanged, a typed one as typed, and a cleared one empty', async () => {
    fakeSettings();
    const user = userEvent.setup();
    await openSettings();

    await user.click(saveButton());
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(api.calls('adminUpdateSettings')[0]?.body).toMatchObject({ smtp_password: SECRET_MASK, coingate_api_key: SECRET_MASK, paypal_client_secret: '' });

    // Typing into the mask replaces it rather than adding to it.
    await user.type(screen.getByLabelText('SMTP password'), 'n3w-pass');
    expect(screen.getByLabelText('SMTP password')).toHaveValue('n3w-pass');
    await user.click(screen.getByRole('button', { name: 'Clear CoinGate API key' }));
    await user.click(saveButton());

    await waitFor(() => expect(api.calls('adminUpdateSettings')).toHaveLength(2));
    expect(api.calls('adminUpdateSettings')[1]?.body).toMatchObject({ smtp_password: 'n3w-pass', coingate_api_key: '' });
  });

  it('sends the whole settings object, the SMTP port as an integer', async () => {
    fakeSettings();
    const user = userEvent.setup();
    await openSettings();

    await user.clear(screen.getByLabelText('SMTP port'));
    await user.type(screen.getByLabelText('SMTP port'), '2525');
    await user.click(screen.getByRole('radio', { name: 'Poppins' }));
    await user.click(saveButton());

    await waitFor(() => expect(api.calls('adminUpdateSettings')).toHaveLength(1));
    expect(api.calls('adminUpdateSettings')[0]?.body).toEqual({ ...SETTINGS, smtp_port: 2525, font_family: 'Poppins' });
  });

  it('refuses a missing port and a malformed sender address before sending', async () => {
    fakeSettings();
    const user = userEvent.setup();
    await openSettings();

    await user.clear(screen.getByLabelText('SMTP port'));
    await user.clear(screen.getByLabelText('From email'));
    await user.type(screen.getByLabelText('From email'), 'not-an-address');
    await user.click(saveButton());

    expect(await screen.findByText('Enter a port number from 1 to 65535')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.calls('adminUpdateSettings')).toHaveLength(0);
  });

  it('applies the saved name, colours and font to the whole admin at once', async () => {
    fakeSettings();
    const user = userEvent.setup();
    const { container } = await openSettings();

    await user.clear(screen.getByLabelText('Site name'));
    await user.type(screen.getByLabelText('Site name'), 'Nova Store');
    await user.click(screen.getByRole('button', { name: 'Red preset' }));
    await user.click(screen.getByRole('radio', { name: 'Nunito' }));
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Nova Store'));
    const root = container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue(property(vars.color.primary))).toBe('#ef4444');
    expect(root.style.getPropertyValue(property(vars.color.secondary))).toBe('#06b6d4');
    expect(root.style.getPropertyValue(property(vars.font.body))).toMatch(/^"Nunito"/);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Nova Store');
  });

  it('sends one save however often the form is submitted while it is sent, then has nothing unsaved', async () => {
    fakeSettings();
    const answer = deferred<SiteSettings>();
    api.on('adminUpdateSettings', () => answer.promise);
    const user = userEvent.setup();
    await openSettings();
    await user.type(screen.getByLabelText('Site name'), ' 2');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Site settings' });

    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls('adminUpdateSettings')).toHaveLength(1));
    answer.resolve({ ...SETTINGS, site_name: 'Acme Keys 2' });

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(api.calls('adminUpdateSettings')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(screen.getByLabelText('Site name')).toHaveValue('Acme Keys 2');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it("keeps the form when a save fails and shows the server's detail", async () => {
    fakeSettings();
    api.on('adminUpdateSettings', api.error(400, 'SMTP host must be a host name', 'validation_error'));
    const user = userEvent.setup();
    await openSettings();

    await user.clear(screen.getByLabelText('Site name'));
    await user.type(screen.getByLabelText('Site name'), 'Changed');
    await user.click(saveButton());

    expect(await screen.findByText('Error saving settings: SMTP host must be a host name')).toBeInTheDocument();
    expect(screen.getByLabelText('Site name')).toHaveValue('Changed');
  });

  it('requires two-factor sign-in of every admin account with its checkbox, and shows why the server refused it', async () => {
    fakeSettings();
    const user = userEvent.setup();
    await openSettings();

    const required = screen.getByLabelText('Require two-factor sign-in for every admin account');
    expect(required).not.toBeChecked();
    await user.click(required);
    await user.click(saveButton());
    await waitFor(() => expect(api.calls('adminUpdateSettings')).toHaveLength(1));
    expect(api.calls('adminUpdateSettings')[0]?.body).toMatchObject({ require_staff_two_factor: true });

    api.on(
      'adminUpdateSettings',
      api.error(409, 'Set up two-factor sign-in for your own account (under Security) before requiring it of every staff account.', 'own_two_factor_required'),
    );
    await user.click(saveButton());
    expect(
      await screen.findByText('Error saving settings: Set up two-factor sign-in for your own account (under Security) before requiring it of every staff account.'),
    ).toBeInTheDocument();
  });

  it('reloads the settings from the server with Reset', async () => {
    let name = 'Acme Keys';
    fakeSettings();
    api.on('adminGetSettings', () => ({ ...SETTINGS, site_name: name }));
    const user = userEvent.setup();
    await openSettings();

    await user.clear(screen.getByLabelText('Site name'));
    await user.type(screen.getByLabelText('Site name'), 'Typed but not saved');
    name = 'Renamed elsewhere';
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(screen.getByLabelText('Site name')).toHaveValue('Renamed elsewhere'));
    expect(api.calls('adminGetSettings').length).toBeGreaterThanOrEqual(2);
  });

  it('uploads an image as the logo, refuses other files, and saves its address', async () => {
    fakeSettings();
    api.on('upload', { url: '/uploads/logo.png' });
    const user = userEvent.setup({ applyAccept: false });
    await openSettings();
    const input = screen.getByLabelText('Logo');

    await user.upload(input, new File(['<svg/>'], 'logo.txt', { type: 'text/plain' }));
    expect(screen.getByText('logo.txt is not an image: choose a PNG, JPEG, GIF or WebP file')).toBeInTheDocument();
    expect(api.calls('upload')).toHaveLength(0);

    await user.upload(input, imageFile('logo.png'));
    expect(await screen.findByText('Logo uploaded successfully!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme Keys logo' })).toHaveAttribute('src', `${window.location.origin}/uploads/logo.png`);
    await user.click(saveButton());
    await waitFor(() => expect(api.calls('adminUpdateSettings')[0]?.body).toMatchObject({ logo_url: '/uploads/logo.png' }));
  });

  it("says why a logo upload failed, with the server's detail", async () => {
    fakeSettings();
    api.on('upload', api.error(413, 'The file is larger than 5 MB', 'payload_too_large'));
    const user = userEvent.setup();
    await openSettings();

    await user.upload(screen.getByLabelText('Logo'), imageFile('big.png'));

    expect(await screen.findByText('Error uploading logo: The file is larger than 5 MB')).toBeInTheDocument();
  });

  it('does nothing when the test email prompt is cancelled or left empty', async () => {
    fakeSettings();
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValueOnce('   ');
    const user = userEvent.setup();
    await openSettings();

    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));

    expect(prompt).toHaveBeenCalledTimes(2);
    expect(api.calls('adminTestEmail')).toHaveLength(0);
  });

  it('sends a test email to the address typed, and says why one failed', async () => {
    let fail = false;
    fakeSettings();
    api.on('adminTestEmail', () => (fail ? api.error(502, 'The mail server did not accept the message: auth failed', 'bad_gateway') : { message: 'sent' }));
    vi.spyOn(window, 'prompt').mockReturnValue(' me@example.com ');
    const user = userEvent.setup();
    await openSettings();

    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Test email sent successfully!')).toBeInTheDocument();
    expect(api.calls('adminTestEmail')[0]?.body).toEqual({ test_email: 'me@example.com' });

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Failed to send test email: The mail server did not accept the message: auth failed')).toBeInTheDocument();
  });

  it('reports the CoinGate test: success, an error status with its message, and a failed request', async () => {
    const answers: Answer<'adminTestCoingate'>[] = [
      { status: 'success', message: 'ok' },
      { status: 'error', message: 'No CoinGate API key is saved' },
      api.error(500, 'Internal server error', 'internal_error'),
    ];
    fakeSettings();
    for (const answer of answers) api.once('adminTestCoingate', answer);
    const user = userEvent.setup();
    await openSettings();
    const test = screen.getByRole('button', { name: 'Test Connection' });

    await user.click(test);
    expect(await screen.findByText('CoinGate API connection successful!')).toBeInTheDocument();
    await user.click(test);
    expect(await screen.findByText('CoinGate API error: No CoinGate API key is saved')).toBeInTheDocument();
    await user.click(test);
    expect(await screen.findByText(/^Failed to test CoinGate API/)).toBeInTheDocument();
  });

  it('previews the chosen colours and font before saving', async () => {
    fakeSettings();
    const user = userEvent.setup();
    await openSettings();

    await user.click(screen.getByRole('button', { name: 'Pink preset' }));
    await user.click(screen.getByRole('radio', { name: 'Montserrat' }));

    const preview = screen.getByTestId('settings-preview');
    expect(preview.style.getPropertyValue(property(vars.color.primary))).toBe('#ec4899');
    expect(preview.style.getPropertyValue(property(vars.color.secondary))).toBe('#14b8a6');
    expect(preview.style.getPropertyValue(property(vars.font.body))).toMatch(/^"Montserrat"/);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
