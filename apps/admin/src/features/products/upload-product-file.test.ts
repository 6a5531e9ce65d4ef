import { aProductFile, never, PRODUCT_ID } from '@store/api-fake';
import { ApiError } from '@store/contracts';
import { SESSION_KEYS } from '@store/ui';
import { describe, expect, it, vi } from 'vitest';
import { setupAdminApi, signInAsAdmin, TEST_TOKEN } from '../../test/fake-api.ts';
import { isUploadCancelled, uploadProductFile } from './upload-product-file.ts';

const api = setupAdminApi();

const aZip = () => new File([new Uint8Array(2048)], 'bundle.zip', { type: 'application/zip' });

describe('uploadProductFile', () => {
  it("sends the file as the multipart field 'file' with the admin's token, reports its progress and answers the file", async () => {
    signInAsAdmin(api);
    const saved = aProductFile({ name: 'bundle.zip', size: 2048 });
    api.on('adminUploadProductFile', saved);
    const onProgress = vi.fn();

    await expect(uploadProductFile({ productId: PRODUCT_ID, file: aZip(), onProgress })).resolves.toEqual(saved);

    const call = api.calls('adminUploadProductFile')[0];
    expect(call?.params.id).toBe(PRODUCT_ID);
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    // The fake reads the body with Node's classes, which keep the type of jsdom's File but not its bytes or name.
    expect(call?.body.get('file')).toHaveProperty('type', 'application/zip');
    // By the end the whole multipart body was sent, and the browser knew its length.
    const last = onProgress.mock.lastCall?.[0] as { loaded: number; total: number | null } | undefined;
    expect(last?.total).toBeGreaterThan(0);
    expect(last?.loaded).toBe(last?.total);
  });

  it("rejects with the server's detail and code when the upload is refused", async () => {
    signInAsAdmin(api);
    api.on('adminUploadProductFile', api.error(409, 'A product can carry at most 20 files', 'product_files_full'));

    const failure = await uploadProductFile({ productId: PRODUCT_ID, file: aZip() }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, detail: 'A product can carry at most 20 files', code: 'product_files_full' });
  });

  it('forgets the session on a 401, as every other call does', async () => {
    signInAsAdmin(api);
    api.on('adminUploadProductFile', api.error(401, 'Not authenticated', 'unauthorized'));

    await expect(uploadProductFile({ productId: PRODUCT_ID, file: aZip() })).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
  });

  it('stops when its signal is aborted, with a rejection that says it was cancelled', async () => {
    signInAsAdmin(api);
    api.on('adminUploadProductFile', () => never());
    const controller = new AbortController();

    const upload = uploadProductFile({ productId: PRODUCT_ID, file: aZip(), signal: controller.signal });
    await vi.waitFor(() => expect(api.calls('adminUploadProductFile')).toHaveLength(1));
    controller.abort();

    const failure = await upload.catch((error: unknown) => error);
    expect(isUploadCancelled(failure)).toBe(true);
    expect(isUploadCancelled(new Error('other'))).toBe(false);
  });
});
