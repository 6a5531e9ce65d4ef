import { anAdminProduct, deferred, type ErrorAnswer } from '@store/api-fake';
import { DEFAULT_KEY_PATTERN, KEY_ALPHABET, LIMITS, type AdminProduct } from '@store/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { productFormHelpers } from '../../test/product-form.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

beforeEach(() => {
  signInAsAdmin(api);
});

const { fakeCatalogue, openAddForm, fillRequired, created } = productFormHelpers(api);

/**
 * Waits for a toast. Checked in one step: a toast raised as a modal closes moves from the dialog's toast
 * area to the page's, so a node found a moment earlier may already have been replaced.
 */
const toastShown = (text: string) => waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());

describe('the product form', { timeout: 30_000 }, () => {
  it('has every field of the spec, the price in steps of 0.01 and image files only', async () => {
    fakeCatalogue();
    const dialog = await openAddForm(userEvent.setup());

    const price = within(dialog).getByLabelText('Price (USD)');
    expect(price).toHaveAttribute('type', 'number');
    expect(price).toHaveAttribute('step', '0.01');
    expect(price).toHaveAttribute('min', '0');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveValue('ai_tools');
    expect(within(dialog).getByRole('combobox', { name: 'Product type' })).toHaveValue('single');
    expect(within(dialog).getByLabelText('Detailed description').tagName).toBe('TEXTAREA');
    expect(within(dialog).getByLabelText('Upload images')).toHaveAttribute('accept', 'image/*');
    expect(within(dialog).getByLabelText('Stock quantity')).toHaveAttribute('type', 'number');
    expect(within(dialog).getByRole('button', { name: /Add feature/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Add requirement/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Product' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('requires the name, price, short and detailed description, with their messages, and sends nothing', async () => {
    fakeCatalogue();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    // The check is asynchronous (the resolver), and the focus follows the render that shows the messages.
    expect(await within(dialog).findByText('Product name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Short description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Detailed description is required')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Product name')).toHaveFocus());
    expect(api.calls('adminCreateProduct')).toHaveLength(0);
  });

  it('refuses a blank name and a price with more than two decimals', async () => {
    fakeCatalogue();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await fillRequired(user, dialog, { title: '   ', price: '19.999' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await within(dialog).findByText('Product name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price goes in steps of 0.01 (at most two decimals)')).toBeInTheDocument();
    expect(api.calls('adminCreateProduct')).toHaveLength(0);
  });

  it('creates a product with every field, counting a non-numeric stock as 0', async () => {
    fakeCatalogue();
    api.on('upload', { url: '/uploads/a1.png' });
    api.on('adminCreateProduct', ({ body }) => created(body));
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce('Offline mode').mockReturnValueOnce('RAM').mockReturnValueOnce('8 GB');
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await fillRequired(user, dialog);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'templates');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Product type' }), 'single');
    await user.type(within(dialog).getByLabelText('Stock quantity'), 'lots');
    await user.upload(within(dialog).getByLabelText('Upload images'), imageFile());
    expect(await within(dialog).findByRole('img', { name: 'Product image 1' })).toHaveAttribute('src', `${window.location.origin}/uploads/a1.png`);
    expect(await screen.findByText('Image uploaded successfully!')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Add feature/ }));
    await user.click(within(dialog).getByRole('button', { name: /Add requirement/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    await toastShown('Product created successfully!');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(prompt).toHaveBeenNthCalledWith(1, 'Enter feature');
    expect(api.calls('adminCreateProduct')[0]?.body).toEqual({
      title: 'Nimbus Notes',
      price: 19.99,
      category: 'templates',
      product_type: 'single',
      description: 'Notes that sync',
      detailed_description: 'Everything about Nimbus Notes.',
      images: ['/uploads/a1.png'],
      features: ['Offline mode'],
      system_requirements: { RAM: '8 GB' },
      stock_quantity: 0,
      download_limit: 5,
      max_activations: 3,
      key_mode: 'pool',
      key_pattern: null,
      package_items: [],
      billing_interval: null,
      trial_days: 0,
    });
    // The image went as the multipart field `file` (the fake reads it with the fetch of Node, not jsdom's classes).
    expect(api.calls('upload')[0]?.body.get('file')).toHaveProperty('type', 'image/png');
    // The list reloads after the save.
    await waitFor(() => expect(api.calls('adminListProducts').length).toBeGreaterThanOrEqual(2));
  });

  it('refuses a file that is not an image without uploading it', async () => {
    fakeCatalogue();
    const user = userEvent.setup({ applyAccept: false });
    const dialog = await openAddForm(user);

    await user.upload(within(dialog).getByLabelText('Upload images'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(await within(dialog).findByText('notes.txt is not an image: choose a PNG, JPEG, GIF or WebP file')).toBeInTheDocument();
    expect(api.calls('upload')).toHaveLength(0);
  });

  it("shows the server's reason when an upload fails", async () => {
    fakeCatalogue();
    api.on('upload', api.error(415, 'Only PNG, JPEG, GIF or WebP images are accepted', 'unsupported_media_type'));
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await user.upload(within(dialog).getByLabelText('Upload images'), imageFile('fake.png'));

    expect(await screen.findByText('Error uploading image: Only PNG, JPEG, GIF or WebP images are accepted')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });

  it('removes an image with its numbered remove button', async () => {
    let count = 0;
    fakeCatalogue();
    api.on('upload', () => ({ url: `/uploads/img${++count}.png` }));
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await user.upload(within(dialog).getByLabelText('Upload images'), [imageFile('a.png'), imageFile('b.png')]);
    await within(dialog).findByRole('img', { name: 'Product image 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove image 1' }));

    const images = within(dialog).getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', `${window.location.origin}/uploads/img2.png`);
  });

  it('ignores an empty, blank or cancelled feature and removes one', async () => {
    fakeCatalogue();
    vi.spyOn(window, 'prompt').mockReturnValueOnce('').mockReturnValueOnce('   ').mockReturnValueOnce(null).mockReturnValueOnce('Cloud sync');
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const add = within(dialog).getByRole('button', { name: /Add feature/ });

    for (let i = 0; i < 3; i += 1) await user.click(add);
    expect(within(dialog).queryByRole('list', { name: 'Features' })).not.toBeInTheDocument();

    await user.click(add);
    expect(within(within(dialog).getByRole('list', { name: 'Features' })).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Remove feature Cloud sync' }));
    expect(within(dialog).queryByRole('list', { name: 'Features' })).not.toBeInTheDocument();
  });

  it('adds a requirement only with both a name and a value', async () => {
    fakeCatalogue();
    const prompt = vi
      .spyOn(window, 'prompt')
      // A name, then the value cancelled.
      .mockReturnValueOnce('OS')
      .mockReturnValueOnce(null)
      // A blank name: no second question.
      .mockReturnValueOnce('  ')
      // Both parts.
      .mockReturnValueOnce('Storage')
      .mockReturnValueOnce('2 GB');
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const add = within(dialog).getByRole('button', { name: /Add requirement/ });

    await user.click(add);
    await user.click(add);
    expect(within(dialog).queryByRole('list', { name: 'System requirements' })).not.toBeInTheDocument();
    expect(prompt).toHaveBeenCalledTimes(3);

    await user.click(add);
    expect(prompt).toHaveBeenLastCalledWith('Enter value for Storage');
    const list = within(dialog).getByRole('list', { name: 'System requirements' });
    expect(list).toHaveTextContent('Storage: 2 GB');
    await user.click(within(dialog).getByRole('button', { name: 'Remove requirement Storage' }));
    expect(within(dialog).queryByRole('list', { name: 'System requirements' })).not.toBeInTheDocument();
  });

  it('shows Saving... on a disabled button while the save runs', async () => {
    const answer = deferred<ErrorAnswer>();
    fakeCatalogue();
    api.on('adminCreateProduct', () => answer.promise);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    const saving = within(dialog).getByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    answer.resolve(api.error(500, 'Internal error', 'internal_error'));
    await screen.findByText('Error saving product: Internal error');
  });

  it('sends one save however often the form is submitted while it is checked or sent', async () => {
    const answer = deferred<AdminProduct>();
    fakeCatalogue();
    api.on('adminCreateProduct', () => answer.promise);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await fillRequired(user, dialog);
    const form = within(dialog).getByRole('form', { name: 'Add product' });

    // Twice before the check has even answered (Enter pressed twice), then again while the save runs.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await within(dialog).findByRole('button', { name: 'Saving...' });
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls('adminCreateProduct')).toHaveLength(1));
    const body = api.calls('adminCreateProduct')[0]?.body;
    if (!body) throw new Error('no body');
    answer.resolve(created(body));

    await toastShown('Product created successfully!');
    expect(api.calls('adminCreateProduct')).toHaveLength(1);
  });

  it("clears a field's message as it is edited, and checks it again only at the next submit", async () => {
    fakeCatalogue();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const name = within(dialog).getByLabelText('Product name');

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText('Product name is required')).toBeInTheDocument();

    await user.type(name, 'N');
    expect(within(dialog).queryByText('Product name is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Price is required')).toBeInTheDocument();
    await user.clear(name);
    expect(within(dialog).queryByText('Product name is required')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText('Product name is required')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    expect(api.calls('adminCreateProduct')).toHaveLength(0);
  });

  it("stays open with what was typed when the save fails, and shows the server's detail", async () => {
    fakeCatalogue();
    api.on('adminCreateProduct', api.error(400, 'price must have at most two decimals', 'validation_error'));
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Error saving product: price must have at most two decimals')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Product' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Product name')).toHaveValue('Nimbus Notes');
    expect(within(dialog).getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  it('starts empty again after the close icon', async () => {
    fakeCatalogue();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Product name'), 'Half typed');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(within(await screen.findByRole('dialog', { name: 'Add Product' })).getByLabelText('Product name')).toHaveValue('');
  });

  it('fills every field when editing, and saves with PUT', async () => {
    const product = anAdminProduct({
      title: 'Lumora Studio',
      price: 129,
      category: 'plugins',
      product_type: 'subscription',
      billing_interval: 'month',
      description: 'Edit photos',
      detailed_description: 'All about Lumora.',
      images: ['/uploads/one.png', '/uploads/two.png'],
      features: ['RAW support', 'Presets'],
      system_requirements: { OS: 'macOS 14', RAM: '16 GB' },
      stock_quantity: 7,
    });
    fakeCatalogue([product]);
    api.on('adminUpdateProduct', ({ body }) => ({ ...product, ...body, package_items: [] }));
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Edit Lumora Studio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });

    expect(within(dialog).getByLabelText('Product name')).toHaveValue('Lumora Studio');
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveValue(129);
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveValue('plugins');
    expect(within(dialog).getByRole('combobox', { name: 'Product type' })).toHaveValue('subscription');
    expect(within(dialog).getByLabelText('Short description')).toHaveValue('Edit photos');
    expect(within(dialog).getByLabelText('Detailed description')).toHaveValue('All about Lumora.');
    expect(within(dialog).getAllByRole('img')).toHaveLength(2);
    expect(within(dialog).getByRole('list', { name: 'Features' })).toHaveTextContent('RAW support');
    expect(within(dialog).getByRole('list', { name: 'System requirements' })).toHaveTextContent('RAM: 16 GB');
    expect(within(dialog).getByLabelText('Stock quantity')).toHaveValue(7);

    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '99.5');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    await toastShown('Product updated successfully!');
    expect(api.calls('adminUpdateProduct')[0]?.params.id).toBe(product.id);
    expect(api.calls('adminUpdateProduct')[0]?.body).toMatchObject({
      title: 'Lumora Studio',
      price: 99.5,
      images: ['/uploads/one.png', '/uploads/two.png'],
      features: ['RAW support', 'Presets'],
      system_requirements: { OS: 'macOS 14', RAM: '16 GB' },
      stock_quantity: 7,
    });
  });

  it('shows the stock of a product sold by licence key as counted from its keys, not editable', async () => {
    const product = anAdminProduct({ title: 'Harborline Backup', stock_quantity: 3 });
    fakeCatalogue([product]);
    api.on('adminLicenseKeyStock', { available: 4, sold: 2, reserved: 1 });
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Edit Harborline Backup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });

    await waitFor(() => expect(within(dialog).getByLabelText('Stock quantity')).toBeDisabled());
    expect(within(dialog).getByText(/Counted from licence keys: 4 unsold, 1 of them held by buyers at PayPal/)).toBeInTheDocument();
  });
});

describe("the product form's delivery", { timeout: 30_000 }, () => {
  const keyLike = (pattern: string) => new RegExp(`^${pattern.replace(/X/g, `[${KEY_ALPHABET}]`)}$`);

  it('starts with a download limit of 5 and a key pool; generated keys show the pattern and an example key', async () => {
    fakeCatalogue();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    const limit = within(dialog).getByLabelText('Download limit');
    expect(limit).toHaveValue(LIMITS.downloadLimitDefault);
    expect(limit).toHaveAttribute('min', '1');
    expect(limit).toHaveAttribute('max', String(LIMITS.downloadLimitMax));
    expect(limit).toHaveAccessibleDescription('Downloads of each file per purchase');
    const mode = within(dialog).getByRole('combobox', { name: 'Licence keys' });
    expect(mode).toHaveValue('pool');
    expect(within(dialog).queryByLabelText('Key pattern')).not.toBeInTheDocument();

    await user.selectOptions(mode, 'generated');

    const pattern = within(dialog).getByLabelText('Key pattern');
    expect(pattern).toHaveValue(DEFAULT_KEY_PATTERN);
    expect(pattern).toHaveAccessibleDescription('Each X becomes a random letter or digit');
    expect(within(dialog).getByTestId('example-key').textContent).toMatch(keyLike(DEFAULT_KEY_PATTERN));

    await user.clear(pattern);
    await user.type(pattern, 'ACME-XXXXXXXX');
    expect(within(dialog).getByTestId('example-key').textContent).toMatch(keyLike('ACME-XXXXXXXX'));
  });

  it('sends the download limit, the key mode and the pattern of generated keys', async () => {
    fakeCatalogue();
    api.on('adminCreateProduct', ({ body }) => created(body));
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await fillRequired(user, dialog);
    await user.clear(within(dialog).getByLabelText('Download limit'));
    await user.type(within(dialog).getByLabelText('Download limit'), '12');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Licence keys' }), 'generated');
    await user.clear(within(dialog).getByLabelText('Key pattern'));
    await user.type(within(dialog).getByLabelText('Key pattern'), 'ACME-XXXX-XXXX');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    await toastShown('Product created successfully!');
    expect(api.calls('adminCreateProduct')[0]?.body).toMatchObject({ download_limit: 12, key_mode: 'generated', key_pattern: 'ACME-XXXX-XXXX' });
  });

  it('sends the activation limit staff set, and refuses one out of bounds with the contract’s message', async () => {
    fakeCatalogue();
    api.on('adminCreateProduct', ({ body }) => created(body));
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const field = within(dialog).getByLabelText('Activations per key');
    expect(field).toHaveValue(LIMITS.maxActivationsDefault);
    expect(field).toHaveAttribute('min', '0');
    expect(field).toHaveAttribute('max', String(LIMITS.maxActivationsMax));

    await fillRequired(user, dialog);
    await user.clear(field);
    await user.type(field, String(LIMITS.maxActivationsMax + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(
      await within(dialog).findByText(`The activation limit is a whole number from 0 (no limit) to ${LIMITS.maxActivationsMax}`),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('adminCreateProduct')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await toastShown('Product created successfully!');
    expect(api.calls('adminCreateProduct')[0]?.body).toMatchObject({ max_activations: 0 });
  });

  it("refuses a key pattern the contract refuses, with the contract's message, and sends nothing", async () => {
    fakeCatalogue();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);

    await fillRequired(user, dialog);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Licence keys' }), 'generated');
    const pattern = within(dialog).getByLabelText('Key pattern');
    await user.clear(pattern);
    await user.type(pattern, 'KEY XX');
    await user.clear(within(dialog).getByLabelText('Download limit'));
    await user.type(within(dialog).getByLabelText('Download limit'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(
      await within(dialog).findByText(
        `The key pattern is up to ${LIMITS.keyPatternMaxLength} letters, digits, dots, dashes or underscores, with at least ${LIMITS.keyPatternMinRandom} X (each X becomes a random character)`,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(`The download limit is a whole number from 1 to ${LIMITS.downloadLimitMax}`)).toBeInTheDocument();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('adminCreateProduct')).toHaveLength(0);
  });

  it("fills a product's delivery when editing, and sends no pattern once it is back to a key pool", async () => {
    const product = anAdminProduct({
      title: 'Keyforge',
      download_limit: 3,
      max_activations: 8,
      key_mode: 'generated',
      key_pattern: 'KF-XXXXXXXX',
    });
    fakeCatalogue([product]);
    api.on('adminUpdateProduct', ({ body }) => ({ ...product, ...body, key_pattern: body.key_pattern ?? null, package_items: [] }));
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Edit Keyforge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });

    expect(within(dialog).getByLabelText('Download limit')).toHaveValue(3);
    expect(within(dialog).getByLabelText('Activations per key')).toHaveValue(8);
    expect(within(dialog).getByRole('combobox', { name: 'Licence keys' })).toHaveValue('generated');
    expect(within(dialog).getByLabelText('Key pattern')).toHaveValue('KF-XXXXXXXX');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Licence keys' }), 'pool');
    expect(within(dialog).queryByLabelText('Key pattern')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    await toastShown('Product updated successfully!');
    expect(api.calls('adminUpdateProduct')[0]?.body).toMatchObject({
      download_limit: 3,
      max_activations: 8,
      key_mode: 'pool',
      key_pattern: null,
    });
  });
});
