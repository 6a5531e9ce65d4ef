import type { ReactNode } from 'react';
import { IconButton } from './button.tsx';
import { AlertIcon, CheckIcon, ClockIcon, CloseIcon } from './icons.tsx';
import * as styles from './notice.css.ts';

export type NoticeTone = keyof typeof styles.tone;

export interface NoticeProps {
  tone?: NoticeTone;
  /** A bold first line. */
  title?: ReactNode;
  children?: ReactNode;
  /** Replaces the tone's icon; `null` shows none. */
  icon?: ReactNode;
  /**
   * How assistive technology hears it: `status` (polite) for news such as 'Prices updated', `alert`
   * (assertive) for failures, `none` for a message that is simply part of the page.
   */
  live?: 'status' | 'alert' | 'none';
  /** Shows a close icon with this accessible name, e.g. 'Dismiss price notice'. */
  dismissLabel?: string;
  onDismiss?: () => void;
  className?: string;
}

const TONE_ICONS: Record<NoticeTone, ReactNode> = {
  info: <ClockIcon size={18} />,
  success: <CheckIcon size={18} />,
  warning: <AlertIcon size={18} />,
  danger: <AlertIcon size={18} />,
};

/** An inline message box in the page (not a toast): a notice, a warning or an error next to what it is about. */
export function Notice({ tone = 'info', title, children, icon, live = 'status', dismissLabel, onDismiss, className }: NoticeProps) {
  const role = live === 'none' ? undefined : live;
  const shownIcon = icon === undefined ? TONE_ICONS[tone] : icon;
  return (
    <div role={role} data-tone={tone} className={[styles.notice, styles.tone[tone], className].filter(Boolean).join(' ')}>
      {shownIcon && <span className={[styles.icon, styles.iconTone[tone]].join(' ')}>{shownIcon}</span>}
      <div className={styles.content}>
        {title && <p className={styles.title}>{title}</p>}
        {children}
      </div>
      {onDismiss && (
        <IconButton
          label={dismissLabel ?? 'Dismiss'}
          icon={<CloseIcon size={16} />}
          size="sm"
          className={styles.dismiss}
          onClick={onDismiss}
        />
      )}
    </div>
  );
}
