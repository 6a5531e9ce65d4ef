import { media } from '@store/ui';
import { style } from '@vanilla-extract/css';
import { USER_MENU_MAX_WIDTH as SESSION_SLOT_WIDTH } from '../session/user-menu.css.ts';

/**
 * The header's sign-in place has one width whoever is there (a server-rendered page shows it before the
 * browser knows), so the links beside it never move when the session answers: the guest's Login and Sign Up
 * fit in it, and so does the user menu, which cuts a long name at the same width (user-menu.css.ts).
 */
export const sessionSlot = style({
  '@media': { [media.md]: { width: SESSION_SLOT_WIDTH, justifyContent: 'flex-end' } },
});
