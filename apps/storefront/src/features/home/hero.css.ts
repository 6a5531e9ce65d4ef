import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  paddingBlock: 'clamp(3.5rem, 12vw, 7rem)',
  background: [
    `radial-gradient(60rem 24rem at 15% -10%, color-mix(in srgb, ${vars.color.primary} 22%, transparent), transparent 70%)`,
    `radial-gradient(40rem 20rem at 90% -10%, color-mix(in srgb, ${vars.color.secondary} 14%, transparent), transparent 70%)`,
  ].join(', '),
});

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
  maxWidth: '46rem',
});

export const eyebrow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const dot = style({
  width: '8px',
  height: '8px',
  borderRadius: '50%',
  background: vars.color.secondary,
});

export const title = style({
  fontSize: vars.fontSize.display,
  fontWeight: 800,
  lineHeight: 1.1,
  letterSpacing: '-0.02em',
});

export const accent = style({
  background: `linear-gradient(90deg, ${vars.color.primary}, ${vars.color.secondary})`,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const subtitle = style({
  maxWidth: '38rem',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  alignSelf: 'stretch',
  gap: vars.space.sm,
  '@media': { [media.sm]: { flexDirection: 'row', alignSelf: 'flex-start' } },
});
