import { ApiError, LIMITS, ReviewInputSchema, validate, type OwnReview, type ReviewInput } from '@store/contracts';
import { Button, TextAreaField } from '@store/ui';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useSaveReview } from './queries.ts';
import * as styles from './reviews.css.ts';
import { StarPicker } from './star-picker.tsx';

export const REVIEW_MESSAGES = {
  posted: 'Thank you! Your review is posted.',
  updated: 'Your review is updated.',
  failed: 'Your review could not be saved. Please try again.',
} as const;

type ReviewErrors = Partial<Record<keyof ReviewInput, string>>;

/** The contract's rules for a review (the API checks the same): whole stars from 1 to 5, a plain text of at most 2,000 characters. */
export function checkReview(values: { rating: number | null; body: string }): ReviewErrors {
  const result = validate(ReviewInputSchema, { rating: values.rating ?? undefined, body: values.body });
  if (result.ok) return {};
  const errors: ReviewErrors = {};
  for (const { field, message } of result.errors) {
    if (field === 'rating' || field === 'body') errors[field] ??= message;
  }
  return errors;
}

export interface ReviewFormProps {
  productId: string;
  /** The shopper's review when they edit it; absent for a first one. */
  review?: OwnReview | null;
  onSaved?: () => void;
  onCancel?: () => void;
}

/** Writes or edits the signed-in buyer's review: stars and an optional plain text. */
export function ReviewForm({ productId, review, onSaved, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [body, setBody] = useState(review?.body ?? '');
  const [errors, setErrors] = useState<ReviewErrors>({});
  const save = useSaveReview(productId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = checkReview({ rating, body });
    setErrors(found);
    if (found.rating || found.body) return;
    save.mutate(
      { rating: rating as ReviewInput['rating'], body },
      {
        onSuccess: () => {
          toast.success(review ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.posted);
          onSaved?.();
        },
        onError: (error) => {
          toast.error(error instanceof ApiError && error.detail.trim() ? error.detail : REVIEW_MESSAGES.failed);
        },
      },
    );
  };

  return (
    <form className={styles.form} aria-label={review ? 'Edit your review' : 'Write a review'} onSubmit={submit} noValidate>
      <StarPicker
        value={rating}
        error={errors.rating}
        onChange={(stars) => {
          setRating(stars);
          setErrors((current) => ({ ...current, rating: undefined }));
        }}
      />
      <TextAreaField
        label="Your review (optional)"
        name="body"
        rows={5}
        maxLength={LIMITS.reviewMaxLength}
        value={body}
        error={errors.body}
        hint={`${body.length.toLocaleString('en-US')} / ${LIMITS.reviewMaxLength.toLocaleString('en-US')} characters. Plain text; line breaks are kept.`}
        onChange={(event) => {
          setBody(event.target.value);
          setErrors((current) => ({ ...current, body: undefined }));
        }}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving…' : review ? 'Update review' : 'Post review'}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
