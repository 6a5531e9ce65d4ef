import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export { code, link } from '../layout/integrations.css.ts';

/** The parts under readiness: one column on phones, two side by side once each has 22rem (1280 px beside the sidebar). */
export const parts = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
});

/** A part's content under its heading: its warning, then its facts. */
export const partBody = style({
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
});

/** Ready / Not ready, large, with its icon and what it means for the load balancer. */
export const readiness = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  marginBottom: vars.space.md,
});

export const readinessState = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  selectors: {
    '&[data-ready="true"]': { color: vars.color.success },
    '&[data-ready="false"]': { color: vars.color.danger },
  },
});

export const readinessText = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  flex: '1 1 16rem',
});

/** A badge with its icon: the word says it, the icon and colour only repeat it. */
export const badgeIcon = style({
  flex: 'none',
});

/** The warnings of the whole page, one a line. */
export const warningList = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  paddingLeft: vars.space.md,
});

/** Pending migrations' names, machine text that may break anywhere. */
export const nameList = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const mono = style({
  fontFamily: vars.font.mono,
  fontSize: '0.95em',
  overflowWrap: 'anywhere',
});

/** A line under a fact: what it means, or when it was. */
export const note = style({
  display: 'block',
  marginTop: '2px',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** A sentence at the end of a part, under its facts. */
export const aside = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** The checks' detail column: the server's few words, allowed to wrap. */
export const detail = style({
  overflowWrap: 'anywhere',
  color: vars.color.textMuted,
  '@media': { [media.md]: { maxWidth: '24rem' } },
});

export const loading = style({
  display: 'grid',
  gap: vars.space.md,
});

globalStyle(`${warningList} li::marker`, {
  color: vars.color.warning,
});
