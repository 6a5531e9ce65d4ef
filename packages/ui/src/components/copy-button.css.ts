import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const copied = style({ color: vars.color.success });
