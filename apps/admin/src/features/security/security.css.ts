import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  maxWidth: '28rem',
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** The QR code on a light square whatever the theme: phone cameras read dark on light. */
export const qrCode = style({
  width: '240px',
  height: '240px',
  padding: vars.space.xs,
  background: '#ffffff',
  borderRadius: vars.radius.md,
});

export const secret = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  letterSpacing: '0.05em',
  wordBreak: 'break-all',
});

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, max-content))',
  gap: `${vars.space.xs} ${vars.space.xl}`,
  margin: 0,
  paddingInlineStart: vars.space.lg,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
});
