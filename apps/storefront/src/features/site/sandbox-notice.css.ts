import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const notice = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.warning,
  color: '#1a1300',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textAlign: 'center',
});
