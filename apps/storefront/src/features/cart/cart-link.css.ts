import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const link = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  color: vars.color.text,
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&[data-status="active"]': { background: vars.color.surface },
  },
});

export const count = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '18px',
  height: '18px',
  padding: '0 5px',
  borderRadius: vars.radius.full,
  background: vars.color.secondary,
  color: vars.color.secondaryContrast,
  fontSize: '11px',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});
