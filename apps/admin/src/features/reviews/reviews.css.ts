import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/** A buyer's text as they wrote it: line breaks kept, long words broken, never read as HTML. */
export const body = style({
  display: 'block',
  maxWidth: '32rem',
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
  // Free text, unlike the table's names and ids that stay whole (packages/ui data-table.css.ts): a long run
  // without spaces breaks inside its 32rem rather than stretching the table.
  selectors: { 'table > tbody > tr > td &': { overflowWrap: 'anywhere' } },
});

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
});

export const product = style({
  display: 'grid',
  gap: '2px',
});
