import { resolveAssetUrl, Badge, IconButton, Spinner, TrashIcon, withDetail } from '@store/ui';
import { useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { env } from '../../env.ts';
import { PRODUCT_LIMITS } from './product-draft.ts';
import * as styles from './products.css.ts';
import { IMAGE_ACCEPT, checkImageFile } from './upload-image.ts';

export interface ProductImagesProps {
  images: readonly string[];
  /** Uploads one file and answers its address (a mutation of the form, see `useImageUpload`). */
  upload: (file: File) => Promise<string>;
  /** How many uploads of the form are running: each shows as a busy tile. */
  uploading: number;
  /** Adds an uploaded address at the end; it reads the form's current list, as uploads finish one after another. */
  onAdd: (url: string) => void;
  onRemove: (index: number) => void;
  error?: string | undefined;
}

/**
 * The product's images: a file input for image files only (others are refused here, before any
 * upload), each file uploaded on its own, and a grid of thumbnails with a remove button each.
 */
export function ProductImages({ images, upload, uploading, onAdd, onRemove, error }: ProductImagesProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const problemId = `${inputId}-problem`;
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Lets the same file be chosen again after a removal or a refusal.
    event.target.value = '';
    const refused = files.map(checkImageFile).filter((message): message is string => message !== null);
    const accepted = files.filter((file) => checkImageFile(file) === null);
    const room = PRODUCT_LIMITS.images - images.length - uploading;
    const toUpload = accepted.slice(0, Math.max(0, room));
    if (accepted.length > toUpload.length) refused.push(`A product can have at most ${PRODUCT_LIMITS.images} images`);
    setProblem(refused.length > 0 ? refused.join('. ') : null);

    for (const file of toUpload) {
      try {
        onAdd(await upload(file));
        toast.success('Image uploaded successfully!');
      } catch (failure) {
        toast.error(withDetail('Error uploading image', failure));
      }
    }
  };

  const shownError = problem ?? error;

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Images</legend>
      <label htmlFor={inputId} className={styles.hint}>
        Upload images
      </label>
      <input
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        className={styles.fileInput}
        aria-describedby={[hintId, shownError ? problemId : null].filter(Boolean).join(' ')}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => void choose(event)}
      />
      <span id={hintId} className={styles.hint}>
        PNG, JPEG, GIF or WebP, up to 5 MB each, at most {PRODUCT_LIMITS.images}. The first image is the product's cover.
      </span>
      {shownError && (
        <span id={problemId} role="alert" className={styles.error}>
          {shownError}
        </span>
      )}
      {(images.length > 0 || uploading > 0) && (
        <ul className={styles.imageGrid} aria-label="Product images">
          {images.map((url, index) => (
            <li key={`${url}-${index}`} className={styles.imageTile}>
              <img src={resolveAssetUrl(url, env.apiBase) ?? undefined} alt={`Product image ${index + 1}`} width={96} height={96} loading="lazy" />
              {index === 0 && (
                <Badge tone="blue" className={styles.coverBadge}>
                  Cover
                </Badge>
              )}
              <IconButton
                label={`Remove image ${index + 1}`}
                icon={<TrashIcon size={16} />}
                size="sm"
                className={styles.removeImage}
                onClick={() => onRemove(index)}
              />
            </li>
          ))}
          {Array.from({ length: uploading }, (_, index) => (
            <li key={`uploading-${index}`} className={[styles.imageTile, styles.imageBusy].join(' ')}>
              <Spinner size="sm" label="Uploading image" />
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
