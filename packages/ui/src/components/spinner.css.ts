import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../theme/tokens.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
  '@media': { [media.reducedMotion]: { animationDuration: '2s' } },
});

export const size = styleVariants({
  sm: { width: '1em', height: '1em' },
  md: { width: '1.5rem', height: '1.5rem' },
  lg: { width: '2.5rem', height: '2.5rem', borderWidth: '3px' },
});
