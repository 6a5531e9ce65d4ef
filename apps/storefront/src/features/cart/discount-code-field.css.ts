import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.xs });

export const field = style({ flex: 1, minWidth: 0 });

// Level with the input under its label.
export const apply = style({ marginTop: '1.6rem' });

export const applied = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const appliedRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
