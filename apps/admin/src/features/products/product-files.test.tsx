import { anAdminProduct, aProductFile, aProductList, deferred, never } from '@store/api-fake';
import type { ProductFile } from '@store/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAdminApi, signInAsAdmin, TEST_TOKEN } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { UploadProgressBar } from './product-files.tsx';

const api = setupAdminApi();

beforeEach(() => {
  signInAsAdmin(api);
});

const SHA = '3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a';

/** The catalogue with one product and its files; `files` is read at each call, so a test can change it. */
function fakeProduct(files: { current: ProductFile[] }) {
  const product = anAdminProduct({ title: 'Course Bundle' });
  api.on('adminListProducts', aProductList([product]));
  api.on('adminLicenseKeyStock', { available: 0, sold: 0, reserved: 0 });
  api.on('adminListProductFiles', () => ({ files: files.current }));
  return product;
}

async function openEditForm(user: UserEvent) {
  renderApp('/admin/products');
  await user.click(await screen.findByRole('button', { name: 'Edit Course Bundle' }));
  return screen.findByRole('dialog', { name: 'Edit Product' });
}

const aPdf = () => new File(['%PDF-1.7'], 'workbook.pdf', { type: 'application/pdf' });

describe("a product's files", { timeout: 30_000 }, () => {
  it('asks to save a new product before adding files', async () => {
    api.on('adminListProducts', aProductList([]));
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });

    expect(within(dialog).getByText('Save the product first, then add its files.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Upload file')).not.toBeInTheDocument();
    expect(api.calls('adminListProductFiles')).toHaveLength(0);
  });

  it('lists each file with its name, size and shortened SHA-256, the whole hash in its title', async () => {
    const files = { current: [aProductFile({ name: 'course-bundle.zip', size: 1_572_864, sha256: SHA })] };
    const product = fakeProduct(files);
    const dialog = await openEditForm(userEvent.setup());

    const list = await within(dialog).findByRole('list', { name: 'Product files' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByText('course-bundle.zip')).toBeInTheDocument();
    expect(within(row).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(row).getByText(`${SHA.slice(0, 12)}…`)).toHaveAttribute('title', SHA);
    expect(within(row).getByRole('button', { name: 'Copy SHA-256' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete file course-bundle.zip' })).toBeInTheDocument();
    expect(api.calls('adminListProductFiles')[0]?.params.id).toBe(product.id);
  });

  it('says when a product has no files yet', async () => {
    fakeProduct({ current: [] });
    const dialog = await openEditForm(userEvent.setup());

    expect(await within(dialog).findByText('No files yet.')).toBeInTheDocument();
  });

  it('uploads a file with a progress bar and a Cancel upload button, then lists it', async () => {
    const files = { current: [] as ProductFile[] };
    const product = fakeProduct(files);
    const answer = deferred<ProductFile>();
    api.on('adminUploadProductFile', () => answer.promise);
    const user = userEvent.setup();
    const dialog = await openEditForm(user);
    await within(dialog).findByText('No files yet.');

    await user.upload(within(dialog).getByLabelText('Upload file'), aPdf());

    const progress = await within(dialog).findByRole('progressbar', { name: 'Uploading workbook.pdf' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(within(dialog).getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Upload file')).toBeDisabled();
    // The form's save waits for the upload: it would close the form, which cancels the upload.
    expect(within(dialog).getByRole('button', { name: 'Update Product' })).toBeDisabled();

    const saved = aProductFile({ id: '12121212-1212-4121-8121-121212121212', name: 'workbook.pdf', size: 8, content_type: 'application/pdf' });
    files.current = [saved];
    answer.resolve(saved);

    expect(await screen.findByText('workbook.pdf uploaded')).toBeInTheDocument();
    expect(await within(dialog).findByRole('list', { name: 'Product files' })).toHaveTextContent('workbook.pdf');
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    const call = api.calls('adminUploadProductFile')[0];
    expect(call?.params.id).toBe(product.id);
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(call?.body.get('file')).toHaveProperty('type', 'application/pdf');
  });

  it('cancels an upload with its Cancel upload button', async () => {
    fakeProduct({ current: [] });
    api.on('adminUploadProductFile', () => never());
    const user = userEvent.setup();
    const dialog = await openEditForm(user);
    await within(dialog).findByText('No files yet.');

    await user.upload(within(dialog).getByLabelText('Upload file'), aPdf());
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel upload' }));

    expect(await screen.findByText('Upload cancelled')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Upload file')).toBeEnabled();
    // The dialog stays open: only the upload was cancelled.
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });

  it("shows the server's reason when an upload is refused", async () => {
    fakeProduct({ current: [] });
    api.on('adminUploadProductFile', api.error(409, 'A product can carry at most 20 files', 'product_files_full'));
    const user = userEvent.setup();
    const dialog = await openEditForm(user);
    await within(dialog).findByText('No files yet.');

    await user.upload(within(dialog).getByLabelText('Upload file'), aPdf());

    expect(await screen.findByText('Error uploading file: A product can carry at most 20 files')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('deletes a file once the admin confirms, saying delivered orders keep their copy', async () => {
    const doomed = aProductFile({ name: 'old-edition.zip' });
    const files = { current: [doomed] };
    const product = fakeProduct(files);
    api.on('adminDeleteProductFile', () => {
      files.current = [];
      return null;
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    const dialog = await openEditForm(user);
    const remove = await within(dialog).findByRole('button', { name: 'Delete file old-edition.zip' });

    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith('Delete old-edition.zip? Orders already delivered keep their copy.');
    expect(api.calls('adminDeleteProductFile')).toHaveLength(0);

    await user.click(remove);
    expect(await screen.findByText('old-edition.zip deleted')).toBeInTheDocument();
    expect(await within(dialog).findByText('No files yet.')).toBeInTheDocument();
    expect(api.calls('adminDeleteProductFile')[0]?.params).toMatchObject({ id: product.id, fileId: doomed.id });
  });

  it('says so when the files cannot be loaded', async () => {
    fakeProduct({ current: [] });
    api.on('adminListProductFiles', api.error(500, 'Internal error', 'internal_error'));
    const dialog = await openEditForm(userEvent.setup());

    expect(await within(dialog).findByText(/The files could not be loaded: Internal error/)).toBeInTheDocument();
  });
});

describe('UploadProgressBar', () => {
  it('shows how much is sent as a percentage, and cancels', async () => {
    const onCancel = vi.fn();
    render(<UploadProgressBar name="big.iso" loaded={786_432} total={1_048_576} onCancel={onCancel} />);

    const bar = screen.getByRole('progressbar', { name: 'Uploading big.iso' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuetext', '75% of 1 MB');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows the bytes sent, without a percentage, while the total is unknown', () => {
    render(<UploadProgressBar name="big.iso" loaded={2048} total={null} onCancel={() => {}} />);

    const bar = screen.getByRole('progressbar', { name: 'Uploading big.iso' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuetext', '2 KB sent');
  });
});
