import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026-11-21-0001-foundation.ts';
import * as orders from './2026-11-22-0001-orders.ts';
import * as trust from './2026-11-23-0001-trust.ts';
import * as dataEncryption from './2026-11-24-0001-data-encryption.ts';
import * as digitalDelivery from './2026-11-25-0001-digital-delivery.ts';
import * as catalogChanges from './2026-11-25-0002-catalog-changes.ts';
import * as passwordReset from './2026-11-25-0003-password-reset.ts';
import * as keyRevocation from './2026-11-26-0001-key-revocation.ts';
import * as licenceActivations from './2026-11-26-0003-licence-activations.ts';
import * as reviews from './2026-11-26-0004-reviews.ts';
import * as emailVerification from './2026-11-26-0005-email-verification.ts';
import * as refundsDisputes from './2026-11-27-0001-refunds-disputes.ts';
import * as discountCodes from './2026-11-28-0001-discount-codes.ts';
import * as auditLog from './2026-11-28-0002-audit-log.ts';
import * as twoFactor from './2026-11-28-0003-two-factor.ts';
import * as mailLifetimes from './2026-11-29-0004-mail-lifetimes.ts';
import * as downloadsThatResume from './2026-11-29-0005-downloads-that-resume.ts';
import * as signInNotices from './2026-11-29-0006-sign-in-notices.ts';
import * as holdsAtPayment from './2026-11-29-0007-holds-at-payment.ts';
import * as packages from './2026-11-30-0001-packages.ts';
import * as subscriptions from './2026-11-30-0002-subscriptions.ts';
import * as subscriptionAdmin from './2026-11-30-0003-subscription-admin.ts';
import * as subscriptionDownloads from './2026-12-01-0001-subscription-downloads.ts';
import * as honestRatings from './2026-12-01-0002-honest-ratings.ts';
import * as subscriptionApproveUrl from './2026-12-01-0004-subscription-approve-url.ts';
import * as rankedSearch from './2026-12-02-0001-ranked-search.ts';
import * as purchaseFunctions from './2026-12-02-0002-purchase-functions.ts';
import * as purchaseContention from './2026-12-03-0001-purchase-contention.ts';
import * as apiKeys from './2026-12-04-0001-api-keys.ts';
import * as webhooks from './2026-12-04-0002-webhooks.ts';

/**
 * Every migration, forward only, named by date. Listed here rather than read from the folder so the
 * bundled server carries them (see docs/decisions/003-database.md).
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
  '2026-11-22-0001-orders': orders,
  '2026-11-23-0001-trust': trust,
  '2026-11-24-0001-data-encryption': dataEncryption,
  '2026-11-25-0001-digital-delivery': digitalDelivery,
  '2026-11-25-0002-catalog-changes': catalogChanges,
  '2026-11-25-0003-password-reset': passwordReset,
  '2026-11-26-0001-key-revocation': keyRevocation,
  '2026-11-26-0003-licence-activations': licenceActivations,
  '2026-11-26-0004-reviews': reviews,
  '2026-11-26-0005-email-verification': emailVerification,
  '2026-11-27-0001-refunds-disputes': refundsDisputes,
  '2026-11-28-0001-discount-codes': discountCodes,
  '2026-11-28-0002-audit-log': auditLog,
  '2026-11-28-0003-two-factor': twoFactor,
  '2026-11-29-0004-mail-lifetimes': mailLifetimes,
  '2026-11-29-0005-downloads-that-resume': downloadsThatResume,
  '2026-11-29-0006-sign-in-notices': signInNotices,
  '2026-11-29-0007-holds-at-payment': holdsAtPayment,
  '2026-11-30-0001-packages': packages,
  '2026-11-30-0002-subscriptions': subscriptions,
  '2026-11-30-0003-subscription-admin': subscriptionAdmin,
  '2026-12-01-0001-subscription-downloads': subscriptionDownloads,
  '2026-12-01-0002-honest-ratings': honestRatings,
  '2026-12-01-0004-subscription-approve-url': subscriptionApproveUrl,
  '2026-12-02-0001-ranked-search': rankedSearch,
  '2026-12-02-0002-purchase-functions': purchaseFunctions,
  '2026-12-03-0001-purchase-contention': purchaseContention,
  '2026-12-04-0001-api-keys': apiKeys,
  '2026-12-04-0002-webhooks': webhooks,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
