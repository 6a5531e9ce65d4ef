import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/** The search and two filters: stacked on phones, the filters side by side from `sm`, all in one row from `md`. */
export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', alignItems: 'start' },
    [media.md]: { gridTemplateColumns: 'minmax(0, 1fr) repeat(2, minmax(10rem, 14rem))' },
  },
});

export const searchField = style({
  '@media': { [media.sm]: { gridColumn: '1 / -1' }, [media.md]: { gridColumn: 'auto' } },
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
});

export const strong = style({
  fontWeight: 700,
});

export const product = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: '2px',
  minWidth: 0,
  '@media': { 'screen and (min-width: 768px)': { alignItems: 'flex-start' } },
});

export const modalActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  marginTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const statusBadges = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xxs,
});

/* The delivery log of an order's details. */

export const logToolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});

export const logSummary = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const logActions = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

// A line down the left with a dot per entry, oldest at the top.
export const timeline = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: `0 0 0 ${vars.space.md}`,
  listStyle: 'none',
  borderLeft: `2px solid ${vars.color.border}`,
});

export const event = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      top: '0.45rem',
      left: `calc(-1 * ${vars.space.md} - 6px)`,
      width: '10px',
      height: '10px',
      borderRadius: vars.radius.full,
      background: vars.color.primary,
      border: `2px solid ${vars.color.surface}`,
    },
  },
});

export const eventHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const eventTime = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
});

export const eventTitle = style({
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

export const eventFacts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `2px ${vars.space.sm}`,
  margin: 0,
  fontSize: vars.fontSize.xs,
});

export const eventFactLabel = style({
  color: vars.color.textMuted,
});

export const eventFactValue = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

// A user agent is long and rarely read in full: one line here, the whole of it in the title.
export const truncated = style({
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/* A refund's confirmation. */

export const refundForm = style({
  display: 'grid',
  gap: vars.space.md,
});

export const refundAmount = style({
  margin: 0,
});

export const refundEffects = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  paddingLeft: vars.space.lg,
  color: vars.color.textMuted,
});

export const refundWarning = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: 600,
});

export const refundActions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

/* An order's PayPal dispute: an open one stands out until PayPal resolves it. */

export const dispute = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const disputeOpen = style([
  dispute,
  {
    borderColor: vars.color.danger,
    background: `color-mix(in srgb, ${vars.color.danger} 8%, transparent)`,
  },
]);

export const disputeEvidence = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const disputeText = style({
  flex: '1 1 20rem',
  margin: 0,
  fontSize: vars.fontSize.sm,
});
