import type { CSSProperties } from 'react';
import { vars } from './theme.css.ts';

const toastStyle: CSSProperties = {
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  maxWidth: 'min(360px, calc(100vw - 32px))',
};

/**
 * react-hot-toast's `toastOptions` for both apps (spec section 9): success 2 s, error and ordinary 4 s,
 * loading until dismissed, in the store's theme. The loading entry matters: a global duration would
 * otherwise close loading toasts after 4 s too.
 */
export const toastOptions = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Infinity },
  style: toastStyle,
};
