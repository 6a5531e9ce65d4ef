import type { DemoProduct } from './demo-products.ts';

/**
 * The demo's packages (docs/decisions/038-packages.md): products of DEMO_PRODUCTS sold together at a price of
 * their own, seeded after them through the same path as staff's product creation. A package's stock is what
 * its members allow, so `stock_quantity` here is what the members give (checked by the seed's test).
 */
export interface DemoPackage extends Omit<DemoProduct, 'product_type'> {
  product_type: 'package';
  /** Members by their title in DEMO_PRODUCTS, with their units in one package. */
  members: readonly { title: string; quantity: number }[];
}

export const DEMO_PACKAGES: readonly DemoPackage[] = [
  {
    image: 'launchframe-landing-page-kit.jpg',
    title: 'Launch Week Starter Bundle',
    price: 89,
    category: 'templates',
    product_type: 'package',
    description: 'Everything a small launch needs: the Launchframe landing page kit, the Tallyfold finance dashboard and a Harborline Backup Pro licence.',
    detailed_description:
      'Ship the page, keep the books and keep a copy of both. The bundle puts three of the shop’s favourites together ' +
      'at less than their prices apart.\n\n' +
      'You get the Launchframe Landing Page Kit and the Tallyfold Finance Dashboard Template as downloads, and a ' +
      'licence key for Harborline Backup Pro, all on one order.',
    features: ['Launchframe Landing Page Kit', 'Tallyfold Finance Dashboard Template', 'Harborline Backup Pro licence key', 'Almost $20 less than the three apart'],
    system_requirements: { OS: 'Windows 10+, macOS 12+ or Linux', Software: 'A code editor and a spreadsheet app' },
    stock_quantity: 240,
    members: [
      { title: 'Launchframe Landing Page Kit', quantity: 1 },
      { title: 'Tallyfold Finance Dashboard Template', quantity: 1 },
      { title: 'Harborline Backup Pro', quantity: 1 },
    ],
  },
];
