/**
 * The demo's reviews (docs/decisions/027-reviews.md): written by demo buyers who each place a real order of
 * what they review, delivered as staff's confirmation delivers one, then review through the same service as
 * any buyer. Most demo products have none, and say "No reviews yet": the figures shown are only these.
 */
export interface DemoReview {
  /** The product's title in DEMO_PRODUCTS (a one-off product: subscriptions are not ordered this way). */
  product: string;
  /** A username of DEMO_BUYERS. */
  buyer: string;
  rating: 1 | 2 | 3 | 4 | 5;
  body: string;
}

/** Accounts nobody signs in to: a random password never shown, an address at example.com (RFC 2606). */
export const DEMO_BUYERS: readonly string[] = ['maya_demo', 'devon_demo', 'priya_demo'];

export const demoBuyerEmail = (username: string) => `${username.replace('_', '.')}@example.com`;

export const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    product: 'Synapta Local AI Toolkit',
    buyer: 'maya_demo',
    rating: 5,
    body: 'Runs the 7B models comfortably on my laptop GPU, and nothing leaves the machine. The model manager alone is worth it.',
  },
  {
    product: 'Synapta Local AI Toolkit',
    buyer: 'devon_demo',
    rating: 4,
    body: 'Solid and fast once set up. The first model download took a while and the docs could say more about CPU-only use.',
  },
  { product: 'Synapta Local AI Toolkit', buyer: 'priya_demo', rating: 5, body: '' },
  {
    product: 'Harborline Backup Pro',
    buyer: 'devon_demo',
    rating: 5,
    body: 'Restored a whole project folder after a disk failure. Versioned backups just work.',
  },
  {
    product: 'Harborline Backup Pro',
    buyer: 'priya_demo',
    rating: 4,
    body: 'Does what it says. I would like a smaller window for the schedule settings.',
  },
  {
    product: 'Tintwell Color Grading Plugin',
    buyer: 'maya_demo',
    rating: 4,
    body: 'The film presets are a great starting point; the skin-tone tool needs a light touch.',
  },
  {
    product: 'Launchframe Landing Page Kit',
    buyer: 'priya_demo',
    rating: 3,
    body: 'Good sections, but I had to rework the pricing table for mobile.',
  },
  {
    product: 'Launchframe Landing Page Kit',
    buyer: 'maya_demo',
    rating: 5,
    body: 'Had a launch page up in an afternoon.',
  },
];
