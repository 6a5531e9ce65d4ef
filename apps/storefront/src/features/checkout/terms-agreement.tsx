import { Checkbox } from '@store/ui';
import { paths } from '../site/paths.ts';
import * as styles from './checkout.css.ts';

/** The terms box of both checkouts: digital sales are final (spec section 2). The legal pages open in a new tab. */
export function TermsAgreement({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
}) {
  return (
    <Checkbox
      name="terms"
      checked={checked}
      error={error}
      onChange={(event) => onChange(event.target.checked)}
      label={
        <>
          I agree to the{' '}
          <a href={paths.terms} target="_blank" rel="noreferrer" className={styles.link}>
            Terms of Service
          </a>{' '}
          and the{' '}
          <a href={paths.privacy} target="_blank" rel="noreferrer" className={styles.link}>
            Privacy Policy
          </a>
          , and I understand that all sales of digital products are final.
        </>
      }
    />
  );
}
