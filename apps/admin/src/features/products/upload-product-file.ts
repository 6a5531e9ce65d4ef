import { ApiError, ERROR_CODE, buildPath, endpoints, isApiErrorCode, type ErrorCode, type ProductFile } from '@store/contracts';
import { apiAccess } from '../../lib/api.ts';

/** How far an upload is: bytes sent of the request's total (null while the browser cannot tell). */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

export interface UploadProductFileOptions {
  productId: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it cancels the upload; the promise then rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** The error an API answer stands for: its `detail` and `code` when it sent them, else the status text. */
function answerError(xhr: XMLHttpRequest): ApiError {
  let detail = xhr.statusText || `Request failed with status ${xhr.status}`;
  let code: ErrorCode = ERROR_CODE.http_error;
  try {
    const body = JSON.parse(xhr.responseText) as { detail?: unknown; code?: unknown };
    if (typeof body.detail === 'string') detail = body.detail;
    if (typeof body.code === 'string') code = isApiErrorCode(body.code) ? body.code : ERROR_CODE.unknown_error;
  } catch {
    // Not JSON (a proxy's error page): keep the status text.
  }
  return new ApiError(xhr.status, detail, code);
}

/**
 * Uploads a deliverable file to a product (multipart, field `file`) with XMLHttpRequest, the one browser
 * API that reports an upload's progress. Sends the token and handles a 401 as the typed client does;
 * a refusal rejects with an ApiError carrying the server's `detail`, a network failure with a TypeError.
 */
export function uploadProductFile({ productId, file, onProgress, signal }: UploadProductFileOptions): Promise<ProductFile> {
  return new Promise<ProductFile>((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      finish();
    };
    // Settled here rather than from the request's abort event, which is not fired before the request is under way.
    function cancel() {
      settle(() => reject(cancelled()));
      xhr.abort();
    }

    xhr.open(endpoints.adminUploadProductFile.method, `${apiAccess.baseUrl}${buildPath(endpoints.adminUploadProductFile.path, { id: productId })}`);
    const token = apiAccess.token();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (!settled) onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    };
    xhr.onload = () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            // Trusted as the typed client trusts its answers: the API answers the contract's ProductFile.
            resolve(JSON.parse(xhr.responseText) as ProductFile);
          } catch {
            reject(new ApiError(xhr.status, 'The server answered the upload with something that is not JSON', ERROR_CODE.unknown_error));
          }
          return;
        }
        const error = answerError(xhr);
        if (xhr.status === 401) apiAccess.onUnauthorized();
        reject(error);
      });
    // As fetch does: a request that got no answer is a TypeError ('the server could not be reached').
    xhr.onerror = () => settle(() => reject(new TypeError('The upload could not reach the server')));
    xhr.onabort = () => settle(() => reject(cancelled()));
    signal?.addEventListener('abort', cancel);

    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/** True for the rejection of an upload that was cancelled. */
export function isUploadCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
