import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const section = style({
  paddingBlock: 'clamp(2.5rem, 8vw, 4.5rem)',
});

export const sectionAlt = style({
  background: vars.color.surface,
  borderBlock: `1px solid ${vars.color.border}`,
});

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.xl,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: 800,
  lineHeight: 1.2,
  '@media': { [media.md]: { fontSize: '2.25rem' } },
});

export const sectionLead = style({
  marginTop: vars.space.xs,
  maxWidth: '40rem',
  color: vars.color.textMuted,
});

export const centered = style({
  textAlign: 'center',
  justifyContent: 'center',
});

/* Feature cards -------------------------------------------------------------------------------- */

export const features = style({
  display: 'grid',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const featureCard = style({
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const featureIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.md,
  background: `color-mix(in srgb, ${vars.color.primary} 16%, transparent)`,
  color: vars.color.primaryText,
});

export const featureTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
});

export const featureText = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/* Stats ---------------------------------------------------------------------------------------- */

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.lg,
  margin: 0,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const stat = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  alignItems: 'center',
  gap: vars.space.xxs,
  textAlign: 'center',
});

export const statValue = style({
  fontSize: 'clamp(1.75rem, 1.2rem + 2.5vw, 2.75rem)',
  fontWeight: 800,
  lineHeight: 1.1,
  background: `linear-gradient(90deg, ${vars.color.primary}, ${vars.color.secondary})`,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const statLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/* Featured products ---------------------------------------------------------------------------- */

export const viewAll = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.primaryText,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const emptyMessage = style({
  paddingBlock: vars.space.xxl,
  color: vars.color.textMuted,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

/* Call to action ------------------------------------------------------------------------------- */

export const cta = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  padding: `clamp(2rem, 6vw, 3.5rem) ${vars.space.lg}`,
  textAlign: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: [
    `radial-gradient(40rem 16rem at 50% 0%, color-mix(in srgb, ${vars.color.primary} 20%, transparent), transparent 70%)`,
    vars.color.surface,
  ].join(', '),
});

export const ctaActions = style({
  display: 'flex',
  flexDirection: 'column',
  alignSelf: 'stretch',
  gap: vars.space.sm,
  '@media': { [media.sm]: { flexDirection: 'row', alignSelf: 'center' } },
});
