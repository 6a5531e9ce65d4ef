import type { ComponentPropsWithRef, ReactNode } from 'react';
import * as styles from './button.css.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = keyof typeof styles.variant;
export type ButtonSize = keyof typeof styles.size;

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The button look as a class name, for links that should look like buttons (`<Link className={...}>`). */
export function buttonClassName({ variant = 'primary', size = 'md', fullWidth = false }: ButtonStyleOptions = {}): string {
  return [styles.base, styles.variant[variant], styles.size[size], fullWidth && styles.fullWidth].filter(Boolean).join(' ');
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonStyleOptions {
  /** Disables the button and shows a spinner before the label while an action runs. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={[buttonClassName({ variant, size, fullWidth }), className].filter(Boolean).join(' ')}
    >
      {loading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> {
  /** The accessible name, required because the button shows no text; also shown as a tooltip. */
  label: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function IconButton({ label, icon, variant = 'ghost', size = 'md', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={label}
      className={[buttonClassName({ variant, size }), styles.iconOnly[size], className].filter(Boolean).join(' ')}
    >
      {icon}
    </button>
  );
}
