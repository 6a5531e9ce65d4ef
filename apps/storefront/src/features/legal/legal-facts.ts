/**
 * The figures the legal pages state (spec sections 2 and 9), in one place so both documents and their
 * tests agree. The refund window is 14 days although the product page promises a '30-day warranty'
 * (a conflict the spec records); the terms keep the spec's 14 days.
 */
export const LEGAL_FACTS = {
  lastUpdated: 'October 24, 2024',
  lastUpdatedIso: '2024-10-24',
  governingLaw: 'England and Wales',
  refundWindowDays: 14,
  technicalResolutionHours: 48,
  purchaseRecordsYears: 7,
  analyticsRetention: '24-36 months',
  minimumAge: 16,
} as const;
