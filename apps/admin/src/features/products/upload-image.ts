import { LIMITS } from '@store/contracts';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { api } from '../../lib/api.ts';

/** The image types the API accepts (it checks the file's first bytes again: 415 for anything else). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** What the file inputs offer in the picker; `checkImageFile` refuses the rest before any upload. */
export const IMAGE_ACCEPT = 'image/*';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Why a chosen file cannot be uploaded, or null: only PNG, JPEG, GIF or WebP images up to 5 MB (spec section 5). */
export function checkImageFile(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not an image: choose a PNG, JPEG, GIF or WebP file`;
  }
  if (file.size > LIMITS.uploadMaxBytes) return `${file.name} is larger than ${megabytes(LIMITS.uploadMaxBytes)}`;
  return null;
}

/** Uploads one image (multipart field `file`) and answers its address on this host, e.g. `/uploads/<uuid>.png`. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { url } = await api.upload({ body });
  return url;
}

/**
 * Image uploads as mutations, each file its own and any number at once: `upload(file)` answers the
 * address, `pending` counts the uploads of this form still running (its save waits for them).
 */
export function useImageUpload() {
  const mutationKey = ['upload', useId()];
  const mutation = useMutation({ mutationKey, mutationFn: uploadImage });
  const pending = useIsMutating({ mutationKey });
  return { upload: mutation.mutateAsync, pending };
}
