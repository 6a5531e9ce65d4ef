import { media, vars } from '@store/ui';
import { keyframes, style, styleVariants } from '@vanilla-extract/css';

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  paddingBlock: 'clamp(3.5rem, 12vw, 7rem)',
  background: [
    `radial-gradient(60rem 24rem at 15% -10%, color-mix(in srgb, ${vars.color.primary} 22%, transparent), transparent 70%)`,
    `radial-gradient(40rem 20rem at 90% -10%, color-mix(in srgb, ${vars.color.secondary} 14%, transparent), transparent 70%)`,
  ].join(', '),
});

/** Text only below `lg`; from `lg` up the text and, on the right, the picture. */
export const layout = style({
  display: 'grid',
  alignItems: 'center',
  gap: vars.space.xl,
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1.15fr) minmax(0, 1fr)' } },
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

/** The secondary action's place while the session check runs: kept, not shown. */
export const pending = style({
  visibility: 'hidden',
});

/* The picture --------------------------------------------------------------------------------- */

const float = keyframes({
  '0%, 100%': { transform: 'translateY(0)' },
  '50%': { transform: 'translateY(-6px)' },
});

export const visual = style({
  position: 'relative',
  display: 'none',
  height: '340px',
  '@media': { [media.lg]: { display: 'block' } },
});

export const glow = style({
  position: 'absolute',
  inset: '10% 8%',
  borderRadius: '50%',
  background: `radial-gradient(closest-side, color-mix(in srgb, ${vars.color.primary} 28%, transparent), transparent)`,
  filter: 'blur(8px)',
});

export const tile = style({
  position: 'absolute',
  display: 'grid',
  gap: vars.space.sm,
  width: '230px',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(160deg, ${vars.color.surfaceRaised}, ${vars.color.surface})`,
  boxShadow: vars.shadow.md,
});

export const tileBack = style({
  top: '6%',
  right: '4%',
  opacity: 0.75,
  transform: 'rotate(6deg)',
});

export const tileMiddle = style({
  top: '20%',
  left: '2%',
  transform: 'rotate(-5deg)',
});

export const tileFront = style({
  bottom: '4%',
  right: '16%',
  animation: `${float} 6s ease-in-out infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const tileIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.md,
  color: '#fff',
});

export const tileTone = styleVariants({
  primary: { background: `linear-gradient(135deg, ${vars.color.primary}, color-mix(in srgb, ${vars.color.primary} 50%, #8b5cf6))` },
  secondary: { background: `linear-gradient(135deg, ${vars.color.secondary}, color-mix(in srgb, ${vars.color.secondary} 50%, ${vars.color.primary}))` },
  mixed: { background: `linear-gradient(135deg, #f59e0b, ${vars.color.primary})` },
});

export const tileLines = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const line = style({
  height: '10px',
  borderRadius: vars.radius.full,
  background: vars.color.border,
});

export const lineLong = style({ width: '70%' });
export const lineShort = style({ width: '45%' });

export const tileStars = style({
  display: 'flex',
  gap: '2px',
  color: vars.color.warning,
});

export const chip = style({
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

export const chipDelivered = style({
  top: '2%',
  left: '10%',
});

export const chipDownload = style({
  bottom: '14%',
  left: '0',
  color: vars.color.textMuted,
});

export const chipIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '20px',
  height: '20px',
  borderRadius: '50%',
  background: vars.color.success,
  color: vars.color.primaryContrast,
});
