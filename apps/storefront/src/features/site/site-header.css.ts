import { media } from '@store/ui';
import { style } from '@vanilla-extract/css';

/**
 * The header's sign-in place keeps its width while the session is checked (a server-rendered page shows it
 * before the browser knows who is there), so the links beside it do not move when it answers: the guest's
 * Login and Sign Up fit in it.
 */
export const sessionSlot = style({
  '@media': { [media.md]: { minWidth: '10rem', justifyContent: 'flex-end' } },
});
