import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button.tsx';
import * as styles from './copy-button.css.ts';
import { CheckIcon, CopyIcon } from './icons.tsx';
import { visuallyHidden } from './layout.tsx';

/** How long the button shows that the text was copied. */
export const COPIED_FEEDBACK_MS = 2000;

/**
 * Puts text on the clipboard: the Clipboard API where the page may use it, else the older
 * `execCommand('copy')` on a hidden text area (plain-http pages, older browsers). Answers whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the fallback below.
  }
  if (typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export interface CopyButtonProps {
  /** What goes on the clipboard. */
  text: string;
  /** The button's text and accessible name, e.g. 'Copy key'; it stays the same after copying. */
  label?: string;
  /** Ids of elements that say what is copied (the key itself), read after the name. */
  'aria-describedby'?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Told when the clipboard refused, e.g. to suggest selecting the text by hand. */
  onError?: () => void;
  className?: string;
}

/** A button that copies text and says so for two seconds (a check icon, and a polite announcement). */
export function CopyButton({ text, label = 'Copy', variant = 'secondary', size = 'sm', onError, className, ...rest }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const ok = await copyText(text);
    if (!ok) {
      onError?.();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  }

  return (
    <>
      <Button variant={variant} size={size} className={className} aria-describedby={rest['aria-describedby']} onClick={() => void copy()}>
        {copied ? <CheckIcon size={16} className={styles.copied} /> : <CopyIcon size={16} />}
        {label}
      </Button>
      <span className={visuallyHidden} role="status">
        {copied ? 'Copied to clipboard' : ''}
      </span>
    </>
  );
}
