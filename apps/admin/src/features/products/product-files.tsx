import { LIMITS, type ProductFile } from '@store/contracts';
import { Button, CopyButton, IconButton, Skeleton, TrashIcon, visuallyHidden, withDetail } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { formatBytes } from '../site/format.ts';
import * as styles from './products.css.ts';
import { productFilesQueryOptions, productKeys } from './queries.ts';
import { isUploadCancelled, uploadProductFile, type UploadProgress } from './upload-product-file.ts';

/** Characters of a SHA-256 shown in the list; the whole value is in the title and the copy button. */
const HASH_SHOWN = 12;

/** What the delete asks: a file removed from a product stays with the orders that already have it. */
export function deleteFileConfirmation(name: string): string {
  return `Delete ${name}? Orders already delivered keep their copy.`;
}

export interface ProductFilesProps {
  /** The saved product's id; null for a product not saved yet (files need its id). */
  productId: string | null;
}

/** The files a buyer downloads after paying: a new product gets them once it is saved. */
export function ProductFiles({ productId }: ProductFilesProps) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Files</legend>
      {productId === null ? <p className={styles.hint}>Save the product first, then add its files.</p> : <ProductFileManager productId={productId} />}
    </fieldset>
  );
}

interface RunningUpload extends UploadProgress {
  name: string;
}

function ProductFileManager({ productId }: { productId: string }) {
  const queryClient = useQueryClient();
  const files = useQuery(productFilesQueryOptions(productId));
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [running, setRunning] = useState<RunningUpload | null>(null);
  const cancelUpload = useRef<AbortController | null>(null);

  // Closing the form cancels an upload still running: nothing on screen would show how it ends.
  useEffect(() => () => cancelUpload.current?.abort(), []);

  const reload = () => queryClient.invalidateQueries({ queryKey: productKeys.files(productId) });

  const upload = useMutation({
    // The form's save waits while this runs (see `productKeys.fileUpload`).
    mutationKey: productKeys.fileUpload(productId),
    mutationFn: (file: File) => {
      const controller = new AbortController();
      cancelUpload.current = controller;
      setRunning({ name: file.name, loaded: 0, total: file.size });
      return uploadProductFile({
        productId,
        file,
        signal: controller.signal,
        onProgress: (progress) => setRunning({ name: file.name, ...progress }),
      });
    },
    onSuccess: (saved) => toast.success(`${saved.name} uploaded`),
    onError: (failure) => {
      if (isUploadCancelled(failure)) toast('Upload cancelled');
      else toast.error(withDetail('Error uploading file', failure));
    },
    onSettled: () => {
      cancelUpload.current = null;
      setRunning(null);
      return reload();
    },
  });

  const remove = useMutation({
    mutationFn: (file: ProductFile) => api.adminDeleteProductFile({ params: { id: productId, fileId: file.id } }),
    onSuccess: (_, file) => toast.success(`${file.name} deleted`),
    onError: (failure) => toast.error(withDetail('Error deleting file', failure)),
    onSettled: () => reload(),
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Lets the same file be chosen again after a failure or a cancel.
    event.target.value = '';
    if (file) upload.mutate(file);
  };

  const confirmDelete = (file: ProductFile) => {
    if (window.confirm(deleteFileConfirmation(file.name))) remove.mutate(file);
  };

  const list = files.data?.files ?? [];
  const full = list.length >= LIMITS.productFilesMax;

  return (
    <>
      <label htmlFor={inputId} className={styles.hint}>
        Upload file
      </label>
      <input
        id={inputId}
        type="file"
        className={styles.fileInput}
        aria-describedby={hintId}
        disabled={running !== null || full || files.isPending}
        onChange={choose}
      />
      <span id={hintId} className={styles.hint}>
        {full
          ? `A product can have at most ${LIMITS.productFilesMax} files: delete one to add another.`
          : 'Any type of file. Buyers download it from their order once it is paid.'}
      </span>
      {running && <UploadProgressBar name={running.name} loaded={running.loaded} total={running.total} onCancel={() => cancelUpload.current?.abort()} />}

      {files.isPending ? (
        <div aria-busy="true">
          <Skeleton width="100%" height="3rem" />
          <span className={visuallyHidden}>Loading files</span>
        </div>
      ) : files.isError ? (
        <p role="alert" className={styles.error}>
          {withDetail('The files could not be loaded', files.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => void files.refetch()}>
            Try again
          </Button>
        </p>
      ) : list.length === 0 ? (
        <p className={styles.hint}>No files yet.</p>
      ) : (
        <ul className={styles.fileList} aria-label="Product files">
          {list.map((file) => (
            <FileRow key={file.id} file={file} deleting={remove.isPending && remove.variables.id === file.id} onDelete={() => confirmDelete(file)} />
          ))}
        </ul>
      )}
    </>
  );
}

function FileRow({ file, deleting, onDelete }: { file: ProductFile; deleting: boolean; onDelete: () => void }) {
  const nameId = useId();
  return (
    <li className={styles.fileRow}>
      <span className={styles.fileText}>
        <span id={nameId} className={styles.fileName}>
          {file.name}
        </span>
        <span className={styles.fileFacts}>
          <span>{formatBytes(file.size)}</span>
          <span>
            SHA-256{' '}
            <span className={styles.fileHash} title={file.sha256}>
              {file.sha256.slice(0, HASH_SHOWN)}…
            </span>
          </span>
        </span>
      </span>
      <span className={styles.fileActions}>
        <CopyButton text={file.sha256} label="Copy SHA-256" aria-describedby={nameId} />
        <IconButton label={`Delete file ${file.name}`} icon={<TrashIcon size={16} />} size="sm" disabled={deleting} onClick={onDelete} />
      </span>
    </li>
  );
}

export interface UploadProgressBarProps extends UploadProgress {
  name: string;
  onCancel: () => void;
}

/** A running upload: the file, how much is sent (a bar and a percentage) and a button that cancels it. */
export function UploadProgressBar({ name, loaded, total, onCancel }: UploadProgressBarProps) {
  const percent = total !== null && total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  const label = `Uploading ${name}`;
  const sent = percent === null ? `${formatBytes(loaded)} sent` : `${percent}% of ${formatBytes(total ?? 0)}`;
  return (
    <div className={styles.uploadProgress}>
      <span className={styles.fileName}>{label}</span>
      {/* Named apart from the form's own Cancel, which closes the dialog. */}
      <Button variant="secondary" size="sm" onClick={onCancel}>
        Cancel upload
      </Button>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={sent}
        className={styles.progressTrack}
      >
        <div className={[styles.progressBar, percent === null && styles.progressUnknown].filter(Boolean).join(' ')} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      <span className={styles.hint} aria-hidden="true">
        {sent}
      </span>
    </div>
  );
}
