import { style } from '@vanilla-extract/css';

// Three password fields read best at a form's width, not stretched across the account page.
export const form = style({ maxWidth: '28rem' });

export const submit = style({ alignSelf: 'flex-start' });
