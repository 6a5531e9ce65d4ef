import * as styles from './sandbox-notice.css.ts';

/** Shown on every page while payments go to the local sandbox: nobody should think real money moved. */
export function SandboxNotice() {
  return (
    <p role="status" className={styles.notice}>
      Sandbox payments: checkout uses a PayPal test sandbox and no real money is charged.
    </p>
  );
}
